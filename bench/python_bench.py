#!/usr/bin/env python3
"""The Python package's 2:4 matmul on the GPU beside cuBLAS and cuSPARSELt,
graph-timed in one run (docs/performance.md).

    SP_OPT=$PWD/bin/sp-opt PYTHONPATH=python python3 bench/python_bench.py [--shapes MxNxK,...] [--rounds R]

Providers (fp16 in, fp32 accumulation, fp16 out; W is M x K, 2:4 along K):
  cuBLAS dense        torch.mm(W, x)
  cuSPARSELt          torch._cslt_sparse_mm with the algorithm of torch._cslt_sparse_mm_search
  sp (sparse_mm)      torch.ops.sp.sparse_mm(values, meta, x, "band16"): on Hopper the persistent
                      TMA kernel where the tensors allow it, else the tutorial 03 kernel
  sp (tutorial 03)    sp.kernels.sparse_matmul(..., persistent=False)

Timing as bench/hopper_bench.py: CUDA graphs of 20 calls, best of 10 replays, the median of R interleaved
rounds. Every output is checked against cuBLAS's first (exit status 1 beyond 1e-2 of max |C|).
"""
import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
from hopper_bench import graph_ms, rel  # noqa: E402

import sp  # noqa: E402
from sp import kernels  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", default="4096x4096x4096,8192x8192x8192,12288x2048x12288", help="MxNxK list "
                    "(decode: 12288x16x12288,12288x64x12288,12288x128x12288)")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    torch.manual_seed(0)
    print(f"device {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print("| M x N x K | provider | ms (graph) | TFLOP/s | vs cuBLAS |")
    print("|---|---|---:|---:|---:|")
    bad = False
    for s in a.shapes.split(","):
        M, N, K = map(int, s.split("x"))
        w = sp.prune_2_4(torch.randn(M, K, device="cuda", dtype=torch.float16))
        x = torch.randn(K, N, device="cuda", dtype=torch.float16)
        W = sp.compress(w, layout="band16")
        ref = torch.mm(w, x)
        comp = torch._cslt_compress(w)
        alg = torch._cslt_sparse_mm_search(comp, x)
        provs = [("cuBLAS dense", lambda: torch.mm(w, x)),
                 ("cuSPARSELt (searched alg)", lambda: torch._cslt_sparse_mm(comp, x, alg_id=alg)),
                 ("sp sparse_mm", lambda: torch.ops.sp.sparse_mm(W.values, W.meta, x, "band16")),
                 ("sp tutorial 03 kernel", lambda: kernels.sparse_matmul(W.values, W.meta, x, persistent=False))]
        for name, fn in provs:
            d = rel(fn(), ref)
            if not d <= 1e-2:
                print(f"BAD: {name} at {s}: max rel diff {d:.1e}")
                bad = True
        times = [[] for _ in provs]
        for _ in range(a.rounds):
            for i, (_, fn) in enumerate(provs):
                times[i].append(graph_ms(fn))
        base = statistics.median(times[0])
        for (name, _), t in zip(provs, times):
            ms = statistics.median(t)
            print(f"| {s} | {name} | {ms:.4f} | {2 * M * N * K / ms / 1e9:.0f} | {base / ms:.2f}x |", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
