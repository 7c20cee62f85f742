package ir_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

// testDialect declares a few ops with traits so the core can be tested
// without the real dialects.
func testCtx() *ir.Context {
	return ir.NewContext(&ir.Dialect{Name: "t", Ops: []*ir.OpDef{
		{Name: "t.module", Traits: ir.IsolatedFromAbove | ir.NoTerminator},
		{Name: "t.func", Traits: ir.IsolatedFromAbove},
		{Name: "t.const", Traits: ir.Pure | ir.ConstantLike, ResultNames: func(*ir.Operation) []string { return []string{"c"} }},
		{Name: "t.add", Traits: ir.Pure | ir.SameOperandsAndResultType},
		{Name: "t.ret", Traits: ir.Terminator | ir.ReturnLike},
		{Name: "t.loop"},
		{Name: "t.yield", Traits: ir.Terminator},
	}})
}

func buildFunc(t *testing.T) (*ir.Operation, *ir.Builder, *ir.Block) {
	ctx := testCtx()
	b := ir.NewBuilder(ctx)
	m := ir.NewOp("t.module", ctx.LookupOp("t.module"), nil, nil, 1, nil)
	mb := m.Regions[0].AddBlock()
	b.SetInsertionPointToEnd(mb)
	f := b.CreateWithRegions("t.func", nil, nil, 1)
	body := f.Regions[0].AddBlock()
	body.AddArg(ir.I32)
	b.SetInsertionPointToEnd(body)
	return m, b, body
}

func TestPrintNamesAndGroups(t *testing.T) {
	m, b, body := buildFunc(t)
	c1 := b.Create("t.const", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(1)})
	c2 := b.Create("t.const", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(2)})
	add := b.Create("t.add", []*ir.Value{c1.Result(0), body.Arg(0)}, []ir.Type{ir.I32})
	two := b.Create("t.pair", []*ir.Value{add.Result(0)}, []ir.Type{ir.I32, ir.F16T})
	b.Create("t.ret", []*ir.Value{two.Result(1), c2.Result(0)}, nil)
	got := ir.Print(m, ir.PrintOptions{Generic: true})
	want := `"t.module"() ({
  "t.func"() ({
  ^bb0(%arg0: i32):
    %c = "t.const"() {value = 1 : i32} : () -> i32
    %c_0 = "t.const"() {value = 2 : i32} : () -> i32
    %0 = "t.add"(%c, %arg0) : (i32, i32) -> i32
    %1:2 = "t.pair"(%0) : (i32) -> (i32, f16)
    "t.ret"(%1#1, %c_0) : (f16, i32) -> ()
  }) : () -> ()
}) : () -> ()`
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyDominance(t *testing.T) {
	m, b, body := buildFunc(t)
	c1 := b.Create("t.const", nil, []ir.Type{ir.I32})
	add := b.Create("t.add", []*ir.Value{c1.Result(0), body.Arg(0)}, []ir.Type{ir.I32})
	b.Create("t.ret", nil, nil)
	add.MoveBefore(c1)
	err := ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "operand #0 does not dominate this use") {
		t.Fatalf("got %v", err)
	}
}

func TestVerifyIsolation(t *testing.T) {
	m, b, body := buildFunc(t)
	outer := body.Arg(0)
	inner := b.CreateWithRegions("t.func", nil, nil, 1)
	b.Create("t.ret", nil, nil)
	ib := inner.Regions[0].AddBlock()
	b.SetInsertionPointToEnd(ib)
	b.Create("t.add", []*ir.Value{outer, outer}, []ir.Type{ir.I32})
	b.Create("t.ret", nil, nil)
	if err := ir.Verify(m); err == nil || !strings.Contains(err.Error(), "does not dominate") {
		t.Fatalf("use across an isolated op was accepted: %v", err)
	}
}

func TestVerifyTerminator(t *testing.T) {
	m, b, body := buildFunc(t)
	b.Create("t.add", []*ir.Value{body.Arg(0), body.Arg(0)}, []ir.Type{ir.I32})
	if err := ir.Verify(m); err == nil || !strings.Contains(err.Error(), "block with no terminator") {
		t.Fatalf("got %v", err)
	}
	b.Create("t.ret", nil, nil)
	b.Create("t.ret", nil, nil)
	if err := ir.Verify(m); err == nil || !strings.Contains(err.Error(), "must be the last operation") {
		t.Fatalf("got %v", err)
	}
}

func TestSameOperandsAndResultType(t *testing.T) {
	m, b, body := buildFunc(t)
	b.Create("t.add", []*ir.Value{body.Arg(0), body.Arg(0)}, []ir.Type{ir.I64})
	b.Create("t.ret", nil, nil)
	if err := ir.Verify(m); err == nil || !strings.Contains(err.Error(), "requires the same type") {
		t.Fatalf("got %v", err)
	}
}

func TestRAUWAndErase(t *testing.T) {
	_, b, body := buildFunc(t)
	c1 := b.Create("t.const", nil, []ir.Type{ir.I32})
	add := b.Create("t.add", []*ir.Value{c1.Result(0), c1.Result(0)}, []ir.Type{ir.I32})
	if n := len(c1.Result(0).Uses()); n != 2 {
		t.Fatalf("uses = %d", n)
	}
	c1.Result(0).ReplaceAllUsesWith(body.Arg(0))
	if c1.Result(0).HasUses() || len(body.Arg(0).Uses()) != 2 {
		t.Fatal("use lists not updated")
	}
	add.Erase()
	if body.Arg(0).HasUses() {
		t.Fatal("erase left uses behind")
	}
	c1.Erase()
	if len(body.Ops()) != 0 {
		t.Fatal("ops left")
	}
}

func TestCloneRemapsRegions(t *testing.T) {
	_, b, body := buildFunc(t)
	loop := b.CreateWithRegions("t.loop", nil, []ir.Type{ir.I32}, 1)
	lb := loop.Regions[0].AddBlock()
	iv := lb.AddArg(ir.I32)
	b.SetInsertionPointToEnd(lb)
	add := b.Create("t.add", []*ir.Value{iv, body.Arg(0)}, []ir.Type{ir.I32})
	b.Create("t.yield", []*ir.Value{add.Result(0)}, nil)
	c := ir.Clone(loop, map[*ir.Value]*ir.Value{})
	cadd := c.Regions[0].Entry().Ops()[0]
	if cadd.Operand(0) != c.Regions[0].Entry().Arg(0) || cadd.Operand(1) != body.Arg(0) {
		t.Fatal("clone did not remap inner values or keep outer ones")
	}
}

func TestDictSortedUnique(t *testing.T) {
	d := ir.NewDict(ir.NamedAttr{Name: "b", Value: ir.I32Attr(1)}, ir.NamedAttr{Name: "a", Value: ir.UnitAttr{}}, ir.NamedAttr{Name: "b", Value: ir.I32Attr(2)})
	if got := ir.AttrString(d); got != "{a, b = 2 : i32}" {
		t.Fatalf("got %s", got)
	}
	if got := ir.AttrString(ir.NewDict(ir.NamedAttr{Name: "triton_gpu.num-warps", Value: ir.I32Attr(4)})); got != `{"triton_gpu.num-warps" = 4 : i32}` {
		t.Fatalf("got %s", got)
	}
}

func TestFloatFormatting(t *testing.T) {
	cases := []struct {
		v    float64
		t    ir.FloatType
		want string
	}{
		{0, ir.F32T, "0.000000e+00"},
		{1, ir.F16T, "1.000000e+00"},
		{0.1, ir.F64T, "1.000000e-01"},
		{0.123456789, ir.F64T, "0.123456789"},
		{ir.RoundToType(0.1, ir.F32T), ir.F32T, "1.000000e-01"},
		{ir.RoundToType(0.1, ir.F16T), ir.F16T, "9.997559e-02"},
		{math.Inf(1), ir.F32T, "0x7F800000"},
		{math.Inf(-1), ir.F16T, "0xFC00"},
	}
	for _, c := range cases {
		if got := ir.FormatFloat(c.v, c.t); got != c.want {
			t.Errorf("FormatFloat(%v, %s) = %s, want %s", c.v, c.t, got, c.want)
		}
	}
}

func TestBF16RoundsToNearestEven(t *testing.T) {
	cases := map[float32]uint16{1.0: 0x3F80, 1.00390625: 0x3F80, 1.01171875: 0x3F82, -2.5: 0xC020}
	for in, want := range cases {
		if got := ir.F32ToBF16(in); got != want {
			t.Errorf("F32ToBF16(%v) = %#x, want %#x", in, got, want)
		}
	}
}

func TestDiagnosticRender(t *testing.T) {
	sm := ir.NewSourceMgr()
	sm.Add("x.mlir", []byte("line one\n  %0 = bad\n"))
	d := ir.Errorf(ir.FileLineCol{File: "x.mlir", Line: 2, Col: 8}, "oops").Note(ir.FileLineCol{File: "x.mlir", Line: 1, Col: 1}, "see")
	want := "x.mlir:2:8: error: oops\n  %0 = bad\n       ^\nx.mlir:1:1: note: see\nline one\n^\n"
	if got := sm.Render(d); got != want {
		t.Fatalf("got:\n%q\nwant:\n%q", got, want)
	}
}

// TestDominanceIgnoresUnreachablePredecessors: a block reached from the
// entry and from an unreachable block is still dominated by the entry.
func TestDominanceIgnoresUnreachablePredecessors(t *testing.T) {
	ctx := ir.NewContext(&ir.Dialect{Name: "t", Ops: []*ir.OpDef{
		{Name: "t.func", Traits: ir.IsolatedFromAbove},
		{Name: "t.const", Traits: ir.Pure},
		{Name: "t.br", Traits: ir.Terminator},
		{Name: "t.use"},
		{Name: "t.ret", Traits: ir.Terminator},
	}})
	b := ir.NewBuilder(ctx)
	f := ir.NewOp("t.func", ctx.LookupOp("t.func"), nil, nil, 1, nil)
	entry, dead, join := f.Regions[0].AddBlock(), f.Regions[0].AddBlock(), f.Regions[0].AddBlock()
	b.SetInsertionPointToEnd(entry)
	c := b.Create("t.const", nil, []ir.Type{ir.I32})
	b.Create("t.br", nil, nil).Successors = []*ir.Block{join}
	b.SetInsertionPointToEnd(dead)
	b.Create("t.br", nil, nil).Successors = []*ir.Block{join}
	b.SetInsertionPointToEnd(join)
	b.Create("t.use", []*ir.Value{c.Result(0)}, nil)
	b.Create("t.ret", nil, nil)
	if err := ir.Verify(f); err != nil {
		t.Fatal(err)
	}
}

// TestDomTree: the entry dominates a join it shares with an unreachable
// block; the unreachable block has no immediate dominator and is
// dominated by everything.
func TestDomTree(t *testing.T) {
	r := ir.NewOp("t.func", nil, nil, nil, 1, nil).Regions[0]
	entry, dead, join, exit := r.AddBlock(), r.AddBlock(), r.AddBlock(), r.AddBlock()
	br := func(from *ir.Block, to ...*ir.Block) {
		op := ir.NewOp("t.br", nil, nil, nil, 0, nil)
		op.Successors = to
		from.Append(op)
	}
	br(entry, join)
	br(dead, join, exit)
	br(join, exit)
	d := ir.NewDomTree(r)
	for _, c := range []struct {
		a, b *ir.Block
		want bool
	}{{entry, join, true}, {entry, exit, true}, {join, exit, true}, {dead, join, false}, {join, dead, true}, {exit, join, false}, {join, join, true}} {
		if got := d.Dominates(c.a, c.b); got != c.want {
			t.Errorf("Dominates(bb%d, bb%d) = %v, want %v", c.a.Index(), c.b.Index(), got, c.want)
		}
	}
	if d.Idom(join) != entry || d.Idom(exit) != join || d.Idom(dead) != nil || d.Idom(entry) != nil {
		t.Errorf("idoms: join %v exit %v dead %v", d.Idom(join), d.Idom(exit), d.Idom(dead))
	}
	if d.Reachable(dead) || !d.Reachable(exit) {
		t.Error("reachability")
	}
	order := d.Order()
	pos := map[*ir.Block]int{}
	for i, b := range order {
		pos[b] = i
	}
	if len(order) != 4 || pos[entry] > pos[join] || pos[join] > pos[exit] {
		t.Errorf("order %v", order)
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct {
	n   int
	got strings.Builder
}

func (w *failAfter) Write(b []byte) (int, error) {
	if w.got.Len()+len(b) > w.n {
		return 0, errors.New("disk full")
	}
	return w.got.Write(b)
}

// TestFprintStreams: Fprint writes the text Print returns, in pieces of
// bounded size, and returns the writer's first error.
func TestFprintStreams(t *testing.T) {
	m, b, body := buildFunc(t)
	for i := 0; i < 3000; i++ { // about 150 KB of text: several pieces
		b.Create("t.add", []*ir.Value{body.Arg(0), body.Arg(0)}, []ir.Type{ir.I32})
	}
	b.Create("t.ret", nil, nil)
	want := ir.Print(m, ir.PrintOptions{Generic: true})
	w := &failAfter{n: 1 << 30}
	if err := ir.Fprint(w, m, ir.PrintOptions{Generic: true}); err != nil || w.got.String() != want {
		t.Fatalf("Fprint = %v, text equal %v", err, w.got.String() == want)
	}
	var sb strings.Builder
	ir.PrintTo(&sb, m, ir.PrintOptions{Generic: true})
	if sb.String() != want {
		t.Fatal("PrintTo differs from Print")
	}
	if err := ir.Fprint(&failAfter{n: 100 << 10}, m, ir.PrintOptions{Generic: true}); err == nil || err.Error() != "disk full" {
		t.Fatalf("Fprint to a failing writer = %v, want its error", err)
	}
}

// TestDiagnosticRenderLastLine: a diagnostic on the last line (no newline
// after it) and one past the end.
func TestDiagnosticRenderLastLine(t *testing.T) {
	sm := ir.NewSourceMgr()
	sm.AddString("y.mlir", "a\r\nbc")
	d := ir.Errorf(ir.FileLineCol{File: "y.mlir", Line: 2, Col: 2}, "x")
	if got, want := sm.Render(d), "y.mlir:2:2: error: x\nbc\n ^\n"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	d = ir.Errorf(ir.FileLineCol{File: "y.mlir", Line: 3, Col: 1}, "x")
	if got, want := sm.Render(d), "y.mlir:3:1: error: x\n"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	d = ir.Errorf(ir.FileLineCol{File: "y.mlir", Line: 1, Col: 2}, "x")
	if got, want := sm.Render(d), "y.mlir:1:2: error: x\na\n ^\n"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}
