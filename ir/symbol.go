package ir

// SymbolNameOf returns the `sym_name` of op, if it defines a symbol.
func SymbolNameOf(op *Operation) (string, bool) {
	if s, ok := op.Attr("sym_name").(StringAttr); ok {
		return s.Value, true
	}
	return "", false
}

// SymTab indexes the symbols defined directly in a symbol-table op.
type SymTab struct {
	op   *Operation
	syms map[string]*Operation
}

// NewSymTab indexes the ops in the first region of op.
func NewSymTab(op *Operation) *SymTab {
	t := &SymTab{op: op, syms: map[string]*Operation{}}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				if n, ok := SymbolNameOf(o); ok {
					t.syms[n] = o
				}
			}
		}
	}
	return t
}

// Lookup returns the op defining name, or nil.
func (t *SymTab) Lookup(name string) *Operation { return t.syms[name] }

// LookupNearest finds the symbol name from the nearest enclosing symbol table of from.
func LookupNearest(from *Operation, name string) *Operation {
	for p := from; p != nil; p = p.ParentOp() {
		if p.HasTrait(SymbolTable) {
			if o := NewSymTab(p).Lookup(name); o != nil {
				return o
			}
		}
	}
	return nil
}
