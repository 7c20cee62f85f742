package tensorptr

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// carried is one i32 offset iter arg that forLoop added to loop.
type carried struct {
	loop *ir.Operation
	arg  *ir.Value
}

// forwardUnchanged replaces each offset iter arg that its loop yields
// unchanged (a dimension no tt.advance in the loop moves) by the init
// value, inside the loop and for the loop's result, so that what depends
// on it is loop-invariant. The (now unused) iter arg stays.
// It runs before cleanup, while the replaced block-pointer arguments are
// still in the blocks, so positions skip those.
func (s *state) forwardUnchanged() {
	for _, c := range s.carried {
		y := c.arg.OwnerBlock().Terminator()
		j := s.iterPos(c.arg)
		if y == nil || j < 0 || j >= y.NumOperands() || y.Operand(j) != c.arg {
			continue
		}
		init := c.loop.Operand(scf.InitOperandIndex(j))
		c.arg.ReplaceAllUsesWith(init)
		c.loop.Result(j).ReplaceAllUsesWith(init)
		s.fwd[c.arg] = init
		s.fwd[c.loop.Result(j)] = init
	}
}

// iterPos returns the position of the scf.for iter arg a among the
// loop's iter args that stay (the yield's and the results' position),
// skipping the replaced block-pointer arguments, which are still in the
// block until cleanup; -1 for the induction variable.
func (s *state) iterPos(a *ir.Value) int {
	j := -1
	for _, b := range a.OwnerBlock().Args()[1:] {
		if s.deadArg[b] {
			continue
		}
		j++
		if b == a {
			return j
		}
	}
	return -1
}

// resolve maps offsets through forwardUnchanged's replacements.
func (s *state) resolve(inf info) info {
	offs := make([]*ir.Value, len(inf.offsets))
	for i, o := range inf.offsets {
		for k := 0; k < 8; k++ {
			n, ok := s.fwd[o]
			if !ok {
				break
			}
			o = n
		}
		offs[i] = o
	}
	return info{frame: inf.frame, offsets: offs}
}

// nonNeg reports whether the integer v is provably >= 0: a non-negative
// constant, a program id or count, extui, extsi / addi / muli of
// non-negative values, the induction variable of an scf.for with a
// non-negative lower bound and a positive constant step, or an scf.for
// iter arg whose init is non-negative and whose yielded value is
// non-negative assuming the iter arg is (offsets that start at a
// non-negative value and advance by non-negative constants). Like Triton,
// it assumes the i32 offset arithmetic does not overflow.
func (s *state) nonNeg(v *ir.Value) bool { return s.nonNegRec(v, map[*ir.Value]bool{}, 0) }

func (s *state) nonNegRec(v *ir.Value, assumed map[*ir.Value]bool, depth int) bool {
	if depth > 16 {
		return false
	}
	if assumed[v] {
		return true
	}
	if c, ok := arith.ConstantInt(v); ok {
		return c >= 0
	}
	def := v.DefiningOp()
	if def == nil {
		blk := v.OwnerBlock()
		if blk == nil || blk.ParentOp() == nil || blk.ParentOp().Name != scf.ForOpName || blk != blk.ParentOp().Regions[0].Entry() {
			return false
		}
		loop := blk.ParentOp()
		if v.Index() == 0 { // the induction variable
			step, ok := arith.ConstantInt(loop.Operand(2))
			return ok && step > 0 && s.nonNegRec(loop.Operand(0), assumed, depth+1)
		}
		j := s.iterPos(v)
		if j < 0 {
			return false
		}
		y := blk.Terminator()
		if y == nil || scf.InitOperandIndex(j) >= loop.NumOperands() || j >= y.NumOperands() || !s.nonNegRec(loop.Operand(scf.InitOperandIndex(j)), assumed, depth+1) {
			return false
		}
		assumed[v] = true
		ok := s.nonNegRec(y.Operand(j), assumed, depth+1)
		delete(assumed, v)
		return ok
	}
	switch def.Name {
	case tt.GetProgramIdOpName, tt.GetNumProgramsOpName, arith.ExtuiOpName:
		return true
	case arith.ExtsiOpName:
		return s.nonNegRec(def.Operand(0), assumed, depth+1)
	case arith.AddiOpName, arith.MuliOpName:
		return s.nonNegRec(def.Operand(0), assumed, depth+1) && s.nonNegRec(def.Operand(1), assumed, depth+1)
	}
	return false
}

// dropForwarded removes the iter args that forwardUnchanged made unused
// (their argument and result have no uses left and the yield passes the
// init back): each such loop is rebuilt without them. It runs after
// cleanup, when only the offset arguments remain.
func (s *state) dropForwarded() {
	drop := map[*ir.Operation]map[int]bool{}
	var loops []*ir.Operation
	for _, c := range s.carried {
		if _, ok := s.fwd[c.arg]; !ok || c.arg.HasUses() {
			continue
		}
		j := c.arg.Index() - 1
		if c.loop.Result(j).HasUses() {
			continue
		}
		if drop[c.loop] == nil {
			drop[c.loop] = map[int]bool{}
			loops = append(loops, c.loop)
		}
		drop[c.loop][j] = true
	}
	for _, loop := range loops {
		d := drop[loop]
		body := loop.Regions[0].Entry()
		y := body.Terminator()
		ops := append([]*ir.Value(nil), loop.Operands()[:scf.InitOperandIndex(0)]...)
		var ts []ir.Type
		var yielded []*ir.Value
		for j, init := range loop.Operands()[scf.InitOperandIndex(0):] {
			if d[j] {
				continue
			}
			ops = append(ops, init)
			ts = append(ts, loop.Result(j).Type())
			yielded = append(yielded, y.Operand(j))
		}
		y.SetOperands(yielded)
		for j := loop.NumResults() - 1; j >= 0; j-- {
			if d[j] {
				body.EraseArg(j + 1)
			}
		}
		n := s.rebuild(loop, ops, ts)
		k := 0
		for j, r := range loop.Results() {
			if !d[j] {
				r.ReplaceAllUsesWith(n.Result(k))
				k++
			}
		}
		loop.Erase()
	}
}
