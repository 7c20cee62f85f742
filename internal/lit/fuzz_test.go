package lit

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzScript: whatever a test file holds, sp-lit's reading of it (the
// keyword lines, each RUN line's substitutions and shell syntax, REQUIRES
// conditions) gives a result or an error, never a panic. Seeded with the
// suite's own tests (test/lit/*/*).
func FuzzScript(f *testing.F) {
	seeds, _ := filepath.Glob("../../test/lit/*/*.mlir")
	for i, p := range seeds {
		if i%8 != 0 { // a sample keeps the seed corpus small
			continue
		}
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("// DEFINE: %{x} = a %{x}\n// RUN: %{x} | %if ptxas %{ b %} %else %{ c %} && d > %t 2>&1 \\\n// RUN:   || e\n// REQUIRES: ptxas && !(cuda || {{mlir.*}})\n// XFAIL: *\n// END.\n"))
	f.Add([]byte("// RUN: env A=1 not --crash x 'q \"r' \"s $t\" < %s >> %t.o; cd %T && %(line+1) %{pathsep} 2> /dev/null\n"))
	has := Features{"ptxas": true, "FileCheck-14": true}.Has
	f.Fuzz(func(t *testing.T, content []byte) {
		s, err := ParseScript("t.mlir", content)
		if err != nil {
			return
		}
		for _, c := range append(append(append([]Cond(nil), s.Requires...), s.Unsupported...), s.XFail...) {
			_, _, _ = EvalCond(c.Expr, has)
		}
		for _, r := range s.Runs {
			sub := &Subst{Source: "/src/t.mlir", Tmp: "/tmp/t.mlir.tmp", Line: r.Line, Defines: r.Defines, Feature: has}
			cmd, err := sub.Expand(r.Cmd)
			if err != nil {
				continue
			}
			_, _ = ParseShell(cmd)
		}
	})
}
