package llvm_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// TestAssume: Triton 3.6's form parses, prints back unchanged and rejects
// a non-i1 condition.
func TestAssume(t *testing.T) {
	src := "tt.func @f(%x: i32) {\n  %c0 = arith.constant 0 : i32\n  %0 = arith.cmpi sge, %x, %c0 : i32\n  llvm.intr.assume %0 : i1\n  tt.return\n}\n"
	m, err := parser.ParseAndVerify(all.Context(), "a.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := ir.Print(m, ir.PrintOptions{})
	if !strings.Contains(got, "llvm.intr.assume %0 : i1") {
		t.Fatalf("printed:\n%s", got)
	}
	if _, err := parser.ParseAndVerify(all.Context(), "b.mlir", []byte("tt.func @f(%x: i32) {\n  llvm.intr.assume %x : i32\n  tt.return\n}\n")); err == nil {
		t.Fatal("an i32 condition was accepted")
	}
}
