#!/usr/bin/env python3
"""How far Hopper's fp8 GEMMs are from a float64 product, in the terms of
sp-run's check (cmd/sp-run/verify.go): per element, the error over the
tolerance atol + rtol*|ref| + acc*sum_k |a_ik*b_kj|, with acc the f32
accumulation bound sqrt(K)*2^-22 or the fp8 tensor-core bound 2^-13.

For each shape: e4m3 inputs (A 2:4-pruned along K, B given as Bt, N x K),
the float64 reference of the same fp8 values, and cuBLAS's dense fp8 GEMM
(torch._scaled_mm, f32 out, with and without fast accumulation) and
cuSPARSELt's fp8 2:4 GEMM where this torch has it. Prints, per provider
and bound, the worst error/tolerance and how many elements exceed 1.

    python3 test/gpu/fp8_accuracy.py [--shapes 272x400x416,1040x528x1120]
"""
import argparse
import math
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from fp8_bench import prune_2_4  # noqa: E402


def ratios(out, ref, mag, K, rtol):
    err = (out.double() - ref).abs()
    res = {}
    for name, acc in (("f32", math.sqrt(K) * 2.0 ** -22), ("fp8 tensor core", 2.0 ** -13)):
        tol = 1e-5 + rtol * ref.abs() + acc * mag
        r = err / tol
        res[name] = (r.max().item(), int((r > 1).sum().item()))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", default="272x400x416,1040x528x1120,2048x2048x4096")
    ap.add_argument("--seeds", type=int, default=3)
    a = ap.parse_args()
    f8 = torch.float8_e4m3fn
    one = torch.ones((), device="cuda")
    print(f"device {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print("| M x N x K | seed | provider | worst err/tol, f32 bound (elements > 1) | worst err/tol, fp8 bound (elements > 1) |")
    print("|---|---:|---|---:|---:|")
    for s in a.shapes.split(","):
        M, N, K = map(int, s.split("x"))
        for seed in range(a.seeds):
            torch.manual_seed(seed)
            A = prune_2_4(torch.randn(M, K, device="cuda")).to(f8)
            Bt = torch.randn(N, K, device="cuda").to(f8)
            Ad, Bd = A.double(), Bt.double()
            ref = Ad @ Bd.t()
            mag = Ad.abs() @ Bd.abs().t()
            provs = [
                ("cuBLAS _scaled_mm", lambda: torch._scaled_mm(A, Bt.t(), scale_a=one, scale_b=one, out_dtype=torch.float32)),
                ("cuBLAS _scaled_mm fast accumulation", lambda: torch._scaled_mm(
                    A, Bt.t(), scale_a=one, scale_b=one, out_dtype=torch.float32, use_fast_accum=True)),
            ]
            if M % 32 == 0 and N % 32 == 0 and K % 64 == 0:
                provs.append(("cuSPARSELt 2:4 (bf16 out)", lambda: torch._cslt_sparse_mm(
                    torch._cslt_compress(A), Bt.t(), out_dtype=torch.bfloat16)))
            for name, fn in provs:
                try:
                    out = fn()
                except Exception as e:  # a provider this torch build lacks
                    print(f"| {s} | {seed} | {name} | failed: {str(e).splitlines()[0][:100]} | |")
                    continue
                rtol = 2 * 2.0 ** -24 if out.dtype == torch.float32 else 2 * 2.0 ** -9
                r = ratios(out, ref, mag, K, rtol)
                print(f"| {s} | {seed} | {name} | {r['f32'][0]:.2f} ({r['f32'][1]}) | "
                      f"{r['fp8 tensor core'][0]:.3f} ({r['fp8 tensor core'][1]}) |", flush=True)


if __name__ == "__main__":
    main()
