package decompose

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
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

// TestGolden runs the pass (and the pass followed by canonicalize) on every
// testdata/*.mlir and compares with testdata/<case>.golden.mlir and
// testdata/<case>.canonical.golden.mlir.
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
var invalidFile = "../../test/lit/decompose/invalid.mlir"

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

// TestDesignExample runs decompose-sparse-tensors and canonicalize on the
// design document's kernel (examples/sparse_dot.mlir) and compares with
// examples/sparse_dot.decomposed.mlir: the same ops in the same order,
// with the entry block's constants compared as a set (their order is the
// materialisation order, not part of the contract).
func TestDesignExample(t *testing.T) {
	src, err := os.ReadFile("../../examples/sparse_dot.mlir")
	if err != nil {
		t.Fatal(err)
	}
	got, err := runPasses(t, "sparse_dot.mlir", src, Pass, transform.Canonicalize)
	if err != nil {
		t.Fatal(err)
	}
	wantSrc, err := os.ReadFile("../../examples/sparse_dot.decomposed.mlir")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := parser.ParseAndVerify(all.Context(), "sparse_dot.decomposed.mlir", wantSrc)
	if err != nil {
		t.Fatal(err)
	}
	want := ir.Print(mod, ir.PrintOptions{})
	gc, go_ := splitConstants(got)
	wc, wo := splitConstants(want)
	if strings.Join(gc, "\n") != strings.Join(wc, "\n") || go_ != wo {
		t.Fatalf("decomposed design example differs from examples/sparse_dot.decomposed.mlir:\n%s\n--- want ---\n%s", got, want)
	}
}

// splitConstants returns the sorted arith.constant lines of printed IR and
// the remaining text.
func splitConstants(s string) ([]string, string) {
	var cs, rest []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "= arith.constant ") {
			cs = append(cs, strings.TrimSpace(l))
			continue
		}
		rest = append(rest, l)
	}
	sort.Strings(cs)
	return cs, strings.Join(rest, "\n")
}
