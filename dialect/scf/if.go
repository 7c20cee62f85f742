package scf

import "github.com/sparsetriton/sp/ir"

// IfOp is a view of an scf.if operation.
type IfOp struct{ *ir.Operation }

// AsIf returns op as an IfOp when it is a structurally sound scf.if (a
// condition and a then block).
func AsIf(op *ir.Operation) (IfOp, bool) {
	if op == nil || op.Name != IfOpName || op.NumOperands() != 1 || len(op.Regions) != 2 || op.Regions[0].Entry() == nil {
		return IfOp{}, false
	}
	return IfOp{op}, true
}

// Condition returns the i1 condition.
func (o IfOp) Condition() *ir.Value { return o.Operand(0) }

// ThenBlock returns the then block.
func (o IfOp) ThenBlock() *ir.Block { return o.Regions[0].Entry() }

// ElseBlock returns the else block, or nil when the else region is empty.
func (o IfOp) ElseBlock() *ir.Block { return o.Regions[1].Entry() }

// ThenYield returns the then block's scf.yield, or nil.
func (o IfOp) ThenYield() *ir.Operation { return yieldOf(o.ThenBlock()) }

// ElseYield returns the else block's scf.yield, or nil.
func (o IfOp) ElseYield() *ir.Operation { return yieldOf(o.ElseBlock()) }

// Slots returns, per result, the result and the values the branches yield
// for it (the values an analysis that follows data through the scf.if
// puts in one class).
func (o IfOp) Slots() [][]*ir.Value {
	var out [][]*ir.Value
	for j, r := range o.Results() {
		slot := []*ir.Value{r}
		for _, y := range []*ir.Operation{o.ThenYield(), o.ElseYield()} {
			if y != nil && j < y.NumOperands() {
				slot = append(slot, y.Operand(j))
			}
		}
		out = append(out, slot)
	}
	return out
}

func yieldOf(b *ir.Block) *ir.Operation {
	if b == nil {
		return nil
	}
	if t := b.Terminator(); t != nil && t.Name == YieldOpName {
		return t
	}
	return nil
}

// ThenFunc fills a branch through b and returns the values to yield.
type ThenFunc func(b *ir.Builder) []*ir.Value

// BuildIf inserts `scf.if cond -> (resultTypes)`. then fills the then
// block; els fills the else block, which is left empty when els is nil
// (only valid without results). Each returns the values to yield.
func BuildIf(b *ir.Builder, cond *ir.Value, resultTypes []ir.Type, then, els ThenFunc) IfOp {
	op := b.CreateWithRegions(IfOpName, []*ir.Value{cond}, resultTypes, 2)
	fillBranch(b, op.Regions[0].AddBlock(), then)
	if els != nil {
		fillBranch(b, op.Regions[1].AddBlock(), els)
	}
	return IfOp{op}
}

func fillBranch(b *ir.Builder, blk *ir.Block, f ThenFunc) {
	var body BodyFunc
	if f != nil {
		body = func(inner *ir.Builder, _ []*ir.Value) []*ir.Value { return f(inner) }
	}
	fillBlock(b, blk, nil, body, nil)
}

// parseIf reads `%cond [-> (T, ...)] {then} [else {else}] [{attrs}]`.
func parseIf(p ir.OpParser, st *ir.OpState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	c, err := p.ResolveOperand(u, ir.I1)
	if err != nil {
		return err
	}
	st.Operands = []*ir.Value{c}
	if p.ParseOptionalPunct("->") {
		if st.ResultTypes, err = parseArrowTypes(p); err != nil {
			return err
		}
	}
	then, err := parseBody(p, st, nil)
	if err != nil {
		return err
	}
	els := &ir.Region{}
	if p.ParseOptionalKeyword("else") {
		if els, err = parseBody(p, st, nil); err != nil {
			return err
		}
	}
	st.Regions = []*ir.Region{then, els}
	return parseAttrDict(p, st)
}

// printIf writes ` %cond[ -> (T, ...)] {then}[ else {else}][ {attrs}]`;
// yields are printed only when the op has results.
func printIf(p *ir.Printer, op *ir.Operation, o IfOp) {
	p.WriteString(" ")
	p.PrintOperand(o.Condition())
	withYields := op.NumResults() > 0
	if withYields {
		p.WriteString(" -> (")
		p.PrintTypeList(op.ResultTypes())
		p.WriteString(")")
	}
	p.WriteString(" ")
	p.PrintRegion(op.Regions[0], false, withYields)
	if len(op.Regions[1].Blocks) > 0 {
		p.WriteString(" else ")
		p.PrintRegion(op.Regions[1], false, withYields)
	}
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
}

// verifyIf: i1 condition, argument-free branches ending in scf.yield of
// the result types, and an else branch whenever there are results.
func verifyIf(op *ir.Operation, o IfOp) error {
	if !ir.TypeEqual(o.Condition().Type(), ir.I1) {
		return ir.OpError(op, "operand #0 must be 1-bit signless integer, but got '%s'", ir.TypeString(o.Condition().Type()))
	}
	if op.NumResults() > 0 && o.ElseBlock() == nil {
		return ir.OpError(op, "must have an else block if defining values")
	}
	for _, b := range []*ir.Block{o.ThenBlock(), o.ElseBlock()} {
		if b == nil {
			continue
		}
		if b.NumArgs() != 0 {
			return ir.OpError(op, "region #%d should have no arguments", b.Parent().Index())
		}
		if err := checkYield(op, b, op.ResultTypes()); err != nil {
			return err
		}
	}
	return nil
}
