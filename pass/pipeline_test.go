package pass

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

func noop(*Context, *ir.Operation) error { return nil }

func testRegistry(t *testing.T, extra ...*Pass) *Registry {
	t.Helper()
	ps := append([]*Pass{
		{Name: "mod-pass", Summary: "s", Doc: "d", Anchor: "builtin.module", Run: noop},
		{Name: "func-pass", Summary: "s", Doc: "d", Anchor: "test.func", Run: noop},
		{Name: "any-pass", Summary: "s", Doc: "d", Anchor: AnyOp, Run: noop},
		optPass(),
	}, extra...)
	r, err := NewRegistry(ps...)
	if err != nil {
		t.Fatal(err)
	}
	type plOpts struct {
		Iters int  `opt:"iters" help:"iterations"`
		CSE   bool `opt:"with-any" help:"add any-pass"`
	}
	err = r.AddPipeline(&Pipeline{Name: "my-pipeline", Summary: "s", Doc: "d", Options: &plOpts{Iters: 2},
		Build: func(o any) (string, error) {
			po := o.(*plOpts)
			s := fmt.Sprintf("opt-pass{max-iterations=%d}, test.func(func-pass)", po.Iters)
			if po.CSE {
				s += ", any-pass"
			}
			return s, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddPipeline(&Pipeline{Name: "broken", Summary: "s", Doc: "d",
		Build: func(any) (string, error) { return "any-pass,, mod-pass", nil }}); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestParsePipelineRoundTrip(t *testing.T) {
	r := testRegistry(t)
	for _, tc := range []struct{ in, want string }{
		{"builtin.module()", "builtin.module()"},
		{"builtin.module(mod-pass, any-pass)", "builtin.module(mod-pass, any-pass)"},
		{" builtin.module( test.func( func-pass , any-pass ) ,any(any-pass))", "builtin.module(test.func(func-pass, any-pass), any(any-pass))"},
		{"builtin.module(opt-pass{fast target={a b}})", "builtin.module(opt-pass{max-iterations=10 fast=true target={a b} names=a sizes= ratio=0})"},
		{"builtin.module(my-pipeline{iters=5 with-any})", "builtin.module(opt-pass{max-iterations=5 fast=false target={} names=a sizes= ratio=0}, test.func(func-pass), any-pass)"},
	} {
		m, err := ParsePipeline(r, PipelineFile, tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := m.String(); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, got, tc.want)
		}
		if m2, err := ParsePipeline(r, PipelineFile, m.String()); err != nil || m2.String() != m.String() {
			t.Errorf("reparse of %q: %v", m.String(), err)
		}
	}
}

func TestParsePipelineErrors(t *testing.T) {
	r := testRegistry(t)
	for _, tc := range []struct {
		in  string
		col int
		msg string
	}{
		{"builtin.module(mod-pass,,any-pass)", 25, "expected a pass, pipeline or op anchor name, found ','"},
		{"builtin.module(mod-pass, bogus)", 26, "'bogus' does not refer to a registered pass or pass pipeline"},
		{"builtin.module(mod-pass", 24, "expected ')' to close the pipeline"},
		{"builtin.module(mod-pass any-pass)", 25, "expected ',' or ')'"},
		{"(mod-pass)", 1, "expected an op anchor such as 'builtin.module' followed by '('"},
		{"builtin.module mod-pass", 16, "expected '(' after anchor 'builtin.module' (a pipeline is written anchor(pass, ...))"},
		{"builtin.module(func-pass)", 16, "pass 'func-pass' runs on 'test.func' ops and cannot run on 'builtin.module'; nest it: builtin.module(test.func(func-pass))"},
		{"builtin.module(any(mod-pass))", 20, "pass 'mod-pass' runs only on 'builtin.module' ops and cannot be scheduled in an 'any' pipeline"},
		{"builtin.module(opt-pass{max-iterations=many})", 40, "invalid value for option 'max-iterations' of 'opt-pass': expected an integer, got \"many\""},
		{"builtin.module(opt-pass{fast nope=1})", 30, "no such option 'nope' for 'opt-pass' (known: fast, max-iterations, names, ratio, sizes, target)"},
		{"builtin.module(opt-pass{fast)", 24, "unterminated '{' in pass options"},
		{"builtin.module(mod-pass) x", 26, "unexpected text after the pipeline"},
		{"builtin.module(my-pipeline{iters=x})", 34, "invalid value for option 'iters' of 'my-pipeline': expected an integer, got \"x\""},
		{"builtin.module(broken)", 16, `in the expansion of pipeline 'broken' at column 10 of "any-pass,, mod-pass": expected a pass, pipeline or op anchor name, found ','`},
	} {
		_, err := ParsePipeline(r, PipelineFile, tc.in)
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("%q: got %v, want a diagnostic", tc.in, err)
			continue
		}
		pos, _ := d.Loc.Pos()
		if pos.File != PipelineFile || pos.Line != 1 || pos.Col != tc.col || d.Msg != tc.msg {
			t.Errorf("%q:\n got %s:%d:%d %s\nwant col %d %s", tc.in, pos.File, pos.Line, pos.Col, d.Msg, tc.col, tc.msg)
		}
	}
}

func TestPipelineErrorRendersCaret(t *testing.T) {
	r := testRegistry(t)
	text := "builtin.module(mod-pass, bogus)"
	_, err := ParsePipeline(r, PipelineFile, text)
	sm := ir.NewSourceMgr()
	sm.Add(PipelineFile, []byte(text))
	got := sm.Render(err.(*ir.Diagnostic))
	want := "<pass-pipeline>:1:26: error: 'bogus' does not refer to a registered pass or pass pipeline\n" +
		text + "\n" + strings.Repeat(" ", 25) + "^\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParseElements(t *testing.T) {
	r := testRegistry(t)
	m := NewManager("builtin.module")
	if err := ParseElements(r, m, "<cli>", "mod-pass, test.func(func-pass)"); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "builtin.module(mod-pass, test.func(func-pass))" {
		t.Errorf("got %s", got)
	}
	var names []string
	for _, in := range m.Passes() {
		names = append(names, in.Pass.Name)
	}
	if strings.Join(names, " ") != "mod-pass func-pass" || m.Empty() || !NewManager("x").Empty() {
		t.Errorf("Passes() = %v", names)
	}
	if err := ParseElements(r, m, "<cli>", "mod-pass any-pass"); err == nil {
		t.Error("missing comma accepted")
	}
}

func TestValidate(t *testing.T) {
	mk := func(name string) *Pass { return &Pass{Name: name, Summary: "s", Doc: "d", Anchor: AnyOp, Run: noop} }
	a, b, c := mk("a"), mk("b"), mk("c")
	a.Requires = []*Pass{b}
	b.Requires = []*Pass{c}
	if err := Validate([]*Pass{a, b, c}); err != nil {
		t.Fatalf("acyclic: %v", err)
	}
	c.Requires = []*Pass{a}
	var ce *CycleError
	if err := Validate([]*Pass{a, b, c}); !errors.As(err, &ce) || strings.Join(ce.Cycle, " ") != "a b c a" {
		t.Errorf("cycle: %v", err)
	}
	c.Requires = nil
	if err := CheckOrder([]*Pass{c, b, a}); err != nil {
		t.Errorf("good order: %v", err)
	}
	var oe *OrderError
	if err := CheckOrder([]*Pass{c, a, b}); !errors.As(err, &oe) || oe.Pass != "a" || oe.Required != "b" {
		t.Errorf("bad order: %v", err)
	}
	var de *DuplicateError
	if err := Validate([]*Pass{mk("x"), mk("x")}); !errors.As(err, &de) || de.Name != "x" {
		t.Errorf("duplicate: %v", err)
	}
	for _, mut := range []func(p *Pass){
		func(p *Pass) { p.Name = "" },
		func(p *Pass) { p.Name = "bad name" },
		func(p *Pass) { p.Summary = "" },
		func(p *Pass) { p.Summary = "two\nlines" },
		func(p *Pass) { p.Doc = " " },
		func(p *Pass) { p.Anchor = "" },
		func(p *Pass) { p.Run = nil },
		func(p *Pass) { p.Options = (*testOpts)(nil) },
		func(p *Pass) { p.Requires = []*Pass{nil} },
	} {
		p := mk("ok")
		mut(p)
		var ve *ValidationError
		if err := Validate([]*Pass{p}); !errors.As(err, &ve) {
			t.Errorf("%+v: got %v, want *ValidationError", p, err)
		}
	}
	if _, err := NewRegistry(mk("x"), mk("x")); err == nil {
		t.Error("NewRegistry accepted duplicates")
	}
	r, _ := NewRegistry(mk("x"))
	if err := r.AddPipeline(&Pipeline{Name: "x", Summary: "s", Doc: "d", Build: func(any) (string, error) { return "", nil }}); err == nil {
		t.Error("pipeline named like a pass accepted")
	}
	if got := (&Pass{Name: "symbol-dce"}).DisplayName(); got != "SymbolDce" {
		t.Errorf("DisplayName = %q", got)
	}
}
