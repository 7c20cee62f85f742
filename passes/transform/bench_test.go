package transform

import (
	"testing"

	"github.com/sparsetriton/sp/ir"
)

// genIR builds a module with funcs functions of n ops each: chains of adds
// over constants (foldable), repeated negations (CSE-able) and dead ops.
func genIR(b *testing.B, funcs, n int) (*ir.Context, *ir.Operation) {
	ctx := testContext()
	mod := ir.NewOp("builtin.module", defModule, nil, nil, 1, ir.UnknownLoc{})
	bl := ir.NewBuilder(ctx)
	body := mod.Regions[0].AddBlock()
	for f := 0; f < funcs; f++ {
		bl.SetInsertionPointToEnd(body)
		fn := bl.CreateWithRegions("test.func", nil, nil, 1, ir.NamedAttr{Name: "sym_name", Value: ir.StringAttr{Value: "f"}})
		entry := fn.Regions[0].AddBlock()
		x := entry.AddArg(ir.I32)
		bl.SetInsertionPointToEnd(entry)
		acc := x
		for i := 0; i < n/4; i++ {
			c := bl.Create("arith.constant", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(int64(i % 7))}).Result(0)
			k := bl.Create("test.add", []*ir.Value{c, c}, []ir.Type{ir.I32}).Result(0)
			neg := bl.Create("test.neg", []*ir.Value{acc}, []ir.Type{ir.I32}).Result(0)
			acc = bl.Create("test.add", []*ir.Value{neg, k}, []ir.Type{ir.I32}).Result(0)
			bl.Create("test.neg", []*ir.Value{x}, []ir.Type{ir.I32})
		}
		bl.Create("test.effect", []*ir.Value{acc}, nil)
		bl.Create("test.yield", nil, nil)
	}
	if err := ir.Verify(mod); err != nil {
		b.Fatal(err)
	}
	return ctx, mod
}

func BenchmarkCanonicalize(b *testing.B) {
	pats := GenericPatterns()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ctx, mod := genIR(b, 8, 1000)
		b.StartTimer()
		if st := ApplyPatternsGreedily(ctx, mod, pats, GreedyConfig{}); !st.Converged {
			b.Fatal("did not converge")
		}
	}
}

func BenchmarkCSE(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		_, mod := genIR(b, 8, 1000)
		b.StartTimer()
		if st := EliminateCommonSubexpressions(mod); st.Replaced == 0 {
			b.Fatal("nothing replaced")
		}
	}
}
