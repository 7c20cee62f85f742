package scf

import "github.com/sparsetriton/sp/ir"

// Carried links the four faces of one loop-carried value of an scf.for:
// the init operand, the body's region argument, the value the body
// yields for it and the loop result. Index counts carried values from 0.
type Carried struct {
	Index   int
	Init    *ir.Value
	Arg     *ir.Value
	Yielded *ir.Value // nil when the body has no scf.yield
	Result  *ir.Value
}

// InitOperandIndex is the operand index of the init value of carried
// value i (after the lower bound, upper bound and step).
func InitOperandIndex(i int) int { return 3 + i }

// NumCarried is the number of loop-carried values.
func (f ForOp) NumCarried() int { return f.NumOperands() - 3 }

// CarriedAt returns carried value i (0 <= i < NumCarried).
func (f ForOp) CarriedAt(i int) Carried {
	c := Carried{Index: i, Init: f.Operand(InitOperandIndex(i)), Arg: f.Body().Arg(i + 1)}
	if i < f.NumResults() {
		c.Result = f.Result(i)
	}
	if y := f.Yield(); y != nil && i < y.NumOperands() {
		c.Yielded = y.Operand(i)
	}
	return c
}

// Carried returns every loop-carried value in order.
func (f ForOp) Carried() []Carried {
	out := make([]Carried, f.NumCarried())
	for i := range out {
		out[i] = f.CarriedAt(i)
	}
	return out
}

// SetInit replaces the init value of carried value i.
func (f ForOp) SetInit(i int, v *ir.Value) { f.SetOperand(InitOperandIndex(i), v) }

// CarriedOfArg returns the loop and the carried value whose region
// argument is v (false when v is not an scf.for iteration argument; the
// induction variable is not carried).
func CarriedOfArg(v *ir.Value) (ForOp, Carried, bool) {
	if v == nil || !v.IsBlockArg() || v.Index() == 0 {
		return ForOp{}, Carried{}, false
	}
	f, ok := AsFor(v.OwnerBlock().ParentOp())
	if !ok || f.Body() != v.OwnerBlock() {
		return ForOp{}, Carried{}, false
	}
	return f, f.CarriedAt(v.Index() - 1), true
}

// CarriedOfResult returns the loop and the carried value whose result is v.
func CarriedOfResult(v *ir.Value) (ForOp, Carried, bool) {
	if v == nil || v.IsBlockArg() {
		return ForOp{}, Carried{}, false
	}
	f, ok := AsFor(v.DefiningOp())
	if !ok || v.Index() >= f.NumCarried() {
		return ForOp{}, Carried{}, false
	}
	return f, f.CarriedAt(v.Index()), true
}

// CarriedOfUse returns the loop and carried value a use feeds: the use of
// an init operand of an scf.for, or of an operand of the scf.yield that
// ends an scf.for body.
func CarriedOfUse(u ir.Use) (ForOp, Carried, bool) {
	if f, ok := AsFor(u.Op); ok {
		if i := u.Index - 3; i >= 0 && i < f.NumCarried() {
			return f, f.CarriedAt(i), true
		}
		return ForOp{}, Carried{}, false
	}
	if u.Op.Name != YieldOpName {
		return ForOp{}, Carried{}, false
	}
	f, ok := AsFor(u.Op.ParentOp())
	if !ok || f.Yield() != u.Op || u.Index >= f.NumCarried() {
		return ForOp{}, Carried{}, false
	}
	return f, f.CarriedAt(u.Index), true
}
