"""prune/validate/compress/decompress on numpy arrays: rules and errors."""
import numpy as np
import pytest

import sp
from sp import _layout


def test_prune_keeps_two_largest_with_ties_and_nan():
    x = np.array([[1, -3, 2, 3, 0, 0, 0, 5, np.nan, 1, np.inf, 2, 2, 2, 2, 2]], np.float32)
    p = sp.prune_2_4(x)
    want = np.array([[0, -3, 0, 3, 0, 0, 0, 5, np.nan, 0, np.inf, 0, 2, 2, 0, 0]], np.float32)
    assert np.array_equal(p, want, equal_nan=True)
    assert np.array_equal(x[0, :2], [1, -3])  # input untouched


def test_prune_b_groups_along_columns():
    x = np.arange(1, 33, dtype=np.float16).reshape(8, 4)
    assert np.array_equal(sp.prune_2_4(x, "B"), sp.prune_2_4(x.T.copy()).T)
    sp.validate_2_4(sp.prune_2_4(x, "B"), "B")
    assert not sp.is_2_4(x, "B")


def test_validate_error_names_the_first_group():
    x = np.zeros((4, 32), np.float16)
    x[3, 20:23] = 1
    x[2, 4] = -0.0
    with pytest.raises(sp.GroupError, match=r"^row 3, group 5 \(columns 20\.\.23\): 3 non-zeros, 2:4 allows at most 2$"):
        sp.validate_2_4(x)
    with pytest.raises(sp.GroupError, match=r"^column 20, group 0 \(rows 0\.\.3\): 4 non-zeros"):
        sp.validate_2_4(np.ones((4, 32), np.float16) * (np.arange(32) == 20), "B")


@pytest.mark.parametrize("layout", _layout.LAYOUTS)
@pytest.mark.parametrize("operand", ["A", "B"])
def test_round_trip(layout, operand):
    rng = np.random.default_rng(1)
    x = sp.prune_2_4(rng.standard_normal((64, 96) if operand == "A" else (96, 64)).astype(np.float16), operand)
    s = sp.compress(x, operand, layout)
    assert s.values.shape == ((64, 48) if operand == "A" else (48, 64))
    assert np.array_equal(sp.decompress(s), x)
    for other in _layout.LAYOUTS:
        t = s.with_layout(other)
        assert np.array_equal(sp.decompress(t), x)
        assert np.array_equal(t.with_layout(layout).meta, s.meta)


def test_compress_pads_like_pytorch():
    x = np.zeros((32, 32), np.float16)
    x[0, 0], x[0, 5], x[0, 10] = 1, 2, 3  # only 0 -> (0,2); only 1 -> (1,2); only 2 -> (2,3)
    s = sp.compress(x, layout="natural")
    # groups 0..3 of row 0: (0,2)=0b1000, (1,2)=0b1001, (2,3)=0b1110, (2,3)=0b1110
    assert int(s.meta[0, 0]) & 0xFFFF == 0x8 | 0x9 << 4 | 0xE << 8 | 0xE << 12
    assert np.array_equal(s.values[0, :8], [1, 0, 2, 0, 3, 0, 0, 0])


@pytest.mark.parametrize("layout", _layout.LAYOUTS)
def test_layout_offsets_are_permutations(layout):
    off = _layout.offsets(layout, 64, 6)
    assert np.array_equal(np.sort(off.ravel()), np.arange(64 * 6))


def test_errors():
    with pytest.raises(sp.GroupError):
        sp.compress(np.ones((32, 32), np.float16))
    with pytest.raises(sp.GroupError, match=r"^row 0, group 1 \(columns 4\.\.7\): 3 non-zeros"):
        sp.validate_2_4(np.array([[1, 0, 1, 0, 1, 1, 1]], np.float16))  # the missing column counts as zero
    with pytest.raises(ValueError, match=r"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 16 rows and K = 32"):
        sp.compress(np.zeros((16, 32), np.float16), layout="cutlass-sm80")
    with pytest.raises(ValueError, match=r"unknown metadata layout 'csr'"):
        sp.compress(np.zeros((16, 32), np.float16), layout="csr")
    with pytest.raises(ValueError, match=r'operand must be "A" or "B"'):
        sp.compress(np.zeros((16, 32), np.float16), operand="C")
    with pytest.raises(TypeError, match="float16, bfloat16 or float32"):
        sp.prune_2_4(np.zeros((4, 4), np.int32))
    s = sp.compress(np.zeros((16, 32), np.float16), layout="natural")
    s.meta[1, 1] = 0x5  # nibble 0b0101: positions 1 and 1
    with pytest.raises(ValueError, match=r"^row 1, group 4: metadata nibble 0b0101 names positions 1 and 1"):
        sp.decompress(s)
    s.values = np.zeros((16, 8), np.float16)
    with pytest.raises(ValueError, match=r"needs 16x16 values, got 16x8"):
        sp.decompress(s)


def test_assert_close():
    rng = np.random.default_rng(2)
    w = sp.compress(sp.prune_2_4(rng.standard_normal((32, 64)).astype(np.float16)))
    x = rng.standard_normal((64, 8)).astype(np.float16)
    out = (sp.decompress(w).astype(np.float64) @ x.astype(np.float64)).astype(np.float16)
    sp.testing.assert_close(out, w, x)
    out[3, 4] += 1
    with pytest.raises(AssertionError, match=r"1 of 256 elements differ; first \(3, 4\)"):
        sp.testing.assert_close(out, w, x)


def test_ragged_k_pads_with_zeros():
    """A K that is not a multiple of 4 (or 16) works as if zero-padded."""
    x = np.array([[1, 2, 3, 4, 5, 6], [-1, 0, 7, 0.5, 9, 0]], np.float16)
    p = sp.prune_2_4(x)
    assert p.shape == (2, 6)
    assert np.array_equal(p, np.array([[0, 0, 3, 4, 5, 6], [-1, 0, 7, 0, 9, 0]], np.float16))
    assert sp.is_2_4(p) and not sp.is_2_4(x)
    pb = sp.prune_2_4(np.ascontiguousarray(x.T), "B")
    assert np.array_equal(pb, p.T)
    s = sp.compress(p, layout="natural")
    assert s.values.shape == (2, 8) and s.meta.shape == (2, 1) and s.shape == (2, 6)
    assert np.array_equal(sp.decompress(s), p)
    sb = sp.compress(pb, "B", layout="natural")
    assert sb.values.shape == (8, 2) and np.array_equal(sp.decompress(sb), pb)


def test_band16_pads_a_ragged_last_band():
    # 40 rows: the third band holds rows 32..39 and 8 zero rows, as kernels read whole bands
    rng = np.random.default_rng(3)
    w = sp.prune_2_4(rng.standard_normal((40, 64)).astype(np.float16))
    s = sp.compress(w, layout="band16")
    assert s.meta.shape == (3, 64)
    assert np.array_equal(sp.decompress(s), w)
    assert np.array_equal(sp.decompress(s.with_layout("natural")), w)
    assert s.with_layout("natural").with_layout("band16t").meta.shape == (64, 3)
