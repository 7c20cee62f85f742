package roles

import (
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

func parse(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseAndVerify(all.Context(), name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	var fn *ir.Operation
	m.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.FuncOpName && fn == nil {
			fn = op
		}
	})
	return fn
}

func parseFile(t *testing.T, path string) *ir.Operation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, path, string(src))
}

func TestClassesFollowPointerTensorsAndLoops(t *testing.T) {
	fn := parseFile(t, "../../passes/decompose/testdata/sparse_b.mlir")
	c, err := SparseClasses(fn, "test")
	if err != nil {
		t.Fatal(err)
	}
	b := fn.Regions[0].Entry().Arg(1)
	if got := c.Of(b); got != B {
		t.Errorf("role of %%arg1 = %v, want B", got)
	}
	var loaded *ir.Value
	fn.WalkOps(func(op *ir.Operation) {
		if l, ok := tt.AsLoad(op); ok && IsSparse(l.Result(0).Type()) {
			loaded = l.Result(0)
		}
	})
	if loaded == nil || !c.Same(b, loaded) {
		t.Error("the loaded sparse tile (through the loop-carried, advanced block pointer) is not in the parameter's class")
	}
	if a := fn.Regions[0].Entry().Arg(0); c.Of(a) != A || c.Same(a, b) {
		t.Error("the dense operand joined the sparse class")
	}
}

func TestClassesConflict(t *testing.T) {
	src, err := os.ReadFile("../../passes/decompose/testdata/sparse_b.mlir")
	if err != nil {
		t.Fatal(err)
	}
	// A second dot uses the same sparse tile as A.
	text := strings.Replace(string(src), "      %8 = tt.advance",
		"      %cb = arith.constant dense<0.000000e+00> : tensor<64x64xf16>\n"+
			"      %ca = arith.constant dense<0.000000e+00> : tensor<64x64xf32>\n"+
			"      %w = tt.dot %6, %cb, %ca : tensor<64x64xf16, #tt.sparse<\"NV24\">> * tensor<64x64xf16> -> tensor<64x64xf32>\n      %8 = tt.advance", 1)
	_, err = SparseClasses(parse(t, "c.mlir", text), "test")
	d, ok := err.(*ir.Diagnostic)
	if !ok || !strings.Contains(d.Msg, "operand A of this tt.dot but operand B of another") || len(d.Notes) != 1 {
		t.Fatalf("want a conflict diagnostic with a note, got %v", err)
	}
}

// TestParamRoles: after decomposition the values, metadata and dense
// pointers are told apart by the sparse tt.dot's operands.
func TestParamRoles(t *testing.T) {
	fn := parseFile(t, "../../examples/sparse_dot.decomposed.mlir")
	got := ParamRoles(fn)
	want := []Role{Dense, Values, Metadata, Dense}
	if len(got) != len(want) {
		t.Fatalf("roles %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("param %d: %s, want %s", i, got[i], want[i])
		}
	}
}
