"""Metadata layouts: where natural metadata element (r, c) is stored.

A transcription of the Go package sparse (sparse/layout.go); the names are
the stable strings kernel manifests use. Every layout holds the same
rows * metaCols int16 values, only permuted; band16 and band16t store whole
bands of 16 rows, a ragged last band padded with zero words (kernels read
metadata a band at a time, and sp-run pads such operands the same way).
"""
import numpy as np

LAYOUTS = ("natural", "cutlass-sm80", "band16", "band16t")


def check(layout, rows, meta_cols):
    """Raises ValueError unless a rows x meta_cols metadata matrix fits layout."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown metadata layout {layout!r} (want natural, cutlass-sm80, band16 or band16t)")
    if layout == "cutlass-sm80" and (rows % 32 != 0 or meta_cols % 2 != 0):
        raise ValueError(f"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, "
                         f"got {rows} rows and K = {meta_cols * 16}")


def stored_rows(layout, rows):
    """Rows the storage holds: whole bands of 16 for band16 and band16t."""
    return -(-rows // 16) * 16 if layout in ("band16", "band16t") else rows


def size(layout, rows, meta_cols):
    """int16 words the storage holds."""
    return stored_rows(layout, rows) * meta_cols


def shape(layout, rows, meta_cols):
    """The 2-D shape a metadata tensor of this layout is stored with."""
    rows = stored_rows(layout, rows)
    if layout == "band16":
        return (rows // 16, 16 * meta_cols)
    if layout == "band16t":
        return (16 * meta_cols, rows // 16)
    return (rows, meta_cols)  # natural; cutlass-sm80 as PyTorch's .meta


def offsets(layout, rows, meta_cols):
    """A rows x meta_cols int64 array: the flat storage index of element (r, c)."""
    check(layout, rows, meta_cols)
    r = np.arange(rows, dtype=np.int64)[:, None]
    c = np.arange(meta_cols, dtype=np.int64)[None, :]
    if layout == "cutlass-sm80":
        a, b, base = (r % 32) >> 3, r % 8, r & ~31
        return (c >> 1) * 2 * rows + 2 * base + 8 * b + 4 * (a >> 1) + 2 * (c & 1) + (a & 1)
    if layout == "band16":
        return (r // 16) * 16 * meta_cols + 16 * c + 2 * (r % 8) + (r % 16) // 8
    if layout == "band16t":
        return (16 * c + 2 * (r % 8) + (r % 16) // 8) * (stored_rows(layout, rows) // 16) + r // 16
    return r * meta_cols + c
