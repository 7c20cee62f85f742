// Package decompose implements decompose-sparse-tensors (sparse-fork.md §3):
// every 2:4 sparse tensor of a TTIR module is split into a dense values
// tensor and an i16 metadata tensor, so that later passes see only dense
// types plus the metadata operand of tt.dot.
//
// # Contract (docs/sparse.md)
//
// A sparse operand of role A (an M x K tensor, 2:4 along its last dimension
// K; the default) decomposes into values [M, K/2] (same element type) and
// metadata [M/16, K] of i16 in the sparse.Band16 layout: band b (rows
// 16b..16b+15 of A) is metadata row b, and the 16 words of K-chunk c (dense
// columns 16c..16c+15) of the band's rows are contiguous at columns
// 16c..16c+15, rows interleaved in pairs (r, r+8), so natural element
// (r, c) sits at (r/16)*K + 16c + 2*(r%8) + (r%16)/8 (sparse.Layout.Offset).
// A block [B0, B1] at [O0, O1] of A is therefore the values block
// [B0, B1/2] at [O0, O1/2] and the metadata block [B0/16, B1] at
// [O0/16, O1]; values strides are [R0/2, R1], metadata strides [R0, R1].
//
// A sparse operand of role B (a K x N tensor used as operand B of tt.dot,
// 2:4 along K, i.e. along dimension 0) decomposes into values [K/2, N]
// (the two kept values of column n, group g at rows 2g and 2g+1, as
// sparse.CompressB) and the Band16 metadata of Bᵀ, [N/16, K]. A block
// [B0, B1] at [O0, O1] is the values block [B0/2, B1] at [O0/2, O1] with
// B's strides, and the metadata block [B1/16, B0] at [O1/16, O0] of a
// packed [N/16, K] buffer (strides [K, 1], K = shape[0]). Its tt.dot gets
// sparseIndex = 1, to be computed as (Bᵀ Aᵀ)ᵀ by the GPU passes.
//
// Pointer tensors (tensor<MxKx!tt.ptr<T, #tt.sparse<"NV24">>>, Triton's
// make_ttir form) are split by re-evaluating their offset arithmetic at the
// positions of the values and metadata tensors (ptrtensor.go); the
// metadata is then read in the band16 layout (A, as block pointers read it,
// with a band row as long as A's row stride) or band16t (B), recorded on
// the metadata argument as sp.metadata_layout. A's offsets must be a sum of
// row terms and K terms; its masks apply per chunk (16 dense columns, one
// metadata word) and, for the metadata, per band of 16 rows, so that they
// are uniform over 16-byte vectors.
//
// # Invariants
//
//   - Roles are decided per function before rewriting: values connected by
//     tt.make_tensor_ptr, tt.advance, tt.load, scf.for and scf.if/scf.yield
//     form one class (union-find); a class used as operand A and as operand
//     B of tt.dot is an error at the second dot, with a note at the first.
//   - Every value of a sparse type (scalar sparse pointer, sparse block
//     pointer, sparse tensor) is mapped to a (values, metadata) pair before
//     any of its users is visited (pre-order walk; definitions dominate
//     uses). Every sparse-typed operand or result is either handled by a
//     rewrite or reported as a positioned error; the pass never panics on
//     verified input.
//   - scf.for / scf.if are rebuilt only when they carry a sparse value; the
//     new op keeps the old op's attributes and takes over its regions (no
//     cloning), splitting block arguments in place. Other loops are left
//     untouched.
//   - Replaced ops and arguments are erased at the end, users first; a
//     replaced value that still has a use there is reported at that use.
//   - Constants divided by 2 or 16 become new constants (checked for
//     divisibility); other values get arith.shrsi, whose divisibility is
//     the caller's contract. Run canonicalize afterwards (sp-pipeline does).
package decompose
