package builtin

import "github.com/sparsetriton/sp/ir"

// Op names.
const (
	ModuleOpName = "builtin.module"
	CastOpName   = "builtin.unrealized_conversion_cast"
)

// Inherent attributes of builtin.module.
const (
	SymNameAttr       = "sym_name"
	SymVisibilityAttr = "sym_visibility"
)

// Dialect returns a fresh builtin dialect (module and
// unrealized_conversion_cast; builtin types and attributes are the ir
// package's own and parsed by the parser directly).
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{
		{Name: ModuleOpName, Summary: "a top-level container operation",
			Description: "One region with one block and no arguments or terminator; the ops in it form a symbol table. " +
				"Printed `module` in custom form.",
			Traits:   ir.IsolatedFromAbove | ir.NoTerminator | ir.SymbolTable | ir.SingleBlock,
			Inherent: []string{SymNameAttr, SymVisibilityAttr}, Parse: parseModule, Print: printModule, Verify: verifyModule},
		{Name: CastOpName, Summary: "an unrealized conversion from one set of types to another",
			Description: "Used transiently by dialect conversions; folds away when its inputs already have " +
				"the output types.",
			Traits: ir.Pure, Parse: parseCast, Print: printCast, Verify: verifyCast, Fold: foldCast},
	}}
}

// parseModule reads `[@name] [attributes {...}] { ... }` after `module`.
func parseModule(p ir.OpParser, st *ir.OpState) error {
	if peekSymbol(p) {
		name, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		st.AddAttr(SymNameAttr, ir.StringAttr{Value: name})
	}
	if p.ParseOptionalKeyword("attributes") {
		d, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		st.MergeAttrDict(d)
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	if len(r.Blocks) == 0 {
		r.AddBlock()
	}
	st.Regions = []*ir.Region{r}
	return nil
}

// peekSymbol reports whether a symbol name should come next: the
// AsmParser has no optional symbol parse, and the only other things that
// can follow `module` are `attributes` and `{` (anything else fails in
// ParseSymbolName with a positioned error).
func peekSymbol(p ir.OpParser) bool {
	if _, ok := p.PeekKeyword(); ok {
		return false
	}
	return !p.PeekPunct("{")
}

// printModule writes ` [@name] [attributes {...}] {` ops `}`.
func printModule(p *ir.Printer, op *ir.Operation) {
	if name, ok := op.Attr(SymNameAttr).(ir.StringAttr); ok {
		p.WriteString(" " + ir.SymbolName(name.Value))
	}
	p.PrintOptionalAttrDictWithKeyword(ir.AllAttrs(op), SymNameAttr)
	p.WriteString(" ")
	if len(op.Regions) == 1 {
		p.PrintRegion(op.Regions[0], true, true)
	} else {
		p.WriteString("{\n}")
	}
}

// verifyModule: one region, no results or operands, an argument-free
// body, and string-valued symbol attributes.
func verifyModule(op *ir.Operation) error {
	if len(op.Regions) != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
		return ir.OpError(op, "requires one region and no operands or results")
	}
	if b := op.Regions[0].Entry(); b != nil && b.NumArgs() > 0 {
		return ir.OpError(op, "region should have no arguments")
	}
	for _, n := range []string{SymNameAttr, SymVisibilityAttr} {
		if a := op.Attr(n); a != nil {
			if _, ok := a.(ir.StringAttr); !ok {
				return ir.OpError(op, "attribute '%s' must be a string", n)
			}
		}
	}
	return nil
}

// parseCast reads `[%x, ... : T, ...] to U, ... attr-dict`.
func parseCast(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	var ins []ir.Type
	if len(us) > 0 {
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		if ins, err = p.ParseTypeList(); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	if st.ResultTypes, err = p.ParseTypeList(); err != nil {
		return err
	}
	d, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	st.MergeAttrDict(d)
	st.Operands, err = p.ResolveOperands(us, ins)
	return err
}

// printCast writes ` %x : T to U {attrs}` (` to U` without inputs).
func printCast(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypeList(op.OperandTypes())
	}
	p.WriteString(" to ")
	p.PrintTypeList(op.ResultTypes())
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
}

// verifyCast requires at least one result.
func verifyCast(op *ir.Operation) error {
	if op.NumResults() == 0 {
		return ir.OpError(op, "expected at least one result")
	}
	return nil
}

// foldCast: cast(x : T to T) -> x, and cast(cast(x : T to U) : U to T) -> x.
func foldCast(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	ins := op.Operands()
	if len(ins) == 0 || len(ins) != op.NumResults() {
		return nil
	}
	if ir.TypesEqual(op.OperandTypes(), op.ResultTypes()) {
		return valuesOf(ins)
	}
	def := ins[0].DefiningOp()
	if def == nil || def.Name != CastOpName || def.NumResults() != len(ins) {
		return nil
	}
	for i, v := range ins {
		if v != def.Result(i) {
			return nil
		}
	}
	if ir.TypesEqual(def.OperandTypes(), op.ResultTypes()) {
		return valuesOf(def.Operands())
	}
	return nil
}

func valuesOf(vs []*ir.Value) []ir.FoldResult {
	out := make([]ir.FoldResult, len(vs))
	for i, v := range vs {
		out[i] = ir.FoldResult{Value: v}
	}
	return out
}

// NewModule returns a detached builtin.module with an empty body block,
// registered with ctx's definition when ctx knows builtin (ctx may be nil).
func NewModule(ctx *ir.Context) *ir.Operation {
	var def *ir.OpDef
	if ctx != nil {
		def = ctx.LookupOp(ModuleOpName)
	}
	m := ir.NewOp(ModuleOpName, def, nil, nil, 1, ir.UnknownLoc{})
	m.Regions[0].AddBlock()
	return m
}

// Body returns the body block of a module, or nil.
func Body(m *ir.Operation) *ir.Block {
	if len(m.Regions) == 0 {
		return nil
	}
	return m.Regions[0].Entry()
}

// Name returns the module's optional symbol name.
func Name(m *ir.Operation) (string, bool) { return ir.SymbolNameOf(m) }

// BuildCast inserts an unrealized_conversion_cast of ins to the types outs.
func BuildCast(b *ir.Builder, ins []*ir.Value, outs []ir.Type) *ir.Operation {
	return b.Create(CastOpName, ins, outs)
}
