package arith_test

import (
	"math"
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/ir"
)

// fold runs op's Fold hook on the constants defining its operands.
func fold(op *ir.Operation) []ir.FoldResult {
	return op.Def.Fold(op, arith.ConstantOperands(op))
}

// foldAttr folds op and returns the single constant result (nil if none).
func foldAttr(t *testing.T, op *ir.Operation) ir.Attribute {
	t.Helper()
	r := fold(op)
	if len(r) != 1 {
		return nil
	}
	return r[0].Attr
}

func TestFoldIntBinaryConstants(t *testing.T) {
	cases := []struct {
		op       string
		t        ir.Type
		a, b     int64
		want     int64
		noFold   bool
		wantBool bool
	}{
		{op: "arith.addi", t: ir.I32, a: 5, b: 7, want: 12},
		{op: "arith.addi", t: ir.I32, a: math.MaxInt32, b: 1, want: math.MinInt32},
		{op: "arith.addi", t: ir.I8, a: 127, b: 1, want: -128},
		{op: "arith.subi", t: ir.I32, a: 5, b: 7, want: -2},
		{op: "arith.muli", t: ir.I16, a: 300, b: 300, want: int64(int16(300 * 300 & 0xffff))},
		{op: "arith.divsi", t: ir.I32, a: -7, b: 2, want: -3},
		{op: "arith.divsi", t: ir.I32, a: 7, b: 0, noFold: true},
		{op: "arith.divsi", t: ir.I32, a: math.MinInt32, b: -1, noFold: true},
		{op: "arith.divui", t: ir.I32, a: -1, b: 2, want: math.MaxInt32},
		{op: "arith.remsi", t: ir.I32, a: -7, b: 2, want: -1},
		{op: "arith.remui", t: ir.I8, a: -1, b: 10, want: 5},
		{op: "arith.ceildivsi", t: ir.I32, a: 7, b: 2, want: 4},
		{op: "arith.ceildivsi", t: ir.I32, a: -7, b: 2, want: -3},
		{op: "arith.floordivsi", t: ir.I32, a: -7, b: 2, want: -4},
		{op: "arith.floordivsi", t: ir.I32, a: 7, b: 2, want: 3},
		{op: "arith.andi", t: ir.I32, a: 12, b: 10, want: 8},
		{op: "arith.ori", t: ir.I32, a: 12, b: 10, want: 14},
		{op: "arith.xori", t: ir.I32, a: 12, b: 10, want: 6},
		{op: "arith.shli", t: ir.I32, a: 1, b: 31, want: math.MinInt32},
		{op: "arith.shli", t: ir.I32, a: 1, b: 32, noFold: true},
		{op: "arith.shrsi", t: ir.I32, a: -8, b: 1, want: -4},
		{op: "arith.shrui", t: ir.I32, a: -8, b: 28, want: 15},
		{op: "arith.maxsi", t: ir.I32, a: -1, b: 1, want: 1},
		{op: "arith.maxui", t: ir.I32, a: -1, b: 1, want: -1},
		{op: "arith.minsi", t: ir.I32, a: -1, b: 1, want: -1},
		{op: "arith.minui", t: ir.I32, a: -1, b: 1, want: 1},
		{op: "arith.addi", t: ir.IndexType{}, a: 40, b: 2, want: 42},
		{op: "arith.addi", t: ir.I1, a: 1, b: 1, want: 0},
	}
	for _, c := range cases {
		_, b, _ := dtest.Func(dtest.Context())
		x, y := arith.BuildConstantInt(b, c.t, c.a), arith.BuildConstantInt(b, c.t, c.b)
		op := arith.BuildBinary(b, c.op, x, y).DefiningOp()
		got := foldAttr(t, op)
		if c.noFold {
			if got != nil {
				t.Errorf("%s(%d, %d) : %s folded to %v, want no fold", c.op, c.a, c.b, ir.TypeString(c.t), ir.AttrString(got))
			}
			continue
		}
		want := ir.IntegerAttr{Type: c.t, Value: c.want}
		if got == nil || !got.Equal(want) {
			t.Errorf("%s(%d, %d) : %s = %v, want %v", c.op, c.a, c.b, ir.TypeString(c.t), attrStr(got), ir.AttrString(want))
		}
	}
}

func attrStr(a ir.Attribute) string {
	if a == nil {
		return "<no fold>"
	}
	return ir.AttrString(a)
}

func TestFoldSplatsAndDense(t *testing.T) {
	_, b, _ := dtest.Func(dtest.Context())
	vt := ir.NewTensor([]int64{4}, ir.I32)
	x := arith.BuildConstantInt(b, vt, 3)
	y := arith.BuildConstant(b, ir.DenseElementsAttr{Type: vt, Elems: []ir.Attribute{
		ir.I32Attr(1), ir.I32Attr(2), ir.I32Attr(3), ir.I32Attr(4)}})
	if got, want := attrStr(foldAttr(t, arith.BuildBinary(b, "arith.muli", x, x).DefiningOp())), "dense<9> : tensor<4xi32>"; got != want {
		t.Errorf("splat muli: got %s, want %s", got, want)
	}
	if got, want := attrStr(foldAttr(t, arith.BuildBinary(b, "arith.addi", x, y).DefiningOp())), "dense<[4, 5, 6, 7]> : tensor<4xi32>"; got != want {
		t.Errorf("dense addi: got %s, want %s", got, want)
	}
	if got, want := attrStr(foldAttr(t, arith.BuildCmpI(b, arith.SGT, y, x).DefiningOp())), "dense<[false, false, false, true]> : tensor<4xi1>"; got != want {
		t.Errorf("dense cmpi: got %s, want %s", got, want)
	}
	ft := ir.NewTensor([]int64{4}, ir.F16T)
	h := arith.BuildConstantFloat(b, ft, 0.5)
	if got, want := attrStr(foldAttr(t, arith.BuildBinary(b, "arith.addf", h, h).DefiningOp())), "dense<1.000000e+00> : tensor<4xf16>"; got != want {
		t.Errorf("splat addf: got %s, want %s", got, want)
	}
}

func TestFoldFloat(t *testing.T) {
	cases := []struct {
		op   string
		t    ir.FloatType
		a, b float64
		want float64
	}{
		{"arith.addf", ir.F32T, 1, 2, 3},
		{"arith.subf", ir.F32T, 1, 2, -1},
		{"arith.mulf", ir.F64T, 1.5, 2, 3},
		{"arith.divf", ir.F32T, 1, 3, float64(float32(1.0 / 3))},
		{"arith.divf", ir.F16T, 1, 3, 0.333251953125},
		{"arith.remf", ir.F32T, 7, 2, 1},
		{"arith.maxnumf", ir.F32T, math.NaN(), 2, 2},
		{"arith.minnumf", ir.F32T, 1, math.NaN(), 1},
		{"arith.maximumf", ir.F32T, -1, 2, 2},
		{"arith.minimumf", ir.F32T, -1, 2, -1},
	}
	for _, c := range cases {
		_, b, _ := dtest.Func(dtest.Context())
		x, y := arith.BuildConstantFloat(b, c.t, c.a), arith.BuildConstantFloat(b, c.t, c.b)
		got := foldAttr(t, arith.BuildBinary(b, c.op, x, y).DefiningOp())
		want := ir.FloatAttr{Type: c.t, Value: c.want}
		if got == nil || !got.Equal(want) {
			t.Errorf("%s(%v, %v) : %s = %s, want %s", c.op, c.a, c.b, c.t, attrStr(got), ir.AttrString(want))
		}
	}
	_, b, _ := dtest.Func(dtest.Context())
	x := arith.BuildConstantFloat(b, ir.F32T, math.NaN())
	if got := foldAttr(t, arith.BuildBinary(b, "arith.maximumf", x, arith.BuildConstantFloat(b, ir.F32T, 1)).DefiningOp()); got == nil || !math.IsNaN(got.(ir.FloatAttr).Value) {
		t.Errorf("maximumf(NaN, 1) = %s, want NaN", attrStr(got))
	}
	n := arith.BuildConstantFloat(b, ir.F32T, 2)
	if got, want := attrStr(foldAttr(t, arith.BuildUnary(b, "arith.negf", n).DefiningOp())), "-2.000000e+00 : f32"; got != want {
		t.Errorf("negf: got %s, want %s", got, want)
	}
}

// TestFoldIdentities checks the rules that fold to an existing value or
// a constant without all operands being constant.
func TestFoldIdentities(t *testing.T) {
	ctx := dtest.Context()
	_, b, a := dtest.Func(ctx, ir.I32, ir.F32T, ir.NewTensor([]int64{8}, ir.I32))
	x, f, v := a[0], a[1], a[2]
	c := func(k int64) *ir.Value { return arith.BuildConstantInt(b, ir.I32, k) }
	fc := func(k float64) *ir.Value { return arith.BuildConstantFloat(b, ir.F32T, k) }
	toValue := []struct {
		name string
		op   *ir.Operation
		want *ir.Value
	}{
		{"addi x, 0", arith.BuildBinary(b, "arith.addi", x, c(0)).DefiningOp(), x},
		{"addi 0, x", arith.BuildBinary(b, "arith.addi", c(0), x).DefiningOp(), x},
		{"addi v, splat 0", arith.BuildBinary(b, "arith.addi", v, arith.BuildConstantInt(b, v.Type(), 0)).DefiningOp(), v},
		{"subi x, 0", arith.BuildBinary(b, "arith.subi", x, c(0)).DefiningOp(), x},
		{"muli x, 1", arith.BuildBinary(b, "arith.muli", x, c(1)).DefiningOp(), x},
		{"divsi x, 1", arith.BuildBinary(b, "arith.divsi", x, c(1)).DefiningOp(), x},
		{"divui x, 1", arith.BuildBinary(b, "arith.divui", x, c(1)).DefiningOp(), x},
		{"shrsi x, 0", arith.BuildBinary(b, "arith.shrsi", x, c(0)).DefiningOp(), x},
		{"shli x, 0", arith.BuildBinary(b, "arith.shli", x, c(0)).DefiningOp(), x},
		{"andi x, -1", arith.BuildBinary(b, "arith.andi", x, c(-1)).DefiningOp(), x},
		{"andi x, x", arith.BuildBinary(b, "arith.andi", x, x).DefiningOp(), x},
		{"ori x, 0", arith.BuildBinary(b, "arith.ori", x, c(0)).DefiningOp(), x},
		{"maxsi x, x", arith.BuildBinary(b, "arith.maxsi", x, x).DefiningOp(), x},
		{"addf f, -0.0", arith.BuildBinary(b, "arith.addf", f, fc(math.Copysign(0, -1))).DefiningOp(), f},
		{"subf f, 0.0", arith.BuildBinary(b, "arith.subf", f, fc(0)).DefiningOp(), f},
		{"mulf f, 1.0", arith.BuildBinary(b, "arith.mulf", f, fc(1)).DefiningOp(), f},
		{"divf f, 1.0", arith.BuildBinary(b, "arith.divf", f, fc(1)).DefiningOp(), f},
	}
	for _, c := range toValue {
		r := fold(c.op)
		if len(r) != 1 || r[0].Value != c.want {
			t.Errorf("%s: got %+v, want the value", c.name, r)
		}
	}
	// addf f, +0.0 is not an identity (-0.0 + +0.0 = +0.0).
	if r := fold(arith.BuildBinary(b, "arith.addf", f, fc(0)).DefiningOp()); r != nil {
		t.Errorf("addf f, +0.0 folded to %+v", r)
	}
	if r := fold(arith.BuildBinary(b, "arith.addi", x, c(1)).DefiningOp()); r != nil {
		t.Errorf("addi x, 1 folded to %+v", r)
	}
	toConst := []struct {
		name string
		op   *ir.Operation
		want string
	}{
		{"muli x, 0", arith.BuildBinary(b, "arith.muli", x, c(0)).DefiningOp(), "0 : i32"},
		{"muli v, splat 0", arith.BuildBinary(b, "arith.muli", v, arith.BuildConstantInt(b, v.Type(), 0)).DefiningOp(), "dense<0> : tensor<8xi32>"},
		{"subi x, x", arith.BuildBinary(b, "arith.subi", x, x).DefiningOp(), "0 : i32"},
		{"xori v, v", arith.BuildBinary(b, "arith.xori", v, v).DefiningOp(), "dense<0> : tensor<8xi32>"},
		{"remsi x, 1", arith.BuildBinary(b, "arith.remsi", x, c(1)).DefiningOp(), "0 : i32"},
		{"andi x, 0", arith.BuildBinary(b, "arith.andi", x, c(0)).DefiningOp(), "0 : i32"},
		{"ori x, -1", arith.BuildBinary(b, "arith.ori", x, c(-1)).DefiningOp(), "-1 : i32"},
		{"cmpi eq x, x", arith.BuildCmpI(b, arith.EQ, x, x).DefiningOp(), "true"},
		{"cmpi slt x, x", arith.BuildCmpI(b, arith.SLT, x, x).DefiningOp(), "false"},
		{"cmpi uge v, v", arith.BuildCmpI(b, arith.UGE, v, v).DefiningOp(), "dense<true> : tensor<8xi1>"},
		{"cmpf true", arith.BuildCmpF(b, arith.FTrue, f, f).DefiningOp(), "true"},
	}
	for _, c := range toConst {
		if got := attrStr(foldAttr(t, c.op)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestFoldCmp(t *testing.T) {
	_, b, _ := dtest.Func(dtest.Context())
	m1, one := arith.BuildConstantInt(b, ir.I32, -1), arith.BuildConstantInt(b, ir.I32, 1)
	for _, c := range []struct {
		p    arith.CmpIPredicate
		want bool
	}{{arith.SLT, true}, {arith.ULT, false}, {arith.NE, true}, {arith.SGE, false}, {arith.UGT, true}} {
		got := foldAttr(t, arith.BuildCmpI(b, c.p, m1, one).DefiningOp())
		if got == nil || !got.Equal(ir.BoolAttr(c.want)) {
			t.Errorf("cmpi %s -1, 1 = %s, want %v", c.p, attrStr(got), c.want)
		}
	}
	nan, two := arith.BuildConstantFloat(b, ir.F32T, math.NaN()), arith.BuildConstantFloat(b, ir.F32T, 2)
	for _, c := range []struct {
		p    arith.CmpFPredicate
		x, y *ir.Value
		want bool
	}{
		{arith.FOLT, nan, two, false}, {arith.FULT, nan, two, true}, {arith.FUNO, nan, two, true},
		{arith.FORD, two, two, true}, {arith.FOEQ, two, two, true}, {arith.FUNE, nan, nan, true}, {arith.FONE, nan, two, false},
	} {
		got := foldAttr(t, arith.BuildCmpF(b, c.p, c.x, c.y).DefiningOp())
		if got == nil || !got.Equal(ir.BoolAttr(c.want)) {
			t.Errorf("cmpf %s = %s, want %v", c.p, attrStr(got), c.want)
		}
	}
}

func TestFoldSelect(t *testing.T) {
	_, b, a := dtest.Func(dtest.Context(), ir.I32, ir.I32, ir.I1)
	tr, fa := arith.BuildConstant(b, ir.BoolAttr(true)), arith.BuildConstant(b, ir.BoolAttr(false))
	check := func(name string, v *ir.Value, want *ir.Value) {
		r := fold(v.DefiningOp())
		if len(r) != 1 || r[0].Value != want {
			t.Errorf("%s: got %+v", name, r)
		}
	}
	check("select true", arith.BuildSelect(b, tr, a[0], a[1]), a[0])
	check("select false", arith.BuildSelect(b, fa, a[0], a[1]), a[1])
	check("select c, x, x", arith.BuildSelect(b, a[2], a[0], a[0]), a[0])
	check("select c, true, false", arith.BuildSelect(b, a[2], tr, fa), a[2])
	if r := fold(arith.BuildSelect(b, a[2], a[0], a[1]).DefiningOp()); r != nil {
		t.Errorf("select c, x, y folded: %+v", r)
	}
}

func TestFoldCasts(t *testing.T) {
	cases := []struct {
		op   string
		in   ir.Attribute
		to   ir.Type
		want string
	}{
		{"arith.extsi", ir.IntAttr(ir.I8, -1), ir.I32, "-1 : i32"},
		{"arith.extui", ir.IntAttr(ir.I8, -1), ir.I32, "255 : i32"},
		{"arith.extui", ir.BoolAttr(true), ir.I32, "1 : i32"},
		{"arith.extsi", ir.BoolAttr(true), ir.I32, "-1 : i32"},
		{"arith.trunci", ir.IntAttr(ir.I32, 0x1ff), ir.I8, "-1 : i8"},
		{"arith.trunci", ir.IntAttr(ir.I32, 3), ir.I1, "true"},
		{"arith.index_cast", ir.IntAttr(ir.I32, -5), ir.IndexType{}, "-5 : index"},
		{"arith.index_castui", ir.IntAttr(ir.I32, -1), ir.IndexType{}, "4294967295 : index"},
		{"arith.index_cast", ir.IntAttr(ir.IndexType{}, 1<<40+3), ir.I32, "3 : i32"},
		{"arith.sitofp", ir.IntAttr(ir.I32, -3), ir.F32T, "-3.000000e+00 : f32"},
		{"arith.uitofp", ir.IntAttr(ir.I8, -1), ir.F32T, "2.550000e+02 : f32"},
		{"arith.fptosi", ir.FloatAttr{Type: ir.F32T, Value: -2.7}, ir.I32, "-2 : i32"},
		{"arith.fptosi", ir.FloatAttr{Type: ir.F32T, Value: 300}, ir.I8, "<no fold>"},
		{"arith.fptoui", ir.FloatAttr{Type: ir.F32T, Value: 255.5}, ir.I8, "-1 : i8"},
		{"arith.fptoui", ir.FloatAttr{Type: ir.F32T, Value: -1}, ir.I8, "<no fold>"},
		{"arith.extf", ir.FloatAttr{Type: ir.F16T, Value: 0.5}, ir.F32T, "5.000000e-01 : f32"},
		{"arith.truncf", ir.FloatAttr{Type: ir.F32T, Value: float64(float32(0.1))}, ir.F16T, "9.997559e-02 : f16"},
		{"arith.truncf", ir.FloatAttr{Type: ir.F32T, Value: 1e10}, ir.F16T, "<no fold>"},
		{"arith.bitcast", ir.FloatAttr{Type: ir.F32T, Value: 1}, ir.I32, "1065353216 : i32"},
		{"arith.bitcast", ir.IntAttr(ir.I16, 0x3c00), ir.F16T, "1.000000e+00 : f16"},
	}
	for _, c := range cases {
		_, b, _ := dtest.Func(dtest.Context())
		x := arith.BuildConstant(b, c.in)
		got := attrStr(foldAttr(t, arith.BuildCast(b, c.op, x, c.to).DefiningOp()))
		if got != c.want {
			t.Errorf("%s %s to %s = %s, want %s", c.op, ir.AttrString(c.in), ir.TypeString(c.to), got, c.want)
		}
	}
	_, b, a := dtest.Func(dtest.Context(), ir.I16, ir.F32T)
	ext := arith.BuildCast(b, "arith.extsi", a[0], ir.I32)
	if r := fold(arith.BuildCast(b, "arith.trunci", ext, ir.I16).DefiningOp()); len(r) != 1 || r[0].Value != a[0] {
		t.Errorf("trunci(extsi(x)) = %+v, want x", r)
	}
	bc := arith.BuildCast(b, "arith.bitcast", a[1], ir.I32)
	if r := fold(arith.BuildCast(b, "arith.bitcast", bc, ir.F32T).DefiningOp()); len(r) != 1 || r[0].Value != a[1] {
		t.Errorf("bitcast(bitcast(x)) = %+v, want x", r)
	}
}

func TestConstantHelpers(t *testing.T) {
	_, b, a := dtest.Func(dtest.Context(), ir.I32)
	c := arith.BuildConstantInt(b, ir.NewTensor([]int64{4}, ir.I32), -3)
	if v, ok := arith.ConstantInt(c); !ok || v != -3 {
		t.Errorf("ConstantInt(splat -3) = %d, %v", v, ok)
	}
	if _, ok := arith.ConstantInt(a[0]); ok {
		t.Error("ConstantInt(block arg) reported a constant")
	}
	f := arith.BuildConstantFloat(b, ir.F32T, 0.25)
	if v, ok := arith.ConstantFloat(f); !ok || v != 0.25 {
		t.Errorf("ConstantFloat = %v, %v", v, ok)
	}
	if _, ok := arith.ConstantValue(arith.BuildBinary(b, "arith.addi", a[0], a[0]).DefiningOp()); ok {
		t.Error("ConstantValue(addi) reported a constant")
	}
	cmp := arith.BuildCmpI(b, arith.UGE, a[0], a[0]).DefiningOp()
	if p, ok := arith.CmpIPredicateOf(cmp); !ok || p != arith.UGE {
		t.Errorf("CmpIPredicateOf = %v, %v", p, ok)
	}
	if c.DefiningOp().Def.Fold != nil {
		t.Error("arith.constant has a Fold hook; constants are found through ConstantLike")
	}
}
