package transform

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// A tiny dialect: arith.constant (so the default materialiser works),
// test.add with a folder, test.neg (pure, no folder), test.effect (not
// pure), test.region (pure, one region), test.br (a branch).
var (
	defModule   = &ir.OpDef{Name: "builtin.module", Traits: ir.NoTerminator | ir.IsolatedFromAbove | ir.SymbolTable | ir.SingleBlock}
	defFunc     = &ir.OpDef{Name: "test.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Inherent: []string{"sym_name", "sym_visibility"}}
	defConstant = &ir.OpDef{Name: "arith.constant", Traits: ir.Pure | ir.ConstantLike, Inherent: []string{"value"}}
	defAdd      = &ir.OpDef{Name: "test.add", Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType, Fold: foldAdd}
	defNeg      = &ir.OpDef{Name: "test.neg", Traits: ir.Pure}
	defEffect   = &ir.OpDef{Name: "test.effect"}
	defRegion   = &ir.OpDef{Name: "test.region", Traits: ir.Pure}
	defYield    = &ir.OpDef{Name: "test.yield", Traits: ir.Terminator | ir.ReturnLike}
	defBr       = &ir.OpDef{Name: "test.br", Traits: ir.Terminator}
	defCall     = &ir.OpDef{Name: "test.call", Inherent: []string{"callee"}}
)

// foldAdd: add(c1, c2) -> c1+c2; add(x, 0) -> x.
func foldAdd(op *ir.Operation, cs []ir.Attribute) []ir.FoldResult {
	a, aok := cs[0].(ir.IntegerAttr)
	b, bok := cs[1].(ir.IntegerAttr)
	switch {
	case aok && bok:
		return []ir.FoldResult{{Attr: ir.IntAttr(a.Type, a.Value+b.Value)}}
	case bok && b.Value == 0:
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

func testContext() *ir.Context {
	return ir.NewContext(
		&ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{defModule}},
		&ir.Dialect{Name: "arith", Ops: []*ir.OpDef{defConstant}},
		&ir.Dialect{Name: "test", Ops: []*ir.OpDef{defFunc, defAdd, defNeg, defEffect, defRegion, defYield, defBr, defCall}},
	)
}

// fn is a builder for one function inside a module.
type fn struct {
	t   *testing.T
	ctx *ir.Context
	mod *ir.Operation
	f   *ir.Operation
	b   *ir.Builder
	arg *ir.Value
}

func newFunc(t *testing.T) *fn {
	ctx := testContext()
	mod := ir.NewOp("builtin.module", defModule, nil, nil, 1, ir.UnknownLoc{})
	body := mod.Regions[0].AddBlock()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(body)
	f := b.CreateWithRegions("test.func", nil, nil, 1, ir.NamedAttr{Name: "sym_name", Value: ir.StringAttr{Value: "f"}})
	entry := f.Regions[0].AddBlock()
	arg := entry.AddArg(ir.I32)
	b.SetInsertionPointToEnd(entry)
	return &fn{t: t, ctx: ctx, mod: mod, f: f, b: b, arg: arg}
}

func (f *fn) c(v int64) *ir.Value {
	return f.b.Create("arith.constant", nil, []ir.Type{ir.I32}, ir.NamedAttr{Name: "value", Value: ir.I32Attr(v)}).Result(0)
}

func (f *fn) op(name string, args ...*ir.Value) *ir.Value {
	return f.b.Create(name, args, []ir.Type{ir.I32}).Result(0)
}

func (f *fn) effect(args ...*ir.Value) { f.b.Create("test.effect", args, nil) }

// body prints the function's ops, one per line, in generic form.
func (f *fn) body() string {
	s := ir.Print(f.f, ir.PrintOptions{Generic: true})
	lines := strings.Split(s, "\n")
	return strings.Join(lines[1:len(lines)-1], "\n")
}

func (f *fn) verify() {
	f.t.Helper()
	if err := ir.Verify(f.mod); err != nil {
		f.t.Fatalf("invalid IR: %v\n%s", err, ir.Print(f.mod, ir.PrintOptions{Generic: true}))
	}
}

// runPass runs p with the option text on the module.
func runPass(t *testing.T, ctx *ir.Context, mod *ir.Operation, p *pass.Pass, opts string) error {
	t.Helper()
	m := pass.NewManager("builtin.module")
	if _, err := m.AddWithOptions(p, opts); err != nil {
		t.Fatal(err)
	}
	return m.Run(mod, pass.RunOptions{IR: ctx})
}

// want compares line by line, ignoring indentation and blank lines.
func want(t *testing.T, got, want string) {
	t.Helper()
	norm := func(s string) string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	if norm(got) != norm(want) {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
