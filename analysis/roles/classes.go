package roles

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Operand is the tt.dot operand a sparse class is: A (2:4 along its last
// dimension, the default) or B (2:4 along K = dimension 0).
type Operand uint8

// Operand roles.
const (
	A Operand = iota
	B
)

func (o Operand) String() string { return [...]string{"A", "B"}[o] }

// Classes is the partition of a function's sparse values into classes
// that share one layout, with the operand role of each class.
type Classes struct {
	parent map[*ir.Value]*ir.Value
	role   map[*ir.Value]Operand       // by class root
	by     map[*ir.Value]*ir.Operation // the tt.dot that fixed the role, by root
}

// IsSparse reports whether t is a sparse type: a scalar sparse pointer, a
// sparse block pointer, a sparse tensor, or a tensor of sparse pointers.
func IsSparse(t ir.Type) bool {
	if tt.IsSparsePointer(t) || tt.IsSparseTensor(t) || tt.IsSparseTensorPointer(t) {
		return true
	}
	if rt, ok := t.(ir.RankedTensorType); ok {
		if pt, ok := rt.Elem.(tt.PointerType); ok {
			return IsSparse(pt)
		}
	}
	if d, ok := t.(tt.TensorDescType); ok {
		return tt.IsSparseTensor(d.Block)
	}
	return false
}

func (c *Classes) find(v *ir.Value) *ir.Value {
	for {
		p, ok := c.parent[v]
		if !ok || p == v {
			return v
		}
		if gp, ok := c.parent[p]; ok {
			c.parent[v] = gp // path halving
		}
		v = p
	}
}

// union joins the classes of the sparse values among vs.
func (c *Classes) union(vs ...*ir.Value) {
	var root *ir.Value
	for _, v := range vs {
		if v == nil || !IsSparse(v.Type()) {
			continue
		}
		r := c.find(v)
		if root == nil {
			root = r
			continue
		}
		if r != root {
			c.parent[r] = root
		}
	}
}

// Of returns the role of v's class (A unless a tt.dot uses it as B).
func (c *Classes) Of(v *ir.Value) Operand { return c.role[c.find(v)] }

// Root returns the representative of v's class.
func (c *Classes) Root(v *ir.Value) *ir.Value { return c.find(v) }

// Same reports whether a and b are in one class.
func (c *Classes) Same(a, b *ir.Value) bool { return c.find(a) == c.find(b) }

// SparseClasses builds the classes of fn (a tt.func) and assigns a role
// to each class a tt.dot uses. what names the caller in the diagnostic of
// a conflicting use.
func SparseClasses(fn *ir.Operation, what string) (*Classes, error) {
	c := &Classes{parent: map[*ir.Value]*ir.Value{}, role: map[*ir.Value]Operand{}, by: map[*ir.Value]*ir.Operation{}}
	var dots []tt.DotOp
	fn.WalkOps(func(op *ir.Operation) {
		if d, ok := tt.AsDot(op); ok {
			dots = append(dots, d)
			return
		}
		if f, ok := scf.AsFor(op); ok {
			for _, cv := range f.Carried() {
				c.union(cv.Init, cv.Arg, cv.Yielded, cv.Result)
			}
			return
		}
		if f, ok := scf.AsIf(op); ok {
			for _, slot := range f.Slots() {
				c.union(slot...)
			}
			return
		}
		if op.HasTrait(ir.Terminator) {
			return // yields are linked through their parent's view
		}
		c.union(append(op.Operands(), op.Results()...)...)
	})
	for _, d := range dots {
		for i, want := range []Operand{A, B} {
			if v := d.Operand(i); IsSparse(v.Type()) {
				if err := c.assign(d, v, want, what); err != nil {
					return nil, err
				}
			}
		}
	}
	return c, nil
}

func (c *Classes) assign(dot tt.DotOp, v *ir.Value, want Operand, what string) error {
	r := c.find(v)
	prev, ok := c.by[r]
	if !ok {
		c.role[r], c.by[r] = want, dot.Operation
		return nil
	}
	if got := c.role[r]; got != want {
		return ir.Errorf(dot.Loc, "%s: this 2:4 tensor is operand %v of this tt.dot but operand %v of another; a sparse buffer has one layout (A: 2:4 along its last dimension, B: 2:4 along K = dimension 0)", what, want, got).
			Note(prev.Loc, "used as operand %v here", got)
	}
	return nil
}
