package roundtrip

import (
	"fmt"
	"os"
	"testing"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// TestVerifyNeverPanics runs every Triton op's verifier on malformed ops
// (as a generic-form parse can build them): wrong operand and result
// counts, wrong types, no attributes. Verification must fail or pass, never
// panic.
func TestVerifyNeverPanics(t *testing.T) {
	types := []ir.Type{ir.I32, ir.NewTensor([]int64{4}, ir.F16T), tt.Ptr(ir.F32T), tt.MemDescType{Shape: []int64{4}, Elem: ir.I64}}
	for _, d := range []*ir.Dialect{tt.Dialect(), ttgpu.Dialect(), ttng.Dialect()} {
		for _, def := range d.Ops {
			for nops := 0; nops <= 5; nops++ {
				for nres := 0; nres <= 2; nres++ {
					for _, ty := range types {
						checkNoPanic(t, def, nops, nres, ty)
					}
				}
			}
		}
	}
}

func checkNoPanic(t *testing.T, def *ir.OpDef, nops, nres int, ty ir.Type) {
	t.Helper()
	blk := ir.NewBlock()
	ops := make([]*ir.Value, nops)
	for i := range ops {
		ops[i] = blk.AddArg(ty)
	}
	res := make([]ir.Type, nres)
	for i := range res {
		res[i] = ty
	}
	op := ir.NewOp(def.Name, def, ops, res, 1, nil)
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s with %d operands, %d results of %s: verifier or printer panicked: %v", def.Name, nops, nres, ir.TypeString(ty), fmt.Sprint(r))
		}
	}()
	if def.Verify != nil {
		_ = def.Verify(op)
	}
	_ = ir.Print(op, ir.PrintOptions{})
}

// TestParseNeverPanics deletes spans of the dialect test inputs and parses
// the damaged text: every outcome is an error or a module, never a panic.
func TestParseNeverPanics(t *testing.T) {
	for _, f := range []string{"../../tt/testdata/ttir.mlir", "../../ttgpu/testdata/ttgir31.mlir", "../../ttng/testdata/ttng.mlir"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(src); i += 5 {
			for _, n := range []int{1, 4, 9} {
				if i+n > len(src) {
					continue
				}
				damaged := append(append([]byte(nil), src[:i]...), src[i+n:]...)
				parseNoPanic(t, f, i, n, damaged)
			}
		}
	}
}

func parseNoPanic(t *testing.T, f string, i, n int, src []byte) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s with bytes [%d,%d) deleted: panic: %v\n%s", f, i, i+n, r, src)
		}
	}()
	_, _ = parser.ParseAndVerify(Context(), f, src)
}
