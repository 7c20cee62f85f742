package ods_test

import (
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
)

// TestTritonOpsDeclared: every op of tt, ttgpu and ttng is declared as
// data (a signature and the derived verifier), hand-written syntax hooks
// or not.
func TestTritonOpsDeclared(t *testing.T) {
	n := 0
	for _, d := range append(append(tt.Dialect().Ops, ttgpu.Dialect().Ops...), ttng.Dialect().Ops...) {
		n++
		if !ods.IsDeclared(d) {
			t.Errorf("%s is not declared as data", d.Name)
		}
		if d.Verify == nil {
			t.Errorf("%s has no verifier", d.Name)
		}
	}
	if n < 60 {
		t.Fatalf("only %d ops seen", n)
	}
}
