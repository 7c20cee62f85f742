package lit

import (
	"strings"
	"testing"
)

func TestSubstExpand(t *testing.T) {
	s := &Subst{
		Source: "/src/dir/t.mlir", Tmp: "/tmp/out/t.mlir.tmp", Line: 7,
		Defines: map[string]string{"opt": "sp-opt %s", "rec": "%{opt} -x", "loop": "%{loop}"},
		Feature: Features{"ptxas": true}.Has,
	}
	for _, c := range []struct{ in, want string }{
		{"sp-opt %s | FileCheck %s", "sp-opt /src/dir/t.mlir | FileCheck /src/dir/t.mlir"},
		{"%S %p %t %T", "/src/dir /src/dir /tmp/out/t.mlir.tmp /tmp/out"},
		{"%/s %/S %/t %/T", "/src/dir/t.mlir /src/dir /tmp/out/t.mlir.tmp /tmp/out"},
		{"100%% %%s", "100% %s"},
		{"%(line) %(line+2) %(line - 3)", "7 9 4"},
		{"%{rec}", "sp-opt /src/dir/t.mlir -x"},
		{"a%{pathsep}b", "a:b"},
		{"%if ptxas %{ ptxas %t %} %else %{ true %}", " ptxas /tmp/out/t.mlir.tmp "},
		{"%if cuda %{ run %} %else %{ skip %{opt} %}", " skip sp-opt /src/dir/t.mlir "},
		{"%if cuda %{ run %}; next", "; next"},
		{"%if !cuda && ptxas %{%if ptxas %{nested%}%}", "nested"},
		{"%x 50% end%", "%x 50% end%"},
	} {
		got, err := s.Expand(c.in)
		if err != nil || got != c.want {
			t.Errorf("Expand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"%{undefined}", "unknown substitution %{undefined}"},
		{"%{loop}", "nesting deeper than"},
		{"%if cuda run", "without '%{'"},
		{"%if cuda %{ run", "unterminated"},
		{"%if cu|da %{ x %}", "single"},
	} {
		if _, err := s.Expand(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Expand(%q) error = %v, want %q", c.in, err, c.want)
		}
	}
}
