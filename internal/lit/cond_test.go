package lit

import (
	"reflect"
	"testing"
)

func TestEvalCond(t *testing.T) {
	f := Features{"ptxas": true, "FileCheck-14": true, "mlir-opt-14": false}
	for _, c := range []struct {
		expr    string
		want    bool
		missing []string
	}{
		{"ptxas", true, nil},
		{"cuda", false, []string{"cuda"}},
		{"!cuda", true, []string{"cuda"}},
		{"ptxas && cuda", false, []string{"cuda"}},
		{"cuda || FileCheck-14", true, []string{"cuda"}},
		{"!(cuda || mlir-opt-14) && ptxas", true, []string{"cuda", "mlir-opt-14"}},
		{"true", true, nil},
		{"false || *", true, nil},
		{"FileCheck-{{[0-9]+}}", true, nil},
		{"mlir-opt-{{1[0-9]}}", false, []string{"mlir-opt-{{1[0-9]}}"}},
		{"a || b && c", false, []string{"a", "b", "c"}},
	} {
		got, missing, err := EvalCond(c.expr, f.Has)
		if err != nil || got != c.want || !reflect.DeepEqual(missing, c.missing) {
			t.Errorf("EvalCond(%q) = %v, %q, %v; want %v, %q", c.expr, got, missing, err, c.want, c.missing)
		}
	}
	for _, bad := range []string{"", "a &&", "(a", "a)", "a & b", "a b", "&& a", "{{(}}"} {
		if _, _, err := EvalCond(bad, f.Has); err == nil {
			t.Errorf("EvalCond(%q) succeeded, want an error", bad)
		}
	}
}
