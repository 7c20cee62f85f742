"""GPU tests of the Python package sp (PyTorch >= 2.4 with CUDA, Triton 3.6).

    SP_OPT=$PWD/bin/sp-opt PYTHONPATH=python python3 -m pytest -q test/gpu/test_python_sp.py

The tutorial 03 matmul decorated with @sp.jit against torch.mm on the pruned
weight (three shapes, one ragged; under triton.autotune with four configs);
cutlass-sm80 compression against to_sparse_semi_structured (fp16, bf16);
torch.compile calling torch.ops.sp.sparse_mm; sp.load on sp-opt's PTX.
"""
import os
import tempfile

import pytest

torch = pytest.importorskip("torch")
triton = pytest.importorskip("triton")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

import triton.language as tl  # noqa: E402

import sp  # noqa: E402
from sp import kernels  # noqa: E402

DEV = "cuda"


def pruned_weight(m, k, dtype=torch.float16, seed=0):
    """A random M x K 2:4 weight and its sp.compress(band16) form: compress
    pads K to Kp = cdiv(K, 16) * 16 with zeros (values M x Kp/2, metadata
    in whole bands of 16 rows), and Kp is the row stride (stride_am) the kernels take."""
    g = torch.Generator(device=DEV).manual_seed(seed)
    w = sp.prune_2_4(torch.randn(m, k, device=DEV, dtype=dtype, generator=g))
    s = sp.compress(w, layout="band16")
    kp = -(-k // 16) * 16
    assert tuple(s.values.shape) == (m, kp // 2) and tuple(s.meta.shape) == (-(-m // 16), kp)
    return w, s


@pytest.mark.parametrize("m,n,k", [(512, 512, 512), (1024, 256, 2048), (1000, 999, 1001)])
def test_jit_matmul_matches_torch_mm(m, n, k):
    w, s = pruned_weight(m, k)
    x = torch.randn(k, n, device=DEV, dtype=torch.float16)
    out = kernels.sparse_matmul(s.values, s.meta, x, k=k, persistent=False)
    torch.cuda.synchronize()
    assert sp.manifest(kernels.sparse_matmul_kernel)["params"][1]["role"] == "metadata"
    torch.testing.assert_close(out, torch.mm(w, x), rtol=1e-2, atol=1e-2)
    sp.testing.assert_close(out, w, x)


hopper = pytest.mark.skipif(torch.cuda.get_device_capability()[0] != 9, reason="the TMA kernel is Hopper's")


@hopper
@pytest.mark.parametrize("m,n,k,dtype", [(512, 512, 512, torch.float16), (1000, 1000, 1001, torch.float16),
                                         (2048, 4096, 256, torch.float16), (1008, 520, 2000, torch.bfloat16),
                                         (4096, 4096, 4096, torch.float16), (512, 16, 4096, torch.float16),
                                         (1000, 64, 1008, torch.float16), (1008, 128, 512, torch.bfloat16),
                                         (4096, 32, 4096, torch.float16)])
def test_persistent_tma_matches_torch_mm(m, n, k, dtype):
    """sparse_matmul's Hopper path: the persistent tensor-descriptor kernel
    (TMA loads of values, band16 metadata and B; one program per SM,
    several tiles each at 2048x4096: 256 tiles), ragged M and K,
    NaN-poisoned output."""
    w, s = pruned_weight(m, k, dtype=dtype, seed=5)
    x = torch.randn(k, n, device=DEV, dtype=dtype)
    out = torch.full((m, n), float("nan"), device=DEV, dtype=dtype)
    assert kernels.tma_ready(s.values, x, out)
    kernels.sparse_matmul(s.values, s.meta, x, k=k, out=out)
    torch.cuda.synchronize()
    man = sp.manifest(kernels.sparse_matmul_persistent_kernel)
    assert man["globalScratch"]["bytes"] > 0  # the last compile's (a cached specialization is not recompiled)
    assert not torch.isnan(out).any()
    sp.testing.assert_close(out, w, x)


@hopper
def test_sparse_mm_takes_the_tma_kernel_when_tensors_allow():
    w, s = pruned_weight(256, 512, seed=6)
    x = torch.randn(512, 264, device=DEV, dtype=torch.float16)
    assert kernels.tma_ready(s.values, x, x.new_empty(256, 264))
    y = torch.randn(512, 261, device=DEV, dtype=torch.float16)  # N = 261: the tutorial 03 kernel
    assert not kernels.tma_ready(s.values, y, y.new_empty(256, 261))  # row stride not a multiple of 16 bytes
    torch.testing.assert_close(torch.ops.sp.sparse_mm(s.values, s.meta, x, "band16"), torch.mm(w, x),
                               rtol=1e-2, atol=1e-2)
    torch.testing.assert_close(torch.ops.sp.sparse_mm(s.values, s.meta, y, "band16"), torch.mm(w, y),
                               rtol=1e-2, atol=1e-2)


@triton.autotune(configs=[
    triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}, num_warps=4, num_stages=3),
    triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}, num_warps=4, num_stages=4),
    triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_warps=4, num_stages=4),
    triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}, num_warps=4, num_stages=3),
], key=["M", "N", "K"])
@sp.jit(sparse={"a_ptr": "a_meta"})
@triton.jit
def tuned_matmul(a_ptr, a_meta, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                 BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                 GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@pytest.mark.parametrize("m,n,k", [(512, 512, 512), (1000, 999, 1001)])
def test_jit_under_autotune(m, n, k):
    w, s = pruned_weight(m, k, seed=1)
    x = torch.randn(k, n, device=DEV, dtype=torch.float16)
    out = torch.empty(m, n, device=DEV, dtype=torch.float16)
    kp = 2 * s.values.shape[1]
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_SIZE_M"]) * triton.cdiv(n, meta["BLOCK_SIZE_N"]),)
    tuned_matmul[grid](s.values, s.meta, x, out, m, n, k, kp, 1, x.stride(0), x.stride(1), out.stride(0), out.stride(1))
    torch.cuda.synchronize()
    torch.testing.assert_close(out, torch.mm(w, x), rtol=1e-2, atol=1e-2)
    sp.testing.assert_close(out, w, x)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_cutlass_sm80_bit_identical_to_pytorch(dtype):
    from torch.sparse._semi_structured_conversions import sparse_semi_structured_from_dense_cutlass
    for seed, (m, k) in enumerate([(64, 128), (128, 256), (256, 64)]):
        g = torch.Generator(device=DEV).manual_seed(seed)
        w = sp.prune_2_4(torch.randn(m, k, device=DEV, dtype=dtype, generator=g))
        w[: m // 4] *= torch.rand(m // 4, k, device=DEV, generator=g) < 0.3  # groups with < 2 non-zeros
        ours = sp.compress(w, layout="cutlass-sm80")
        values, meta = sparse_semi_structured_from_dense_cutlass(w)
        assert torch.equal(ours.values.view(torch.int16), values.view(torch.int16))
        assert torch.equal(ours.meta.view(torch.int16), meta.view(torch.int16).reshape(ours.meta.shape))
        theirs = sp.Sparse24.from_torch(w)
        assert torch.equal(sp.decompress(theirs), w)


def test_from_torch_semi_structured_tensor():
    from torch.sparse import SparseSemiStructuredTensor, to_sparse_semi_structured
    SparseSemiStructuredTensor._FORCE_CUTLASS = True
    w = sp.prune_2_4(torch.randn(128, 128, device=DEV, dtype=torch.float16))
    s = sp.Sparse24.from_torch(to_sparse_semi_structured(w))
    assert s.layout == "cutlass-sm80"
    assert torch.equal(sp.decompress(s), w)
    assert torch.equal(s.meta.view(torch.int16), sp.compress(w, layout="cutlass-sm80").meta.view(torch.int16))


def test_torch_compile_sparse_mm():
    w, s = pruned_weight(256, 512, seed=3)

    @torch.compile
    def f(values, meta, x):
        return torch.relu(torch.ops.sp.sparse_mm(values, meta, x, "band16")) * 2

    x = torch.randn(512, 128, device=DEV, dtype=torch.float16)
    out = f(s.values, s.meta, x)
    torch.testing.assert_close(out, torch.relu(torch.mm(w, x)) * 2, rtol=1e-2, atol=1e-2)
    c = s.with_layout("cutlass-sm80")
    torch.testing.assert_close(torch.ops.sp.sparse_mm(c.values, c.meta, x, "cutlass-sm80"), torch.mm(w, x),
                               rtol=1e-2, atol=1e-2)


def test_load_runs_sp_ptx_without_triton():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ttir = open(os.path.join(root, "examples/triton36/matmul_sm80.ttir")).read()
    cap = torch.cuda.get_device_capability()
    ptx = sp.run_sp_opt(ttir, sp._spopt.sparse_pipeline_args(["a_ptr"], 90 if cap[0] >= 9 else 80))
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(ptx)
    k = sp.load(f.name)
    m, n, kk = 512, 256, 1024
    w, s = pruned_weight(m, kk, seed=4)
    x = torch.randn(kk, n, device=DEV, dtype=torch.float16)
    out = torch.full((m, n), float("nan"), device=DEV, dtype=torch.float16)
    k((triton.cdiv(m, 128) * triton.cdiv(n, 128),), s.values, s.meta, x, out, m, n, kk, kk, n, n)
    torch.cuda.synchronize()
    sp.testing.assert_close(out, w, x)
