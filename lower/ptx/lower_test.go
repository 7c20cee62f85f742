package ptx

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
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

// ptxas returns the path of ptxas, skipping the test when it is missing
// (failing instead when CI=true).
func ptxas(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("ptxas")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("ptxas not on PATH (CI=true): run scripts/install-deps.sh")
		}
		t.Skip("ptxas not on PATH")
	}
	return p
}

// assemble runs ptxas on text for arch and fails the test on any error.
func assemble(t *testing.T, bin, name, text, arch string) string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "k.ptx")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-arch="+arch, "-v", "-o", filepath.Join(dir, "k.cubin"), in)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("ptxas -arch=%s %s: %v\n%s", arch, name, err, out.String())
	}
	return out.String()
}

// TestAssemble lowers every kernel in testdata and assembles it with
// ptxas for sm_80 and sm_90.
func TestAssemble(t *testing.T) {
	bin := ptxas(t)
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
				log := assemble(t, bin, f, res.PTX, "sm_"+itoa(sm))
				if strings.Contains(log, "bytes stack frame") && !strings.Contains(log, "0 bytes stack frame") {
					t.Errorf("kernel spills or uses a stack frame:\n%s", log)
				}
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
