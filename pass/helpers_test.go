package pass

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// Tiny test dialect: a module, functions, constants, adds and returns.
var (
	defModule = &ir.OpDef{Name: "builtin.module", Traits: ir.NoTerminator | ir.IsolatedFromAbove | ir.SymbolTable | ir.SingleBlock}
	defFunc   = &ir.OpDef{Name: "test.func", Traits: ir.IsolatedFromAbove | ir.Symbol}
	defConst  = &ir.OpDef{Name: "test.const", Traits: ir.Pure | ir.ConstantLike, Inherent: []string{"value"}}
	defAdd    = &ir.OpDef{Name: "test.add", Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType}
	defRet    = &ir.OpDef{Name: "test.return", Traits: ir.Terminator | ir.ReturnLike}
)

func testContext() *ir.Context {
	return ir.NewContext(
		&ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{defModule}},
		&ir.Dialect{Name: "test", Ops: []*ir.OpDef{defFunc, defConst, defAdd, defRet}},
	)
}

func loc(line int) ir.Location { return ir.FileLineCol{File: "t.mlir", Line: line, Col: 3} }

// testModule builds a module with n functions @f0..@f(n-1), each computing
// c + c and returning it.
func testModule(ctx *ir.Context, n int) *ir.Operation {
	mod := ir.NewOp("builtin.module", defModule, nil, nil, 1, loc(1))
	body := mod.Regions[0].AddBlock()
	b := ir.NewBuilder(ctx)
	for i := 0; i < n; i++ {
		b.SetInsertionPointToEnd(body)
		b.Loc = loc(10 * (i + 1))
		f := b.CreateWithRegions("test.func", nil, nil, 1, ir.NamedAttr{Name: "sym_name", Value: ir.StringAttr{Value: fmt.Sprintf("f%d", i)}})
		fb := f.Regions[0].AddBlock()
		b.SetInsertionPointToEnd(fb)
		b.Loc = loc(10*(i+1) + 1)
		c := b.Create("test.const", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(int64(i))})
		b.Loc = loc(10*(i+1) + 2)
		s := b.Create("test.add", []*ir.Value{c.Result(0), c.Result(0)}, []ir.Type{ir.I32})
		b.Create("test.return", []*ir.Value{s.Result(0)}, nil)
	}
	return mod
}
