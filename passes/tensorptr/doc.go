// Package tensorptr implements triton-rewrite-tensor-pointer (TTIR ->
// TTIR, as Triton's pass of that name, ir-syntax.md §8–§9): block pointers
// (tt.make_tensor_ptr, tt.advance and the tt.load / tt.store through them)
// become tensors of pointers with masks, which is what the GPU passes and
// the PTX lowering consume.
//
// # Rewrite
//
// A block pointer is kept, while rewriting, as a frame (base pointer,
// shape, strides: the operands of its tt.make_tensor_ptr) plus its current
// i32 offsets. tt.advance adds to the offsets (arith.addi; a constant-zero
// delta keeps the offset value). A tt.load or tt.store of the block
// [B0, …] is built so that only scalars depend on the offsets:
//
//	range_d = make_range(0, B_d) : tensor<B_d x i32>
//	P0      = splat(base) + sum_d broadcast(expand_dims(range_d * stride_d))
//	ptr     = addptr(P0, splat(sum_d extsi(offset_d) * stride_d))
//
// P0 depends on the frame only, so loop-invariant-code-motion hoists it out
// of the loops that carry the offsets. range_d * stride_d is i32 when the
// stride is a constant c with |c| * (B_d - 1) < 2^31, i64 otherwise.
//
// For each boundaryCheck dimension d the mask is, per element, in i32:
//
//	range_d <  splat(trunci(clamp(shape_d - offset_d, 0, B_d)))
//	range_d >= splat(trunci(clamp(-offset_d, 0, B_d)))
//
// with the bounds computed in i64 (clamp = minsi(maxsi(x, 0), B_d)), which
// is exactly 0 <= offset_d + i < shape_d for 0 <= i < B_d. The second
// compare is left out when offset_d is provably non-negative: a
// non-negative constant, a program id, sums and products of those, or a
// loop-carried offset that starts non-negative and advances by
// non-negative amounts (as Triton, the i32 offset arithmetic is assumed not
// to overflow). The per-dimension masks are expanded, broadcast and and-ed;
// dimensions without a boundary check get no mask. padding = zero or nan
// gives the load's `other` (a splat constant) when there is a mask. The
// pointer and mask arithmetic of every load and store is built after the
// walk, once the loops' yields are rewritten (the sign analysis looks at
// them).
//
// # Loops
//
// A block pointer carried by scf.for is replaced by its offsets: one i32
// iter arg (and result) per dimension, in place. The frame stays the one of
// the init value; the value yielded back must come from the same frame
// (only its offsets may change), which holds for the tt.advance chains
// Triton produces; anything else is a positioned error. An offset the loop
// yields unchanged (no tt.advance moves that dimension) is not carried: its
// uses and the loop result take the init value and the iter arg is
// removed, so what depends on it is loop-invariant. scf.if results are
// split the same way, and both branches must yield pointers of one frame
// defined outside the scf.if.
//
// # Invariants
//
//   - Every block-pointer value is mapped (frame + offsets) before its
//     users are visited (pre-order walk); every use of a block pointer is
//     rewritten or reported: function arguments/results, tt.call, scf.while
//     and other ops cannot take block pointers.
//   - Sparse block pointers (#tt.sparse) are rejected: run
//     decompose-sparse-tensors first.
//   - After the pass no value of type !tt.ptr<tensor<…>> remains in the
//     function (checked; a leftover is an error at its definition).
//   - Loops and ifs that carry no block pointer are left untouched.
package tensorptr
