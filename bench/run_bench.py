#!/usr/bin/env python3
"""Benchmark sp's 2:4 sparse matmul against its peers on one GPU, in one run.

Providers, all fp16 inputs with fp32 accumulation, on the same shapes
(A is M x K and 2:4 sparse along K, B is K x N dense):

  cuBLAS dense   torch.mm(A_pruned, B)
  cuSPARSELt     torch._cslt_sparse_mm(torch._cslt_compress(A_pruned), B, alg_id=ALG), ALG found by
                 torch._cslt_sparse_mm_search for the shape
  Triton dense   the Triton tutorial matmul (autotuned) on A_pruned, B
  sp             `sp-run bench` on the kernel of bench/sparse_matmul.bench.json (compiled by
                 sp-pipeline and lower/ptx, launched through runtime/cuda)

Every provider is timed in three modes (--timing picks a subset; the first is
the headline), all with CUDA events after a warm-up, L2 not flushed:
  graph         BATCH calls captured once in a CUDA graph; median of ITERS replays / BATCH
  single        one call between two events, synchronized; median of ITERS
  back-to-back  BATCH calls between two events; median of ITERS samples / BATCH
Single-call times include the host work of the call (for torch._cslt_sparse_mm
its per-call descriptor and plan set-up), so the headline is graph-timed.
TFLOP/s is the dense-equivalent 2*M*N*K / median for every provider.
The comparison is written into docs/performance.md between the markers
<!-- sp-bench:begin --> and <!-- sp-bench:end --> (the file is created when
missing), with sp's own table and chart next to it (docs/performance-sp.*).

Needs Python 3, PyTorch with CUDA, Triton, and an sp-run built with
-tags cuda (see the README's sp-run section); Go is not needed here.

    python3 bench/run_bench.py --sp-run ./sp-run
    python3 bench/run_bench.py --sp-run ./sp-run --shapes square --iters 20
"""
import argparse
import datetime
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

import torch
import triton
import triton.language as tl

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (M, N, K); the issue lists the non-square ones as M x K x N.
SQUARE = [(4096, 4096, 4096), (8192, 8192, 8192), (16384, 16384, 16384)]
SKINNY = [(12288, 16, 12288), (12288, 32, 12288), (49152, 32, 12288), (12288, 32, 49152), (12288, 2048, 12288)]
SMOKE = [(1024, 1024, 1024), (2048, 32, 2048)]  # a quick check of the script itself


def label(m, n, k):
    if m == n == k:
        return f"{m}³"
    return f"{m}x{k}x{n} (MxKxN)"


def prune_2_4(a):
    """Magnitude pruning: keep the two largest |x| of each group of 4 along K."""
    m, k = a.shape
    g = a.reshape(m, k // 4, 4)
    idx = g.abs().topk(2, dim=-1).indices
    mask = torch.zeros_like(g, dtype=torch.bool).scatter_(-1, idx, True)
    return (g * mask).reshape(m, k)


MODES = ["graph", "single", "back-to-back"]


def quantiles(times):
    times = sorted(times)
    q = statistics.quantiles(times, n=5) if len(times) > 1 else [times[0]] * 4
    return statistics.median(times), q[0], q[3]


def time_ms(fn, mode, warmup, iters, batch):
    """Median, p20 and p80 of the per-call time in ms, in the given mode."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):  # warm-up on a side stream, as graph capture wants
        for _ in range(warmup):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    if mode == "single":
        run, per = fn, 1
    elif mode == "back-to-back":
        def run():
            for _ in range(batch):
                fn()
        per = batch
    elif mode == "graph":
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(batch):
                fn()
        g.replay()
        torch.cuda.synchronize()
        run, per = g.replay, batch
    else:
        raise ValueError(mode)
    times = []
    for _ in range(iters):
        start.record()
        run()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / per)
    return quantiles(times)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64, "GROUP_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 32, "BLOCK_K": 128, "GROUP_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 16, "BLOCK_K": 128, "GROUP_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 16, "BLOCK_K": 256, "GROUP_M": 8}, num_stages=3, num_warps=4),
    ],
    key=["M", "N", "K"],
)
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


def triton_mm(a, b, c):
    m, k = a.shape
    n = b.shape[1]
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_M"]) * triton.cdiv(n, meta["BLOCK_N"]),)
    matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    return c


def close(x, ref):
    """Max |x - ref| relative to max |ref| (a sanity check between providers)."""
    return ((x.float() - ref.float()).abs().max() / ref.float().abs().max().clamp_min(1e-6)).item()


def moved_bytes(name, m, n, k):
    """Bytes each provider must move once: A (dense, or 2:4 values + metadata), B and C, fp16."""
    a = 1.125 * m * k if name == "cuSPARSELt" else 2 * m * k
    return a + 2 * k * n + 2 * m * n


def cslt_best_alg(ac, b):
    r = torch._cslt_sparse_mm_search(ac, b)
    return r[0] if isinstance(r, (tuple, list)) else int(r)


def bench_peers(shapes, modes, warmup, iters, batch, log):
    rows = {}
    for (m, n, k) in shapes:
        torch.manual_seed(0)
        a = prune_2_4(torch.randn(m, k, device="cuda", dtype=torch.float16))
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        ref = torch.mm(a, b)
        row = {}
        providers = {
            "cuBLAS dense": lambda: torch.mm(a, b),
            "Triton dense": None,
            "cuSPARSELt": None,
        }
        c = torch.empty(m, n, device="cuda", dtype=torch.float16)
        try:
            triton_mm(a, b, c)  # autotune outside the timed region
            providers["Triton dense"] = lambda: triton_mm(a, b, c)
            row["Triton dense check"] = close(c, ref)
        except Exception as e:  # noqa: BLE001 - report and continue
            row["Triton dense error"] = f"{type(e).__name__}: {e}"
        try:
            ac = torch._cslt_compress(a)
            alg = cslt_best_alg(ac, b)
            row["cuSPARSELt alg_id"] = alg
            out = torch._cslt_sparse_mm(ac, b, alg_id=alg)
            row["cuSPARSELt check"] = close(out, ref)
            providers["cuSPARSELt"] = lambda: torch._cslt_sparse_mm(ac, b, alg_id=alg)
        except Exception as e:  # noqa: BLE001
            row["cuSPARSELt error"] = f"{type(e).__name__}: {e}"
        for name, fn in providers.items():
            if fn is None:
                continue
            row[name] = {}
            for mode in modes:
                try:
                    med, p20, p80 = time_ms(fn, mode, warmup, iters, batch)
                except Exception as e:  # noqa: BLE001
                    row[f"{name} error"] = f"{mode}: {type(e).__name__}: {e}"
                    continue
                tf = 2 * m * n * k / (med * 1e-3) / 1e12
                row[name][mode] = {"ms": med, "p20": p20, "p80": p80, "tflops": tf,
                                   "gbs": moved_bytes(name, m, n, k) / (med * 1e-3) / 1e9}
                log(f"{label(m, n, k):>26}  {name:<13} {mode:<12} {med:9.4f} ms  {tf:8.1f} TFLOP/s")
        rows[(m, n, k)] = row
        del a, b, ref, c
        torch.cuda.empty_cache()
    return rows


def write_peers(path, peers, mode):
    """Peer points for sp-run bench's roofline chart."""
    pts = []
    for (m, n, k), row in peers.items():
        for name in ("cuBLAS dense", "cuSPARSELt", "Triton dense"):
            r = row.get(name, {}).get(mode) if isinstance(row.get(name), dict) else None
            if r:
                pts.append({"provider": name, "shape": {"M": m, "N": n, "K": k}, "tflops": r["tflops"],
                            "bytes": moved_bytes(name, m, n, k), "flops": 2.0 * m * n * k})
    pathlib.Path(path).write_text(json.dumps(pts, indent=1) + "\n")


def bench_sp(sp_run, shapes, modes, warmup, iters, batch, max_time, outdir, peers_file, log):
    """Runs `sp-run bench` over the shapes; returns {(m, n, k): row}."""
    bench_file = ROOT / "bench" / "sparse_matmul.bench.json"
    spec = json.loads(bench_file.read_text())
    spec.update({
        # the kernel, launch spec and pipeline options come from the bench file
        "kernel": str((bench_file.parent / spec["kernel"]).resolve()),
        "launch": str((bench_file.parent / spec["launch"]).resolve()),
        "backend": "cuda", "warmup": warmup, "iters": iters, "maxTime": max_time,
        "timing": modes, "batch": batch,
        "tuning": str((bench_file.parent / spec["tuning"]).resolve()) if spec.get("tuning") else "",
        "peers": str(peers_file) if peers_file else "",
        "shapes": [{"M": m, "N": n, "K": k} for (m, n, k) in shapes],
        "markdown": str(outdir / "performance-sp.md"),
        "png": str(outdir / "performance-sp.png"),
        "json": str(outdir / "performance-sp.json"),
    })
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(spec, f)
    log(f"running {sp_run} bench ({len(shapes)} shapes)")
    proc = subprocess.run([sp_run, "bench", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    sys.stderr.write(proc.stderr)
    if not (outdir / "performance-sp.json").exists():
        raise SystemExit(f"sp-run bench failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    rows = {}
    for r in json.loads((outdir / "performance-sp.json").read_text()):
        s = r["shape"]
        rows[(s["M"], s["N"], s["K"])] = r
    return rows, proc.returncode


def peer_t(row, name, mode):
    r = row.get(name)
    return r.get(mode, {}).get("tflops") if isinstance(r, dict) else None


def peer_ms(row, name, mode):
    r = row.get(name)
    v = r.get(mode, {}).get("ms") if isinstance(r, dict) else None
    return f"{v:.4f}" if v else ("error" if row.get(f"{name} error") else "—")


def sp_ok(r):
    return r and not r.get("error") and not ((r.get("verify") or {}).get("mismatches", 0) > 0)


def sp_ms(r, mode):
    if r is None:
        return "—"
    if r.get("error"):
        return "error"
    b = (r.get("timings") or {}).get(mode)
    if not b:
        return "—"
    return f"{b['medianMs']:.4f}" + ("" if sp_ok(r) else " (MISMATCH)")


def write_report(path, shapes, modes, peers, sp, sp_rc, args):
    dev = torch.cuda.get_device_name()
    names = ["cuBLAS dense", "cuSPARSELt", "Triton dense"]
    cmd = "python3 bench/run_bench.py " + " ".join(sys.argv[1:])
    lines = [
        "<!-- sp-bench:begin -->",
        "## 2:4 sparse matmul: sp against cuBLAS, cuSPARSELt and Triton",
        "",
        f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on {dev} "
        f"(torch {torch.__version__}, CUDA {torch.version.cuda}, Triton {triton.__version__}) by `{cmd}`, "
        "all tables from this one run.",
        "fp16 inputs, fp32 accumulation, fp16 output. A (M x K) is 2:4 sparse (magnitude-pruned), B (K x N) dense; "
        "cuBLAS and Triton multiply the pruned A as a dense matrix; cuSPARSELt runs the algorithm "
        "`torch._cslt_sparse_mm_search` picked for the shape.",
        f"Timing (every provider alike, CUDA events, L2 not flushed, {args.warmup} warm-up calls): "
        f"graph = {args.batch} calls captured in one CUDA graph, median of {args.iters} replays / {args.batch}; "
        f"single = one call between two events, median of {args.iters}; back-to-back = {args.batch} calls between two "
        f"events, median of {args.iters} / {args.batch}. Single-call times include the host work of each call "
        "(for `torch._cslt_sparse_mm`, its per-call descriptor set-up), hence the graph-timed headline. "
        "sp's kernel and config per shape come from its tuning records (bench/tuning).",
    ]
    for mode in modes:
        lines += ["", f"### {mode} timing: ms per call (dense-equivalent TFLOP/s)", "",
                  "| Shape | cuBLAS dense | cuSPARSELt | Triton dense | sp | sp / cuBLAS | sp / cuSPARSELt |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for s in shapes:
            row, r = peers.get(s, {}), sp.get(s)
            cells = []
            for name in names:
                t = peer_t(row, name, mode)
                cells.append(f"{peer_ms(row, name, mode)} ({t:.1f})" if t else peer_ms(row, name, mode))
            spb = (r.get("timings") or {}).get(mode) if r else None
            sp_t = spb["tflops"] if (spb and sp_ok(r)) else None
            sp_cell = f"{sp_ms(r, mode)} ({spb['tflops']:.1f})" if spb else sp_ms(r, mode)
            base, cs = peer_t(row, "cuBLAS dense", mode), peer_t(row, "cuSPARSELt", mode)
            ratio = lambda x, y: f"{x / y:.2f}×" if (x and y) else "—"
            lines.append(f"| {label(*s)} | {' | '.join(cells)} | {sp_cell} | {ratio(sp_t, base)} | {ratio(sp_t, cs)} |")
    notes = []
    for s in shapes:
        row, r = peers.get(s, {}), sp.get(s)
        if "cuSPARSELt alg_id" in row:
            notes.append(f"- {label(*s)}: cuSPARSELt alg_id {row['cuSPARSELt alg_id']}")
        for k, v in row.items():
            if k.endswith("error"):
                notes.append(f"- {label(*s)}, {k[:-6]}: {v}")
        if r and r.get("error"):
            notes.append(f"- {label(*s)}, sp: {r['error']}")
        elif r and r.get("verify") and r["verify"].get("mismatches", 0) > 0:
            v = r["verify"]
            notes.append(f"- {label(*s)}, sp: verification failed ({v['mismatches']} of {v['checked']} checked elements, "
                         f"{v['mode']}); its time is not a valid result")
    if notes:
        lines += ["", "Notes, errors and failed checks:", ""] + notes
    lines += ["", "sp's own table (`sp-run bench`: kernel and config per shape, GB/s, verification) and its roofline "
              "chart (sp and the peers, graph-timed):", "",
              (path.parent / "performance-sp.md").read_text().strip() if (path.parent / "performance-sp.md").exists() else "(missing)",
              "", "![roofline: sp and its peers](performance-sp.png)", "", "<!-- sp-bench:end -->"]
    block = "\n".join(lines) + "\n"
    old = path.read_text() if path.exists() else "# Performance\n\n"
    b, e = old.find("<!-- sp-bench:begin -->"), old.find("<!-- sp-bench:end -->")
    if b >= 0 and e > b:
        new = old[:b] + block + old[e + len("<!-- sp-bench:end -->\n"):]
    else:
        new = old.rstrip("\n") + "\n\n" + block
    path.write_text(new)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sp-run", default=None, help="sp-run built with -tags cuda (default: ./sp-run, then bin/sp-run)")
    ap.add_argument("--out", default=str(ROOT / "docs" / "performance.md"), help="markdown file to update")
    ap.add_argument("--shapes", choices=["all", "square", "skinny", "smoke"], default="all")
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--batch", type=int, default=20, help="calls per graph and per back-to-back sample")
    ap.add_argument("--timing", default=",".join(MODES),
                    help="comma-separated modes among graph, single, back-to-back; the first is the headline")
    ap.add_argument("--sp-max-time", type=float, default=120,
                    help="seconds of sp launches per shape: fewer iterations for a slow kernel (sp-run --max-time)")
    ap.add_argument("--skip-sp", action="store_true", help="only the peers (for a machine without sp-run)")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("no CUDA device visible to PyTorch")
    shapes = {"all": SQUARE + SKINNY, "square": SQUARE, "skinny": SKINNY, "smoke": SMOKE}[args.shapes]
    log = lambda s: print(s, file=sys.stderr, flush=True)
    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    modes = [m.strip() for m in args.timing.split(",") if m.strip()]
    if not modes or any(m not in MODES for m in modes):
        raise SystemExit(f"--timing {args.timing!r}: want a comma-separated subset of {', '.join(MODES)}")
    sp_run = None
    if not args.skip_sp:
        sp_run = args.sp_run or next((p for p in ("./sp-run", str(ROOT / "bin" / "sp-run")) if os.access(p, os.X_OK)), None)
        if sp_run is None:
            raise SystemExit("no sp-run: build it with -tags cuda (README, sp-run) and pass --sp-run PATH, or use --skip-sp")
    peers = bench_peers(shapes, modes, args.warmup, args.iters, args.batch, log)
    peers_file = out.parent / "performance-peers.json"
    write_peers(peers_file, peers, modes[0])
    sp, sp_rc = {}, 0
    if sp_run:
        sp, sp_rc = bench_sp(sp_run, shapes, modes, args.warmup, args.iters, args.batch, args.sp_max_time, out.parent,
                             peers_file, log)
    write_report(out, shapes, modes, peers, sp, sp_rc, args)
    log(f"wrote {out}")
    return 1 if sp_rc else 0


if __name__ == "__main__":
    sys.exit(main())
