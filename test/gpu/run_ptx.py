#!/usr/bin/env python3
"""Runs sp's PTX kernels on a GPU and checks them against float64 references.

Needs only Python 3, PyTorch and the CUDA driver: the PTX is loaded with
cuModuleLoadDataEx and launched with cuLaunchKernel through ctypes on
libcuda.so.1 (no sp-run, no Go). The kernels and their manifests are produced
on a machine with Go:

    go test ./lower/ptx -run TestWriteKernels -ptx.out=$PWD/test/gpu/kernels

Each manifest (<kernel>.sm_XX.json next to <kernel>.sm_XX.ptx) gives the
parameter order and dtypes, the dynamic shared memory and threads per block,
and for sparse kernels the metadata layout ("band16"); nothing is guessed.

Usage:
    python3 test/gpu/run_ptx.py [--kernels DIR] [--arch sm_90] [--quick] [--only NAME...]

Every test draws fresh random inputs, poisons the output (NaN, or a sentinel
for integers) before the launch, and compares with a float64 reference:
relative Frobenius error < 1e-3 for fp16 outputs, < 1e-2 for bf16. --quick
uses small shapes (for compute-sanitizer). Exit status 1 if any test fails.
"""

import argparse
import ctypes
import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- driver API

_cuda = ctypes.CDLL("libcuda.so.1")
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
CU_JIT_INFO_LOG_BUFFER = 3
CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4
CU_JIT_ERROR_LOG_BUFFER = 5
CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6


def _check(status, what):
    if status != 0:
        name = ctypes.c_char_p()
        _cuda.cuGetErrorName(status, ctypes.byref(name))
        raise RuntimeError(f"{what} failed: {name.value.decode() if name.value else status}")


class Kernel:
    """One .entry of a loaded PTX module, described by its manifest."""

    def __init__(self, func, manifest):
        self.func = func
        self.m = manifest
        shared = manifest["sharedBytes"]
        if shared > 48 * 1024:
            _check(_cuda.cuFuncSetAttribute(func, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, ctypes.c_int(shared)),
                   f"cuFuncSetAttribute({manifest['name']}, max dynamic shared = {shared})")

    def __call__(self, grid, *args):
        params = self.m["params"]
        if len(args) != len(params):
            raise TypeError(f"{self.m['name']} takes {len(params)} arguments, got {len(args)}")
        keep = []
        for a, p in zip(args, params):
            dt = p["dtype"]
            if dt.startswith("*"):
                if not isinstance(a, torch.Tensor) or not a.is_cuda:
                    raise TypeError(f"{p['name']} ({dt}, role {p['role']}) needs a CUDA tensor")
                want = {"*f16": torch.float16, "*bf16": torch.bfloat16, "*f32": torch.float32, "*f64": torch.float64,
                        "*i16": torch.int16, "*i32": torch.int32, "*i64": torch.int64, "*i8": torch.int8}.get(dt)
                if want is not None and a.dtype != want:
                    raise TypeError(f"{p['name']}: manifest says {dt}, tensor is {a.dtype}")
                if p.get("divisibility") and a.data_ptr() % p["divisibility"]:
                    raise ValueError(f"{p['name']}: pointer not {p['divisibility']}-byte aligned")
                keep.append(ctypes.c_uint64(a.data_ptr()))
            elif dt in ("i32", "i16", "i8", "i1"):
                if p.get("divisibility") and a % p["divisibility"]:
                    raise ValueError(f"{p['name']} = {a}: the kernel was specialized for multiples of {p['divisibility']}")
                keep.append({"i32": ctypes.c_int32, "i16": ctypes.c_int16, "i8": ctypes.c_int8, "i1": ctypes.c_uint8}[dt](a))
            elif dt == "i64":
                keep.append(ctypes.c_int64(a))
            elif dt == "f32":
                keep.append(ctypes.c_float(a))
            elif dt == "f64":
                keep.append(ctypes.c_double(a))
            else:
                raise TypeError(f"unsupported parameter dtype {dt}")
        gx, gy, gz = (tuple(grid) + (1, 1))[:3]
        cl = (list(self.m.get("clusterDims") or []) + [1, 1, 1])[:3]
        gx, gy, gz = gx * cl[0], gy * cl[1], gz * cl[2]  # a program is a cluster of CTAs (.reqnctapercluster)
        scratch = self.m.get("globalScratch")
        if scratch:  # Triton 3.6's global scratch: one trailing pointer, bytes per program
            n = gx * gy * gz * scratch["bytes"]
            if getattr(self, "_scratch", None) is None or self._scratch.numel() < n:
                self._scratch = torch.empty(n, dtype=torch.uint8, device="cuda")
            keep.append(ctypes.c_uint64(self._scratch.data_ptr()))
        argv = (ctypes.c_void_p * len(keep))(*[ctypes.addressof(k) for k in keep])
        stream = torch.cuda.current_stream().cuda_stream
        _check(_cuda.cuLaunchKernel(self.func, gx, gy, gz, self.m["threadsPerBlock"], 1, 1, self.m["sharedBytes"],
                                    ctypes.c_void_p(stream), argv, None), f"cuLaunchKernel({self.m['name']})")


def load(kernels_dir, stem, arch, name=None):
    """Loads <stem>.<arch>.ptx with its manifest and returns the Kernel of the
    entry `name` (default: stem)."""
    name = name or stem
    base = os.path.join(kernels_dir, f"{stem}.{arch}")
    with open(base + ".ptx", "rb") as f:
        ptx = f.read() + b"\0"
    if os.path.exists(base + ".json"):
        with open(base + ".json") as f:
            manifest = json.load(f)
    else:  # sp-opt --emit=ptx: the manifest leads the PTX as a comment block
        text = ptx.decode()
        start, end = text.index("// sp-manifest-begin\n"), text.index("// sp-manifest-end")
        body = text[start:end].splitlines()[1:]
        manifest = json.loads("\n".join(l[3:] if l.startswith("// ") else l[2:] for l in body))
    torch.zeros(1, device="cuda")  # makes the primary context current
    _check(_cuda.cuInit(0), "cuInit")
    err = ctypes.create_string_buffer(1 << 14)
    opts = (ctypes.c_int * 2)(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
    vals = (ctypes.c_void_p * 2)(ctypes.cast(err, ctypes.c_void_p), ctypes.c_void_p(len(err)))
    mod = ctypes.c_void_p()
    st = _cuda.cuModuleLoadDataEx(ctypes.byref(mod), ptx, 2, opts, vals)
    if st != 0:
        raise RuntimeError(f"cuModuleLoadDataEx({base}.ptx): status {st}\n{err.value.decode(errors='replace')}")
    km = [k for k in manifest["kernels"] if k["name"] == name]
    if not km:
        raise KeyError(f"{base}.json has no kernel {name}")
    km = km[0]
    func = ctypes.c_void_p()
    _check(_cuda.cuModuleGetFunction(ctypes.byref(func), mod, name.encode()), f"cuModuleGetFunction({name})")
    return Kernel(func, km)


# ---------------------------------------------------------------- helpers

def cdiv(a, b):
    return (a + b - 1) // b


def pad16(n):
    return cdiv(n, 16) * 16


def rel_err(got, ref):
    got, ref = got.double(), ref.double()
    if not torch.isfinite(got).all():
        return float("inf")
    return ((got - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def prune_2_4(a):
    """Random 2:4 pattern along rows of a (M x K): returns (pruned dense,
    values M x K/2, natural metadata words M x K/16 as int32)."""
    M, K = a.shape
    g = a.view(M, K // 4, 4)
    pos = torch.rand(M, K // 4, 4, device=a.device).argsort(-1)[..., :2].sort(-1).values  # idx0 < idx1
    vals = torch.gather(g, 2, pos).reshape(M, K // 2)
    dense = torch.zeros_like(g).scatter_(2, pos, torch.gather(g, 2, pos)).reshape(M, K)
    nib = (pos[..., 0] | (pos[..., 1] << 2)).to(torch.int32)  # M x K/4
    nib = nib.view(M, K // 16, 4)
    words = nib[..., 0] | (nib[..., 1] << 4) | (nib[..., 2] << 8) | (nib[..., 3] << 12)
    return dense, vals, words


def to_i16(w):
    w = w.to(torch.int32)
    return torch.where(w >= 32768, w - 65536, w).to(torch.int16)


def band16(words, ldm):
    """band16 layout (sparse.Band16): row i = A rows 16i..16i+15; column
    16*c + 2*(b%8) + b//8 = word of row 16i+b for K chunk c (rows b and b+8
    side by side, so each lane's metadata register is one 32-bit word).
    Columns >= K are padded with 0x4444 (valid groups, positions 0 and 1)."""
    M, KC = words.shape
    perm = [p // 2 + 8 * (p % 2) for p in range(16)]  # position p holds row perm[p]
    e = torch.full((M // 16, ldm), 0x4444, dtype=torch.int32, device=words.device)
    e[:, : 16 * KC] = words.view(M // 16, 16, KC)[:, perm, :].permute(0, 2, 1).reshape(M // 16, 16 * KC)
    return to_i16(e).contiguous()


# ---------------------------------------------------------------- tests

class Ctx:
    def __init__(self, kernels, arch, quick):
        self.kernels, self.arch, self.quick = kernels, arch, quick
        self.failures = 0

    def report(self, name, ok, detail):
        print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}", flush=True)
        if not ok:
            self.failures += 1


def test_vector_add(c):
    k = load(c.kernels, "vector_add", c.arch, "add_kernel")
    for n in ([4096, 5008] if c.quick else [1 << 22, (1 << 22) + 16 * 37]):
        x = torch.randn(n, device="cuda")
        y = torch.randn(n, device="cuda")
        out = torch.full((n + 64,), float("nan"), device="cuda")
        k((cdiv(n, 1024),), x, y, out, n)
        torch.cuda.synchronize()
        ref = x.double() + y.double()
        err = rel_err(out[:n], ref)
        tail_ok = torch.isnan(out[n:]).all().item()
        c.report(f"vector_add n={n}", err < 1e-6 and tail_ok, f"rel err {err:.2e}, untouched tail {tail_ok}")


def test_masked_copy(c):
    k = load(c.kernels, "masked_copy", c.arch)
    for M, N in ([(70, 99)] if c.quick else [(1024, 1024), (1000, 999)]):
        ld, ldo = N + 3, N + 11
        x = torch.randn(M, ld, device="cuda").half()
        out = torch.full((M + 1, ldo), float("nan"), device="cuda").half()
        k((cdiv(M, 64), cdiv(ldo, 64)), x, out, M, N, ld, ldo)
        torch.cuda.synchronize()
        ref = torch.full((M, ldo), -1.0, device="cuda").half()
        ref[:, :N] = x[:, :N]
        ok = torch.equal(out[:M], ref) and torch.isnan(out[M:]).all().item()
        c.report(f"masked_copy {M}x{N} -> {M}x{ldo}", ok, "exact" if ok else f"{(out[:M] != ref).sum().item()} mismatches")


def test_row_sum(c):
    k = load(c.kernels, "row_sum", c.arch)
    for M, N in ([(40, 528)] if c.quick else [(1024, 4096), (1000, 4112)]):
        x = torch.randn(M, N, device="cuda").half()
        out = torch.full((M + 16,), float("nan"), device="cuda")
        k((cdiv(M, 16),), x, out, M, N, N)
        torch.cuda.synchronize()
        ref = x.double().sum(1)
        err = rel_err(out[:M], ref)
        c.report(f"row_sum {M}x{N}", err < 1e-5 and torch.isnan(out[M:]).all().item(), f"rel err {err:.2e}")


def matmul_shapes(c, sparse):
    if c.quick:
        return [(256, 128, 128), (144, 144, 208)]
    return [(1024, 1024, 1024), (2048, 1024, 512), (1008 if sparse else 1000, 1008, 1008), (272, 400, 2064)]


def test_matmul(c, dt):
    tdt = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
    tol = {"f16": 1e-3, "bf16": 1e-2}[dt]
    name = f"matmul_{dt}"
    k = load(c.kernels, name, c.arch)
    for M, N, K in matmul_shapes(c, False):
        a = torch.randn(M, K, device="cuda").to(tdt)
        b = torch.randn(K, N, device="cuda").to(tdt)
        cc = torch.full((M, N), float("nan"), device="cuda").to(tdt)
        k((cdiv(M, 128), cdiv(N, 128)), a, b, cc, M, N, K, K, N, N)
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        err = rel_err(cc, ref)
        c.report(f"{name} {M}x{N}x{K}", err < tol, f"rel err {err:.2e} (tol {tol:g})")


def test_sparse_matmul(c, dt, ordered=False):
    tdt = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
    tol = {"f16": 1e-3, "bf16": 1e-2}[dt]
    name = f"sparse_matmul_{dt}"
    if ordered:  # mma.sp::ordered_metadata (PTX 8.5), sm_90 only
        k = load(c.kernels, name + "_ordered", "sm_90", name)
        name += " (ordered_metadata)"
    else:
        k = load(c.kernels, name, c.arch)
    assert k.m.get("metadataLayout") == "band16", k.m
    roles = [p["role"] for p in k.m["params"]]
    assert roles[:2] == ["values", "metadata"], roles
    for M, N, K in matmul_shapes(c, True):
        a = torch.randn(M, K, device="cuda")
        dense, vals, words = prune_2_4(a.to(tdt).float())
        lda = pad16(K // 2)
        av = torch.zeros(M, lda, device="cuda", dtype=tdt)
        av[:, : K // 2] = vals.to(tdt)
        ldm = cdiv(K, 64) * 64
        e = band16(words, ldm)
        b = torch.randn(K, N, device="cuda").to(tdt)
        cc = torch.full((M, N), float("nan"), device="cuda").to(tdt)
        k((cdiv(M, 128), cdiv(N, 128)), av, e, b, cc, M, N, K, lda, ldm, N, N)
        torch.cuda.synchronize()
        ref = dense.double() @ b.double()
        err = rel_err(cc, ref)
        c.report(f"{name} {M}x{N}x{K}", err < tol, f"rel err {err:.2e} (tol {tol:g})")


def bench(c, sizes=(4096, 8192)):
    """TFLOP/s (dense-equivalent, 2*M*N*K) of the dense and sparse fp16
    kernels against torch.matmul (cuBLAS), CUDA events, median of 20."""
    dk = load(c.kernels, "matmul_f16", c.arch)
    sk = load(c.kernels, "sparse_matmul_f16", c.arch)

    def timeit(fn):
        for _ in range(3):
            fn()
        ts = []
        for _ in range(20):
            s0, s1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s0.record()
            fn()
            s1.record()
            torch.cuda.synchronize()
            ts.append(s0.elapsed_time(s1))
        return sorted(ts)[len(ts) // 2]

    for n in sizes:
        M = N = K = n
        a = torch.randn(M, K, device="cuda").half()
        b = torch.randn(K, N, device="cuda").half()
        cc = torch.empty(M, N, device="cuda").half()
        dense, vals, words = prune_2_4(a.float())
        av = vals.half().contiguous()
        e = band16(words, K)
        grid = (cdiv(M, 128), cdiv(N, 128))
        flop = 2 * M * N * K
        t_cublas = timeit(lambda: torch.matmul(a, b, out=cc))
        t_dense = timeit(lambda: dk(grid, a, b, cc, M, N, K, K, N, N))
        t_sparse = timeit(lambda: sk(grid, av, e, b, cc, M, N, K, K // 2, K, N, N))
        print(f"BENCH {n}^3 fp16: cuBLAS {flop / t_cublas / 1e9:.0f} TFLOP/s, sp dense {flop / t_dense / 1e9:.0f}, "
              f"sp sparse {flop / t_sparse / 1e9:.0f} ({t_cublas / t_sparse:.2f}x cuBLAS)", flush=True)


def bench_variants(c, n=8192):
    """Checks and times the tile variants in the kernels directory
    ((sparse_)matmul_f16_t<BM>x<BN>x<BK>_w<warps>_s<stages>) at n^3."""
    import glob
    import re
    a = torch.randn(n, n, device="cuda").half()
    b = torch.randn(n, n, device="cuda").half()
    dense, vals, words = prune_2_4(a.float())
    av = vals.half().contiguous()
    cc = torch.empty(n, n, device="cuda").half()

    def timeit(fn):
        for _ in range(3):
            fn()
        ts = []
        for _ in range(10):
            s0, s1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s0.record()
            fn()
            s1.record()
            torch.cuda.synchronize()
            ts.append(s0.elapsed_time(s1))
        return sorted(ts)[len(ts) // 2]

    t_cublas = timeit(lambda: torch.matmul(a, b, out=cc))
    print(f"BENCH {n}^3 cuBLAS fp16 {2 * n**3 / t_cublas / 1e9:.0f} TFLOP/s", flush=True)
    for path in sorted(glob.glob(os.path.join(c.kernels, f"*matmul_f16_t*.{c.arch}.ptx"))):
        stem = os.path.basename(path)[: -len(f".{c.arch}.ptx")]
        m = re.search(r"_t(\d+)x(\d+)x(\d+)_", stem)
        BM, BN, BK = map(int, m.groups())
        k = load(c.kernels, stem, c.arch)
        sparse = stem.startswith("sparse")
        # correctness at a ragged size first
        M, N, K = 1008, 1008, 1040
        ta = torch.randn(M, K, device="cuda")
        tb = torch.randn(K, N, device="cuda").half()
        out = torch.full((M, N), float("nan"), device="cuda").half()
        if sparse:
            d2, v2, w2 = prune_2_4(ta.half().float())
            lda = pad16(K // 2)
            tv = torch.zeros(M, lda, device="cuda").half()
            tv[:, : K // 2] = v2.half()
            ldm = cdiv(K, BK) * BK
            k((cdiv(M, BM), cdiv(N, BN)), tv, band16(w2, ldm), tb, out, M, N, K, lda, ldm, N, N)
            ref = d2.double() @ tb.double()
        else:
            k((cdiv(M, BM), cdiv(N, BN)), ta.half(), tb, out, M, N, K, K, N, N)
            ref = ta.half().double() @ tb.double()
        torch.cuda.synchronize()
        err = rel_err(out, ref)
        c.report(f"{stem} {M}x{N}x{K}", err < 1e-3, f"rel err {err:.2e}")
        grid = (cdiv(n, BM), cdiv(n, BN))
        if sparse:
            e = band16(words, cdiv(n, BK) * BK)
            t = timeit(lambda: k(grid, av, e, b, cc, n, n, n, n // 2, e.shape[1], n, n))
        else:
            t = timeit(lambda: k(grid, a, b, cc, n, n, n, n, n, n))
        print(f"BENCH {n}^3 {stem}: {2 * n**3 / t / 1e9:.0f} TFLOP/s ({t_cublas / t:.2f}x cuBLAS)", flush=True)


def test_pipeline(c):
    """The examples compiled end to end (sp-opt --sp-pipeline --emit=ptx)."""
    k = load(c.kernels, "pipeline_matmul", c.arch, "matmul_kernel")
    for M, N, K in ([(256, 256, 64)] if c.quick else [(1024, 1024, 1024), (1008, 1008, 1008)]):
        a = torch.randn(M, K, device="cuda").half()
        b = torch.randn(K, N, device="cuda").half()
        cc = torch.full((M, N), float("nan"), device="cuda").half()
        k((cdiv(M, 128) * cdiv(N, 128),), a, b, cc, M, N, K, K, N, N)
        torch.cuda.synchronize()
        err = rel_err(cc, a.double() @ b.double())
        c.report(f"pipeline matmul_kernel {M}x{N}x{K}", err < 1e-3, f"rel err {err:.2e}")
    k = load(c.kernels, "pipeline_sparse_matmul", c.arch, "sparse_matmul")
    roles = [p["role"] for p in k.m["params"]]
    assert roles[:3] == ["values", "metadata", "dense"] and k.m.get("metadataLayout") == "band16", (roles, k.m)
    # Block pointers with boundary checks; M, N, K multiples of 64 (the
    # metadata of a partial K block would be zero padding).
    for M, N, K in ([(128, 128, 128)] if c.quick else [(256, 256, 256), (1024, 512, 2048)]):
        dense, vals, words = prune_2_4(torch.randn(M, K, device="cuda").half().float())
        e = band16(words, K)
        b = torch.randn(K, N, device="cuda").half()
        cc = torch.full((M, N), float("nan"), device="cuda").half()
        k((cdiv(M, 64), cdiv(N, 64)), vals.half().contiguous(), e, b, cc, M, N, K, K, N, N)
        torch.cuda.synchronize()
        err = rel_err(cc, dense.double() @ b.double())
        c.report(f"pipeline sparse_matmul {M}x{N}x{K}", err < 1e-3, f"rel err {err:.2e}")


TESTS = {
    "vector_add": test_vector_add,
    "masked_copy": test_masked_copy,
    "row_sum": test_row_sum,
    "matmul_f16": lambda c: test_matmul(c, "f16"),
    "matmul_bf16": lambda c: test_matmul(c, "bf16"),
    "sparse_matmul_f16": lambda c: test_sparse_matmul(c, "f16"),
    "sparse_matmul_bf16": lambda c: test_sparse_matmul(c, "bf16"),
    "pipeline": test_pipeline,
    "sparse_ordered": lambda c: c.arch == "sm_90" and (test_sparse_matmul(c, "f16", True), test_sparse_matmul(c, "bf16", True)),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", default=os.path.join(HERE, "kernels"))
    ap.add_argument("--arch", default=None, help="sm_80 or sm_90 (default: from the device)")
    ap.add_argument("--quick", action="store_true", help="small shapes (for compute-sanitizer)")
    ap.add_argument("--only", nargs="*", default=None, choices=sorted(TESTS))
    ap.add_argument("--bench", action="store_true", help="also time the fp16 matmuls against cuBLAS")
    args = ap.parse_args()
    arch = args.arch
    if arch is None:
        major, _ = torch.cuda.get_device_capability()
        arch = "sm_90" if major >= 9 else "sm_80"
    c = Ctx(args.kernels, arch, args.quick)
    print(f"device {torch.cuda.get_device_name()}, PTX for {arch}", flush=True)
    for name in args.only or list(TESTS):
        try:
            TESTS[name](c)
        except Exception as e:  # a launch or load error is a failure of that test
            c.report(name, False, f"{type(e).__name__}: {e}")
    if args.bench:
        bench(c)
        bench_variants(c)
    print(f"{c.failures} failure(s)")
    sys.exit(1 if c.failures else 0)


if __name__ == "__main__":
    main()
