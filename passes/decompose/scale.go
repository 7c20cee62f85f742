package decompose

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
)

// scaler materialises x/2 and x/16 for the operands of one op. The first
// error sticks (later calls return x unchanged), so callers check err once.
type scaler struct {
	b   *ir.Builder
	op  *ir.Operation
	cst func(user *ir.Operation, t ir.Type, v int64) *ir.Value
	err error
}

// div returns v >> shift: a new constant when v is a constant (which must
// be a multiple of mod), else `arith.shrsi v, shift`.
func (sc *scaler) div(v *ir.Value, shift int64, mod int64, what string) *ir.Value {
	if sc.err != nil {
		return v
	}
	if c, ok := arith.ConstantInt(v); ok {
		if c%mod != 0 {
			sc.err = ir.Errorf(sc.op.Loc, "%s: %s = %d must be a multiple of %d for the 2:4 decomposition (values halve it, band16 metadata tiles it by 16)", Name, what, c, mod)
			return v
		}
		return sc.cst(sc.op, v.Type(), c>>shift)
	}
	return arith.BuildBinary(sc.b, arith.ShrsiOpName, v, sc.cst(sc.op, v.Type(), shift))
}

// constLike returns a new constant c of v's type.
func (sc *scaler) constLike(v *ir.Value, c int64) *ir.Value {
	return sc.cst(sc.op, v.Type(), c)
}

// unitStride checks that a constant innermost stride is 1: the values and
// metadata buffers are packed along the last dimension.
func (sc *scaler) unitStride(v *ir.Value) error {
	if c, ok := arith.ConstantInt(v); ok && c != 1 {
		return ir.Errorf(sc.op.Loc, "%s: strides[1] = %d: a 2:4 tensor must be contiguous along its last dimension (stride 1)", Name, c)
	}
	return nil
}

// constants hands out integer constants of one function: an equal
// arith.constant at the top of the entry block is reused, else a new one
// is created at the start of the entry block (it dominates every use).
type constants struct {
	ctx   *ir.Context
	entry *ir.Block
}

// get returns a constant v of type t that dominates user: an equal constant
// of the entry block placed before user's ancestor in that block, or a new
// one at the start of the entry block.
func (c constants) get(user *ir.Operation, t ir.Type, v int64) *ir.Value {
	want := ir.IntAttr(t, v)
	anc := user
	for anc != nil && anc.Block() != c.entry {
		anc = anc.ParentOp()
	}
	for _, op := range c.entry.Ops() {
		if op == anc {
			break
		}
		if a, ok := arith.ConstantValue(op); ok && op.NumResults() == 1 && ir.AttrEqual(a, want) {
			return op.Result(0)
		}
	}
	b := ir.NewBuilder(c.ctx)
	b.SetInsertionPointToStart(c.entry)
	return arith.BuildConstantInt(b, t, v)
}
