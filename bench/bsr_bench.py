#!/usr/bin/env python3
"""sp's BSR24 matmul (examples/block_sparse_matmul.mlir, 64x64 blocks, 2:4
inside the stored blocks) at M = N = K (default 8192) f16 on the GPU, beside
cuBLAS (torch.mm on the same pruned dense A) and PyTorch's BSR matmul
(A.to_sparse_bsr((64, 64)) @ B through torch.sparse._triton_ops.bsr_dense_mm,
else the dispatcher), at 0 % and 50 % zero blocks.

The PTX comes from sp-opt --sp-pipeline="target=cuda:90" --emit=ptx (sm_90a,
wgmma.sp) or target=cuda:80 (mma.sp), one or more kernels given as
PTX:BN (the block [BM, BK] comes from the manifest); it is loaded and launched with
test/gpu/run_ptx.py's ctypes loader on torch's stream. The host format is
built on the GPU exactly as sparse.CompressBlocks lays it out: the stored
blocks stacked, values [nnzb*BM, BK/2], band16 metadata [nnzb*BM/16, BK],
indptr, indices with a trailing entry.

    python3 bsr_bench.py 8192 K64.sm_90a.ptx:64 K128.sm_90a.ptx:128 Every provider's output is checked against an
fp32 reference of the pruned A (relative Frobenius error) before timing.
Timing: 10 calls captured in a CUDA graph, best of 5 replays / 10."""
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import run_ptx as rp  # noqa: E402

BM = BK = 64  # blocks of the peers' BSR matrix; each sp kernel has its own
t0 = time.time()


def graph_ms(fn, reps=10, replays=5):
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    how = "graph"
    try:
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(reps):
                fn()
        run = g.replay
    except Exception as e:  # noqa: BLE001
        torch.cuda.synchronize()
        how = "events (no graph: %s)" % str(e).splitlines()[0][:50]

        def run():
            for _ in range(reps):
                fn()
    best = float("inf")
    for _ in range(replays):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        run()
        b.record()
        torch.cuda.synchronize()
        best = min(best, a.elapsed_time(b) / reps)
    return best, how


def bsr24(M, K, frac, gen, bm, bk):
    """A random M x K f16 A, 2:4 everywhere, with the round(frac*n) bm x bk
    blocks of least magnitude zeroed; returns (dense A, values, band16
    meta, indptr, indices) as sparse.CompressBlocks lays them out."""
    a = torch.randn(M, K, device="cuda", generator=gen).half().float()
    dense, vals, words = rp.prune_2_4(a)
    nbr, nbc = M // bm, K // bk
    mag = dense.view(nbr, bm, nbc, bk).abs().sum(dim=(1, 3)).flatten()
    keep = torch.ones(nbr * nbc, dtype=torch.bool, device="cuda")
    keep[mag.argsort()[: round(frac * mag.numel())]] = False
    keep = keep.view(nbr, nbc)
    dense = (dense.view(nbr, bm, nbc, bk) * keep.view(nbr, 1, nbc, 1)).view(M, K)
    v = vals.view(nbr, bm, nbc, bk // 2).permute(0, 2, 1, 3)[keep].reshape(-1, bk // 2).half().contiguous()
    w = words.view(nbr, bm, nbc, bk // 16).permute(0, 2, 1, 3)[keep].reshape(-1, bk // 16)
    e = rp.band16(w, bk) if w.numel() else None
    indptr = torch.zeros(nbr + 1, dtype=torch.int32, device="cuda")
    indptr[1:] = keep.sum(1).cumsum(0)
    cols = torch.arange(nbc, device="cuda").expand(nbr, nbc)[keep]
    indices = torch.cat([cols, torch.tensor([nbc], device="cuda")]).to(torch.int32).contiguous()
    if e is None:  # nothing stored: still pass valid pointers
        v = torch.zeros(bm, bk // 2, dtype=torch.float16, device="cuda")
        e = torch.zeros(bm // 16, bk, dtype=torch.int16, device="cuda")
    return dense.half(), v, e, indptr, indices


def sp_kernels(args):
    """PTX:BN arguments: the kernel, its block [BM, BK] from the manifest."""
    out = []
    for arg in args:
        try:
            path, bn = arg.rsplit(":", 1)
            d, stem = os.path.dirname(path), os.path.basename(path).rsplit(".", 2)
            with open(path) as f:  # the .entry name (both examples call it block_sparse_matmul)
                name = f.read().split(".visible .entry ", 1)[1].split("(", 1)[0].strip()
            k = rp.load(d, stem[0], stem[1], name)
            blk = [p for p in k.m["params"] if p.get("block")][0]["block"]
            out.append((os.path.basename(path), k, blk[0], blk[1], int(bn)))
        except Exception as ex:  # noqa: BLE001
            print("sp kernel %s: cannot load: %s" % (arg, str(ex).splitlines()[0][:120]), flush=True)
    return out


def main():
    n = int(sys.argv[1])
    M = N = K = n
    kernels = sp_kernels(sys.argv[2:])
    gen = torch.Generator(device="cuda").manual_seed(1)
    b = torch.randn(K, N, device="cuda", generator=gen).half()
    flops = 2.0 * M * N * K
    torch.backends.cuda.matmul.allow_tf32 = False
    ratios = []
    for name, kern, bm, bk, bn in kernels:
        res = {}
        for frac in (0.0, 0.5):
            a, v, e, indptr, indices = bsr24(M, K, frac, gen, bm, bk)
            ref = torch.mm(a.float(), b.float())
            c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
            grid = (rp.cdiv(M, bm), rp.cdiv(N, bn))
            sp = lambda: kern(grid, v, e, indptr, indices, b, c, M, N, K, K, N, N)  # noqa: E731
            sp()
            torch.cuda.synchronize()
            err = rp.rel_err(c, ref)
            ms, how = graph_ms(sp)
            res[frac] = ms
            print("sp %-30s %dx%d tile, %dx%d blocks, zero=%3.0f%% (%d of %d stored)  %8.3f ms  %6.1f TFLOP/s dense-equiv  rel err %.1e %s  (%s)"
                  % (name, bm, bn, bm, bk, 100 * frac, int(indptr[-1]), (M // bm) * (K // bk), ms, flops / ms / 1e9, err,
                     "ok" if err < 1e-3 else "FAIL", how), flush=True)
            del a, v, e, ref, c
        r = res[0.0] / res[0.5]
        ratios.append(r)
        print("sp %s %d^3: 0%% zero %.3f ms, 50%% zero %.3f ms: %.2fx faster (floor 1.8x: %s)" % (name, n, res[0.0], res[0.5], r, "PASS" if r >= 1.8 else "FAIL"), flush=True)
    for frac in (0.0, 0.5):
        a = bsr24(M, K, frac, gen, BM, BK)[0]
        ref = torch.mm(a.float(), b.float())
        ms, how = graph_ms(lambda: torch.mm(a, b))
        print("peer cuBLAS torch.mm            zero=%3.0f%%  %8.3f ms  %6.1f TFLOP/s  (%s)" % (100 * frac, ms, flops / ms / 1e9, how), flush=True)
        try:
            bsr = a.to_sparse_bsr((BM, BK))
            try:
                from torch.sparse._triton_ops import bsr_dense_mm
                fn, name = (lambda: bsr_dense_mm(bsr, b)), "torch BSR 64x64 (triton bsr_dense_mm)"
            except Exception:  # noqa: BLE001
                fn, name = (lambda: bsr @ b), "torch BSR 64x64 (bsr @ dense)"
            out = fn()
            torch.cuda.synchronize()
            perr = rp.rel_err(out, ref)
            ms, how = graph_ms(fn)
            print("peer %-30s zero=%3.0f%%  %8.3f ms  %6.1f TFLOP/s  rel err %.1e  (%s)" % (name, 100 * frac, ms, flops / ms / 1e9, perr, how), flush=True)
        except Exception as ex:  # noqa: BLE001
            print("peer torch BSR zero=%3.0f%%: unavailable: %s" % (100 * frac, str(ex).splitlines()[0][:120]), flush=True)
        del a, ref
    print("bsr_bench done in %.1f s" % (time.time() - t0))

main()
