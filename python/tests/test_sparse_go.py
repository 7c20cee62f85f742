"""prune, validate and compress are bit-identical to the Go package sparse."""
import subprocess

import numpy as np
import pytest

import sp
from sp import _sparse

SPECIAL = {"f16": [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x3C00, 0xBC00, 0x0001],
           "bf16": [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x3F80, 0xBF80, 0x0001],
           "f32": [0, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x3F80_0000, 0xBF80_0000, 1]}
NP = {"f16": (np.float16, np.uint16), "bf16": (None, np.uint16), "f32": (np.float32, np.uint32)}


def random_bits(dt, rows, cols, seed):
    """Random bit patterns with many zeros, ±0, Inf, NaN and ties."""
    rng = np.random.default_rng(seed)
    u = NP[dt][1]
    bits = rng.integers(0, np.iinfo(u).max, size=(rows, cols), dtype=np.int64, endpoint=True)
    special = np.array(SPECIAL[dt], dtype=np.int64)[rng.integers(0, len(SPECIAL[dt]), size=(rows, cols))]
    pick = rng.random((rows, cols))
    bits = np.where(pick < 0.35, special, bits)
    small = rng.integers(0, 3, size=(rows, cols))  # ties between equal magnitudes
    bits = np.where((pick >= 0.35) & (pick < 0.5), small + SPECIAL[dt][5], bits)
    return bits.astype(u)


def go_reference(gobin, tmp_path, dt, bits, operand, layout):
    inp = tmp_path / "in.bin"
    bits.tofile(inp)
    subprocess.run([str(gobin / "spgold"), dt, str(bits.shape[0]), str(bits.shape[1]), operand, layout, str(inp),
                    str(tmp_path)], check=True)
    u = NP[dt][1]
    read = lambda n, t: np.fromfile(tmp_path / n, dtype=t)
    return ((tmp_path / "validate.txt").read_text(), read("pruned.bin", u), read("values.bin", u),
            read("meta.bin", np.int16))


def python_results(dt, bits, operand, layout):
    """(validate message, pruned, values, meta) through the public API (bit
    level for bf16, which numpy lacks)."""
    if dt != "bf16":
        x = bits.view(NP[dt][0])
        try:
            sp.validate_2_4(x, operand)
            msg = ""
        except sp.GroupError as e:
            msg = str(e)
        pruned = sp.prune_2_4(x, operand)
        s = sp.compress(pruned, operand, layout)
        assert s.meta.dtype == np.int16 and s.meta.shape == sp._layout.shape(layout, *s.meta_shape)
        dense = sp.decompress(s)
        assert np.array_equal(dense.view(NP[dt][1]) & ~np.array(SPECIAL[dt][1], NP[dt][1]) == 0,
                              pruned.view(NP[dt][1]) & ~np.array(SPECIAL[dt][1], NP[dt][1]) == 0)
        return msg, pruned.view(NP[dt][1]).ravel(), s.values.view(NP[dt][1]).ravel(), s.meta.ravel()
    rows = bits.astype(np.int64) if operand == "A" else np.ascontiguousarray(bits.T).astype(np.int64)
    k = rows.shape[1]
    bad = _sparse.first_dense_group(_sparse._pad_k(rows, 4), 0x8000)
    msg = str(sp.GroupError(operand, *bad)) if bad else ""
    pruned = _sparse._crop_k(_sparse.prune_bits(_sparse._pad_k(rows, 4), 0x8000), k)
    vals, meta = _sparse.compress_bits(_sparse._pad_k(pruned, 16), 0x8000, layout, operand)
    back = _sparse.decompress_bits(vals, meta, layout, operand)
    assert np.array_equal(back[:, :k] & 0x7FFF, pruned & 0x7FFF) and not (back[:, k:] & 0x7FFF).any()
    if operand == "B":
        pruned, vals = pruned.T, vals.T
    meta16 = (meta - ((meta >> 15) & 1) * 65536).astype(np.int16)
    return msg, pruned.astype(np.uint16).ravel(), vals.astype(np.uint16).ravel(), meta16


@pytest.mark.parametrize("dt", ["f16", "bf16", "f32"])
@pytest.mark.parametrize("operand", ["A", "B"])
@pytest.mark.parametrize("layout", ["natural", "band16", "band16t", "cutlass-sm80"])
def test_bit_identical_to_go(gobin, tmp_path, dt, operand, layout):
    # the last two have a ragged K (not a multiple of 4, or of 16): padded with zeros as in Go's sp-run
    ragged = [(32, 61), (64, 30)] if operand == "A" else [(61, 32), (30, 64)]
    for seed, (rows, cols) in enumerate([(32, 64), (64, 32), (96, 128)] + ragged):
        bits = random_bits(dt, rows, cols, seed)
        want = go_reference(gobin, tmp_path, dt, bits, operand, layout)
        got = python_results(dt, bits, operand, layout)
        assert got[0] == want[0]
        for name, g, w in zip(("pruned", "values", "meta"), got[1:], want[1:]):
            assert g.shape == w.shape, name
            diff = np.flatnonzero(g != w)
            assert diff.size == 0, f"{name} differs at flat {diff[:5]}: {g[diff[:5]]} vs {w[diff[:5]]}"


def test_validate_message_matches_go_on_a_2_4_matrix(gobin, tmp_path):
    bits = random_bits("f16", 32, 64, 7)
    pruned = sp.prune_2_4(bits.view(np.float16))
    want = go_reference(gobin, tmp_path, "f16", pruned.view(np.uint16), "A", "natural")
    assert want[0] == ""
    sp.validate_2_4(pruned)


@pytest.mark.parametrize("operand", ["A", "B"])
def test_ragged_k_1001_matches_go(gobin, tmp_path, operand):
    """K = 1001 (the ragged GPU test's shape): prune, validate and natural
    compress agree with Go, whose host side pads K with zeros; the values
    and metadata have K padded to 1008, the kernel's row stride."""
    shape = (40, 1001) if operand == "A" else (1001, 40)
    bits = random_bits("f16", *shape, 11)
    want = go_reference(gobin, tmp_path, "f16", bits, operand, "natural")
    got = python_results("f16", bits, operand, "natural")
    assert got[0] == want[0] and got[0] != ""
    for name, g, w in zip(("pruned", "values", "meta"), got[1:], want[1:]):
        assert g.shape == w.shape and np.array_equal(g, w), name
    s = sp.compress(sp.prune_2_4(bits.view(np.float16), operand), operand, "natural")
    assert s.values.shape == ((40, 504) if operand == "A" else (504, 40)) and s.meta_shape == (40, 63)
    assert s.to_dense().shape == shape
