// Package annotate implements annotate-sparse: it marks pointer arguments
// of a plain (dense) TTIR kernel as 2:4 sparse and propagates the
// #tt.sparse<"NV24"> encoding to every value derived from them, so that
// decompose-sparse-tensors can split them into values and metadata.
//
// # Contract
//
// The option `args` names arguments by index ("0") or by name ("a_ptr":
// the argument's name location, as Triton 3.x writes loc("a_ptr"), or its
// SSA name). Each named argument must be a !tt.ptr<f16|bf16> of a public
// or private tt.func; it becomes !tt.ptr<T, #tt.sparse<"NV24">>. The
// encoding then flows forward through
//
//	tt.splat, tt.addptr, tt.broadcast, tt.expand_dims  (pointer tensors:
//	    tensor<MxKx!tt.ptr<T, #tt.sparse<"NV24">>>)
//	tt.make_tensor_ptr, tt.advance                    (block pointers:
//	    !tt.ptr<tensor<MxKxT, #tt.sparse<"NV24">>>)
//	tt.load                                           (the loaded tensor:
//	    tensor<MxKxT, #tt.sparse<"NV24">>)
//	scf.for iter_args / results, scf.if results, scf.yield
//
// and ends at tt.dot operands. Any other use of a derived value (a store
// through the 2:4 pointer, arithmetic on the loaded tensor, a call) is a
// positioned error naming the argument, as is a marked argument whose
// values never reach a tt.dot operand: a 2:4 operand exists to feed a
// sparse product.
//
// # Invariants
//
//   - Only result types change; no op is created or erased, so the pass is
//     idempotent on an already marked argument.
//   - The module verifies after the pass whenever it verified before
//     (tt.load takes a dense `other` for a sparse result).
package annotate
