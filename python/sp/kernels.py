"""sp's Triton kernels: the tutorial 03 matmul with a 2:4 sparse A, and on
Hopper a persistent form of it (tutorial 09's loop over tile ids) whose tiles
move by TMA through tensor descriptors.

Imported only when Triton is installed.
"""
import functools

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


@sp_jit(sparse={"a_ptr": "a_meta"})
@triton.jit
def sparse_matmul_persistent_kernel(a_ptr, a_meta, b_ptr, c_ptr, M, N, K, KP, stride_am, stride_bk, stride_cm,
                                    BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                                    BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    """C = A @ B as sparse_matmul_kernel, persistent (Triton tutorial 09):
    program p computes the tiles p, p + num_programs, ... in grouped order,
    reading A and B through tensor descriptors, which sp loads by TMA on
    Hopper (A's splits into values and band16 metadata descriptors). A's
    descriptor spans K padded to KP (its padding is zero), B's the true K
    (TMA reads the rows past it as zero); rows of A, B and C are
    unit-stride."""
    start = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_tiles = num_pid_m * num_pid_n
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, KP], strides=[stride_am, 1],
                                       block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, 1],
                                       block_shape=[BLOCK_SIZE_K, BLOCK_SIZE_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_cm, 1],
                                       block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_N])
    for tile_id in range(start, num_tiles, tl.num_programs(axis=0)):
        group_id = tile_id // num_pid_in_group
        first_pid_m = group_id * GROUP_SIZE_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
        pid_m = first_pid_m + ((tile_id % num_pid_in_group) % group_size_m)
        pid_n = (tile_id % num_pid_in_group) // group_size_m
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(KP, BLOCK_SIZE_K)):
            a = a_desc.load([pid_m * BLOCK_SIZE_M, k * BLOCK_SIZE_K])
            b = b_desc.load([k * BLOCK_SIZE_K, pid_n * BLOCK_SIZE_N])
            accumulator = tl.dot(a, b, accumulator)
        c_desc.store([pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N], accumulator.to(c_ptr.dtype.element_ty))


def _ensure_allocator():
    """Triton's launcher allocates a TMA kernel's global scratch through
    triton.set_allocator's allocator; set one on torch's caching allocator
    unless the program has set its own."""
    try:
        from triton.runtime import _allocation
        current = _allocation._allocator.get()
        unset = isinstance(current, _allocation.NullAllocator)
    except (ImportError, AttributeError):
        return
    if unset:
        import torch
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))


@functools.lru_cache(maxsize=None)
def _device_info(index):
    """(capability major, multiprocessors) of CUDA device index, read once."""
    import torch
    p = torch.cuda.get_device_properties(index)
    return p.major, p.multi_processor_count


def tma_ready(values, b, out, meta=None):
    """Whether sparse_matmul can take the persistent TMA kernel: a Hopper
    GPU, fp16 or bf16, and tensors TMA can address (unit-stride rows,
    16-byte aligned bases and row strides)."""
    import torch
    if not values.is_cuda or _device_info(values.device.index or 0)[0] != 9:
        return False
    if values.dtype not in (torch.float16, torch.bfloat16) or b.dtype != values.dtype or out.dtype != values.dtype:
        return False
    for t in (values, b, out) + ((meta,) if meta is not None else ()):
        if t.dim() != 2 or t.stride(1) != 1 or t.data_ptr() % 16 or (t.stride(0) * t.element_size()) % 16:
            return False
    return True


def persistent_tile(n):
    """(BLOCK_M, BLOCK_N, warps, stages) of the persistent kernel for N
    columns: the 128x256 tile of the compute-bound shapes, narrower tiles
    with deeper pipelines where N is small (decode), so that fewer wasted
    columns are computed and more programs share the weight."""
    if n <= 64:
        return 64, 64, 4, 8
    if n <= 128:
        return 128, 128, 8, 6
    return 128, 256, 8, 5


def sparse_matmul(values, meta, b, k=None, out=None, BLOCK_SIZE_M=None, BLOCK_SIZE_N=None, BLOCK_SIZE_K=64,
                  GROUP_SIZE_M=8, num_warps=None, num_stages=None, persistent=None):
    """out = W @ b for W given as values (M x Kp/2) and band16 metadata
    (whole bands of 16 rows), Kp = K rounded up to 16; b is K x N.

    On Hopper, when the tensors suit TMA (tma_ready), the persistent
    tensor-descriptor kernel runs (one program per SM; 128x256x64 tiles,
    8 warps, 5 stages, narrower for small N: persistent_tile); otherwise the tutorial 03 kernel (128x128x64, 4 warps,
    3 stages). persistent=False forces the latter; the block and pipeline
    arguments override either's defaults."""
    m, kp = values.shape[0], 2 * values.shape[1]
    k = b.shape[0] if k is None else k
    n = b.shape[1]
    if out is None:
        out = b.new_empty((m, n))
    if persistent is None:
        persistent = tma_ready(values, b, out, meta)
    if persistent:
        tbm, tbn, tw, ts = persistent_tile(n)
        bm, bn = BLOCK_SIZE_M or tbm, BLOCK_SIZE_N or tbn
        sms = _device_info(values.device.index or 0)[1]
        grid = (max(1, min(sms, triton.cdiv(m, bm) * triton.cdiv(n, bn))),)
        _ensure_allocator()
        sparse_matmul_persistent_kernel[grid](values, meta, b, out, m, n, k, kp, kp, b.stride(0), out.stride(0),
                                              BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=BLOCK_SIZE_K,
                                              GROUP_SIZE_M=GROUP_SIZE_M, num_warps=num_warps or tw,
                                              num_stages=num_stages or ts)
        return out
    BLOCK_SIZE_M, BLOCK_SIZE_N = BLOCK_SIZE_M or 128, BLOCK_SIZE_N or 128
    num_warps, num_stages = num_warps or 4, num_stages or 3
    grid = (triton.cdiv(m, BLOCK_SIZE_M) * triton.cdiv(n, BLOCK_SIZE_N),)
    sparse_matmul_kernel[grid](values, meta, b, out, m, n, k, kp, 1, b.stride(0), b.stride(1), out.stride(0),
                               out.stride(1), BLOCK_SIZE_M=BLOCK_SIZE_M, BLOCK_SIZE_N=BLOCK_SIZE_N,
                               BLOCK_SIZE_K=BLOCK_SIZE_K, GROUP_SIZE_M=GROUP_SIZE_M, num_warps=num_warps,
                               num_stages=num_stages)
    return out
