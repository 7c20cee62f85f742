package math_test

import (
	gomath "math"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/ir"
)

func TestPrint(t *testing.T) {
	ctx := dtest.Context()
	ten := ir.NewTensor([]int64{64}, ir.F32T)
	m, b, a := dtest.Func(ctx, ten, ir.F32T, ir.I32)
	e := b.Create("math.exp", []*ir.Value{a[0]}, []ir.Type{ten})
	arith.SetFastMath(e, arith.FastMathFast)
	b.Create("math.sqrt", []*ir.Value{a[1]}, []ir.Type{ir.F32T})
	b.Create("math.fma", []*ir.Value{a[1], a[1], a[1]}, []ir.Type{ir.F32T})
	p := b.Create("math.powf", []*ir.Value{a[1], a[1]}, []ir.Type{ir.F32T})
	arith.SetFastMath(p, arith.NNaN|arith.Contract)
	b.Create("math.absi", []*ir.Value{a[2]}, []ir.Type{ir.I32})
	want := `%0 = math.exp %arg0 fastmath<fast> : tensor<64xf32>
%1 = math.sqrt %arg1 : f32
%2 = math.fma %arg1, %arg1, %arg1 : f32
%3 = math.powf %arg1, %arg1 fastmath<nnan,contract> : f32
%4 = math.absi %arg2 : i32`
	if got := dtest.BodyText(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	gen := ir.Print(m, ir.PrintOptions{Generic: true})
	if w := `"math.exp"(%arg0) <{fastmath = #arith.fastmath<fast>}> : (tensor<64xf32>) -> tensor<64xf32>`; !strings.Contains(gen, w) {
		t.Errorf("generic lacks %q:\n%s", w, gen)
	}
}

func TestRoundTrip(t *testing.T) {
	src := `"test.func"() ({
^bb0(%t: tensor<64xf32>, %x: f32, %i: i32):
  %0 = math.exp2 %t fastmath<afn> : tensor<64xf32>
  %1 = math.log %x : f32
  %2 = math.rsqrt %x {tag} : f32
  %3 = math.tanh %t : tensor<64xf32>
  %4 = math.erf %x fastmath<fast> : f32
  %5 = math.ctlz %i : i32
  %6 = math.fma %x, %x, %x fastmath<contract> : f32
  %7 = math.copysign %x, %x : f32
  %8 = math.floor %t : tensor<64xf32>
}) : () -> ()`
	got := dtest.RoundTrip(t, src)
	dtest.Contains(t, got,
		"%0 = math.exp2 %arg0 fastmath<afn> : tensor<64xf32>",
		"%2 = math.rsqrt %arg1 {tag} : f32",
		"%5 = math.ctlz %arg2 : i32",
		"%6 = math.fma %arg1, %arg1, %arg1 fastmath<contract> : f32",
	)
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`%0 = math.exp %i : i32`, "must be floating-point-like"},
		{`%0 = math.absi %x : f32`, "must be signless-integer-like"},
		{`%0 = math.fma %x, %x : f32`, "expected 3 operands, found 2"},
		{`%0 = math.ctpop %i fastmath<fast> : i32`, "expected ':'"},
	}
	for _, c := range cases {
		err := dtest.ParseError(`"test.func"() ({
^bb0(%x: f32, %i: i32):
  ` + c.src + `
}) : () -> ()`)
		dtest.WantError(t, c.src, err, c.want)
	}
}

func TestFold(t *testing.T) {
	ctx := dtest.Context()
	fold := func(op *ir.Operation) ir.Attribute {
		r := op.Def.Fold(op, arith.ConstantOperands(op))
		if len(r) != 1 {
			return nil
		}
		return r[0].Attr
	}
	_, b, a := dtest.Func(ctx, ir.F32T)
	four := arith.BuildConstantFloat(b, ir.F32T, 4)
	cases := []struct {
		op   string
		args []*ir.Value
		want float64
	}{
		{"math.sqrt", []*ir.Value{four}, 2},
		{"math.rsqrt", []*ir.Value{four}, 0.5},
		{"math.absf", []*ir.Value{arith.BuildConstantFloat(b, ir.F32T, -3)}, 3},
		{"math.exp", []*ir.Value{four}, float64(float32(gomath.Exp(4)))},
		{"math.fma", []*ir.Value{four, four, four}, 20},
		{"math.powf", []*ir.Value{four, arith.BuildConstantFloat(b, ir.F32T, 0.5)}, 2},
		{"math.roundeven", []*ir.Value{arith.BuildConstantFloat(b, ir.F32T, 2.5)}, 2},
		{"math.round", []*ir.Value{arith.BuildConstantFloat(b, ir.F32T, 2.5)}, 3},
	}
	for _, c := range cases {
		got := fold(b.Create(c.op, c.args, []ir.Type{ir.F32T}))
		if want := (ir.FloatAttr{Type: ir.F32T, Value: c.want}); got == nil || !got.Equal(want) {
			t.Errorf("%s = %v, want %v", c.op, got, want)
		}
	}
	if got := fold(b.Create("math.exp", []*ir.Value{a[0]}, []ir.Type{ir.F32T})); got != nil {
		t.Errorf("exp of a non-constant folded to %v", got)
	}
	for _, c := range []struct {
		op      string
		in      int64
		t       ir.Type
		want    int64
		wantTyp ir.Type
	}{
		{"math.ctlz", 1, ir.I32, 31, ir.I32},
		{"math.ctlz", 0, ir.I8, 8, ir.I8},
		{"math.cttz", 8, ir.I32, 3, ir.I32},
		{"math.cttz", 0, ir.I16, 16, ir.I16},
		{"math.ctpop", -1, ir.I16, 16, ir.I16},
		{"math.absi", -7, ir.I32, 7, ir.I32},
		{"math.absi", -128, ir.I8, -128, ir.I8},
	} {
		x := arith.BuildConstantInt(b, c.t, c.in)
		got := fold(b.Create(c.op, []*ir.Value{x}, []ir.Type{c.t}))
		if want := ir.IntAttr(c.wantTyp, c.want); got == nil || !got.Equal(want) {
			t.Errorf("%s(%d : %s) = %v, want %v", c.op, c.in, ir.TypeString(c.t), got, want)
		}
	}
}
