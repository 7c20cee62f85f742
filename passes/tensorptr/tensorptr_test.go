package tensorptr

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/transform"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.mlir")

// runPasses parses src, runs ps (verifying after each) and returns the
// printed module.
func runPasses(t *testing.T, name string, src []byte, ps ...*pass.Pass) (string, error) {
	t.Helper()
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, name, src)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	m := pass.NewManager("builtin.module")
	for _, p := range ps {
		if p.Anchor == "builtin.module" || p.Anchor == pass.AnyOp {
			m.Add(p)
		}
	}
	if err := m.Run(mod, pass.RunOptions{IR: ctx}); err != nil {
		return "", err
	}
	return ir.Print(mod, ir.PrintOptions{}), nil
}

// roundTrip checks that out verifies when reparsed and prints identically,
// in the custom and the generic form.
func roundTrip(t *testing.T, name, out string) {
	t.Helper()
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, name, []byte(out))
	if err != nil {
		t.Fatalf("%s: output does not reparse: %v\n%s", name, err, out)
	}
	if again := ir.Print(mod, ir.PrintOptions{}); again != out {
		t.Fatalf("%s: print/parse/print is not a fixed point:\n%s\n---\n%s", name, out, again)
	}
	gen := ir.Print(mod, ir.PrintOptions{Generic: true})
	mod2, err := parser.ParseAndVerify(all.Context(), name, []byte(gen))
	if err != nil {
		t.Fatalf("%s: generic output does not reparse: %v", name, err)
	}
	if again := ir.Print(mod2, ir.PrintOptions{}); again != out {
		t.Fatalf("%s: generic round trip differs:\n%s\n---\n%s", name, out, again)
	}
}

// TestGolden runs the pass (alone, followed by canonicalize, and followed
// by canonicalize and loop-invariant-code-motion) on every testdata/*.mlir
// and compares with testdata/<case>.golden.mlir,
// testdata/<case>.canonical.golden.mlir and testdata/<case>.licm.golden.mlir.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	n := 0
	for _, f := range files {
		if strings.Contains(f, ".golden.") || strings.HasSuffix(f, "invalid.mlir") {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				suffix string
				ps     []*pass.Pass
			}{
				{".golden.mlir", []*pass.Pass{Pass}},
				{".canonical.golden.mlir", []*pass.Pass{Pass, transform.Canonicalize}},
				{".licm.golden.mlir", []*pass.Pass{Pass, transform.Canonicalize, transform.LICM}},
			} {
				out, err := runPasses(t, f, src, c.ps...)
				if err != nil {
					t.Fatalf("pass failed: %v", err)
				}
				roundTrip(t, f, out)
				golden := strings.TrimSuffix(f, ".mlir") + c.suffix
				if *update {
					if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if string(want) != out {
					t.Errorf("%s differs (go test -update to accept):\n%s", golden, out)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no test cases in testdata")
	}
}

// invalidFile is the lit test of the pass's diagnostics (also run by sp-opt -verify-diagnostics).
var invalidFile = "../../test/lit/tensorptr/invalid.mlir"

var expectRE = regexp.MustCompile(`// expected-error @\+(\d+) \{\{(.*)\}\}`)

// TestInvalid checks invalidFile: chunks separated by `// -----`,
// each with one `// expected-error @+N {{msg}}` that the pass must report
// at that line.
func TestInvalid(t *testing.T) {
	src, err := os.ReadFile(invalidFile)
	if err != nil {
		t.Fatal(err)
	}
	chunks := strings.Split(string(src), "// -----")
	line := 1
	for i, chunk := range chunks {
		start := line
		line += strings.Count(chunk, "\n")
		m := expectRE.FindStringSubmatchIndex(chunk)
		if m == nil {
			t.Errorf("chunk %d has no expected-error", i)
			continue
		}
		off, _ := strconv.Atoi(chunk[m[2]:m[3]])
		msg := chunk[m[4]:m[5]]
		wantLine := start + strings.Count(chunk[:m[0]], "\n") + off
		// Pad with newlines so that positions are those of the whole file.
		padded := strings.Repeat("\n", start-1) + chunk
		_, err := runPasses(t, "invalid.mlir", []byte(padded), Pass)
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			t.Errorf("chunk %d (line %d): want error %q, got %v", i, wantLine, msg, err)
			continue
		}
		pos, _ := d.Loc.Pos()
		if !strings.Contains(d.Msg, msg) || pos.Line != wantLine {
			t.Errorf("chunk %d: want %q at line %d, got %q at line %d", i, msg, wantLine, d.Msg, pos.Line)
		}
	}
}

// TestSparsePipeline runs decompose-sparse-tensors, canonicalize,
// triton-rewrite-tensor-pointer, canonicalize on every decompose test input:
// the result verifies, round-trips and holds no block pointer.
func TestSparsePipeline(t *testing.T) {
	files, _ := filepath.Glob("../decompose/testdata/*.mlir")
	n := 0
	for _, f := range files {
		if strings.Contains(f, ".golden.") || strings.HasSuffix(f, "invalid.mlir") {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out, err := runPasses(t, f, src, decompose.Pass, transform.Canonicalize, Pass, transform.Canonicalize)
			if err != nil {
				t.Fatalf("pipeline failed: %v", err)
			}
			roundTrip(t, f, out)
			if strings.Contains(out, "!tt.ptr<tensor<") || strings.Contains(out, ": <tensor<") || strings.Contains(out, "#tt.sparse") {
				t.Fatalf("block pointers or sparse types remain:\n%s", out)
			}
			if !strings.Contains(out, "tt.addptr") {
				t.Fatalf("no pointer arithmetic was generated:\n%s", out)
			}
		})
	}
	if n == 0 {
		t.Fatal("no decompose test inputs found")
	}
}
