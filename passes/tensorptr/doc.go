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
// i32 offsets. tt.advance adds to the offsets (arith.addi). A tt.load or
// tt.store builds, per dimension d of the block [B0, …]:
//
//	idx_d  = extsi(splat(offset_d) + make_range(0, B_d)) : tensor<B_d x i64>
//	ptr   += broadcast(expand_dims(idx_d * splat(stride_d)))   (tt.addptr)
//
// from ptr = splat(base), and for each boundaryCheck dimension d the mask
// 0 <= idx_d < shape_d, expanded, broadcast and and-ed. padding = zero or
// nan gives the load's `other` (a splat constant) when there is a mask.
//
// # Loops
//
// A block pointer carried by scf.for is replaced by its offsets: one i32
// iter arg (and result) per dimension, in place. The frame stays the one of
// the init value; the value yielded back must come from the same frame
// (only its offsets may change), which holds for the tt.advance chains
// Triton produces; anything else is a positioned error. scf.if results are
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
