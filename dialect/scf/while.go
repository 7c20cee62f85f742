package scf

import "github.com/sparsetriton/sp/ir"

// WhileOp is a view of an scf.while operation.
type WhileOp struct{ *ir.Operation }

// AsWhile returns op as a WhileOp when it has two regions with one block
// each.
func AsWhile(op *ir.Operation) (WhileOp, bool) {
	if op == nil || op.Name != WhileOpName || len(op.Regions) != 2 || op.Regions[0].Entry() == nil || op.Regions[1].Entry() == nil {
		return WhileOp{}, false
	}
	return WhileOp{op}, true
}

// Inits returns the initial carried values.
func (w WhileOp) Inits() []*ir.Value { return w.Operands() }

// Before returns the block that computes the condition.
func (w WhileOp) Before() *ir.Block { return w.Regions[0].Entry() }

// After returns the loop body block.
func (w WhileOp) After() *ir.Block { return w.Regions[1].Entry() }

// ConditionOp returns the before block's scf.condition, or nil.
func (w WhileOp) ConditionOp() *ir.Operation {
	if t := w.Before().Terminator(); t != nil && t.Name == ConditionOpName {
		return t
	}
	return nil
}

// Yield returns the after block's scf.yield, or nil.
func (w WhileOp) Yield() *ir.Operation { return yieldOf(w.After()) }

// CondFunc fills the before block and returns the condition and the
// values forwarded to the after block (and to the results).
type CondFunc func(b *ir.Builder, args []*ir.Value) (*ir.Value, []*ir.Value)

// BuildWhile inserts an scf.while carrying inits with results of types
// resultTypes. before ends in scf.condition; after ends in scf.yield.
func BuildWhile(b *ir.Builder, inits []*ir.Value, resultTypes []ir.Type, before CondFunc, after BodyFunc) WhileOp {
	op := b.CreateWithRegions(WhileOpName, inits, resultTypes, 2)
	bb := op.Regions[0].AddBlock()
	for _, t := range typesOf(inits) {
		bb.AddArg(t)
	}
	inner := ir.NewBuilder(b.Ctx)
	inner.Loc = b.Loc
	inner.SetInsertionPointToEnd(bb)
	cond, fwd := before(inner, bb.Args())
	BuildCondition(inner, cond, fwd)
	ab := op.Regions[1].AddBlock()
	for _, t := range resultTypes {
		ab.AddArg(t)
	}
	fillBlock(b, ab, ab.Args(), after, nil)
	return WhileOp{op}
}

// BuildCondition inserts `scf.condition(cond) args`.
func BuildCondition(b *ir.Builder, cond *ir.Value, args []*ir.Value) *ir.Operation {
	return b.Create(ConditionOpName, append([]*ir.Value{cond}, args...), nil)
}

// parseWhile reads `[(%a = %x, ...)] : (T...) -> (U...) {before} do {after} [attributes {...}]`.
func parseWhile(p ir.OpParser, st *ir.OpState) error {
	var args []ir.Argument
	var inits []ir.UnresolvedOperand
	var err error
	if p.PeekPunct("(") {
		if args, inits, err = parseAssignments(p); err != nil {
			return err
		}
	}
	ft, err := parseFunctionType(p)
	if err != nil {
		return err
	}
	if len(ft.Inputs) != len(inits) {
		return p.Errorf("expected %d input types, found %d", len(inits), len(ft.Inputs))
	}
	if st.Operands, err = p.ResolveOperands(inits, ft.Inputs); err != nil {
		return err
	}
	st.ResultTypes = ft.Results
	before, err := p.ParseRegion(withTypes(args, ft.Inputs))
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("do"); err != nil {
		return err
	}
	after, err := parseBody(p, st, nil)
	if err != nil {
		return err
	}
	st.Regions = []*ir.Region{before, after}
	if p.ParseOptionalKeyword("attributes") {
		return parseAttrDict(p, st)
	}
	return nil
}

// parseFunctionType reads `: (T...) -> (U...)`.
func parseFunctionType(p ir.OpParser) (ir.FunctionType, error) {
	if err := p.ParsePunct(":"); err != nil {
		return ir.FunctionType{}, err
	}
	bad := p.Errorf("expected a function type")
	t, err := p.ParseType()
	if err != nil {
		return ir.FunctionType{}, err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return ir.FunctionType{}, bad
	}
	return ft, nil
}

// printWhile writes
// `[ (%a = %x, ...)] : (T...) -> U {before} do {after}[ attributes {...}]`.
func printWhile(p *ir.Printer, op *ir.Operation, w WhileOp) {
	if len(w.Inits()) > 0 && len(w.Inits()) == w.Before().NumArgs() {
		p.WriteString(" ")
		printAssignments(p, w.Before().Args(), w.Inits())
	}
	p.WriteString(" : ")
	p.PrintType(ir.FunctionType{Inputs: op.OperandTypes(), Results: op.ResultTypes()})
	p.WriteString(" ")
	p.PrintRegion(op.Regions[0], false, true)
	p.WriteString(" do ")
	p.PrintRegion(op.Regions[1], true, true)
	p.PrintOptionalAttrDictWithKeyword(ir.AllAttrs(op))
}

// verifyWhile checks the types flowing inits -> before args,
// condition args -> results and after args, after yield -> inits.
func verifyWhile(op *ir.Operation, w WhileOp) error {
	if !ir.TypesEqual(typesOf(w.Before().Args()), op.OperandTypes()) {
		return ir.OpError(op, "expects the before region's argument types to match the operand types")
	}
	c := w.ConditionOp()
	if c == nil {
		return ir.OpError(op, "expects the before region to end with 'scf.condition'")
	}
	fwd := typesOf(c.Operands()[min(1, c.NumOperands()):])
	if !ir.TypesEqual(fwd, op.ResultTypes()) {
		return ir.OpError(op, "expects the 'scf.condition' forwarded types to match the result types")
	}
	if !ir.TypesEqual(typesOf(w.After().Args()), op.ResultTypes()) {
		return ir.OpError(op, "expects the after region's argument types to match the result types")
	}
	return checkYield(op, w.After(), op.OperandTypes())
}

// verifyYield: scf.yield terminates scf.for, scf.if or the after region
// of scf.while (types are checked by the parent).
func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil {
		return ir.OpError(op, "expects parent op to be one of 'scf.for, scf.if, scf.while'")
	}
	switch parent.Name {
	case ForOpName, IfOpName:
		return nil
	case WhileOpName:
		if op.Block().Parent() == parent.Regions[len(parent.Regions)-1] {
			return nil
		}
		return ir.OpError(op, "must be in the after region of 'scf.while' (the before region ends in 'scf.condition')")
	}
	return ir.OpError(op, "expects parent op to be one of 'scf.for, scf.if, scf.while'")
}

// verifyCondition: an i1 condition inside the before region of scf.while.
func verifyCondition(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.Name != WhileOpName || op.Block().Parent() != parent.Regions[0] {
		return ir.OpError(op, "expects parent op 'scf.while' (before region)")
	}
	if op.NumOperands() == 0 || !ir.TypeEqual(op.Operand(0).Type(), ir.I1) {
		return ir.OpError(op, "expects an i1 condition as its first operand")
	}
	return nil
}
