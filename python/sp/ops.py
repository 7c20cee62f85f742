"""torch.ops.sp.sparse_mm(values, meta, x, layout="natural"): a 2:4 sparse
weight (operand A, M x K) times a dense x (K x N), as a torch.library
custom op so torch.compile graphs can call it (an opaque node with a fake
implementation for shapes). CUDA tensors run sp's Triton kernel
(sp.kernels, compiled by sp-opt through @sp.jit); CPU tensors decompress
and multiply in float32.
"""
import torch

from ._sparse import Sparse24, decompress

_DENSE = 16


@torch.library.custom_op("sp::sparse_mm", mutates_args=())
def sparse_mm(values: torch.Tensor, meta: torch.Tensor, x: torch.Tensor, layout: str = "natural") -> torch.Tensor:
    m, kp = values.shape[0], 2 * values.shape[1]
    if x.shape[0] > kp or kp - x.shape[0] >= _DENSE:
        raise ValueError(f"sp::sparse_mm: values {tuple(values.shape)} hold K = {kp} (K padded to 16), "
                         f"x has {x.shape[0]} rows")
    w = Sparse24(values, meta, (m, kp), "A", layout)
    if not values.is_cuda:
        return (decompress(w)[:, :x.shape[0]].float() @ x.float()).to(x.dtype)
    if layout != "band16":
        w = w.with_layout("band16")  # the layout sp's pointer-tensor kernels read
    from .kernels import sparse_matmul
    return sparse_matmul(w.values, w.meta, x.contiguous())


@sparse_mm.register_fake
def _(values, meta, x, layout="natural"):
    return x.new_empty((values.shape[0], x.shape[1]))
