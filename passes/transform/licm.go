package transform

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const licmDoc = `loop-invariant-code-motion hoists loop-invariant operations out of
scf.for loops (as MLIR's pass of that name). An op directly in a loop body
moves to just before the loop when

  - it is Pure, has no regions, no successors and is not a terminator;
  - it is speculatable: integer division and remainder (arith.divsi,
    divui, remsi, remui, ceildivsi, floordivsi), which may trap on a
    divisor the loop would never have reached, stay (a loop may run zero
    times);
  - every operand is defined outside the loop (or by an op hoisted before
    it).

Ops are visited in program order, so whole loop-invariant chains move
(splat, make_range, expand_dims, broadcast, addptr of loop-invariant
values). Nested loops are processed innermost first, so an op can leave
several levels at once. Loads, stores and other ops with side effects are
never moved; ops nested in an scf.if inside the loop stay where they are.

With sink-past-loops=true (sp-pipeline sets it; MLIR's pass has no such
option) the pass also moves the other way: a pure op (as above, division
included: it still runs exactly once) defined before a loop in the same
block whose every use comes after the loop moves to just after it, so its
value is not live across the loop. Ops are visited from the loop backwards,
so whole chains move in order. Triton's make_ttir merges the tutorial
matmul's C offsets, computed after the K loop, into the identical A
offsets computed before it; sunk again they cost no registers in the loop
(LLVM's sinking does this for Triton's own backend).`

// LICMOptions are the options of loop-invariant-code-motion.
type LICMOptions struct {
	SinkPastLoops bool `opt:"sink-past-loops" help:"also move pure ops used only after a loop to just after it"`
}

// LICM is the loop-invariant-code-motion pass.
var LICM = &pass.Pass{
	Name:    "loop-invariant-code-motion",
	Title:   "LoopInvariantCodeMotion",
	Summary: "Hoist loop-invariant pure operations out of scf.for loops",
	Doc:     licmDoc,
	Anchor:  pass.AnyOp,
	Options: &LICMOptions{},
	Run: func(ctx *pass.Context, op *ir.Operation) error {
		HoistLoopInvariants(op)
		if pass.OptionsOf[LICMOptions](ctx).SinkPastLoops {
			SinkPastLoops(op)
		}
		return nil
	},
}

// isLoop reports whether ops named name are loops: their first region is
// a body executed zero or more times, whose block arguments vary per
// iteration.
func isLoop(name string) bool { return name == scf.ForOpName }

// nonSpeculatable reports whether the Pure op name must not execute when
// the loop would not have executed it (integer division may trap).
func nonSpeculatable(name string) bool {
	switch name {
	case arith.DivsiOpName, arith.DivuiOpName, arith.RemsiOpName, arith.RemuiOpName,
		arith.CeildivsiOpName, arith.FloordivsiOpName:
		return true
	}
	return false
}

// HoistLoopInvariants runs loop-invariant code motion on every loop nested
// in root (innermost first) and returns the number of ops moved.
func HoistLoopInvariants(root *ir.Operation) int {
	var loops []*ir.Operation
	root.WalkPost(func(op *ir.Operation) {
		if op != root && isLoop(op.Name) && len(op.Regions) > 0 && op.Block() != nil {
			loops = append(loops, op)
		}
	})
	n := 0
	for _, l := range loops {
		n += hoistFrom(l)
	}
	return n
}

// hoistFrom moves the invariant ops of loop's body before loop.
func hoistFrom(loop *ir.Operation) int {
	n := 0
	for _, blk := range loop.Regions[0].Blocks {
		for _, op := range append([]*ir.Operation(nil), blk.Ops()...) {
			if !hoistable(op) || !invariantOperands(loop, op) {
				continue
			}
			op.MoveBefore(loop)
			n++
		}
	}
	return n
}

func hoistable(op *ir.Operation) bool {
	return op.HasTrait(ir.Pure) && !op.HasTrait(ir.Terminator) && len(op.Regions) == 0 &&
		len(op.Successors) == 0 && !nonSpeculatable(op.Name)
}

// invariantOperands reports whether every operand of op is defined outside
// loop.
func invariantOperands(loop, op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if definedInside(loop, v) {
			return false
		}
	}
	return true
}

// definedInside reports whether v is a result of an op nested in loop or a
// block argument of one of loop's (or a nested op's) regions.
func definedInside(loop *ir.Operation, v *ir.Value) bool {
	def := v.DefiningOp()
	if def == nil {
		blk := v.OwnerBlock()
		if blk == nil {
			return false
		}
		def = blk.ParentOp()
		if def == nil {
			return false
		}
		return loop.IsAncestor(def)
	}
	return def != loop && loop.IsAncestor(def)
}

// SinkPastLoops moves the pure ops that are defined before a loop (in its
// block) and used only after it to just after the loop, every loop nested
// in root, innermost first; it returns the number of ops moved.
func SinkPastLoops(root *ir.Operation) int {
	var loops []*ir.Operation
	root.WalkPost(func(op *ir.Operation) {
		if op != root && isLoop(op.Name) && op.Block() != nil {
			loops = append(loops, op)
		}
	})
	n := 0
	for _, l := range loops {
		n += sinkPast(l)
	}
	return n
}

// sinkPast sinks past loop the ops before it whose uses all follow it,
// last first, each to just after the loop, so chains keep their order.
func sinkPast(loop *ir.Operation) int {
	blk := loop.Block()
	ops := blk.Ops()
	at := 0
	for i, op := range ops {
		if op == loop {
			at = i
		}
	}
	after := map[*ir.Operation]bool{}
	for _, op := range ops[at+1:] {
		after[op] = true
	}
	n := 0
	for i := at - 1; i >= 0; i-- {
		op := ops[i]
		if !sinkable(op) || !usedOnlyIn(op, blk, after) {
			continue
		}
		op.MoveBefore(loop.Next())
		after[op] = true
		n++
	}
	return n
}

func sinkable(op *ir.Operation) bool {
	return op.HasTrait(ir.Pure) && !op.HasTrait(ir.Terminator) && len(op.Regions) == 0 &&
		len(op.Successors) == 0 && op.NumResults() > 0
}

// usedOnlyIn reports whether every user of op's results is (or is nested
// in) an op of blk in the set ops.
func usedOnlyIn(op *ir.Operation, blk *ir.Block, ops map[*ir.Operation]bool) bool {
	for _, r := range op.Results() {
		for _, u := range r.Users() {
			for u != nil && u.Block() != blk {
				u = u.ParentOp()
			}
			if !ops[u] {
				return false
			}
		}
	}
	return true
}
