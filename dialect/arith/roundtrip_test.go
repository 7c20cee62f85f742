package arith_test

import (
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/ir"
)

func TestRoundTrip(t *testing.T) {
	src := dtest.Wrap("%a: i32, %b: i32, %x: f32, %t: tensor<64xf32>, %m: tensor<64xi1>, %c: i1, %i: index", `
  %c0 = arith.constant 0 : i32
  %cm = arith.constant -1 : i32
  %c7 = arith.constant 7 : i64
  %ci = arith.constant 64 : index
  %true = arith.constant true
  %cst = arith.constant 1.5 : f32
  %z = arith.constant dense<0.000000e+00> : tensor<64xf32>
  %l = arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b {foo = 1 : i32} : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.ceildivsi %a, %b : i32
  %5 = arith.shrui %a, %b : i32
  %6 = arith.maxsi %a, %b : i32
  %7 = arith.addf %x, %x fastmath<fast> : f32
  %8 = arith.mulf %t, %z fastmath<nnan,contract> : tensor<64xf32>
  %9 = arith.maximumf %t, %t : tensor<64xf32>
  %10 = arith.negf %x : f32
  %11 = arith.cmpi sge, %a, %b : i32
  %12 = arith.cmpf une, %t, %z : tensor<64xf32>
  %13 = arith.cmpf true, %x, %x : f32
  %14 = arith.select %c, %a, %b : i32
  %15 = arith.select %m, %t, %z : tensor<64xi1>, tensor<64xf32>
  %16 = arith.extsi %a : i32 to i64
  %17 = arith.trunci %16 : i64 to i16
  %18 = arith.sitofp %a : i32 to f32
  %19 = arith.fptosi %x : f32 to i32
  %20 = arith.truncf %t : tensor<64xf32> to tensor<64xbf16>
  %21 = arith.index_cast %i : index to i32
  %22 = arith.index_castui %a : i32 to index
  %23 = arith.bitcast %x : f32 to i32
  %24 = arith.remf %x, %x : f32
  %25 = arith.xori %true, %c : i1
  %26 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<afn>}> : (f32, f32) -> f32`)
	got := dtest.RoundTrip(t, src)
	dtest.Contains(t, got,
		"%c0_i32 = arith.constant 0 : i32",
		"%c-1_i32 = arith.constant -1 : i32",
		"%c7_i64 = arith.constant 7 : i64",
		"%c64 = arith.constant 64 : index",
		"%true = arith.constant true",
		"%cst = arith.constant 1.500000e+00 : f32",
		"%cst_0 = arith.constant dense<0.000000e+00> : tensor<64xf32>",
		"%cst_1 = arith.constant dense<[1, 2]> : tensor<2xi32>",
		"%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32",
		"%2 = arith.muli %arg0, %arg1 {foo = 1 : i32} : i32",
		"%7 = arith.addf %arg2, %arg2 fastmath<fast> : f32",
		"%8 = arith.mulf %arg3, %cst_0 fastmath<nnan,contract> : tensor<64xf32>",
		"%11 = arith.cmpi sge, %arg0, %arg1 : i32",
		"%13 = arith.cmpf true, %arg2, %arg2 : f32",
		"%15 = arith.select %arg4, %arg3, %cst_0 : tensor<64xi1>, tensor<64xf32>",
		"%20 = arith.truncf %arg3 : tensor<64xf32> to tensor<64xbf16>",
		"%26 = arith.addf %arg2, %arg2 fastmath<afn> : f32",
	)
}

// TestDefaultFlagsInGenericForm: the custom form elides `none` flags, but
// parsing it sets the default-valued properties, which the generic form
// prints, as MLIR does.
func TestDefaultFlagsInGenericForm(t *testing.T) {
	ctx := dtest.Context()
	m := dtest.Parse(t, ctx, dtest.Wrap("%a: i32, %x: f32", `
  %0 = arith.addi %a, %a : i32
  %1 = arith.subf %x, %x : f32
  %2 = arith.divsi %a, %a : i32`))
	gen := ir.Print(m, ir.PrintOptions{Generic: true})
	dtest.Contains(t, gen,
		`%0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32`,
		`%1 = "arith.subf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32`,
		`%2 = "arith.divsi"(%arg0, %arg0) : (i32, i32) -> i32`,
	)
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`%0 = arith.cmpi foo, %a, %a : i32`, "expected comparison predicate keyword"},
		{`%0 = arith.addf %x, %x fastmath<bogus> : f32`, `unknown fastmath flag "bogus"`},
		{`%0 = arith.addi %a : i32`, "expected 2 operands, found 1"},
		{`%0 = arith.extsi %a : i32 to i16`, "must be wider"},
		{`%0 = arith.trunci %a : i32 to i64`, "must be shorter"},
		{`%0 = arith.addi %x, %x : f32`, "must be signless-integer-like"},
		{`%0 = arith.addf %a, %a : i32`, "must be floating-point-like"},
		{`%0 = arith.index_cast %a : i32 to i64`, "cast incompatible"},
		{`%0 = arith.bitcast %a : i32 to f16`, "cast incompatible"},
		{`%0 = arith.extf %t : tensor<64xf32> to tensor<32xf64>`, "same shape"},
		{`%0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1`, "out of range"},
		{`%0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i32`, "result type 'i32' must be 'i1'"},
		{`%0 = "arith.constant"() <{value = 1 : i32}> : () -> i64`, "must match return type"},
		{`%0 = arith.select %m, %a, %a : tensor<64xi1>, i32`, "same shape"},
		{`%0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.fastmath<fast>}> : (i32, i32) -> i32`, "must be #arith.overflow"},
		{`%0 = "arith.addi"(%a, %a) : (i32, i32) -> i64`, "same type for all operands and results"},
	}
	for _, c := range cases {
		err := dtest.ParseError(dtest.Wrap("%a: i32, %x: f32, %t: tensor<64xf32>, %m: tensor<64xi1>", "  "+c.src))
		dtest.WantError(t, c.src, err, c.want)
	}
}
