package annotate_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/annotate"
)

const kernel = `tt.func public @k(%a: !tt.ptr<f16> loc("a"), %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %p = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %v = tt.load %p : tensor<32x64x!tt.ptr<f16>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}`

func run(t *testing.T, src, pipeline string) (string, error) {
	t.Helper()
	ctx := all.Context()
	m, err := parser.ParseAndVerify(ctx, "k.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	reg, err := pass.NewRegistry(annotate.Pass)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := pass.ParsePipeline(reg, "test", pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, pass.RunOptions{IR: ctx}); err != nil {
		return "", err
	}
	return ir.Print(m, ir.PrintOptions{}), nil
}

// TestIdempotent: marking by index and by name give the same module, and
// marking twice changes nothing more.
func TestIdempotent(t *testing.T) {
	byIdx, err := run(t, kernel, "builtin.module(annotate-sparse{args=0})")
	if err != nil {
		t.Fatal(err)
	}
	byName, err := run(t, kernel, "builtin.module(annotate-sparse{args=a})")
	if err != nil {
		t.Fatal(err)
	}
	twice, err := run(t, byIdx, "builtin.module(annotate-sparse{args=0})")
	if err != nil {
		t.Fatal(err)
	}
	if byIdx != byName || byIdx != twice {
		t.Fatalf("index, name and repeated marking differ:\n%s\n%s\n%s", byIdx, byName, twice)
	}
	if !strings.Contains(byIdx, `tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16>`) {
		t.Fatalf("the dot operand is not sparse:\n%s", byIdx)
	}
}

// TestNoArgs: an empty option is an error, not a silent no-op.
func TestNoArgs(t *testing.T) {
	if _, err := run(t, kernel, "builtin.module(annotate-sparse)"); err == nil || !strings.Contains(err.Error(), "no arguments to mark") {
		t.Fatalf("got %v", err)
	}
}
