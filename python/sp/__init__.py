"""sp: 2:4 structured-sparse kernels from PyTorch and Triton, compiled by sp.

numpy is required; torch and triton are optional at import time:

    sp.prune_2_4, sp.validate_2_4, sp.compress, sp.decompress, sp.Sparse24
        numpy arrays and torch tensors (CUDA tensors stay on the GPU)
    sp.jit(sparse={"a_ptr": "a_meta"})   Triton kernels compiled by sp-opt
    sp.load("k.ptx")                     sp's PTX + manifest, without Triton
    torch.ops.sp.sparse_mm               registered when torch is installed
    sp.testing.assert_close              against the float64 dense product
"""
from . import testing
from ._layout import LAYOUTS
from ._sparse import GroupError, Sparse24, compress, decompress, is_2_4, prune_2_4, validate_2_4
from ._spopt import SpOptError, find_sp_opt, parse_manifest, run_sp_opt
from .jit import jit, manifest
from .launch import load

__all__ = ["LAYOUTS", "GroupError", "Sparse24", "SpOptError", "compress", "decompress", "find_sp_opt", "is_2_4",
           "jit", "load", "manifest", "parse_manifest", "prune_2_4", "run_sp_opt", "testing", "validate_2_4"]

try:
    import torch as _torch  # noqa: F401
except ImportError:
    pass
else:
    from . import ops  # registers torch.ops.sp.sparse_mm
