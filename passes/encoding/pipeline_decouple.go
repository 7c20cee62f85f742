package encoding

import (
	"sort"

	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
)

// pureRegions reports whether op is an scf.if whose regions hold only pure
// ops (and such scf.ifs): stage 0 may run it iterations ahead.
func pureRegions(op *ir.Operation) bool {
	if op.Name != scf.IfOpName {
		return false
	}
	pure := true
	for _, r := range op.Regions {
		for _, blk := range r.Blocks {
			for _, o := range blk.Ops() {
				if (len(o.Regions) > 0 && !pureRegions(o)) || (len(o.Regions) == 0 && !o.HasTrait(ir.Pure)) {
					pure = false
				}
			}
		}
	}
	return pure
}

// capturedValues returns the values op's regions read that are defined
// outside op.
func capturedValues(op *ir.Operation) []*ir.Value {
	var vs []*ir.Value
	op.Walk(func(o *ir.Operation) ir.WalkResult {
		if o == op {
			return ir.Advance
		}
		for _, v := range o.Operands() {
			if !definedIn(v, op) {
				vs = append(vs, v)
			}
		}
		return ir.Advance
	})
	return vs
}

// definedIn reports whether v is defined inside op's regions.
func definedIn(v *ir.Value, op *ir.Operation) bool {
	if v.IsBlockArg() {
		p := v.OwnerBlock().ParentOp()
		return p != nil && op.IsAncestor(p)
	}
	d := v.DefiningOp()
	return d != nil && d != op && op.IsAncestor(d)
}

// bodyOp returns the op of the loop body that is or contains op (nil when
// op is outside the body).
func (pl *loopPlan) bodyOp(op *ir.Operation) *ir.Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block() == pl.body {
			return o
		}
	}
	return nil
}

// shared reports whether u, a use of a stage-0 value or of a carried value
// stage 0 advances, is outside stage 0: by the compute, or after the loop.
func (pl *loopPlan) shared(u ir.Use) bool {
	if u.Op == pl.body.Terminator() {
		return !pl.carry[u.Index]
	}
	o := pl.bodyOp(u.Op)
	return o == nil || !pl.stage0[o]
}

// decouple gives the compute its own copy of the address computation when
// the two share values, as a flattened persistent loop does (the tile's
// offsets address the loads and the epilogue's store; Triton's tutorial 09
// carries them across iterations). Stage 0 runs P iterations ahead, so the
// compute must not read its values: the pure stage-0 ops are cloned at the
// head of the body, each carried value they advance gets a second iter arg
// with the same init, and the compute's uses (and the loop's results) move
// to the copies. Both chains compute the same values, one P iterations
// later. It reports whether it changed the loop; a stage 0 that reads a
// staged load's result is left alone (checkStage0 then says why).
func (pl *loopPlan) decouple() bool {
	yield := pl.body.Terminator()
	var ops []*ir.Operation
	escapes := false
	for _, op := range pl.body.Ops() {
		if !pl.stage0[op] || pl.loadIndex(op) >= 0 {
			continue
		}
		ops = append(ops, op)
		for _, v := range append(op.Operands(), capturedValues(op)...) {
			if d := v.DefiningOp(); d != nil && pl.loadIndex(d) >= 0 {
				return false
			}
		}
		for _, r := range op.Results() {
			for _, u := range r.Uses() {
				escapes = escapes || pl.shared(u)
			}
		}
	}
	var carried []int
	for j := range pl.carry {
		carried = append(carried, j)
		for _, u := range pl.body.Arg(j + 1).Uses() {
			escapes = escapes || pl.shared(u)
		}
		escapes = escapes || pl.loop.Result(j).HasUses()
	}
	if !escapes {
		return false
	}
	sort.Ints(carried)
	loop := pl.loop
	m := map[*ir.Value]*ir.Value{}
	args := map[int]*ir.Value{}
	for _, j := range carried {
		arg := pl.body.Arg(j + 1)
		loop.SetOperands(append(append([]*ir.Value(nil), loop.Operands()...), loop.Operand(scf.InitOperandIndex(j))))
		args[j] = pl.body.AddArg(arg.Type())
		loop.AddResult(arg.Type())
		m[arg] = args[j]
	}
	b := ir.NewBuilder(nil)
	b.SetInsertionPointToStart(pl.body)
	for _, op := range ops {
		b.Insert(ir.Clone(op, m))
	}
	for _, op := range ops {
		for _, r := range op.Results() {
			r.ReplaceUsesWithIf(m[r], pl.shared)
		}
	}
	ys := append([]*ir.Value(nil), yield.Operands()...)
	for k, j := range carried {
		pl.body.Arg(j+1).ReplaceUsesWithIf(args[j], pl.shared)
		ys = append(ys, lookup(m, yield.Operand(j)))
		pl.loop.Result(j).ReplaceAllUsesWith(pl.loop.Result(loop.NumResults() - len(carried) + k))
	}
	yield.SetOperands(ys)
	return true
}
