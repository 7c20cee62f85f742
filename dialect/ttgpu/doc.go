// Package ttgpu is the TritonGPU dialect: canonical namespace `triton_gpu`
// (Triton 3.1), accepted and printable as `ttg` (3.2+). It provides the
// layout attributes (blocked, slice, nvidia_mma v2/v3, dot_op with the 2:4
// fork's `meta`, shared, swizzled_shared, nvmma_shared, linear, the
// shared_memory space), `!triton_gpu.async.token`, `!triton_gpu.memdesc`
// (parsed into tt.MemDescType, which tt owns to avoid an import cycle), the
// shared-memory and async-copy ops, and module-attribute helpers.
//
// # Invariants
//
//   - Every attribute prints through p.Namespace("triton_gpu"), so a
//     printer with Spelling{"triton_gpu": "ttg"} writes `#ttg.…`; op names
//     are stored canonically and mapped by the printer.
//   - Layout bodies are dictionaries read in any key order and printed in
//     the fixed order of ir-syntax.md §5; unknown keys are errors; defaults
//     are omitted: kWidth 0 and meta -1 on dot_op, single-CTA CTA fields
//     (a CTALayout equal to the default compares Equal to the zero value).
//   - Aliases (ir.Aliaser): blocked → #blocked, nvidia_mma → #mma, all
//     shared encodings → #shared, linear → #linear; shared_memory → #smem
//     only under the ttg spelling (3.1 printed it inline). slice and dot_op
//     print inline.
//   - Distributed layouts implement ir.EncodingVerifier: the tensor rank
//     must equal the layout rank. SliceEncoding and DotOperandEncoding also
//     satisfy tt.SliceEncoding and tt.DotOperandEncoding, which tt's
//     verifiers use without importing this package.
//   - Ops whose tokens form an optional bare list (async_commit_group in
//     3.1 form, async_wait) read that list only on the op's own line, since
//     the empty form is otherwise ambiguous with the next op's results.
//   - Under the ttg spelling memdesc_subview prints as the 3.5+ op that
//     says the same view (ir.OpDef.PrintAs, respell.go): memdesc_index
//     `%buf[%i]` when it drops the leading dimension with zero offsets
//     elsewhere, memdesc_subslice `%t [o0, o1]` when its offsets are
//     constants and the rank is kept; other subviews keep their name. Both
//     forms parse to their own ops, which print the same text again, and
//     both are lowered and interpreted like the subview.
package ttgpu
