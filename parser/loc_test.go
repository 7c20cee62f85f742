package parser

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestLocGrammarEBNF keeps the location grammar's EBNF as a golden file, so
// a change to the grammar structs shows up in review.
func TestLocGrammarEBNF(t *testing.T) {
	got := locGrammar.String() + "\n"
	const golden = "testdata/loc.ebnf"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./parser -run TestLocGrammarEBNF -update)", err)
	}
	if got != string(want) {
		t.Fatalf("EBNF changed; run with -update if intended:\n%s", got)
	}
}

func TestLocations(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	src := `"t.a"() : () -> () loc("f.py":3:7)
"t.b"() : () -> () loc("name"("g.py":1:2))
"t.c"() : () -> () loc(callsite("callee" at #l2))
"t.d"() : () -> () loc(fused<"meta">[#l2, unknown])
"t.e"() : () -> () loc("bare")
#l2 = loc("h.py":9:1)
`
	m, err := Parse(ctx, "locs.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`loc("f.py":3:7)`,
		`loc("name"("g.py":1:2))`,
		`loc(callsite("callee" at "h.py":9:1))`,
		`loc(fused<"meta">["h.py":9:1, unknown])`,
		`loc("bare")`,
	}
	for i, op := range m.Regions[0].Entry().Ops() {
		if got := ir.LocString(op.Loc); got != want[i] {
			t.Errorf("op %d: %s, want %s", i, got, want[i])
		}
	}
}

func TestLocationErrors(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	cases := map[string]string{
		`"t.a"() : () -> () loc(callsite("a" "b"))`: `e.mlir:1:37: error: invalid location: unexpected token "\"b\"" (expected "at" LocAST)`,
		`"t.a"() : () -> () loc("f":3)`:             `e.mlir:1:29: error: invalid location: unexpected token ")" (expected ":" <int>)`,
		`"t.a"() : () -> () loc(#nope)`:             `e.mlir:1:24: error: undefined symbol alias id 'nope'`,
		`"t.a"() : () -> () loc()`:                  `e.mlir:1:24: error: expected location instance`,
	}
	for src, want := range cases {
		_, err := Parse(ctx, "e.mlir", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s:\n got %v\nwant prefix %s", src, err, want)
		}
	}
}
