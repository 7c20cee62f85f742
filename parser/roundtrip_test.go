package parser_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// corpusChunk is one parseable unit of the corpus: a whole file, or one
// `// -----` chunk of a file run with -split-input-file.
type corpusChunk struct {
	name         string
	src          []byte
	unregistered bool
}

// corpus lists every .mlir file under test/ and examples/. Files whose RUN
// lines expect sp-opt to fail, lit Inputs/ files (fixtures of other tests,
// often broken on purpose) and chunks that expect an error diagnostic are
// skipped: they hold deliberately broken IR.
func corpus(t testing.TB) []corpusChunk {
	var out []corpusChunk
	for _, dir := range []string{"../test", "../examples"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") || strings.Contains(path, "/Inputs/") {
				return nil
			}
			src, _ := os.ReadFile(path)
			out = append(out, chunksOf(path, string(src))...)
			return nil
		})
	}
	if len(out) == 0 {
		t.Fatal("no .mlir files found")
	}
	return out
}

func chunksOf(path, src string) []corpusChunk {
	if strings.Contains(src, "not sp-opt") {
		return nil
	}
	unreg := strings.Contains(src, "allow-unregistered-dialect")
	parts := []string{src}
	if strings.Contains(src, "split-input-file") {
		parts = strings.Split(src, "// -----")
	}
	var out []corpusChunk
	for i, part := range parts {
		if strings.Contains(part, "expected-error") || strings.TrimSpace(stripComments(part)) == "" {
			continue
		}
		out = append(out, corpusChunk{name: fmt.Sprintf("%s#%d", path, i), src: []byte(part), unregistered: unreg})
	}
	return out
}

func stripComments(s string) string {
	var sb strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "//") {
			sb.WriteString(line + "\n")
		}
	}
	return sb.String()
}

func newCtx() *ir.Context { return all.Context() }

// TestRoundTrip checks that printing is a fixed point of parse∘print for
// every corpus file, in custom and generic form and in the ttg spelling,
// and that every file verifies.
func TestRoundTrip(t *testing.T) {
	forms := map[string]ir.PrintOptions{
		"custom":  {},
		"generic": {Generic: true},
		"ttg":     {Spelling: map[string]string{"triton_gpu": "ttg", "triton_nvidia_gpu": "ttng"}},
		"debug":   {DebugInfo: true},
	}
	for _, c := range corpus(t) {
		t.Run(c.name, func(t *testing.T) {
			for name, opts := range forms {
				checkFixedPoint(t, name, c, opts)
			}
		})
	}
}

func checkFixedPoint(t *testing.T, form string, c corpusChunk, opts ir.PrintOptions) {
	ctx := newCtx()
	ctx.AllowUnregistered = c.unregistered
	path := c.name
	m, err := parser.ParseAndVerify(ctx, path, c.src)
	if err != nil {
		t.Fatalf("%s: parse: %v", form, err)
	}
	first := ir.Print(m, opts)
	m2, err := parser.ParseAndVerify(ctx, path+".printed", []byte(first))
	if err != nil {
		t.Fatalf("%s: re-parse of printed form: %v\n%s", form, err, first)
	}
	second := ir.Print(m2, opts)
	if first != second {
		t.Fatalf("%s: print is not a fixed point\n--- first\n%s\n--- second\n%s", form, first, second)
	}
}

// FuzzParse feeds arbitrary text to the parser and, when it parses and
// verifies, checks the round-trip law. It must never panic.
func FuzzParse(f *testing.F) {
	for _, c := range corpus(f) {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx := newCtx()
		ctx.AllowUnregistered = true
		m, err := parser.ParseAndVerify(ctx, "fuzz.mlir", src)
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Fatalf("error is not a diagnostic: %T %v", err, err)
			}
			return
		}
		for _, opts := range []ir.PrintOptions{{}, {Generic: true}} {
			first := ir.Print(m, opts)
			m2, err := parser.ParseAndVerify(ctx, "fuzz2.mlir", []byte(first))
			if err != nil {
				t.Fatalf("printed form does not re-parse: %v\n%s", err, first)
			}
			if second := ir.Print(m2, opts); second != first {
				t.Fatalf("not a fixed point\n--- first\n%s\n--- second\n%s", first, second)
			}
		}
	})
}
