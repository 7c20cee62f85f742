"""2:4 prune, validate, compress and decompress for numpy arrays and torch
tensors, bit-identical to the Go package sparse (sparse/doc.go states the
rules: magnitude order with NaN above Inf, ties keep the lower index, the
padding positions of groups with fewer than two non-zeros follow PyTorch's
CUTLASS encoder).

Everything works on the element bit patterns as int64 arrays, with the same
code for numpy and torch (torch tensors stay on their device: CUDA tensors
are compressed by torch ops on the GPU).
"""
from dataclasses import dataclass

import numpy as np

from . import _layout

GROUP = 4
DENSE_PER_META = 16

# positions[mask] for a non-zero mask of at most two bits (sparse/group.go).
_PAD = {0b0000: (2, 3), 0b0001: (0, 2), 0b0010: (1, 2), 0b0100: (2, 3), 0b1000: (2, 3)}
_POS0, _POS1 = [], []
for _m in range(16):
    _idx = [i for i in range(4) if _m >> i & 1]
    _p = tuple(_idx) if len(_idx) == 2 else _PAD.get(_m, (0, 1))
    _POS0.append(_p[0])
    _POS1.append(_p[1])


class GroupError(ValueError):
    """A group with more than two non-zeros; the message is the Go package's."""

    def __init__(self, operand, line, group, nonzeros):
        self.operand, self.line, self.group, self.nonzeros = operand, line, group, nonzeros
        ln, span = ("column", "rows") if operand == "B" else ("row", "columns")
        first = group * GROUP
        super().__init__(f"{ln} {line}, group {group} ({span} {first}..{first + GROUP - 1}): "
                         f"{nonzeros} non-zeros, 2:4 allows at most 2")


def _is_torch(x):
    return type(x).__module__.startswith("torch")


class _Ops:
    """The few array operations that differ between numpy and torch."""

    def __init__(self, like):
        self.torch = _is_torch(like)
        if self.torch:
            import torch
            self.t, self.device = torch, like.device

    def const(self, values):
        a = np.asarray(values, dtype=np.int64)
        return self.t.from_numpy(a).to(self.device) if self.torch else a

    def take(self, x, idx):  # x[..., idx] along the last axis, idx with a trailing axis
        return self.t.gather(x, -1, idx) if self.torch else np.take_along_axis(x, idx, axis=-1)

    def put(self, x, idx, v):
        if self.torch:
            x.scatter_(-1, idx, v)
        else:
            np.put_along_axis(x, idx, v, axis=-1)

    def zeros(self, shape):
        return self.t.zeros(shape, dtype=self.t.int64, device=self.device) if self.torch else np.zeros(shape, np.int64)

    def transpose(self, x):
        return x.t().contiguous() if self.torch else np.ascontiguousarray(x.T)

    def first_true(self, b):
        """Index (flat) of the first True of b, or None."""
        if self.torch:
            nz = self.t.nonzero(b.reshape(-1))
            return int(nz[0, 0]) if nz.numel() else None
        nz = np.flatnonzero(b)
        return int(nz[0]) if nz.size else None


# ---- element types and bit patterns ----------------------------------------

def _dtype_name(x):
    """'f16', 'bf16' or 'f32' for a numpy array or torch tensor."""
    if _is_torch(x):
        import torch
        names = {torch.float16: "f16", torch.bfloat16: "bf16", torch.float32: "f32"}
    else:
        names = {np.dtype(np.float16): "f16", np.dtype(np.float32): "f32"}
    name = names.get(x.dtype)
    if name is None:
        raise TypeError(f"2:4 sparsity needs float16, bfloat16 or float32 elements, got {x.dtype}")
    return name


def _sign(dt):
    return 0x8000_0000 if dt == "f32" else 0x8000


def to_bits(x):
    """(bits, dtype name): x's element bit patterns as a non-negative int64 array."""
    dt = _dtype_name(x)
    if _is_torch(x):
        import torch
        if dt == "f32":
            return x.contiguous().view(torch.int32).to(torch.int64) & 0xFFFF_FFFF, dt
        return x.contiguous().view(torch.int16).to(torch.int64) & 0xFFFF, dt
    u = np.uint32 if dt == "f32" else np.uint16
    return np.ascontiguousarray(x).view(u).astype(np.int64), dt


def from_bits(bits, dt, like):
    """The inverse of to_bits: an array of dt (as like: numpy or torch)."""
    wide = dt == "f32"
    signed = bits - ((bits >> (31 if wide else 15)) & 1) * (1 << (32 if wide else 16))
    if _is_torch(like):
        import torch
        ints = signed.to(torch.int32 if wide else torch.int16)
        return ints.view({"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[dt])
    if dt == "bf16":
        raise TypeError("numpy has no bfloat16; use a torch tensor or the *_bits functions")
    return signed.astype(np.int32 if wide else np.int16).view(np.float32 if wide else np.float16)


def _rows(x, operand):
    """x as rows of the compressed dimension: x for A, xᵀ for B."""
    if operand not in ("A", "B"):
        raise ValueError(f'operand must be "A" or "B", got {operand!r}')
    if x.ndim != 2:
        raise ValueError(f"2:4 operands are matrices, got {x.ndim} dimensions")
    return _Ops(x).transpose(x) if operand == "B" else x


def _pad_k(bits, q):
    """bits (R x K) with K zero-padded to a multiple of q, as the Go host side
    pads ragged operands (the padding counts as +0 elements)."""
    r, k = bits.shape
    kp = -(-k // q) * q
    if kp == k:
        return bits
    ops = _Ops(bits)
    out = ops.zeros((r, kp))
    out[:, :k] = bits
    return out


def _crop_k(bits, k):
    """The first k columns of bits, contiguous."""
    if bits.shape[1] == k:
        return bits
    return bits[:, :k].contiguous() if _is_torch(bits) else np.ascontiguousarray(bits[:, :k])


# ---- bit-level algorithms (rows of the compressed dimension) ----------------

def prune_bits(bits, sign):
    """Keeps the two largest magnitudes of every group of four along the last axis."""
    ops = _Ops(bits)
    g = bits.reshape(-1, GROUP)
    m = g & (sign - 1)
    lower = ops.const([[k < j for k in range(GROUP)] for j in range(GROUP)]) != 0
    mj, mk = m[:, :, None], m[:, None, :]
    beaten = ((mk > mj) | ((mk == mj) & lower)).sum(-1)
    return (g * (beaten < 2)).reshape(bits.shape)


def _nonzero(bits, sign):
    g = (bits.reshape(bits.shape[0], -1, GROUP) & (sign - 1)) != 0
    return g, g.sum(-1)


def first_dense_group(bits, sign):
    """(line, group, non-zeros) of the first group with three or more non-zeros, or None."""
    ops = _Ops(bits)
    _, count = _nonzero(bits, sign)
    i = ops.first_true(count > 2)
    if i is None:
        return None
    groups = count.shape[1]
    return i // groups, i % groups, int(count.reshape(-1)[i])


def compress_bits(bits, sign, layout, operand="A"):
    """Rows R x K of bits -> (values R x K/2 bits, metadata int64 in layout, flat order)."""
    ops = _Ops(bits)
    r, k = bits.shape
    if k % DENSE_PER_META:
        raise ValueError(f"compressing operand {operand} needs K % {DENSE_PER_META} == 0, got K = {k}")
    _layout.check(layout, r, k // DENSE_PER_META)
    bad = first_dense_group(bits, sign)
    if bad is not None:
        raise GroupError(operand, *bad)
    nz, _ = _nonzero(bits, sign)
    w = ops.const([1, 2, 4, 8])
    mask = (nz * w).sum(-1)
    idx0, idx1 = ops.const(_POS0)[mask], ops.const(_POS1)[mask]
    g = bits.reshape(r, -1, GROUP)
    vals = ops.take(g, _stack_last(ops, idx0, idx1)).reshape(r, k // 2)
    nib = (idx0 | (idx1 << 2)).reshape(r, k // DENSE_PER_META, 4)
    natural = (nib * ops.const([1, 1 << 4, 1 << 8, 1 << 12])).sum(-1)
    return vals, _store(ops, natural, layout)


def _stack_last(ops, a, b):
    return ops.t.stack([a, b], -1) if ops.torch else np.stack([a, b], -1)


def _store(ops, natural, layout):
    r, mc = natural.shape
    off = ops.const(_layout.offsets(layout, r, mc).reshape(-1))
    out = ops.zeros((_layout.size(layout, r, mc),))
    out[off] = natural.reshape(-1)
    return out


def decompress_bits(vals, meta, layout, operand="A"):
    """The inverse of compress_bits: values R x K/2 and stored metadata -> R x K bits."""
    ops = _Ops(vals)
    r, half = vals.shape
    k = 2 * half
    if k % DENSE_PER_META:
        raise ValueError(f"compressed operand {operand} needs K % {DENSE_PER_META} == 0, got K = {k}")
    mc = k // DENSE_PER_META
    _layout.check(layout, r, mc)
    flat = meta.reshape(-1)
    if flat.shape[0] != _layout.size(layout, r, mc):
        raise ValueError(f"{r}x{mc} metadata in {layout} needs {_layout.size(layout, r, mc)} int16, has {flat.shape[0]}")
    natural = flat[ops.const(_layout.offsets(layout, r, mc).reshape(-1))].reshape(r, mc, 1)
    nib = (natural >> ops.const([0, 4, 8, 12])) & 0xF
    nib = nib.reshape(r, k // GROUP)
    idx0, idx1 = nib & 3, (nib >> 2) & 3
    i = ops.first_true(idx0 >= idx1)
    if i is not None:
        line, group, n = i // (k // GROUP), i % (k // GROUP), int(nib.reshape(-1)[i])
        ln = "column" if operand == "B" else "row"
        raise ValueError(f"{ln} {line}, group {group}: metadata nibble 0b{n:04b} names positions "
                         f"{n & 3} and {n >> 2 & 3}; want two increasing positions")
    dense = ops.zeros((r, k // GROUP, GROUP))
    ops.put(dense, _stack_last(ops, idx0, idx1), vals.reshape(r, k // GROUP, 2))
    return dense.reshape(r, k)


# ---- the public verbs ---------------------------------------------------------

def prune_2_4(x, operand="A"):
    """A copy of x in which every group of four along K keeps its two largest
    magnitudes (ties: the lower index; NaN counts as largest) and the other
    two are +0. For operand "A" (M x K) groups run along rows, for "B" (K x N)
    along columns. K need not be a multiple of 4: the missing elements of the
    last group count as zeros (as the Go host side pads ragged operands)."""
    rows = _rows(x, operand)
    bits, dt = to_bits(rows)
    pruned = _crop_k(prune_bits(_pad_k(bits, GROUP), _sign(dt)), bits.shape[1])
    out = from_bits(pruned, dt, x)
    return _Ops(x).transpose(out) if operand == "B" else out


def validate_2_4(x, operand="A"):
    """Raises GroupError for the first group (rows of A, columns of B) with
    more than two non-zeros (-0 counts as zero; so do the missing elements
    of a last group when K is not a multiple of 4)."""
    rows = _rows(x, operand)
    bits, dt = to_bits(rows)
    bad = first_dense_group(_pad_k(bits, GROUP), _sign(dt))
    if bad is not None:
        raise GroupError(operand, *bad)


def is_2_4(x, operand="A"):
    """Whether validate_2_4 would pass."""
    try:
        validate_2_4(x, operand)
    except GroupError:
        return False
    return True


@dataclass
class Sparse24:
    """A 2:4 operand: kept values and int16 metadata in a named layout.

    operand "A": shape (M, K), values M x Kp/2, metadata of A.
    operand "B": shape (K, N), values Kp/2 x N, metadata of Bᵀ (N rows).
    Kp is K rounded up to 16 (the padding is zeros), so a natural-layout A's
    row stride in dense elements is Kp = cdiv(K, 16) * 16.
    meta has the layout's 2-D storage shape (_layout.shape); its dtype is int16.
    """
    values: object
    meta: object
    shape: tuple
    operand: str = "A"
    layout: str = "natural"

    @property
    def dtype(self):
        return _dtype_name(self.values)

    @property
    def meta_shape(self):
        """(rows, cdiv(K, 16)) of the natural metadata matrix (K padded to 16)."""
        if self.operand == "B":
            return self.shape[1], -(-self.shape[0] // DENSE_PER_META)
        return self.shape[0], -(-self.shape[1] // DENSE_PER_META)

    def to_dense(self):
        return decompress(self)

    def with_layout(self, layout):
        """A copy whose metadata is stored in layout."""
        rows, mc = self.meta_shape
        _layout.check(layout, rows, mc)
        ops = _Ops(self.meta)
        flat = _meta_int64(self.meta).reshape(-1)
        natural = flat[ops.const(_layout.offsets(self.layout, rows, mc).reshape(-1))].reshape(rows, mc)
        meta = _meta_out(_store(ops, natural, layout), layout, rows, mc, self.meta)
        values = self.values.clone() if ops.torch else self.values.copy()
        return Sparse24(values, meta, self.shape, self.operand, layout)

    @classmethod
    def from_torch(cls, t):
        """Wraps PyTorch's 2:4 form without recomputing it: a
        SparseSemiStructuredTensorCUTLASS (to_sparse_semi_structured with the
        CUTLASS backend) gives its .packed values and .meta as they are; a dense
        2:4 tensor goes through PyTorch's sparse_semi_structured_from_dense_cutlass.
        The metadata layout is cutlass-sm80."""
        import torch
        if getattr(t, "packed", None) is not None and hasattr(t, "meta"):
            if t.meta is None:
                raise ValueError("this semi-structured tensor has no separate metadata (cuSPARSELt backend); "
                                 "set SparseSemiStructuredTensor._FORCE_CUTLASS = True before converting")
            rows, cols = t.shape
            return cls(t.packed.view(rows, cols // 2), t.meta, (rows, cols), "A", "cutlass-sm80")
        if isinstance(t, torch.Tensor) and t.layout == torch.strided:
            from torch.sparse._semi_structured_conversions import sparse_semi_structured_from_dense_cutlass
            values, meta = sparse_semi_structured_from_dense_cutlass(t)
            return cls(values, meta, tuple(t.shape), "A", "cutlass-sm80")
        raise TypeError(f"Sparse24.from_torch takes a SparseSemiStructuredTensorCUTLASS or a dense tensor, got {type(t)}")


def _meta_int64(meta):
    if _is_torch(meta):
        import torch
        return meta.contiguous().view(torch.int16).to(torch.int64) & 0xFFFF
    return np.ascontiguousarray(meta).view(np.uint16).astype(np.int64)


def _meta_out(flat, layout, rows, mc, like):
    signed = flat - ((flat >> 15) & 1) * (1 << 16)
    shp = _layout.shape(layout, rows, mc)
    if _is_torch(like):
        import torch
        return signed.to(torch.int16).reshape(shp)
    return signed.astype(np.int16).reshape(shp)


def compress(x, operand="A", layout="band16"):
    """Splits a 2:4 matrix into a Sparse24: values and int16 metadata in
    layout ("natural", "band16", "band16t" or "cutlass-sm80"). A group with
    more than two non-zeros is a GroupError (prune first with prune_2_4).
    K is zero-padded to a multiple of 16 (one metadata word), as sp-run pads
    ragged operands; decompress gives back the unpadded shape."""
    rows = _rows(x, operand)
    bits, dt = to_bits(rows)
    bits = _pad_k(bits, DENSE_PER_META)
    vals, meta = compress_bits(bits, _sign(dt), layout, operand)
    values = from_bits(vals, dt, x)
    if operand == "B":
        values = _Ops(x).transpose(values)
    r, k = bits.shape
    return Sparse24(values, _meta_out(meta, layout, r, k // DENSE_PER_META, x), tuple(x.shape), operand, layout)


def decompress(s):
    """The dense matrix of a Sparse24 (positions the metadata does not name are +0)."""
    if not isinstance(s, Sparse24):
        raise TypeError(f"decompress takes an sp.Sparse24, got {type(s).__name__}")
    ops = _Ops(s.values)
    vals = ops.transpose(s.values) if s.operand == "B" else s.values
    want = (s.meta_shape[0], s.meta_shape[1] * DENSE_PER_META // 2)
    if tuple(vals.shape) != want:
        raise ValueError(f"operand {s.operand} of shape {s.shape[0]}x{s.shape[1]} needs "
                         f"{'x'.join(map(str, want if s.operand == 'A' else want[::-1]))} values, "
                         f"got {'x'.join(map(str, s.values.shape))}")
    bits, dt = to_bits(vals)
    k = s.shape[1] if s.operand == "A" else s.shape[0]
    dense = decompress_bits(bits, _meta_int64(s.meta), s.layout, s.operand)
    dense = from_bits(_crop_k(dense, k), dt, s.values)
    return ops.transpose(dense) if s.operand == "B" else dense
