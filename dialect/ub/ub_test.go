package ub_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// TestPoison: the form Triton 3.6 writes in .source parses and prints back.
func TestPoison(t *testing.T) {
	src := "tt.func @f() -> tensor<4xf32> {\n  %0 = ub.poison : tensor<4xf32>\n  tt.return %0 : tensor<4xf32>\n}\n"
	m, err := parser.ParseAndVerify(all.Context(), "a.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := ir.Print(m, ir.PrintOptions{}); !strings.Contains(got, "ub.poison : tensor<4xf32>") {
		t.Fatalf("printed:\n%s", got)
	}
}
