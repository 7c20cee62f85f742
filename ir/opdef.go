package ir

import (
	"sort"
	"strings"
)

// Trait is a bit set of op properties the verifier and passes rely on.
type Trait uint32

const (
	// Terminator ops end a block.
	Terminator Trait = 1 << iota
	// IsolatedFromAbove ops start a new value scope (functions, modules).
	IsolatedFromAbove
	// Pure ops have no side effects: dead ones may be removed, equal ones merged.
	Pure
	// Commutative binary ops.
	Commutative
	// NoTerminator regions need no terminator (builtin.module).
	NoTerminator
	// Symbol ops define a symbol via `sym_name`.
	Symbol
	// SymbolTable ops own a symbol table (builtin.module).
	SymbolTable
	// SameOperandsAndResultType ops (arith binary ops).
	SameOperandsAndResultType
	// ConstantLike ops materialise their `value` attribute.
	ConstantLike
	// SingleBlock ops have regions with at most one block.
	SingleBlock
	// ReturnLike terminators return to the parent op.
	ReturnLike
	// Elementwise ops apply per element on tensors.
	Elementwise
)

// OpDef declares an operation: its name, documentation, traits, inherent
// attributes and the hooks for custom assembly, verification and folding.
// Dialects declare OpDefs as data; a Context is built from them explicitly.
type OpDef struct {
	Name        string
	Summary     string
	Description string
	Traits      Trait
	// Inherent lists the attribute names stored as properties.
	Inherent []string
	// Parse reads the custom form after the op name; nil means generic only.
	Parse func(p OpParser, st *OpState) error
	// Print writes the custom form after the op name; nil means generic.
	Print func(p *Printer, op *Operation)
	// PrintAs, when set, may write op in the custom form of another op under
	// the printer's options (a later spelling that renamed or split the op):
	// it returns that form's name (canonical namespace) and printer, or ok
	// false to print op as itself. The other form must parse back to an op
	// that prints the same text.
	PrintAs func(p *Printer, op *Operation) (name string, print func(*Printer, *Operation), ok bool)
	// Verify checks op-specific invariants; it returns a *Diagnostic.
	Verify func(op *Operation) error
	// Fold returns replacement values or constant attributes per result, or
	// nil when the op does not fold. operands holds constant operand
	// attributes (nil where not constant).
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// ResultNames suggests printing names for results (e.g. "c0_i32").
	ResultNames func(op *Operation) []string
	// Declared is set by the op declaration compiler (dialect/internal/ods):
	// the op has a signature and the verifier derived from it.
	Declared bool
}

// FoldResult is one folded result: either an existing value or a constant.
type FoldResult struct {
	Value *Value
	Attr  Attribute
}

// IsInherent reports whether name is a property of ops of this kind.
func (d *OpDef) IsInherent(name string) bool {
	for _, n := range d.Inherent {
		if n == name {
			return true
		}
	}
	return false
}

// OpState accumulates what a custom parser reads before the op is built.
type OpState struct {
	Name        string
	Def         *OpDef
	Operands    []*Value
	ResultTypes []Type
	Props       DictAttr
	Attrs       DictAttr
	Regions     []*Region
	Successors  []*Block
	Loc         Location
}

// AddAttr sets an attribute, as a property when the op declares it inherent.
func (st *OpState) AddAttr(name string, a Attribute) {
	if st.Def != nil && st.Def.IsInherent(name) {
		st.Props = st.Props.With(name, a)
		return
	}
	st.Attrs = st.Attrs.With(name, a)
}

// MergeAttrDict adds every entry of d with AddAttr. Into an empty state it
// splits d (sorted) into properties and attributes in one pass.
func (st *OpState) MergeAttrDict(d DictAttr) {
	if st.Props.Len() > 0 || st.Attrs.Len() > 0 {
		for _, e := range d.Entries {
			st.AddAttr(e.Name, e.Value)
		}
		return
	}
	nProps := 0
	for _, e := range d.Entries {
		if st.Def != nil && st.Def.IsInherent(e.Name) {
			nProps++
		}
	}
	switch nProps {
	case 0:
		st.Attrs = d
	case len(d.Entries):
		st.Props = d
	default:
		props := make([]NamedAttr, 0, nProps)
		attrs := make([]NamedAttr, 0, len(d.Entries)-nProps)
		for _, e := range d.Entries {
			if st.Def.IsInherent(e.Name) {
				props = append(props, e)
			} else {
				attrs = append(attrs, e)
			}
		}
		st.Props, st.Attrs = DictAttr{Entries: props}, DictAttr{Entries: attrs}
	}
}

// Attr looks an attribute up in properties then attributes.
func (st *OpState) Attr(name string) Attribute {
	if a := st.Props.Get(name); a != nil {
		return a
	}
	return st.Attrs.Get(name)
}

// Dialect groups the ops, types and attributes of one namespace.
type Dialect struct {
	// Name is the canonical namespace, e.g. "triton_gpu".
	Name string
	// Aliases are other accepted namespaces, e.g. "ttg".
	Aliases []string
	Ops     []*OpDef
	// ParseType parses `!ns.mnemonic...` after the mnemonic; nil: no types.
	ParseType func(p AsmParser, mnemonic string) (Type, error)
	// ParseAttr parses `#ns.mnemonic...` (mnemonic "" for `#ns<...>`).
	ParseAttr func(p AsmParser, mnemonic string) (Attribute, error)
}

// Context is the registry of dialects and ops used by the parser, printer
// and verifier. Tools build it explicitly; there is no global registry.
type Context struct {
	dialects map[string]*Dialect
	ops      map[string]*OpDef
	// AllowUnregistered accepts ops of unknown dialects in generic form.
	AllowUnregistered bool
}

// NewContext returns a context with the given dialects registered.
func NewContext(ds ...*Dialect) *Context {
	c := &Context{dialects: map[string]*Dialect{}, ops: map[string]*OpDef{}}
	for _, d := range ds {
		c.Register(d)
	}
	return c
}

// Register adds a dialect and its ops.
func (c *Context) Register(d *Dialect) {
	c.dialects[d.Name] = d
	for _, a := range d.Aliases {
		c.dialects[a] = d
	}
	for _, op := range d.Ops {
		c.ops[op.Name] = op
	}
}

// Dialect returns the dialect registered under namespace ns (or an alias).
func (c *Context) Dialect(ns string) *Dialect { return c.dialects[ns] }

// CanonicalOpName maps `ttg.convert_layout` to `triton_gpu.convert_layout`.
func (c *Context) CanonicalOpName(name string) string {
	ns, rest, ok := strings.Cut(name, ".")
	if !ok {
		return name
	}
	if d := c.dialects[ns]; d != nil && d.Name != ns {
		return d.Name + "." + rest
	}
	return name
}

// LookupOp returns the definition of name (any accepted spelling).
func (c *Context) LookupOp(name string) *OpDef { return c.ops[c.CanonicalOpName(name)] }

// Ops returns every registered op definition sorted by name.
func (c *Context) Ops() []*OpDef {
	out := make([]*OpDef, 0, len(c.ops))
	for _, d := range c.ops {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Dialects returns the registered dialects sorted by canonical name.
func (c *Context) Dialects() []*Dialect {
	seen := map[*Dialect]bool{}
	var out []*Dialect
	for _, d := range c.dialects {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// NewOpFromState builds an operation from a parsed or built state. The op
// takes over st.Operands (the state is not used again).
func NewOpFromState(st *OpState) *Operation {
	op := newOp(st.Name, st.Def, st.Operands, len(st.Operands) > 0, st.ResultTypes, 0, st.Loc)
	op.Props, op.Attrs = st.Props, st.Attrs
	for _, r := range st.Regions {
		r.parent = op
		op.Regions = append(op.Regions, r)
	}
	op.Successors = st.Successors
	return op
}
