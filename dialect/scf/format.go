package scf

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// parseAttrDict merges an optional `{...}` into st.
var parseAttrDict = opfmt.ParseAttrDict

// parseArrowTypes parses `-> (T, U)`, `-> ()` or `-> T` after the arrow.
func parseArrowTypes(p ir.OpParser) ([]ir.Type, error) {
	if !p.ParseOptionalPunct("(") {
		t, err := p.ParseType()
		return []ir.Type{t}, err
	}
	if p.ParseOptionalPunct(")") {
		return nil, nil
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return nil, err
	}
	return ts, p.ParsePunct(")")
}

// parseAssignments parses `(%a = %x, %b = %y)`, returning the region
// arguments (untyped) and the initial operands.
func parseAssignments(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	var args []ir.Argument
	var inits []ir.UnresolvedOperand
	for !p.PeekPunct(")") {
		a, err := p.ParseArgument(false, false)
		if err != nil {
			return nil, nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, nil, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, nil, err
		}
		args, inits = append(args, a), append(inits, u)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, inits, p.ParsePunct(")")
}

// withTypes returns args with their types set pairwise from ts.
func withTypes(args []ir.Argument, ts []ir.Type) []ir.Argument {
	out := make([]ir.Argument, len(args))
	for i, a := range args {
		a.Type = ts[i]
		out[i] = a
	}
	return out
}

// parseBody parses a region and, when its block does not end in a
// terminator, appends the implicit empty scf.yield that the printer elides.
func parseBody(p ir.OpParser, st *ir.OpState, args []ir.Argument) (*ir.Region, error) {
	r, err := p.ParseRegion(args)
	if err != nil {
		return nil, err
	}
	ensureYield(p, st, r)
	return r, nil
}

// ensureYield gives r one block ending in a terminator.
func ensureYield(p ir.OpParser, st *ir.OpState, r *ir.Region) {
	if len(r.Blocks) == 0 {
		r.AddBlock()
	}
	b := r.Blocks[len(r.Blocks)-1]
	if t := b.Terminator(); t != nil && t.HasTrait(ir.Terminator) {
		return
	}
	loc := st.Loc
	if loc == nil {
		loc = p.Loc()
	}
	b.Append(ir.NewOp(YieldOpName, p.Context().LookupOp(YieldOpName), nil, nil, 0, loc))
}

// printAssignments writes `(%a = %x, %b = %y)`.
func printAssignments(p *ir.Printer, args, inits []*ir.Value) {
	p.WriteString("(")
	for i := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(args[i])
		p.WriteString(" = ")
		p.PrintOperand(inits[i])
	}
	p.WriteString(")")
}

// printValuesWithTypes writes ` %a, %b : T, U`, or nothing for no values.
func printValuesWithTypes(p *ir.Printer, vs []*ir.Value) {
	if len(vs) == 0 {
		return
	}
	p.WriteString(" ")
	p.PrintOperands(vs)
	p.WriteString(" : ")
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	p.PrintTypeList(ts)
}

// parseValuesWithTypes reads `[%a, %b : T, U]`.
func parseValuesWithTypes(p ir.OpParser) ([]*ir.Value, error) {
	us, err := p.ParseOperandList()
	if err != nil || len(us) == 0 {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return nil, err
	}
	if len(ts) != len(us) {
		return nil, p.Errorf("expected %d types, found %d", len(us), len(ts))
	}
	return p.ResolveOperands(us, ts)
}

// parseYield reads `attr-dict [%a, %b : T, U]`.
func parseYield(p ir.OpParser, st *ir.OpState) error {
	if err := parseAttrDict(p, st); err != nil {
		return err
	}
	vs, err := parseValuesWithTypes(p)
	st.Operands = vs
	return err
}

// printYield writes ` {attrs} %a, %b : T, U` (nothing for an empty yield).
func printYield(p *ir.Printer, op *ir.Operation) {
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
	printValuesWithTypes(p, op.Operands())
}

// parseCondition reads `(%cond) attr-dict [%a : T]`.
func parseCondition(p ir.OpParser, st *ir.OpState) error {
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	c, err := p.ResolveOperand(u, ir.I1)
	if err != nil {
		return err
	}
	if err := parseAttrDict(p, st); err != nil {
		return err
	}
	vs, err := parseValuesWithTypes(p)
	st.Operands = append([]*ir.Value{c}, vs...)
	return err
}

// printCondition writes `(%cond) {attrs} %a, %b : T, U`.
func printCondition(p *ir.Printer, op *ir.Operation) {
	p.WriteString("(")
	if op.NumOperands() > 0 {
		p.PrintOperand(op.Operand(0))
	}
	p.WriteString(")")
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
	if op.NumOperands() > 1 {
		printValuesWithTypes(p, op.Operands()[1:])
	}
}
