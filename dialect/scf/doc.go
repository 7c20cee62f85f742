// Package scf defines MLIR's structured control flow ops: scf.for, scf.if,
// scf.while, scf.condition and scf.yield.
//
// # Forms
//
//	%r:2 = scf.for %iv = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (f32, i32)  : i32 {
//	  scf.yield %a2, %b2 : f32, i32
//	} {tt.num_stages = 3 : i32}
//	scf.for %iv = %c0 to %n step %c1 {
//	  ...                                (implicit empty scf.yield elided)
//	}
//	%v = scf.if %cond -> (i32) { scf.yield %a : i32 } else { scf.yield %b : i32 }
//	%w = scf.while (%arg1 = %init) : (f32) -> f32 {
//	  scf.condition(%c) %arg1 : f32
//	} do {
//	^bb0(%arg2: f32):
//	  scf.yield %next : f32
//	}
//
// The printer reproduces MLIR byte for byte, including scf.for's two
// spaces before ` : i32` when the induction variable is not index.
//
// # Invariants
//
//   - scf.for: operands lb, ub, step (all of the induction variable's
//     signless integer or index type) then the iter_args inits; one body
//     block whose arguments are the induction variable and one region iter
//     arg per init; results, inits, region iter args and yielded values
//     agree in number and type.
//   - scf.if: an i1 condition, a then region and an else region (empty only
//     when there are no results); each branch yields the result types.
//   - scf.while: before-block arguments match the inits; scf.condition
//     forwards values of the result types, which are also the after-block
//     arguments; the after block yields the init types.
//   - Parse hooks add the implicit empty scf.yield the custom form elides,
//     so parsed and built IR have the same shape.
//   - ForOp, IfOp and WhileOp are views over *ir.Operation; the As*
//     constructors check the structure first so that accessors never panic.
//
// Dialect returns a fresh value each call; the package holds no mutable
// state and registers nothing at init time.
package scf
