package ptx

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/internal/ptxcheck"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

func lowerSrc(t *testing.T, name, src string, opts Options) (*Result, error) {
	t.Helper()
	m, err := parser.ParseAndVerify(all.Context(), name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return Lower(m, opts)
}

func lowerFile(t *testing.T, path string, opts Options) *Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lowerSrc(t, path, string(src), opts)
	if err != nil {
		t.Fatalf("lower %s: %v", path, err)
	}
	return res
}

// TestAssemble lowers every kernel in testdata and assembles it with
// ptxas for sm_80 and sm_90 (internal/ptxcheck: no spills, no stack frame).
func TestAssemble(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata kernels: %v", err)
	}
	for _, f := range files {
		for _, sm := range []int{80, 90} {
			name := strings.TrimSuffix(filepath.Base(f), ".mlir")
			t.Run(name+"/sm_"+itoa(sm), func(t *testing.T) {
				t.Parallel()
				res := lowerFile(t, f, Options{SM: sm})
				if !strings.Contains(res.PTX, ".target sm_"+itoa(sm)+"\n") {
					t.Fatalf("missing .target sm_%d", sm)
				}
				ptxcheck.Check(t, f, res.PTX)
			})
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// matchLines checks that the patterns match lines of text in order
// (FileCheck's CHECK semantics, regular expressions).
func matchLines(t *testing.T, text string, patterns []string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := 0
	for _, p := range patterns {
		re := regexpMust(p)
		found := false
		for ; i < len(lines); i++ {
			if re.MatchString(lines[i]) {
				found = true
				i++
				break
			}
		}
		if !found {
			t.Fatalf("pattern %q not found (in order) in:\n%s", p, text)
		}
	}
}

func diagOf(err error) *ir.Diagnostic {
	d, _ := err.(*ir.Diagnostic)
	return d
}

func regexpMust(p string) *regexp.Regexp { return regexp.MustCompile(p) }
