"""sp's Triton kernels: the tutorial 03 matmul with a 2:4 sparse A.

Imported only when Triton is installed.
"""
import triton
import triton.language as tl

from .jit import jit as sp_jit


@sp_jit(sparse={"a_ptr": "a_meta"})
@triton.jit
def sparse_matmul_kernel(a_ptr, a_meta, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                         stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                         BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    """C = A @ B, A (M x K) 2:4 along K; a_ptr/a_meta are sp.compress(A,
    layout="band16") values and metadata, strides are A's dense strides
    (K padded to a multiple of 16)."""
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
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


def sparse_matmul(values, meta, b, k=None, out=None, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64,
                  GROUP_SIZE_M=8, num_warps=4, num_stages=3):
    """out = W @ b for W given as values (M x Kp/2) and band16 metadata
    (whole bands of 16 rows), Kp = K rounded up to 16; b is K x N."""
    m, kp = values.shape[0], 2 * values.shape[1]
    k = b.shape[0] if k is None else k
    n = b.shape[1]
    if out is None:
        out = b.new_empty((m, n))
    grid = (triton.cdiv(m, BLOCK_SIZE_M) * triton.cdiv(n, BLOCK_SIZE_N),)
    sparse_matmul_kernel[grid](values, meta, b, out, m, n, k, kp, 1, b.stride(0), b.stride(1), out.stride(0),
                               out.stride(1), BLOCK_SIZE_M=BLOCK_SIZE_M, BLOCK_SIZE_N=BLOCK_SIZE_N,
                               BLOCK_SIZE_K=BLOCK_SIZE_K, GROUP_SIZE_M=GROUP_SIZE_M, num_warps=num_warps,
                               num_stages=num_stages)
    return out
