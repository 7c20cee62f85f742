// Package roles is the operand-role analysis of sparse kernels: which
// tt.dot operand a 2:4-sparse buffer is (A or B), and, after
// decompose-sparse-tensors, which kernel parameters carry the compressed
// values, their metadata, dense data or scalars.
//
//   - Classes (before decomposition): a union-find over the values that must
//     share one compressed layout: every sparse-typed operand and result of
//     one op (make_tensor_ptr, advance, load, splat, addptr, select, ...),
//     and the init value, region argument, yielded value and result of each
//     scf.for carried value and scf.if result (dialect/scf views). A class
//     used as operand 1 of a tt.dot is B; the operand of a rank-2 tt.trans
//     of a 2:4 tile is a class of its own whose role is the opposite of
//     the result's; every other class is A (the default, also for classes
//     no tt.dot uses). A class used as A by one
//     dot and as B by another is a positioned error with a note at the
//     other dot. decompose-sparse-tensors splits each class in its role,
//     and sp-run names the role of each sparse parameter.
//   - ParamRoles (after decomposition, any stage down to TTGIR): a pointer
//     parameter is "values" or "metadata" when the A operand or the
//     metadata operand of a sparse tt.dot depends on it, following def-use
//     chains backwards through op operands, carried values and the writes
//     (async copies, local stores) that fill a shared-memory buffer or a
//     view of it; other pointers are "dense", the rest "scalar". The PTX
//     lowering's manifest and sp-run's launcher use these names.
//
// # Invariants
//
//   - The analysis never modifies the IR and keeps no package state.
//   - Every value has exactly one class and one role; roles are decided by
//     tt.dot operand positions only, never by names or attributes spelled
//     outside dialect/.
package roles
