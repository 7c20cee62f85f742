// Package sparse is sp's host side of 2:4 structured sparsity: it prunes
// dense matrices to 2:4, validates them, and compresses them into the kept
// values plus the int16 metadata that mma.sp reads, in a named storage
// layout; and it decompresses them back. sp-run uses it to prepare kernel
// inputs and reference results. Reference: docs/reference/ptx.md §1.4–§1.7
// and §5; the layouts with a worked example are in docs/metadata.md.
//
// # Matrices
//
// A Matrix is row-major, Rows x Cols, of DType f16, bf16, f32, f8E4M3FN,
// f8E5M2 or i8 (8-bit types: see Band16K32 and docs/sparse.md §9), stored as
// little-endian bit patterns in Data with no padding — the bytes a kernel
// reads. Set rounds a float32 to the type (round to nearest, ties to even;
// f16 via github.com/x448/float16, bf16 by BF16FromFloat32); At widens
// exactly. f32 is a host convenience (reference math, tests) compressed
// with the same 2:4 groups and int16 metadata as the 16-bit types; it is
// not the 1:2 tf32 format of mma.sp.
//
// # Groups and zeros
//
// A group is GroupSize = 4 consecutive elements along the compressed
// dimension K. A matrix is 2:4 when every group holds at most two
// non-zeros. "Zero" is +0 or -0 (a magnitude of 0); NaN is non-zero.
//
//   - Prune keeps, in each group, the two elements of largest magnitude
//     (|x|, with NaN above Inf) and sets the other two to +0. Ties keep the
//     lower index along K. The result always passes Validate.
//   - Validate reports the first group (in row-major order of the operand
//     as an A operand: rows of A, columns of B) with three or more
//     non-zeros as a *GroupError, e.g.
//     "row 3, group 5 (columns 20..23): 3 non-zeros, 2:4 allows at most 2".
//   - Compress never drops a non-zero: a group with three or more is an
//     error (the same *GroupError). Every group is encoded as two distinct
//     increasing positions idx0 < idx1 (valid for mma.sp::ordered_metadata;
//     equal positions would be undefined behaviour). With exactly two
//     non-zeros these are their positions. With fewer, the padding follows
//     PyTorch's encoder so that metadata is bit-identical to
//     sparse_semi_structured_from_dense_cutlass: no non-zero, or only
//     position 2 or 3 → (2,3); only 1 → (1,2); only 0 → (0,2). The value
//     slot of a padding position holds that element (±0).
//
// # Compressed operands and metadata
//
// For an M x K operand A, Compress produces Values (M x K/2, the kept
// elements of each group in increasing position order) and an M x K/16
// natural metadata matrix: int16 (r, c) holds, at bits 4i..4i+3, the
// nibble idx0 | idx1<<2 of group 4c+i of row r (dense columns
// 16c+4i..16c+4i+3). K must be a multiple of 16.
//
// Sparse B contract: for a K x N operand B that is 2:4 along K (groups of
// four consecutive rows of one column), CompressB produces Values of shape
// K/2 x N (row-major; Values(2g+j, n) is the j-th kept element of group g
// of column n) and the metadata of Bᵀ used as the sparse A operand of the
// transposed product Cᵀ = Bᵀ·Aᵀ: an N x K/16 natural metadata matrix whose
// row n describes column n of B, stored in the requested layout (so the
// layout's row constraint applies to N). A kernel that wants the values in
// the Bᵀ orientation (N x K/2) uses Values.Transpose().
//
// Metadata is stored in a Layout, named by a stable string that manifests
// use: "natural" (row-major, ptx.md §5.1) or "cutlass-sm80" (CUTLASS's
// reorder_meta + ColumnMajorInterleaved<2>, ptx.md §5.3; needs M (or N)
// and K multiples of 32). Both hold the same M*K/16 int16 values, only
// permuted; ConvertMeta and Compressed.WithLayout convert between them.
//
// Invariants: Decompress(Compress(x)) equals x for every x that passes
// Validate (bit for bit, except that a -0 at a position the metadata does
// not name comes back as +0); Compress output always has increasing
// nibbles; Decompress rejects metadata whose nibbles are not increasing.
// Prune, Validate, Compress, Decompress and the layout conversions never
// modify their inputs (only Matrix.Set and Matrix.SetBits write). Errors carry no "sparse:" prefix;
// callers add context.
package sparse
