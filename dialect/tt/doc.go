// Package tt is the Triton dialect (`tt.`): its op table, the pointer,
// memdesc and tensor-descriptor types, the typed enum attributes and the
// 2:4 sparse encoding `#tt.sparse<"NV24">` of the reference fork
// (docs/reference/sparse-fork.md §1–§2).
//
// # Declaration
//
// Dialect returns a fresh *ir.Dialect; nothing registers itself. Ops are
// declared as []*ir.OpDef tables (dialect.go, ops_tensor.go, ops_mem.go,
// ops_compute.go); each custom form is implemented by a parse/print pair
// whose comment quotes the ODS assemblyFormat it follows (shared forms live
// in dialect/internal/opfmt). tt.reduce and tt.scan are generic only.
//
// # Invariants
//
//   - PointerType.AddrSpace 1 is the default and prints elided; use Ptr.
//     A pointer encoding is nil or SparseAttr, and a sparse pointer points
//     to f16, bf16, f8E4M3FN, f8E5M2 or i8. Wherever a pointer type is read, both `!tt.ptr<…>` and
//     the stripped `<…>` parse (ParsePointerType); tt.make_tensor_ptr and
//     tt.advance print the stripped form.
//   - SparseAttr holds the format NV24 or BSR24 (with its block, positive
//     multiples of 16); other strings are parse
//     errors. As an ir.EncodingVerifier it admits only rank-2 f16/bf16
//     tensors (or tensors of pointers to them) whose last, compressed
//     dimension is a multiple of 4. Sparse tensors keep their logical
//     (uncompressed) shape; ValuesShape/MetadataShape give [M, K/2] and
//     [M/16, K].
//   - Enum-valued properties hold EnumAttr[E] (generic spelling
//     `#tt<cache ca>`); custom forms print the bare keyword. Integer
//     attributes with a valid case value (Triton's own generic output,
//     `cache = 2 : i32`) are accepted by DecodeEnum and the verifiers;
//     `padding` prints as its integer in tt.load's attr-dict, as Triton does.
//   - tt.load infers its result from the pointer (LoadResultType; a sparse
//     block pointer loads the logical sparse tensor) and records
//     `operandSegmentSizes` for (ptr, mask?, other?); tt.store expects
//     StoreValueType (a sparse block pointer stores the dense values tensor).
//   - tt.dot parses `$a, $b, $c (, $e)? (, sparseIndex = N)? (, inputPrecision = P)?`
//     by looking at the token after each comma (the reference fork's
//     generated parser cannot re-parse its own dense output). It prints
//     sparseIndex only when ≠ -1 and inputPrecision only when ≠ ieee. The
//     verifier checks A/B element widths, encodings (one #tt.sparse operand
//     is allowed before decomposition), and shapes: dense A MxK, B KxN,
//     C MxN; sparse (sparseIndex 0) values A MxK/2, metadata e M/16xK of i16,
//     B KxN, C MxN; sparseIndex 1: A MxK, values B K/2xN, metadata e of
//     Bᵀ N/16xK (B is 2:4 along K; docs/sparse.md).
//   - Verifiers index operands only after checking their count, so a
//     generic-form op of any arity fails verification instead of panicking.
package tt
