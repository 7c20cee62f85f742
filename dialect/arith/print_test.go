package arith_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/ir"
)

func tensor(elem ir.Type, shape ...int64) ir.RankedTensorType { return ir.NewTensor(shape, elem) }

func TestConstantNamesAndForms(t *testing.T) {
	ctx := dtest.Context()
	m, b, _ := dtest.Func(ctx)
	arith.BuildConstantInt(b, ir.I32, 0)
	arith.BuildConstantInt(b, ir.I32, -1)
	arith.BuildIndex(b, 64)
	arith.BuildConstantInt(b, ir.I64, 7)
	arith.BuildConstant(b, ir.BoolAttr(true))
	arith.BuildConstant(b, ir.BoolAttr(false))
	arith.BuildConstantFloat(b, ir.F32T, 1)
	arith.BuildConstantFloat(b, tensor(ir.F32T, 64, 64), 0)
	arith.BuildConstantInt(b, tensor(ir.I1, 8), 1)
	want := `%c0_i32 = arith.constant 0 : i32
%c-1_i32 = arith.constant -1 : i32
%c64 = arith.constant 64 : index
%c7_i64 = arith.constant 7 : i64
%true = arith.constant true
%false = arith.constant false
%cst = arith.constant 1.000000e+00 : f32
%cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
%cst_1 = arith.constant dense<true> : tensor<8xi1>`
	if got := dtest.BodyText(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

// TestNameConflict: a repeated hint gets a _<K> suffix. (Conflicts on
// different stems are avoided in these tests: MLIR draws K from one
// counter shared by all stems.)
func TestNameConflict(t *testing.T) {
	m, b, _ := dtest.Func(dtest.Context())
	arith.BuildConstantInt(b, ir.I32, 0)
	arith.BuildConstantInt(b, ir.I32, 0)
	if got, want := dtest.BodyText(m), "%c0_i32 = arith.constant 0 : i32\n%c0_i32_0 = arith.constant 0 : i32"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestGenericConstant(t *testing.T) {
	ctx := dtest.Context()
	m, b, _ := dtest.Func(ctx)
	arith.BuildConstantInt(b, ir.I32, 0)
	got := ir.Print(m, ir.PrintOptions{Generic: true})
	if want := `%c0_i32 = "arith.constant"() <{value = 0 : i32}> : () -> i32`; !strings.Contains(got, want) {
		t.Errorf("generic form lacks %q:\n%s", want, got)
	}
}

func TestOpForms(t *testing.T) {
	ctx := dtest.Context()
	ten := tensor(ir.F32T, 64)
	mask := tensor(ir.I1, 64)
	m, b, a := dtest.Func(ctx, ir.I32, ir.I32, ir.F32T, ten, mask, ir.I1)
	add := arith.BuildBinary(b, "arith.addi", a[0], a[1])
	add.DefiningOp().SetAttr(arith.OverflowAttrName, arith.OverflowAttr{Flags: arith.NSW | arith.NUW})
	arith.BuildBinary(b, "arith.muli", a[0], a[1]).DefiningOp().SetAttr(arith.OverflowAttrName, arith.OverflowAttr{Flags: arith.NSW})
	f := arith.BuildBinary(b, "arith.addf", a[3], a[3])
	arith.SetFastMath(f.DefiningOp(), arith.FastMathFast)
	g := arith.BuildBinary(b, "arith.mulf", a[2], a[2])
	arith.SetFastMath(g.DefiningOp(), arith.NNaN|arith.NInf)
	g.DefiningOp().SetAttr("tag", ir.UnitAttr{})
	arith.BuildUnary(b, "arith.negf", a[2])
	arith.BuildCmpI(b, arith.SLT, a[0], a[1])
	arith.BuildCmpF(b, arith.FOLT, a[3], a[3])
	arith.BuildSelect(b, a[5], a[0], a[1])
	arith.BuildSelect(b, a[4], a[3], a[3])
	arith.BuildCast(b, "arith.extsi", a[0], ir.I64)
	arith.BuildCast(b, "arith.truncf", a[3], tensor(ir.F16T, 64))
	arith.BuildCast(b, "arith.index_cast", a[0], ir.IndexType{})
	arith.BuildCast(b, "arith.bitcast", a[2], ir.I32)
	want := `%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
%1 = arith.muli %arg0, %arg1 overflow<nsw> : i32
%2 = arith.addf %arg3, %arg3 fastmath<fast> : tensor<64xf32>
%3 = arith.mulf %arg2, %arg2 fastmath<nnan,ninf> {tag} : f32
%4 = arith.negf %arg2 : f32
%5 = arith.cmpi slt, %arg0, %arg1 : i32
%6 = arith.cmpf olt, %arg3, %arg3 : tensor<64xf32>
%7 = arith.select %arg5, %arg0, %arg1 : i32
%8 = arith.select %arg4, %arg3, %arg3 : tensor<64xi1>, tensor<64xf32>
%9 = arith.extsi %arg0 : i32 to i64
%10 = arith.truncf %arg3 : tensor<64xf32> to tensor<64xf16>
%11 = arith.index_cast %arg0 : i32 to index
%12 = arith.bitcast %arg2 : f32 to i32`
	if got := dtest.BodyText(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	gen := ir.Print(m, ir.PrintOptions{Generic: true})
	dtest.Contains(t, gen,
		`%5 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1`,
		`%2 = "arith.addf"(%arg3, %arg3) <{fastmath = #arith.fastmath<fast>}> : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>`,
		`%0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32`,
		`%3 = "arith.mulf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan,ninf>}> {tag} : (f32, f32) -> f32`,
		`%4 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32`,
		`%6 = "arith.cmpf"(%arg3, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>`,
	)
}

func TestNoneFlagsElided(t *testing.T) {
	ctx := dtest.Context()
	m, b, a := dtest.Func(ctx, ir.F32T)
	f := arith.BuildBinary(b, "arith.addf", a[0], a[0])
	f.DefiningOp().SetAttr(arith.FastMathAttrName, arith.FastMathAttr{})
	if got, want := dtest.BodyText(m), "%0 = arith.addf %arg0, %arg0 : f32"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
