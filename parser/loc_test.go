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
		`"t.a"() : () -> () loc(callsite("a" "b"))`: `e.mlir:1:37: error: invalid location: unexpected '"b"' (expected "at")`,
		`"t.a"() : () -> () loc("f":3)`:             `e.mlir:1:29: error: invalid location: unexpected ')' (expected ":")`,
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

// TestLocDifferential parses location bodies with the hand-written parser
// (parseLocBody) and with the participle grammar (the spec): both must
// accept the same bodies, build the same location and fail at the same
// position.
func TestLocDifferential(t *testing.T) {
	bodies := []string{
		`"f.py":3:7`, `"name"("g.py":1:2)`, `"bare"`, `unknown`, `#a`, `#nope`,
		`callsite("callee" at #a)`, `callsite(callsite("a" at "b") at "c":1:2)`,
		`fused["a":1:1, unknown]`, `fused<"meta">[#a, "x"("y":2:3)]`, `fused<#m>[]`, `fused[]`,
		`"esc\"aped":1:2`, `"f":0x10:2`,
		`callsite("a" "b")`, `"f":3`, `"f":3:`, `fused<1>[]`, `fused["a" "b"]`, `callsite("a" at)`,
		`12`, `"f":-1:2`,
	}
	// Here the hand-written parser points at the offending token, the
	// grammar at the start of the enclosing rule or at the end of the body.
	posDiffers := map[string]bool{`fused<1>[]`: true, `"n"(`: true, `fused<#undefined>[]`: true}
	for b := range posDiffers {
		bodies = append(bodies, b)
	}
	for _, b := range bodies {
		src := "#m = \"meta\"\n#a = loc(\"h.py\":9:1)\n"
		hand, herr := locVia(src+b+")", (*parser).parseLocBody)
		spec, serr := locVia(src+b+")", func(p *parser) (ir.Location, error) {
			ast, err := p.parseLocGrammar()
			if err != nil {
				return nil, err
			}
			return p.toLocation(ast)
		})
		switch {
		case (herr == nil) != (serr == nil):
			t.Errorf("%s: hand-written %v, grammar %v", b, herr, serr)
		case herr != nil && !posDiffers[b] && errPos(herr) != errPos(serr):
			t.Errorf("%s: error positions differ:\n%v\n%v", b, herr, serr)
		case herr == nil && ir.LocString(hand) != ir.LocString(spec):
			t.Errorf("%s: %s vs %s", b, ir.LocString(hand), ir.LocString(spec))
		}
	}
}

// locVia parses the alias definitions at the start of src, then a location
// body with parse, which must stop at the final ')'.
func locVia(src string, parse func(*parser) (ir.Location, error)) (ir.Location, error) {
	p := &parser{ctx: ir.NewContext(), s: newStream("d.mlir", src), file: "d.mlir", src: src,
		attrAliases: map[string]ir.Attribute{}, typeAliases: map[string]ir.Type{}, locAliases: locTable{limit: len(src) / 16}}
	for i := 0; i < 2; i++ {
		if err := p.parseAliasDef(); err != nil {
			return nil, err
		}
	}
	l, err := parse(p)
	if err == nil && !p.s.isPunct(")") {
		t := p.s.peek()
		err = p.posErr(t.Pos, "body did not end at ')'")
	}
	return l, err
}

func errPos(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": error"); i >= 0 {
		return s[:i]
	}
	return s
}

// TestLocationEscapesRoundTrip: a location string with a control or
// non-ASCII byte prints with MLIR's \HH escapes, which the lexer reads back
// (Go's \x7f and raw UTF-8 were refused or changed on the second parse).
func TestLocationEscapesRoundTrip(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	src := `"t.a"() : () -> () loc("a\7Fb\C3\A9"("f\09g.py":3:7))` + "\n"
	m, err := Parse(ctx, "locs.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	op := m.Regions[0].Entry().Ops()[0]
	want := `loc("a\7Fb\C3\A9"("f\tg.py":3:7))`
	got := ir.LocString(op.Loc)
	if got != want {
		t.Fatalf("printed %s, want %s", got, want)
	}
	m2, err := Parse(ctx, "again.mlir", []byte(`"t.a"() : () -> () `+got+"\n"))
	if err != nil {
		t.Fatalf("re-parse of %s: %v", got, err)
	}
	if again := ir.LocString(m2.Regions[0].Entry().Ops()[0].Loc); again != got {
		t.Fatalf("second print %s, first %s", again, got)
	}
}
