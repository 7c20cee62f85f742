package transform

import (
	"fmt"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

func TestCSEBasic(t *testing.T) {
	f := newFunc(t)
	a := f.op("test.neg", f.arg)
	b := f.op("test.neg", f.arg)    // same as a
	c := f.op("test.add", a, f.arg) // add(a, x)
	d := f.op("test.add", f.arg, b) // add(x, a) after a==b: commutative, same
	e := f.b.Create("test.neg", []*ir.Value{f.arg}, []ir.Type{ir.I32}, ir.NamedAttr{Name: "tag", Value: ir.I32Attr(1)}).Result(0)
	f.effect(f.arg) // not pure: never merged
	f.effect(f.arg)
	f.op("test.neg", c) // dead: erased
	f.effect(c, d, e)
	f.b.Create("test.yield", nil, nil)
	if err := runPass(t, f.ctx, f.mod, CSE, ""); err != nil {
		t.Fatal(err)
	}
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    %0 = "test.neg"(%arg0) : (i32) -> i32
    %1 = "test.add"(%0, %arg0) : (i32, i32) -> i32
    %2 = "test.neg"(%arg0) {tag = 1 : i32} : (i32) -> i32
    "test.effect"(%arg0) : (i32) -> ()
    "test.effect"(%arg0) : (i32) -> ()
    "test.effect"(%1, %1, %2) : (i32, i32, i32) -> ()
    "test.yield"() : () -> ()`)
}

func TestCSEScopes(t *testing.T) {
	f := newFunc(t)
	outer := f.op("test.neg", f.arg)
	// A nested region sees the outer op; ops inside do not leak out.
	r := f.b.CreateWithRegions("test.region", nil, []ir.Type{ir.I32}, 1)
	f.b.SetInsertionPointToEnd(r.Regions[0].AddBlock())
	in1 := f.op("test.neg", f.arg)    // same as outer: replaced
	in2 := f.op("test.add", in1, in1) // only inside
	f.b.Create("test.yield", []*ir.Value{in2}, nil)
	f.b.SetInsertionPointToEnd(f.f.Regions[0].Blocks[0])
	after := f.op("test.add", outer, outer) // not merged with in2 (inner scope)
	f.effect(outer, r.Result(0), after)
	f.b.Create("test.yield", nil, nil)
	if err := runPass(t, f.ctx, f.mod, CSE, ""); err != nil {
		t.Fatal(err)
	}
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    %0 = "test.neg"(%arg0) : (i32) -> i32
    %1 = "test.region"() ({
      %3 = "test.add"(%0, %0) : (i32, i32) -> i32
      "test.yield"(%3) : (i32) -> ()
    }) : () -> i32
    %2 = "test.add"(%0, %0) : (i32, i32) -> i32
    "test.effect"(%0, %1, %2) : (i32, i32, i32) -> ()
    "test.yield"() : () -> ()`)
}

func TestCSEIsolatedAndBlocks(t *testing.T) {
	f := newFunc(t)
	region := f.f.Regions[0]
	bThen, bElse, bJoin := region.AddBlock(), region.AddBlock(), region.AddBlock()
	top := f.c(1)
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{bThen, bElse}
	f.b.SetInsertionPointToEnd(bThen)
	t1 := f.c(1) // dominated by entry: replaced by top
	t2 := f.c(2)
	f.effect(t1, t2)
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{bJoin}
	f.b.SetInsertionPointToEnd(bElse)
	e2 := f.c(2) // sibling of bThen: kept
	f.effect(e2)
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{bJoin}
	f.b.SetInsertionPointToEnd(bJoin)
	j2 := f.c(2) // join not dominated by either branch: kept
	j1 := f.c(1) // dominated by entry: replaced
	f.effect(top, j1, j2)
	f.b.Create("test.yield", nil, nil)
	// A second function: isolated, so its constant is not replaced.
	f.b.SetInsertionPointToEnd(f.mod.Regions[0].Blocks[0])
	g := f.b.CreateWithRegions("test.func", nil, nil, 1, ir.NamedAttr{Name: "sym_name", Value: ir.StringAttr{Value: "g"}})
	f.b.SetInsertionPointToEnd(g.Regions[0].AddBlock())
	f.effect(f.c(1))
	f.b.Create("test.yield", nil, nil)
	f.verify()
	st := EliminateCommonSubexpressions(f.mod)
	f.verify()
	if st.Replaced != 2 {
		t.Errorf("replaced %d, want 2:\n%s", st.Replaced, ir.Print(f.mod, ir.PrintOptions{Generic: true}))
	}
	if len(g.Regions[0].Blocks[0].Ops()) != 3 {
		t.Error("CSE crossed an isolated-from-above boundary")
	}
	if t1.DefiningOp().Block() != nil || j1.DefiningOp().Block() != nil || e2.DefiningOp().Block() == nil || j2.DefiningOp().Block() == nil {
		t.Errorf("wrong ops merged:\n%s", f.body())
	}
}

func TestSymbolDCE(t *testing.T) {
	ctx := testContext()
	mod := ir.NewOp("builtin.module", defModule, nil, nil, 1, ir.UnknownLoc{})
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(mod.Regions[0].AddBlock())
	fn := func(name string, private bool, calls ...string) {
		attrs := []ir.NamedAttr{{Name: "sym_name", Value: ir.StringAttr{Value: name}}}
		if private {
			attrs = append(attrs, ir.NamedAttr{Name: "sym_visibility", Value: ir.StringAttr{Value: "private"}})
		}
		f := b.CreateWithRegions("test.func", nil, nil, 1, attrs...)
		save := *b
		b.SetInsertionPointToEnd(f.Regions[0].AddBlock())
		for _, c := range calls {
			b.Create("test.call", nil, nil, ir.NamedAttr{Name: "callee", Value: ir.SymbolRefAttr{Root: c}})
		}
		b.Create("test.yield", nil, nil)
		*b = save
	}
	fn("public", false, "used")
	fn("used", true, "used2")
	fn("used2", true, "used2") // recursive, reachable
	fn("dead1", true, "dead2") // private cycle: dead
	fn("dead2", true, "dead1")
	fn("dead3", true)
	b.Create("test.call", nil, nil, ir.NamedAttr{Name: "refs", Value: ir.ArrayAttr{Elems: []ir.Attribute{ir.SymbolRefAttr{Root: "viaattr"}}}})
	fn("viaattr", true)
	if err := runPass(t, ctx, mod, SymbolDCE, ""); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range mod.Regions[0].Blocks[0].Ops() {
		if n, ok := ir.SymbolNameOf(o); ok {
			names = append(names, n)
		}
	}
	if got := fmt.Sprint(names); got != "[public used used2 viaattr]" {
		t.Errorf("symbols left: %s", got)
	}
}

// TestCSEIgnoresUnreachablePredecessors: a join reached from the entry and
// from an unreachable block is dominated by the entry (ir.DomTree, as
// MLIR), so its copy of an entry expression is replaced.
func TestCSEIgnoresUnreachablePredecessors(t *testing.T) {
	f := newFunc(t)
	region := f.f.Regions[0]
	dead, join := region.AddBlock(), region.AddBlock()
	top := f.c(1)
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{join}
	f.b.SetInsertionPointToEnd(dead)
	d1 := f.c(1) // unreachable: its own scope, kept
	f.effect(d1)
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{join}
	f.b.SetInsertionPointToEnd(join)
	j1 := f.c(1) // dominated by the entry: replaced by top
	f.effect(top, j1)
	f.b.Create("test.yield", nil, nil)
	f.verify()
	st := EliminateCommonSubexpressions(f.mod)
	f.verify()
	if st.Replaced != 1 || j1.DefiningOp().Block() != nil || d1.DefiningOp().Block() == nil {
		t.Errorf("replaced %d, want the join's constant only:\n%s", st.Replaced, f.body())
	}
}
