// Package arith defines MLIR's arith dialect: constants, integer and float
// arithmetic, comparisons, select and casts, with verifiers and folders.
//
// # Forms
//
//	%c0_i32 = arith.constant 0 : i32
//	%cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
//	%true = arith.constant true
//	%0 = arith.addi %a, %b [overflow<nsw, nuw>] : i32
//	%1 = arith.addf %x, %y [fastmath<nnan,ninf>] : tensor<64xf32>
//	%2 = arith.cmpi slt, %a, %b : i32
//	%3 = arith.select %c, %a, %b : i32            (i1 condition)
//	%4 = arith.select %m, %a, %b : tensor<64xi1>, tensor<64xf32>
//	%5 = arith.extsi %a : i32 to i64
//
// The generic form of a constant is
// `"arith.constant"() <{value = 0 : i32}> : () -> i32`.
//
// # Invariants
//
//   - Ops are declared as data (the tables in ops.go); Dialect builds fresh
//     OpDefs each call and the package holds no mutable state.
//   - Inherent attributes are properties: `value` (constant), `predicate`
//     (cmpi/cmpf, an i64 IntegerAttr numbered as in MLIR, printed as a
//     keyword in custom form), `fastmath` (#arith.fastmath) on float ops and
//     `overflowFlags` (#arith.overflow) on addi, subi, muli and shli. Flags
//     equal to `none` are elided from the custom form; parsing the custom
//     form and the Build helpers set them to `none` when absent (MLIR's
//     default-valued properties), so the generic form prints them as MLIR.
//   - Integer constants are stored canonically: sign-extended from their
//     width, except i1 (0 or 1) and unsigned types (zero-extended). Folders
//     keep that form.
//   - Fold hooks follow ir.OpDef.Fold: they get the constant attribute of
//     each operand (nil if unknown) and return one FoldResult or nil. They
//     fold scalars, splats and dense lists lane by lane, never fold division
//     by zero, signed overflow of division, or over-wide shifts (poison in
//     MLIR), and fold floats only for f16, bf16, f32 and f64 (computed in
//     float64 and rounded to nearest even). arith.constant does not fold:
//     constants are found through the ConstantLike trait and ConstantValue.
//   - Result name hints are MLIR's: %c<value>_<type> (%c-1_i32), %c<value>
//     for index, %true/%false for i1, %cst for floats and dense values.
package arith
