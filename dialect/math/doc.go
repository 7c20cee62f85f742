// Package math defines the MLIR math dialect ops that Triton kernels use.
//
// # Forms
//
//	%y = math.exp %x [fastmath<fast>] : tensor<64xf32>
//	%y = math.fma %a, %b, %c : f32
//	%n = math.ctpop %x : i32
//
// Every op is elementwise with one type for operands and result
// (SameOperandsAndResultType), spelled once after the colon.
//
// # Invariants
//
//   - Float ops (absf, exp, sqrt, fma, powf, ...) take float-like operands
//     and may carry the `fastmath` property, an #arith.fastmath attribute
//     (this package reuses arith's attribute, parser and printer). Parsing
//     the custom form sets it to `none` when absent, as MLIR's
//     default-valued property, so the generic form prints it; build with
//     arith.BuildUnary or arith.WithDefaultFlags for the same effect.
//   - Integer ops (absi, ctlz, cttz, ctpop) take signless integers and have
//     no flags.
//   - Fold hooks evaluate constant operands (scalars, splats, dense lists)
//     lane by lane; float results are rounded to the element type and only
//     f16, bf16, f32 and f64 fold.
//
// Dialect returns a fresh value each call; the package holds no mutable
// state and registers nothing at init time.
package math
