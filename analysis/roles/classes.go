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
	var trans []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if d, ok := tt.AsDot(op); ok {
			dots = append(dots, d)
			return
		}
		if op.Name == tt.TransOpName && op.NumOperands() == 1 && IsSparse(op.Operand(0).Type()) {
			trans = append(trans, op) // the result is 2:4 along the other dimension: its own class
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
				if err := c.assign(d.Operation, v, want, what); err != nil {
					return nil, err
				}
			}
		}
	}
	return c, c.throughTransposes(trans, what)
}

// throughTransposes gives the operand of each rank-2 tt.trans of a 2:4
// tensor the role opposite to its result's (a tile 2:4 along its last
// dimension, transposed, is 2:4 along dimension 0), repeating until chains
// of transposes settle.
func (c *Classes) throughTransposes(trans []*ir.Operation, what string) error {
	for changed := true; changed; {
		changed = false
		for _, t := range trans {
			src, res := t.Operand(0), t.Result(0)
			if c.find(src) == c.find(res) {
				return ir.Errorf(t.Loc, "%s: this tt.trans's 2:4 operand and result must be different tensors (a 2:4 tile and its transpose have different layouts)", what)
			}
			if _, ok := c.by[c.find(res)]; !ok {
				continue
			}
			if _, done := c.by[c.find(src)]; done && c.role[c.find(src)] == 1-c.role[c.find(res)] {
				continue
			}
			if err := c.assign(t, src, 1-c.role[c.find(res)], what); err != nil {
				return err
			}
			changed = true
		}
	}
	return nil
}

func (c *Classes) assign(by *ir.Operation, v *ir.Value, want Operand, what string) error {
	r := c.find(v)
	prev, ok := c.by[r]
	if !ok {
		c.role[r], c.by[r] = want, by
		return nil
	}
	if got := c.role[r]; got != want && by.Name == tt.TransOpName {
		return ir.Errorf(by.Loc, "%s: the transpose of this 2:4 tile is operand %v of a tt.dot, so the tile must be 2:4 in operand %v's form, but it is operand %v of another; a sparse buffer has one layout (A: 2:4 along its last dimension, B: 2:4 along K = dimension 0)", what, 1-want, want, got).
			Note(prev.Loc, "used as operand %v here", got)
	} else if got != want {
		return ir.Errorf(by.Loc, "%s: this 2:4 tensor is operand %v of this %s but operand %v of another; a sparse buffer has one layout (A: 2:4 along its last dimension, B: 2:4 along K = dimension 0)", what, want, by.Name, got).
			Note(prev.Loc, "used as operand %v here", got)
	}
	return nil
}
