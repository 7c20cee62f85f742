package filecheck

import (
	"io"
	"testing"

	"github.com/sparsetriton/sp/filecheck/internal/testgen"
)

// BenchmarkFileCheck50k checks a generated 50,000-line input against
// 5,000 directives (CHECK, CHECK-NEXT, {{regex}}, [[VAR]]); the same
// files bench/filecheck.sh times against LLVM FileCheck.
func BenchmarkFileCheck50k(b *testing.B) {
	check, input := testgen.Generate(50000)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		if code := Check(Options{}, "check.txt", check, "input.txt", input, io.Discard); code != ExitOK {
			b.Fatalf("exit code %d", code)
		}
	}
}
