"""sp.testing.assert_close: a sparse product against the float64 dense product."""
import numpy as np

from ._sparse import Sparse24, _is_torch, decompress


def _f64(x):
    if _is_torch(x):
        return x.detach().to("cpu").double().numpy()
    return np.asarray(x, dtype=np.float64)


def assert_close(out, sparse_weight, x, rtol=None, atol=None):
    """Checks out ≈ W @ x where W is the dense form of sparse_weight (a
    Sparse24 of operand A, or a dense 2:4 matrix), computed in float64. The
    default bound is sp-run's: |out - ref| <= atol + rtol*|ref| with rtol the
    output type's unit roundoff times 4 and atol that times sqrt(K) times the
    largest |W|·|x| row sum."""
    w = decompress(sparse_weight) if isinstance(sparse_weight, Sparse24) else sparse_weight
    if isinstance(sparse_weight, Sparse24) and sparse_weight.operand != "A":
        raise ValueError("assert_close takes the sparse weight as operand A (W @ x)")
    w64, x64, o64 = _f64(w), _f64(x), _f64(out)
    if w64.shape[1] != x64.shape[0]:
        raise ValueError(f"W is {w64.shape[0]}x{w64.shape[1]} but x is {x64.shape[0]}x{x64.shape[1]}")
    ref = w64 @ x64
    if o64.shape != ref.shape:
        raise AssertionError(f"output shape {o64.shape}, want {ref.shape}")
    dt = str(getattr(out, "dtype", "float32")).replace("torch.", "")
    eps = {"float16": 2.0 ** -11, "bfloat16": 2.0 ** -8, "float32": 2.0 ** -24, "float64": 2.0 ** -53}.get(dt, 2.0 ** -24)
    k = w64.shape[1]
    scale = (np.abs(w64) @ np.abs(x64)).max(initial=0.0)
    rtol = 4 * eps if rtol is None else rtol
    atol = 4 * eps * np.sqrt(k) * scale if atol is None else atol
    err = np.abs(o64 - ref)
    bad = err > atol + rtol * np.abs(ref)
    bad |= np.isnan(o64) != np.isnan(ref)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise AssertionError(f"{int(bad.sum())} of {bad.size} elements differ; first ({i}, {j}): got {o64[i, j]!r}, "
                             f"want {ref[i, j]!r} (|err| {err[i, j]:.3g} > atol {atol:.3g} + rtol {rtol:.3g}*|want|)")
