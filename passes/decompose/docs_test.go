package decompose

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/transform"
)

var fenceRE = regexp.MustCompile("(?s)```mlir\n(// (BEFORE|AFTER)([^\n]*)\n.*?)```")

// TestDocExamples checks the before/after examples of docs/sparse.md: each
// `// AFTER p1, p2` block must be exactly what the passes p1, p2 print for
// the `// BEFORE` block above it.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/sparse.md")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*pass.Pass{Name: Pass, "canonicalize": transform.Canonicalize}
	var before string
	pairs := 0
	for _, m := range fenceRE.FindAllStringSubmatch(string(doc), -1) {
		block, kind, arg := m[1], m[2], strings.TrimSpace(m[3])
		if kind == "BEFORE" {
			before = block
			continue
		}
		if before == "" {
			t.Fatalf("AFTER block without a BEFORE block:\n%s", block)
		}
		var ps []*pass.Pass
		for _, n := range strings.Split(arg, ",") {
			p, ok := byName[strings.TrimSpace(n)]
			if !ok {
				t.Fatalf("AFTER names unknown pass %q", n)
			}
			ps = append(ps, p)
		}
		got, err := runPasses(t, "sparse.md", []byte(before), ps...)
		if err != nil {
			t.Fatalf("%s on the docs/sparse.md example: %v", arg, err)
		}
		mod, err := parser.ParseAndVerify(all.Context(), "sparse.md", []byte(block))
		if err != nil {
			t.Fatalf("AFTER block does not parse: %v", err)
		}
		if want := ir.Print(mod, ir.PrintOptions{}); got != want {
			t.Errorf("docs/sparse.md example is stale; %s gives:\n%s\nthe document says:\n%s", arg, got, want)
		}
		before = ""
		pairs++
	}
	if pairs < 2 {
		t.Fatalf("found %d before/after pairs in docs/sparse.md, want at least 2", pairs)
	}
}
