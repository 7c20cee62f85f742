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
never moved; ops nested in an scf.if inside the loop stay where they are.`

// LICM is the loop-invariant-code-motion pass.
var LICM = &pass.Pass{
	Name:    "loop-invariant-code-motion",
	Title:   "LoopInvariantCodeMotion",
	Summary: "Hoist loop-invariant pure operations out of scf.for loops",
	Doc:     licmDoc,
	Anchor:  pass.AnyOp,
	Run: func(_ *pass.Context, op *ir.Operation) error {
		HoistLoopInvariants(op)
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
