#!/usr/bin/env python3
"""Hopper comparison, graph-timed: sp's wgmma kernels beside cuBLAS,
cuSPARSELt and Triton on one GPU, in one run (hopper.md §6).

Providers (fp16 in, fp32 accumulation, fp16 out; A is M x K and 2:4 sparse
along K, B is K x N dense):

  cuBLAS dense      torch.mm(A_pruned, B)
  cuSPARSELt        torch._cslt_sparse_mm(torch._cslt_compress(A_pruned), B,
                    alg_id = torch._cslt_sparse_mm_search(...))
  Triton dense      Triton tutorial 03 with the tile of sp's dense kernel
                    (BLOCK 128x256x64, 8 warps, 3 stages unless --triton-tile)
  sp sparse, dense  PTX from sp-opt --sp-pipeline="target=cuda:90 ..." --emit=ptx
                    (manifest in the PTX), launched with cuLaunchKernel
                    (test/gpu/run_ptx.py's loader) on torch's stream

Timing: each provider's call is captured 20 times in a CUDA graph; the graph
is replayed 10 times and the best replay / 20 is the time (no host work).
With --rounds R, every provider of a shape is timed so R times, round by
round (interleaved, so that clock drift hits all providers alike), and the
median is reported with the spread. TFLOP/s is the dense-equivalent 2*M*N*K / time. Every provider's output is
compared with cuBLAS's (max relative difference) before timing.

    python3 bench/hopper_bench.py --sparse K.sm_90a.ptx --dense D.sm_90a.ptx \\
        --sparse-tile 256x128 --dense-tile 128x256 [--shapes 4096x4096x4096,...]
        [--sp NAME=PTX:BMxBN ...]

--sp adds sp kernels to the same run (variants of one kernel, e.g. two
async-wait placements or stage counts), each sparse or dense as its
manifest says (a values/metadata parameter pair makes it 2:4), launched on a
cdiv(M, BM) x cdiv(N, BN) grid, or with NAME=PTX:BMxBN:persistent (a kernel of
bench/gen_tile.py --persistent) on min(SMs, tiles) programs. A summary table (TFLOP/s per provider and
shape) follows the detailed one; an sp output further than 1e-2 (relative
to max |C|) from cuBLAS's is marked BAD and makes the exit status 1.
"""
import argparse
import statistics
import os
import sys

import torch
import triton
import triton.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "gpu"))
import run_ptx as rp  # noqa: E402


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """Triton tutorial 03: grouped program ids, fp32 accumulation, fp16 C."""
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def graph_ms(fn, reps=20, replays=10):
    """Best replay of a CUDA graph of `reps` calls, divided by reps, in ms."""
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
    best = float("inf")
    for _ in range(replays):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        g.replay()
        b.record()
        b.synchronize()
        best = min(best, a.elapsed_time(b) / reps)
    return best


def load_ptx(path):
    d, f = os.path.split(path)
    stem, arch = f[: -len(".ptx")].rsplit(".", 1)
    text = open(path).read()
    name = text.split(".visible .entry ", 1)[1].split("(", 1)[0]
    return rp.load(d or ".", stem, arch, name)


def rel(x, ref):
    return ((x.float() - ref.float()).abs().max() / ref.float().abs().max()).item()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sparse", help="sp's 2:4 kernel (.ptx with its manifest)")
    ap.add_argument("--sparse-tile", default="256x128", help="BMxBN of the sparse kernel (its grid)")
    ap.add_argument("--dense", help="sp's dense kernel (.ptx)")
    ap.add_argument("--dense-tile", default="128x256")
    ap.add_argument("--triton-tile", default="128x256x64x8x3", help="BMxBNxBKxWARPSxSTAGES of Triton's dense kernel")
    ap.add_argument("--shapes", default="4096x4096x4096,8192x8192x8192,12288x2048x12288",
                    help="MxNxK list (12288x12288x2048 in MxKxN is 12288x2048x12288 here)")
    ap.add_argument("--sp", action="append", default=[], metavar="NAME=PTX:BMxBN[:persistent]",
                    help="another sp kernel to time (repeatable); 2:4 or dense as its manifest says; "
                         ":persistent launches min(SMs, tiles) programs")
    ap.add_argument("--rounds", type=int, default=1,
                    help="time every provider of a shape this many times, interleaved (round r times all "
                         "providers before round r+1), and report each one's median (default 1: one timing, "
                         "printed at once)")
    a = ap.parse_args()
    torch.manual_seed(0)
    sps = []  # (name, kernel, sparse, BM, BN, persistent)
    if a.sparse:
        sbm, sbn = map(int, a.sparse_tile.split("x"))
        sps.append((f"sp 2:4 sparse {sbm}x{sbn} (wgmma.sp)", load_ptx(a.sparse), True, sbm, sbn, False))
    if a.dense:
        dbm, dbn = map(int, a.dense_tile.split("x"))
        sps.append((f"sp dense {dbm}x{dbn} (wgmma)", load_ptx(a.dense), False, dbm, dbn, False))
    for v in a.sp:
        name, rest = v.split("=", 1)
        persistent = rest.endswith(":persistent")
        if persistent:
            rest = rest[: -len(":persistent")]
        path, tile = rest.rsplit(":", 1)
        bm, bn = map(int, tile.split("x"))
        k = load_ptx(path)
        sparse = any(p.get("role") == "values" for p in k.m["params"])
        sps.append((("sp 2:4 " if sparse else "sp dense ") + name, k, sparse, bm, bn, persistent))
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tbm, tbn, tbk, tw, ts = map(int, a.triton_tile.split("x"))
    summary, bad = {}, False
    print(f"device {torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}")
    print("| M x N x K | provider | ms (graph) | TFLOP/s | vs cuBLAS | max rel diff |")
    print("|---|---|---:|---:|---:|---:|")
    for s in a.shapes.split(","):
        M, N, K = map(int, s.split("x"))
        flop = 2 * M * N * K
        dense, vals, words = rp.prune_2_4(torch.randn(M, K, device="cuda").half().float())
        A = dense.half().contiguous()
        V = vals.half().contiguous()
        E = rp.band16(words, K)
        B = torch.randn(K, N, device="cuda").half()
        ref = torch.mm(A, B)
        rows = []

        def emit(name, ms, d, key=None):  # printed at once: a later hang or fault leaves what was measured
            rows.append((name, ms, d))
            print(f"| {M}x{N}x{K} | {name} | {ms:.4f} | {flop / ms / 1e9:.0f} | {rows[0][1] / ms:.2f}x | {d:.1e} |",
                  flush=True)
            summary.setdefault(key or name, {})[s] = (flop / ms / 1e9, rows[0][1] / ms)

        pending = []  # (name, fn, d, key) timed after the shape's providers, with --rounds > 1

        def row(name, fn, d, key=None):
            if a.rounds <= 1:
                emit(name, graph_ms(fn), d, key)
            else:
                pending.append((name, fn, d, key))

        row("cuBLAS dense", lambda: torch.mm(A, B), 0.0)
        comp = torch._cslt_compress(A)
        alg = torch._cslt_sparse_mm_search(comp, B)
        out = torch._cslt_sparse_mm(comp, B, alg_id=alg)
        row(f"cuSPARSELt (alg {alg})", lambda: torch._cslt_sparse_mm(comp, B, alg_id=alg), rel(out, ref),
            key="cuSPARSELt (searched alg)")
        Ct = torch.empty(M, N, device="cuda", dtype=torch.half)
        tgrid = (triton.cdiv(M, tbm) * triton.cdiv(N, tbn),)
        tri = lambda: matmul_kernel[tgrid](A, B, Ct, M, N, K, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                                           Ct.stride(0), Ct.stride(1), BLOCK_M=tbm, BLOCK_N=tbn, BLOCK_K=tbk,
                                           GROUP_M=8, num_warps=tw, num_stages=ts)
        tri()
        torch.cuda.synchronize()
        row(f"Triton dense {tbm}x{tbn}x{tbk} w{tw} s{ts}", tri, rel(Ct, ref))
        for name, k, sparse, bm, bn, persistent in sps:
            C = torch.full((M, N), float("nan"), device="cuda", dtype=torch.half)
            grid = (rp.cdiv(M, bm), rp.cdiv(N, bn))
            if persistent:  # one program per SM; a program of a cluster kernel takes one SM per CTA
                ctas = (k.m.get("clusterDims") or [1])[0]
                grid = (min(sms // ctas, grid[0] * grid[1]), 1)
            if sparse:
                fn = lambda k=k, C=C, grid=grid: k(grid, V, E, B, C, M, N, K, K, N, N)
            else:
                fn = lambda k=k, C=C, grid=grid: k(grid, A, B, C, M, N, K, K, N, N)
            fn()
            torch.cuda.synchronize()
            d = rel(C, ref)
            if not d <= 1e-2:
                bad = True
                name += " BAD"
            row(name, fn, d)
        if pending:
            times = [[] for _ in pending]
            for _ in range(a.rounds):
                for i, (_, fn, _, _) in enumerate(pending):
                    times[i].append(graph_ms(fn))
            for (name, _, d, key), ts_ in zip(pending, times):
                emit(name, statistics.median(ts_), d, key)
            print(f"(median of {a.rounds} interleaved rounds; spread min-max per provider: " +
                  ", ".join(f"{p[0]} {min(t):.4f}-{max(t):.4f}" for p, t in zip(pending, times)) + ")", flush=True)
    shapes = a.shapes.split(",")
    print("\nsummary: TFLOP/s (x cuBLAS)")
    print("| provider | " + " | ".join(shapes) + " |")
    print("|---|" + "---:|" * len(shapes))
    for name, per in summary.items():
        cells = [f"{per[x][0]:.0f} ({per[x][1]:.2f}x)" if x in per else "-" for x in shapes]
        print(f"| {name} | " + " | ".join(cells) + " |")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
