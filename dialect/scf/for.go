package scf

import "github.com/sparsetriton/sp/ir"

// ForOp is a view of an scf.for operation.
type ForOp struct{ *ir.Operation }

// AsFor returns op as a ForOp when it is a structurally sound scf.for
// (three bounds operands and a body block), so accessors cannot panic.
func AsFor(op *ir.Operation) (ForOp, bool) {
	if op == nil || op.Name != ForOpName || op.NumOperands() < 3 || len(op.Regions) != 1 {
		return ForOp{}, false
	}
	b := op.Regions[0].Entry()
	if b == nil || b.NumArgs() != op.NumOperands()-2 {
		return ForOp{}, false
	}
	return ForOp{op}, true
}

// LowerBound returns the first operand.
func (f ForOp) LowerBound() *ir.Value { return f.Operand(0) }

// UpperBound returns the second operand.
func (f ForOp) UpperBound() *ir.Value { return f.Operand(1) }

// Step returns the third operand.
func (f ForOp) Step() *ir.Value { return f.Operand(2) }

// InitArgs returns the initial values of the loop-carried values.
func (f ForOp) InitArgs() []*ir.Value { return f.Operands()[3:] }

// Body returns the loop body block.
func (f ForOp) Body() *ir.Block { return f.Regions[0].Entry() }

// InductionVar returns the body's first argument.
func (f ForOp) InductionVar() *ir.Value { return f.Body().Arg(0) }

// RegionIterArgs returns the body arguments that carry values.
func (f ForOp) RegionIterArgs() []*ir.Value { return f.Body().Args()[1:] }

// Yield returns the body's terminator, or nil when it is not scf.yield.
func (f ForOp) Yield() *ir.Operation {
	if t := f.Body().Terminator(); t != nil && t.Name == YieldOpName {
		return t
	}
	return nil
}

// YieldedValues returns the operands of the body's scf.yield.
func (f ForOp) YieldedValues() []*ir.Value {
	if y := f.Yield(); y != nil {
		return y.Operands()
	}
	return nil
}

// BodyFunc fills a region block through b and returns the values to yield.
type BodyFunc func(b *ir.Builder, args []*ir.Value) []*ir.Value

// BuildFor inserts an scf.for from lb to ub by step carrying inits. body
// receives the induction variable followed by the region iter args and
// returns the values to yield; a nil body yields the iter args unchanged.
func BuildFor(b *ir.Builder, lb, ub, step *ir.Value, inits []*ir.Value, body BodyFunc) ForOp {
	ts := typesOf(inits)
	op := b.CreateWithRegions(ForOpName, append([]*ir.Value{lb, ub, step}, inits...), ts, 1)
	blk := op.Regions[0].AddBlock()
	blk.AddArg(lb.Type())
	for _, t := range ts {
		blk.AddArg(t)
	}
	fillBlock(b, blk, blk.Args(), body, blk.Args()[1:])
	return ForOp{op}
}

// fillBlock runs body (or yields dflt when body is nil) at the end of blk.
func fillBlock(b *ir.Builder, blk *ir.Block, args []*ir.Value, body BodyFunc, dflt []*ir.Value) {
	inner := ir.NewBuilder(b.Ctx)
	inner.Loc = b.Loc
	inner.SetInsertionPointToEnd(blk)
	vs := dflt
	if body != nil {
		vs = body(inner, args)
	}
	BuildYield(inner, vs)
}

// BuildYield inserts `scf.yield vs`.
func BuildYield(b *ir.Builder, vs []*ir.Value) *ir.Operation { return b.Create(YieldOpName, vs, nil) }

func typesOf(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// parseFor reads
// `%iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T, ...)] [: T] {body} [{attrs}]`.
func parseFor(p ir.OpParser, st *ir.OpState) error {
	iv, err := p.ParseArgument(false, false)
	if err != nil {
		return err
	}
	bounds, err := parseBounds(p)
	if err != nil {
		return err
	}
	args, inits, ts, err := parseIterArgs(p)
	if err != nil {
		return err
	}
	var ivType ir.Type = ir.IndexType{}
	if p.ParseOptionalPunct(":") {
		if ivType, err = p.ParseType(); err != nil {
			return err
		}
	}
	if st.Operands, err = p.ResolveOperands(append(bounds, inits...), append([]ir.Type{ivType, ivType, ivType}, ts...)); err != nil {
		return err
	}
	iv.Type = ivType
	r, err := parseBody(p, st, append([]ir.Argument{iv}, withTypes(args, ts)...))
	if err != nil {
		return err
	}
	st.Regions, st.ResultTypes = []*ir.Region{r}, ts
	return parseAttrDict(p, st)
}

// parseBounds reads `= %lb to %ub step %s`.
func parseBounds(p ir.OpParser) ([]ir.UnresolvedOperand, error) {
	var out []ir.UnresolvedOperand
	for _, kw := range []string{"=", "to", "step"} {
		var err error
		if kw == "=" {
			err = p.ParsePunct(kw)
		} else {
			err = p.ParseKeyword(kw)
		}
		if err != nil {
			return nil, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

// parseIterArgs reads the optional `iter_args(%a = %x, ...) -> (T, ...)`.
func parseIterArgs(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, []ir.Type, error) {
	if !p.ParseOptionalKeyword("iter_args") {
		return nil, nil, nil, nil
	}
	args, inits, err := parseAssignments(p)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := p.ParsePunct("->"); err != nil {
		return nil, nil, nil, err
	}
	ts, err := parseArrowTypes(p)
	if err == nil && len(ts) != len(args) {
		err = p.Errorf("expected %d iter_args types, found %d", len(args), len(ts))
	}
	return args, inits, ts, err
}

// printFor writes
// ` %iv = %lb to %ub step %s[ iter_args(%a = %x) -> (T)] [ : T ]{body}[ {attrs}]`
// i.e. MLIR's ForOp::print, including the two spaces before `: i32` for a
// non-index induction variable; the implicit empty yield is elided when
// the loop carries no values.
func printFor(p *ir.Printer, op *ir.Operation, f ForOp) {
	p.WriteString(" ")
	p.PrintOperand(f.InductionVar())
	p.WriteString(" = ")
	p.PrintOperand(f.LowerBound())
	p.WriteString(" to ")
	p.PrintOperand(f.UpperBound())
	p.WriteString(" step ")
	p.PrintOperand(f.Step())
	if inits := f.InitArgs(); len(inits) > 0 {
		p.WriteString(" iter_args")
		printAssignments(p, f.RegionIterArgs(), inits)
		p.WriteString(" -> (")
		p.PrintTypeList(typesOf(inits))
		p.WriteString(")")
	}
	p.WriteString(" ")
	if t := f.InductionVar().Type(); !ir.TypeEqual(t, ir.IndexType{}) {
		p.WriteString(" : ")
		p.PrintType(t)
		p.WriteString(" ")
	}
	p.PrintRegion(op.Regions[0], false, len(f.InitArgs()) > 0)
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
}

// verifyFor checks bounds types, iter_args/results/yield counts and types.
func verifyFor(op *ir.Operation, f ForOp) error {
	ivt := f.InductionVar().Type()
	if !isIntOrIndex(ivt) {
		return ir.OpError(op, "expected induction variable to be a signless integer or index, but got '%s'", ir.TypeString(ivt))
	}
	for _, v := range []*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()} {
		if !ir.TypeEqual(v.Type(), ivt) {
			return ir.OpError(op, "expected induction variable to be same type as bounds and step")
		}
	}
	if op.NumResults() != len(f.InitArgs()) {
		return ir.OpError(op, "mismatch in number of loop-carried values and defined values")
	}
	for i, init := range f.InitArgs() {
		if !ir.TypeEqual(init.Type(), op.Result(i).Type()) || !ir.TypeEqual(f.RegionIterArgs()[i].Type(), op.Result(i).Type()) {
			return ir.OpError(op, "types mismatch between iter operand, region iter arg and result #%d", i)
		}
	}
	return checkYield(op, f.Body(), op.ResultTypes())
}

// isIntOrIndex reports whether t is a signless integer or index scalar.
func isIntOrIndex(t ir.Type) bool {
	switch t := t.(type) {
	case ir.IntegerType:
		return t.Sign == ir.Signless
	case ir.IndexType:
		return true
	}
	return false
}

// checkYield verifies that b ends in scf.yield of values of types ts.
func checkYield(op *ir.Operation, b *ir.Block, ts []ir.Type) error {
	t := b.Terminator()
	if t == nil || t.Name != YieldOpName {
		return ir.OpError(op, "expects its regions to end with 'scf.yield'")
	}
	if t.NumOperands() != len(ts) {
		return ir.OpError(op, "expects %d yielded values, but 'scf.yield' has %d", len(ts), t.NumOperands())
	}
	for i, want := range ts {
		if got := t.Operand(i).Type(); !ir.TypeEqual(got, want) {
			return ir.OpError(op, "yielded value #%d has type '%s', expected '%s'", i, ir.TypeString(got), ir.TypeString(want))
		}
	}
	return nil
}
