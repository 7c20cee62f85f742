package pass

import (
	"testing"

	"github.com/sparsetriton/sp/ir"
)

// FuzzParsePipeline: any text either parses to a manager whose String()
// reparses to itself, or yields a diagnostic inside the text; never a panic.
func FuzzParsePipeline(f *testing.F) {
	for _, s := range []string{
		"builtin.module(mod-pass, test.func(func-pass), any(any-pass))",
		"builtin.module(opt-pass{fast target={a b} names=x,'y z'})",
		"builtin.module(my-pipeline{iters=3 with-any})",
		"builtin.module(broken)", "builtin.module(opt-pass{", "((", "", "builtin.module(,)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r := testRegistry(t)
		m, err := ParsePipeline(r, PipelineFile, text)
		if err != nil {
			d, ok := err.(*ir.Diagnostic)
			if !ok {
				t.Fatalf("%q: error %T is not a diagnostic", text, err)
			}
			if p, _ := d.Loc.Pos(); p.Col < 1 || p.Col > len(text)+1 {
				t.Fatalf("%q: column %d outside the text", text, p.Col)
			}
			return
		}
		m2, err := ParsePipeline(r, PipelineFile, m.String())
		if err != nil || m2.String() != m.String() {
			t.Fatalf("%q: String() %q does not reparse: %v", text, m.String(), err)
		}
	})
}

// FuzzParseOptions: option text never panics and errors stay in range.
func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"max-iterations=3 fast", "target='a b' names={x,y}", "=", "sizes=1,,2", "ratio=1e9 fast=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p := optPass()
		err := ParseOptions(p.Name, NewOptions(p), text)
		if oe, ok := err.(*OptionError); ok && (oe.Offset < 0 || oe.Offset > len(text)) {
			t.Fatalf("%q: offset %d outside the text", text, oe.Offset)
		}
	})
}
