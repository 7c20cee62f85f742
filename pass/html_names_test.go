package pass

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

var (
	// insertConst adds one constant at the top of every function: with
	// ir.Print's program-order numbering every later value is renamed.
	insertConst = &Pass{Name: "insert-const", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(c *Context, op *ir.Operation) error {
		b := ir.NewBuilder(c.IR)
		b.SetInsertionPointToStart(op.Regions[0].Blocks[0])
		b.Loc = loc(99)
		b.Create("test.const", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(7)})
		return nil
	}}
	// changeAdd rewires the add of every function to read the first
	// constant twice: one op changes.
	changeAdd = &Pass{Name: "change-add", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(_ *Context, op *ir.Operation) error {
		ops := op.Regions[0].Blocks[0].Ops()
		first := ops[0].Result(0)
		for _, o := range ops {
			if o.Name == "test.add" {
				o.SetOperand(0, first)
				o.SetOperand(1, first)
			}
		}
		return nil
	}}
)

// sectionChanges counts the added and deleted lines of each pass section.
func sectionChanges(page string) [][2]int {
	var out [][2]int
	for _, sec := range strings.Split(page, `<details class="pass"`)[1:] {
		out = append(out, [2]int{strings.Count(sec, `<span class="add">`), strings.Count(sec, `<span class="del">`)})
	}
	return out
}

// TestHTMLDumpStableNames: a pass that inserts one op shows one added line
// and nothing else; a pass that changes one op shows that op's line once
// deleted and once added; everything else is unchanged in the diff.
func TestHTMLDumpStableNames(t *testing.T) {
	r := testRegistry(t, insertConst, changeAdd, eraseFirst)
	m, err := ParsePipeline(r, PipelineFile, "builtin.module(test.func(insert-const), test.func(change-add), erase-first)")
	if err != nil {
		t.Fatal(err)
	}
	h := &HTMLDump{Title: "t"}
	mod := testModule(testContext(), 2)
	if err := m.Run(mod, RunOptions{Instrumentations: []Instrumentation{h}}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := h.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	got := sectionChanges(page)
	// insert-const on @f0, @f1: one new line each; change-add: one op each
	// (1 deleted + 1 added); erase-first: @f0's 6 lines deleted.
	want := [][2]int{{1, 0}, {1, 0}, {1, 1}, {1, 1}, {0, 6}}
	if len(got) != len(want) {
		t.Fatalf("%d sections, want %d:\n%s", len(got), len(want), page)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("section %d: %d added, %d deleted lines; want %v", i+1, got[i][0], got[i][1], want[i])
		}
	}
	// The changed line is the add, before and after.
	if !regexp.MustCompile(`<span class="del">-\s+%v1 = &#34;test.add&#34;\(%v0, %v0\)`).MatchString(page) ||
		!regexp.MustCompile(`<span class="add">\+\s+%v1 = &#34;test.add&#34;\(%v2, %v2\)`).MatchString(page) {
		t.Errorf("change-add diff does not show the add with stable names:\n%s", page)
	}
	// The IR itself keeps no names from the dump.
	if s := ir.Print(mod, ir.PrintOptions{}); strings.Contains(s, "%v") {
		t.Errorf("the dump leaked name hints into the IR:\n%s", s)
	}
	// Without stable names the same insertion renames every later value.
	naive := diffHTML(ir.Print(testModule(testContext(), 1), ir.PrintOptions{}), func() string {
		m := testModule(testContext(), 1)
		_ = insertConst.Run(&Context{IR: testContext()}, m.Regions[0].Blocks[0].Ops()[0])
		return ir.Print(m, ir.PrintOptions{})
	}())
	if strings.Count(naive, `class="add"`) < 3 {
		t.Errorf("the naive diff is not noisy, so this test shows nothing:\n%s", naive)
	}
}

func TestStableAliases(t *testing.T) {
	n := newStableNamer()
	first := "#blocked = #l<1>\n#blocked1 = #l<2>\nmodule { x : t<#blocked> y : t<#blocked1> }\n"
	if got := n.stableAliases(first); got != first {
		t.Errorf("first snapshot renamed:\n%s", got)
	}
	// A new layout printed first takes #blocked; the old ones keep theirs.
	second := "#blocked = #l<3>\n#blocked1 = #l<1>\n#blocked2 = #l<2>\nmodule { z : t<#blocked> x : t<#blocked1> y : t<#blocked2> }\n"
	want := "#blocked2 = #l<3>\n#blocked = #l<1>\n#blocked1 = #l<2>\nmodule { z : t<#blocked2> x : t<#blocked> y : t<#blocked1> }\n"
	if got := n.stableAliases(second); got != want {
		t.Errorf("second snapshot:\n%s\nwant\n%s", got, want)
	}
}
