package transform

import (
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const symbolDCEDoc = `SymbolDCE erases private symbols (sym_visibility = "private", e.g.
` + "`tt.func private @f`" + `) that no live op references. Within the symbol
table op it runs on (and every symbol table nested in it), the live set
starts with every public symbol and every op that is not a symbol, and grows
with the symbols their nested ops reference through @name attributes (also
inside arrays and dictionaries). Unreferenced private symbols, including
private functions that only call each other, are erased. On an op that is
not a symbol table the pass does nothing.`

// SymbolDCE is the symbol dead-code elimination pass.
var SymbolDCE = &pass.Pass{
	Name:    "symbol-dce",
	Title:   "SymbolDCE",
	Summary: "Eliminate dead private symbols",
	Doc:     symbolDCEDoc,
	Anchor:  pass.AnyOp,
	Run: func(_ *pass.Context, op *ir.Operation) error {
		EliminateDeadSymbols(op)
		return nil
	},
}

// EliminateDeadSymbols erases unreferenced private symbols in op (if it is
// a symbol table) and in nested symbol tables; it returns how many.
func EliminateDeadSymbols(op *ir.Operation) int {
	n := 0
	op.WalkPost(func(o *ir.Operation) {
		if o.HasTrait(ir.SymbolTable) {
			n += dceTable(o)
		}
	})
	return n
}

func isPrivate(op *ir.Operation) bool {
	v, ok := op.Attr("sym_visibility").(ir.StringAttr)
	return ok && v.Value == "private"
}

func dceTable(table *ir.Operation) int {
	syms := map[string]*ir.Operation{}
	var children []*ir.Operation
	for _, r := range table.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				children = append(children, o)
				if name, ok := ir.SymbolNameOf(o); ok {
					syms[name] = o
				}
			}
		}
	}
	live := map[*ir.Operation]bool{}
	var work []*ir.Operation
	mark := func(o *ir.Operation) {
		if !live[o] {
			live[o] = true
			work = append(work, o)
		}
	}
	for _, o := range children {
		if _, isSym := ir.SymbolNameOf(o); !isSym || !isPrivate(o) {
			mark(o)
		}
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		o.Walk(func(x *ir.Operation) ir.WalkResult {
			for _, d := range []ir.DictAttr{x.Props, x.Attrs} {
				for _, e := range d.Entries {
					forEachSymbolRef(e.Value, func(name string) {
						if t := syms[name]; t != nil {
							mark(t)
						}
					})
				}
			}
			return ir.Advance
		})
	}
	n := 0
	for _, o := range children {
		if !live[o] {
			o.Erase()
			n++
		}
	}
	return n
}

func forEachSymbolRef(a ir.Attribute, fn func(string)) {
	switch a := a.(type) {
	case ir.SymbolRefAttr:
		fn(a.Root)
	case ir.ArrayAttr:
		for _, e := range a.Elems {
			forEachSymbolRef(e, fn)
		}
	case ir.DictAttr:
		for _, e := range a.Entries {
			forEachSymbolRef(e.Value, fn)
		}
	}
}
