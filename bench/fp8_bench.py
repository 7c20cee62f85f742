#!/usr/bin/env python3
"""8-bit peers of sp's e4m3 2:4 kernel, graph-timed on one GPU (reference hopper.md §6).

Providers (e4m3 in, f32 accumulation, bf16 out; A is M x K and 2:4 sparse
along K, B is given as Bt (N x K row-major, i.e. B column-major, as
torch._scaled_mm takes it)):

  scaled_mm per-tensor   torch._scaled_mm(A_pruned, Bt.t(), scale_a=1, scale_b=1)
  scaled_mm rowwise      the same with per-row scale_a (M x 1) and per-column scale_b (1 x N)
  ... fast accumulation  both with use_fast_accum=True (no promotion of partial sums
                         to f32: the form of sp's max-num-imprecise-acc=2^30 kernels)
  cuSPARSELt e4m3 2:4    torch._cslt_sparse_mm(torch._cslt_compress(A_pruned), Bt.t(),
                         alg_id = torch._cslt_sparse_mm_search(...), out_dtype = bf16)

sp's own kernel is timed by sp-run in the same device call
(`sp-run K.sm_90a.ptx --spec examples/fp8/scaled_mm.json --bench --timing graph`);
this script prints the peers' rows in the same form.

Timing: each call captured 20 times in a CUDA graph, the graph replayed 10
times (--replays), best replay / 20 (no host work; hopper.md §6), and beside
it the median replay / 20 (sp-run prints both: its "min" and "median");
TFLOP/s is the dense-equivalent 2*M*N*K / best time. The two differ where
clocks move during the replays (a power-capped GPU slows after the first
tens of milliseconds at full load). Every output is first compared with a float32 product of
the same (pruned, fp8-rounded) inputs: max |C - ref| / max |ref|.

    python3 bench/fp8_bench.py [--shapes 8192x8192x8192,...]

--profile calls each provider twice, without graphs or timing, for a
profiler to capture (bench/fp8_ncu.sh runs it under ncu).
"""
import argparse
import sys

import torch


def graph_ms(fn, reps=20, replays=10):
    """Best and median replay of a CUDA graph of `reps` calls, divided by reps, in ms."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(reps):
            fn()
    g.replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(replays):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        g.replay()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b) / reps)
    times.sort()
    return times[0], times[len(times) // 2]


def prune_2_4(x):
    """Keeps the two largest magnitudes of every 4 consecutive elements along K."""
    M, K = x.shape
    g = x.reshape(M, K // 4, 4)
    idx = g.abs().topk(2, dim=-1).indices
    mask = torch.zeros_like(g, dtype=torch.bool).scatter_(-1, idx, True)
    return (g * mask).reshape(M, K)


def rel(x, ref):
    return ((x.float() - ref).abs().max() / ref.abs().max()).item()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", default="8192x8192x8192", help="MxNxK list")
    ap.add_argument("--profile", action="store_true", help="call each provider twice, untimed (for ncu)")
    ap.add_argument("--replays", type=int, default=10, help="graph replays per provider (default 10)")
    a = ap.parse_args()
    torch.manual_seed(0)
    f8 = torch.float8_e4m3fn
    print(f"device {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print(f"| M x N x K | provider | ms (graph, best of {a.replays}) | median ms | TFLOP/s | max rel diff |")
    print("|---|---|---:|---:|---:|---:|")
    bad = False
    for s in a.shapes.split(","):
        M, N, K = map(int, s.split("x"))
        flop = 2 * M * N * K
        A = prune_2_4(torch.randn(M, K, device="cuda")).to(f8)
        Bt = torch.randn(N, K, device="cuda").to(f8)
        ref = A.float() @ Bt.float().t()
        sa = torch.rand(M, 1, device="cuda") + 0.5
        sb = torch.rand(1, N, device="cuda") + 0.5
        one = torch.ones((), device="cuda")

        def row(name, fn, want):
            nonlocal bad
            try:
                out = fn()
                torch.cuda.synchronize()
                d = rel(out, want)
                if a.profile:
                    torch.cuda.nvtx.range_push(name)
                    fn()
                    torch.cuda.synchronize()
                    torch.cuda.nvtx.range_pop()
                    print(f"| {M}x{N}x{K} | {name} | profiled | | | {d:.1e} |", flush=True)
                    return
                ms, med = graph_ms(fn, replays=a.replays)
            except Exception as e:  # a provider this torch build lacks
                print(f"| {M}x{N}x{K} | {name} | failed: {str(e).splitlines()[0][:120]} | | | |", flush=True)
                return
            flag = "" if d <= 2e-2 else " BAD"
            bad |= bool(flag)
            print(f"| {M}x{N}x{K} | {name}{flag} | {ms:.4f} | {med:.4f} | {flop / ms / 1e9:.0f} | {d:.1e} |", flush=True)

        row("torch._scaled_mm e4m3 dense, per-tensor scales",
            lambda: torch._scaled_mm(A, Bt.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16), ref)
        row("torch._scaled_mm e4m3 dense, rowwise scales",
            lambda: torch._scaled_mm(A, Bt.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16), ref * sa * sb)
        row("torch._scaled_mm e4m3 dense, per-tensor scales, fast accumulation",
            lambda: torch._scaled_mm(A, Bt.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16,
                                     use_fast_accum=True), ref)
        row("torch._scaled_mm e4m3 dense, rowwise scales, fast accumulation",
            lambda: torch._scaled_mm(A, Bt.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16,
                                     use_fast_accum=True), ref * sa * sb)
        try:
            comp = torch._cslt_compress(A)
            alg = torch._cslt_sparse_mm_search(comp, Bt.t(), out_dtype=torch.bfloat16)
            if isinstance(alg, tuple):
                alg = alg[0]
        except Exception as e:
            print(f"| {M}x{N}x{K} | cuSPARSELt e4m3 2:4 | failed: {str(e).splitlines()[0][:120]} | | | |", flush=True)
            continue
        row(f"cuSPARSELt e4m3 2:4 (alg {alg})",
            lambda: torch._cslt_sparse_mm(comp, Bt.t(), alg_id=alg, out_dtype=torch.bfloat16), ref)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
