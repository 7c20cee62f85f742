package pass

import (
	"flag"
	"reflect"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

type testOpts struct {
	Iters  int      `opt:"max-iterations" help:"sweeps"`
	Fast   bool     `opt:"fast" help:"go fast"`
	Target string   `opt:"target" help:"target"`
	Names  []string `opt:"names" help:"names"`
	Sizes  []int    `opt:"sizes" help:"sizes"`
	Ratio  float64  `opt:"ratio" help:"ratio"`
	hidden int
}

func optPass() *Pass {
	return &Pass{Name: "opt-pass", Summary: "s", Doc: "d", Anchor: AnyOp,
		Options: &testOpts{Iters: 10, Names: []string{"a"}},
		Run:     func(*Context, *ir.Operation) error { return nil }}
}

func TestParseOptions(t *testing.T) {
	p := optPass()
	o := NewOptions(p).(*testOpts)
	err := ParseOptions(p.Name, o, `max-iterations=3 fast target='cuda:80 x' names=x,y,{z,w} sizes=1,2,3 ratio=0.5`)
	if err != nil {
		t.Fatal(err)
	}
	want := &testOpts{Iters: 3, Fast: true, Target: "cuda:80 x", Names: []string{"x", "y", "z,w"}, Sizes: []int{1, 2, 3}, Ratio: 0.5}
	if !reflect.DeepEqual(o, want) {
		t.Fatalf("got %+v want %+v", o, want)
	}
	if d := p.Options.(*testOpts); d.Iters != 10 || d.Fast || len(d.Names) != 1 {
		t.Fatalf("template modified: %+v", d)
	}
	o2 := NewOptions(p).(*testOpts)
	o2.Names[0] = "changed"
	if p.Options.(*testOpts).Names[0] != "a" {
		t.Fatal("NewOptions shares list storage with the template")
	}
}

func TestParseOptionsErrors(t *testing.T) {
	p := optPass()
	for _, tc := range []struct {
		text, msg string
		off       int
	}{
		{"max-iterations=x", "invalid value for option 'max-iterations' of 'opt-pass': expected an integer, got \"x\"", 15},
		{"fast bogus=1", "no such option 'bogus' for 'opt-pass' (known: fast, max-iterations, names, ratio, sizes, target)", 5},
		{"max-iterations", "option 'max-iterations' of 'opt-pass' needs a value (max-iterations=...)", 0},
		{"fast=maybe", "invalid value for option 'fast' of 'opt-pass': expected true, false, 1 or 0, got \"maybe\"", 5},
		{"target='abc", "unterminated quoted option value", 7},
		{"sizes=1,x", "invalid value for option 'sizes' of 'opt-pass': list element 2: expected an integer, got \"x\"", 6},
		{"=3", "expected an option name before '='", 0},
	} {
		err := ParseOptions(p.Name, NewOptions(p), tc.text)
		oe, ok := err.(*OptionError)
		if !ok {
			t.Errorf("%q: got %v, want *OptionError", tc.text, err)
			continue
		}
		if oe.Msg != tc.msg || oe.Offset != tc.off {
			t.Errorf("%q: got (%d) %s\nwant (%d) %s", tc.text, oe.Offset, oe.Msg, tc.off, tc.msg)
		}
	}
	if err := ParseOptions("cse", nil, "x=1"); err == nil || !strings.Contains(err.Error(), "'cse' has no options") {
		t.Errorf("options on option-less pass: %v", err)
	}
}

func TestBindFlagsAndFormat(t *testing.T) {
	p := optPass()
	o := NewOptions(p).(*testOpts)
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	if err := BindFlags(fs, o); err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse([]string{"-fast", "-max-iterations=7", "-names=p,q"}); err != nil {
		t.Fatal(err)
	}
	if got, want := FormatOptions(o), "max-iterations=7 fast=true target={} names=p,q sizes= ratio=0"; got != want {
		t.Errorf("FormatOptions = %q, want %q", got, want)
	}
	// Format then parse is a fixed point.
	o2 := NewOptions(p).(*testOpts)
	if err := ParseOptions(p.Name, o2, FormatOptions(o)); err != nil {
		t.Fatal(err)
	}
	if FormatOptions(o2) != FormatOptions(o) {
		t.Errorf("round trip: %q vs %q", FormatOptions(o2), FormatOptions(o))
	}
	info := Describe(p)
	if len(info) != 6 || info[0] != (OptionInfo{Name: "max-iterations", Help: "sweeps", Type: "int", Default: "10"}) || info[3].Type != "list<string>" {
		t.Errorf("Describe = %+v", info)
	}
}

func TestBadOptionStructs(t *testing.T) {
	type noTag struct{ X int }
	type badType struct {
		M map[string]int `opt:"m"`
	}
	type dup struct {
		A int `opt:"a"`
		B int `opt:"a"`
	}
	for _, o := range []any{noTag{}, &badType{}, &dup{}} {
		p := optPass()
		p.Options = o
		if err := Validate([]*Pass{p}); err == nil {
			t.Errorf("%T accepted", o)
		}
	}
	p := optPass()
	p.Options = &noTag{}
	if err := Validate([]*Pass{p}); err != nil {
		t.Errorf("struct without option fields rejected: %v", err)
	}
}

// A value with no spelling that reads back is refused when it is parsed,
// so that printing a parsed pipeline never changes its meaning.
func TestOptionWithoutFaithfulSpellingRefused(t *testing.T) {
	r := testRegistry(t)
	_, err := ParsePipeline(r, PipelineFile, "builtin.module(opt-pass{names=\f'\"{ '})")
	if err == nil || !strings.Contains(err.Error(), "no spelling that reads back") {
		t.Fatalf("got %v, want a refusal", err)
	}
	m, err := ParsePipeline(r, PipelineFile, "builtin.module(opt-pass{ratio=nan names=']',})")
	if err != nil {
		t.Fatal(err)
	}
	if m2, err := ParsePipeline(r, PipelineFile, m.String()); err != nil || m2.String() != m.String() {
		t.Fatalf("%q does not read back: %v", m.String(), err)
	}
}
