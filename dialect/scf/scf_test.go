package scf_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
)

// Each test prints one construct as the last value-producing op of its
// function, so the expected names are the same whether nested regions are
// numbered in program order or after their enclosing region (MLIR).

func checkBody(t *testing.T, m *ir.Operation, want string) {
	t.Helper()
	if got := dtest.BodyText(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

func TestBuildForWithIterArgs(t *testing.T) {
	acc := ir.NewTensor([]int64{64}, ir.F32T)
	m, b, a := dtest.Func(dtest.Context(), ir.I32, acc)
	c0 := arith.BuildConstantInt(b, ir.I32, 0)
	c1 := arith.BuildConstantInt(b, ir.I32, 1)
	loop := scf.BuildFor(b, c0, a[0], c1, []*ir.Value{a[1]}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		return []*ir.Value{arith.BuildBinary(b, "arith.addf", args[1], args[1])}
	})
	loop.SetAttr("tt.num_stages", ir.I32Attr(3))
	checkBody(t, m, `%c0_i32 = arith.constant 0 : i32
%c1_i32 = arith.constant 1 : i32
%0 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %arg1) -> (tensor<64xf32>)  : i32 {
  %1 = arith.addf %arg3, %arg3 : tensor<64xf32>
  scf.yield %1 : tensor<64xf32>
} {tt.num_stages = 3 : i32}`)
	f, ok := scf.AsFor(loop.Operation)
	if !ok || f.LowerBound() != c0 || f.UpperBound() != a[0] || f.Step() != c1 ||
		len(f.InitArgs()) != 1 || f.InitArgs()[0] != a[1] || len(f.RegionIterArgs()) != 1 ||
		!ir.TypeEqual(f.InductionVar().Type(), ir.I32) || len(f.YieldedValues()) != 1 ||
		f.YieldedValues()[0].DefiningOp().Name != "arith.addf" {
		t.Errorf("ForOp accessors disagree with the built loop")
	}
}

func TestBuildForIndexNoIterArgs(t *testing.T) {
	m, b, _ := dtest.Func(dtest.Context())
	c0, c8 := arith.BuildIndex(b, 0), arith.BuildIndex(b, 8)
	scf.BuildFor(b, c0, c8, c8, nil, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		arith.BuildBinary(b, "arith.addi", args[0], c8)
		return nil
	})
	checkBody(t, m, `%c0 = arith.constant 0 : index
%c8 = arith.constant 8 : index
scf.for %arg0 = %c0 to %c8 step %c8 {
  %0 = arith.addi %arg0, %c8 : index
}`)
}

func TestBuildForI32NoIterArgs(t *testing.T) {
	m, b, a := dtest.Func(dtest.Context(), ir.I32)
	scf.BuildFor(b, a[0], a[0], a[0], nil, nil)
	checkBody(t, m, `scf.for %arg1 = %arg0 to %arg0 step %arg0  : i32 {
}`)
}

func TestBuildIfWithResults(t *testing.T) {
	m, b, a := dtest.Func(dtest.Context(), ir.I1, ir.I32)
	o := scf.BuildIf(b, a[0], []ir.Type{ir.I32},
		func(b *ir.Builder) []*ir.Value { return []*ir.Value{a[1]} },
		func(b *ir.Builder) []*ir.Value { return []*ir.Value{arith.BuildConstantInt(b, ir.I32, 0)} })
	checkBody(t, m, `%0 = scf.if %arg0 -> (i32) {
  scf.yield %arg1 : i32
} else {
  %c0_i32 = arith.constant 0 : i32
  scf.yield %c0_i32 : i32
}`)
	if o.Condition() != a[0] || o.ThenYield().Operand(0) != a[1] || o.ElseYield() == nil {
		t.Error("IfOp accessors disagree with the built op")
	}
}

func TestBuildIfWithoutResults(t *testing.T) {
	m, b, a := dtest.Func(dtest.Context(), ir.I1, ir.I32)
	o := scf.BuildIf(b, a[0], nil, func(b *ir.Builder) []*ir.Value {
		arith.BuildBinary(b, "arith.addi", a[1], a[1])
		return nil
	}, nil)
	checkBody(t, m, `scf.if %arg0 {
  %0 = arith.addi %arg1, %arg1 : i32
}`)
	if o.ElseBlock() != nil {
		t.Error("else block created without an else builder")
	}
}

func TestBuildWhile(t *testing.T) {
	m, b, a := dtest.Func(dtest.Context(), ir.I32)
	w := scf.BuildWhile(b, []*ir.Value{a[0]}, []ir.Type{ir.I32},
		func(b *ir.Builder, args []*ir.Value) (*ir.Value, []*ir.Value) {
			return arith.BuildCmpI(b, arith.SLT, args[0], a[0]), args
		},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return args })
	lines := dtest.Body(m)
	want := []string{
		"%0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {",
		"  %1 = arith.cmpi slt, %arg1, %arg0 : i32",
		"  scf.condition(%1) %arg1 : i32",
		"} do {",
	}
	if len(lines) != 7 || strings.Join(lines[:4], "\n") != strings.Join(want, "\n") ||
		!strings.HasPrefix(lines[4], "^bb0(%arg") || !strings.HasPrefix(lines[5], "  scf.yield %arg") {
		t.Errorf("got\n%s", strings.Join(lines, "\n"))
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if w.ConditionOp() == nil || w.Yield() == nil || len(w.Inits()) != 1 {
		t.Error("WhileOp accessors disagree with the built op")
	}
}
