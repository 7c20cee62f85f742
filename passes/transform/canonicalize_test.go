package transform

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

func TestCanonicalizeFoldsAndHoists(t *testing.T) {
	f := newFunc(t)
	x := f.op("test.neg", f.arg)
	f.effect(x)
	two := f.c(2)
	one := f.c(1)
	s := f.op("test.add", one, two)        // -> constant 3
	z := f.op("test.add", x, f.c(0))       // -> x
	u := f.op("test.add", s, f.c(0))       // -> 3
	f.op("test.neg", z)                    // dead
	f.effect(z, u, f.op("test.add", s, s)) // add(3,3) -> 6
	f.b.Create("test.yield", nil, nil)
	f.verify()
	if err := runPass(t, f.ctx, f.mod, Canonicalize, ""); err != nil {
		t.Fatal(err)
	}
	f.verify()
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 6 : i32}> : () -> i32
    %2 = "test.neg"(%arg0) : (i32) -> i32
    "test.effect"(%2) : (i32) -> ()
    "test.effect"(%2, %0, %1) : (i32, i32, i32) -> ()
    "test.yield"() : () -> ()`)
}

func TestCanonicalizeReusesExistingConstant(t *testing.T) {
	f := newFunc(t)
	x := f.op("test.neg", f.arg)
	s := f.op("test.add", f.c(1), f.c(2))
	f.effect(s)
	f.effect(x, f.c(3)) // an existing 3 after the fold site: moved up, reused
	f.b.Create("test.yield", nil, nil)
	if err := runPass(t, f.ctx, f.mod, Canonicalize, ""); err != nil {
		t.Fatal(err)
	}
	f.verify()
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "test.neg"(%arg0) : (i32) -> i32
    "test.effect"(%0) : (i32) -> ()
    "test.effect"(%1, %0) : (i32, i32) -> ()
    "test.yield"() : () -> ()`)
}

func TestCanonicalizeNestedRegionHoistsToFunction(t *testing.T) {
	f := newFunc(t)
	r := f.b.CreateWithRegions("test.region", nil, []ir.Type{ir.I32}, 1)
	inner := r.Regions[0].AddBlock()
	f.b.SetInsertionPointToEnd(inner)
	s := f.op("test.add", f.c(4), f.c(5))
	f.b.Create("test.yield", []*ir.Value{s}, nil)
	f.b.SetInsertionPointToEnd(f.f.Regions[0].Blocks[0])
	f.effect(r.Result(0))
	f.b.Create("test.yield", nil, nil)
	if err := runPass(t, f.ctx, f.mod, Canonicalize, ""); err != nil {
		t.Fatal(err)
	}
	f.verify()
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %1 = "test.region"() ({
      "test.yield"(%0) : (i32) -> ()
    }) : () -> i32
    "test.effect"(%1) : (i32) -> ()
    "test.yield"() : () -> ()`)
}

func TestCanonicalizeCommuteAndDisable(t *testing.T) {
	build := func() *fn {
		f := newFunc(t)
		f.effect(f.op("test.add", f.c(7), f.arg))
		f.b.Create("test.yield", nil, nil)
		return f
	}
	f := build()
	if err := runPass(t, f.ctx, f.mod, Canonicalize, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.body(), `"test.add"(%arg0, %0)`) {
		t.Errorf("constant not moved right:\n%s", f.body())
	}
	f = build()
	if err := runPass(t, f.ctx, f.mod, Canonicalize, "disable-patterns=commute-constant-right"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.body(), `"test.add"(%0, %arg0)`) {
		t.Errorf("disabled pattern applied:\n%s", f.body())
	}
	err := runPass(t, f.ctx, f.mod, Canonicalize, "disable-patterns=nope")
	if err == nil || !strings.Contains(err.Error(), `disable-patterns names unknown pattern "nope"`) {
		t.Errorf("unknown pattern: %v", err)
	}
	err = runPass(t, f.ctx, f.mod, Canonicalize, "region-simplify=sometimes")
	if err == nil || !strings.Contains(err.Error(), "region-simplify must be") {
		t.Errorf("bad region-simplify: %v", err)
	}
}

func TestCustomPatternsAndBenefit(t *testing.T) {
	var order []string
	mk := func(name, root string, benefit int, apply bool) Pattern {
		return Pattern{Name: name, Root: root, Benefit: benefit, Rewrite: func(op *ir.Operation, rw *Rewriter) bool {
			order = append(order, name)
			if !apply {
				return false
			}
			// neg(neg(x)) -> x
			in := op.Operand(0).DefiningOp()
			if in == nil || in.Name != "test.neg" {
				return false
			}
			rw.ReplaceOp(op, []*ir.Value{in.Operand(0)})
			return true
		}}
	}
	pats := []Pattern{mk("generic-high", "", 10, false), mk("low", "test.neg", 1, false), mk("high", "test.neg", 5, true)}
	f := newFunc(t)
	f.effect(f.op("test.neg", f.op("test.neg", f.arg)))
	f.b.Create("test.yield", nil, nil)
	st := ApplyPatternsGreedily(f.ctx, f.f, pats, GreedyConfig{})
	f.verify()
	want(t, f.body(), `
  ^bb0(%arg0: i32):
    "test.effect"(%arg0) : (i32) -> ()
    "test.yield"() : () -> ()`)
	// First visit: the inner neg (program order) tries high (no match: its
	// operand is an argument), low, generic-high; then the outer neg
	// matches high and stops.
	if got := strings.Join(order[:4], " "); got != "high low generic-high high" {
		t.Errorf("pattern order: %v", order)
	}
	if !st.Converged || st.Rewrites["high"] != 1 || st.Erased != 2 {
		t.Errorf("stats: %+v", st)
	}
}

func TestCanonicalizeConvergence(t *testing.T) {
	// A pattern that always rewrites never converges.
	flip := Pattern{Name: "flip", Root: "test.effect", Rewrite: func(op *ir.Operation, rw *Rewriter) bool {
		rw.ModifyInPlace(op, func() { op.SetAttr("n", ir.I32Attr(op.IntAttrOr("n", 0)+1)) })
		return true
	}}
	f := newFunc(t)
	f.effect(f.arg)
	f.b.Create("test.yield", nil, nil)
	err := runPass(t, f.ctx, f.mod, NewCanonicalize(flip), "max-iterations=3 test-convergence")
	if err == nil || !strings.Contains(err.Error(), "canonicalizer failed to converge within 3 iterations") {
		t.Errorf("got %v", err)
	}
	if err := runPass(t, f.ctx, f.mod, NewCanonicalize(flip), "max-iterations=0"); err == nil {
		t.Error("max-iterations=0 accepted")
	}
}

func TestCanonicalizeRemovesUnreachableBlocks(t *testing.T) {
	f := newFunc(t)
	region := f.f.Regions[0]
	b1, b2 := region.AddBlock(), region.AddBlock()
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{b1}
	f.b.SetInsertionPointToEnd(b1)
	f.effect(f.arg)
	f.b.Create("test.yield", nil, nil)
	f.b.SetInsertionPointToEnd(b2) // unreachable
	f.effect(f.op("test.neg", f.c(5)))
	f.b.Create("test.br", nil, nil).Successors = []*ir.Block{b1} // an unreachable predecessor of b1
	f.verify()
	if err := runPass(t, f.ctx, f.mod, Canonicalize, ""); err != nil {
		t.Fatal(err)
	}
	if len(region.Blocks) != 2 || strings.Contains(f.body(), "test.neg") {
		t.Errorf("unreachable block kept:\n%s", f.body())
	}
	f.verify()
	g := newFunc(t)
	gb := g.f.Regions[0].AddBlock()
	g.b.Create("test.yield", nil, nil)
	g.b.SetInsertionPointToEnd(gb)
	g.b.Create("test.yield", nil, nil)
	if err := runPass(t, g.ctx, g.mod, Canonicalize, "region-simplify=disabled"); err != nil {
		t.Fatal(err)
	}
	if len(g.f.Regions[0].Blocks) != 2 {
		t.Error("region-simplify=disabled removed a block")
	}
}

func TestFoldWithoutMaterializer(t *testing.T) {
	f := newFunc(t)
	f.effect(f.op("test.add", f.c(1), f.c(2)))
	f.b.Create("test.yield", nil, nil)
	before := f.body()
	st := ApplyPatternsGreedily(f.ctx, f.f, nil, GreedyConfig{Materialize: func(*ir.Builder, ir.Attribute, ir.Type) *ir.Value { return nil }})
	if f.body() != before || st.Changed() {
		t.Errorf("fold applied without a constant:\n%s", f.body())
	}
}
