package decompose

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// role is how a class of sparse values is compressed: as operand A of
// tt.dot (2:4 along the last dimension; the default) or as operand B
// (2:4 along dimension 0, K of a K x N tile).
type role uint8

const (
	roleA role = iota
	roleB
)

func (r role) String() string { return [...]string{"A", "B"}[r] }

// roles is a union-find over sparse values that must share one layout:
// a kernel argument, the block pointers made from it, their advances, the
// tensors loaded through them and the loop/if values carrying any of them.
type roles struct {
	parent map[*ir.Value]*ir.Value
	role   map[*ir.Value]role          // by class root
	by     map[*ir.Value]*ir.Operation // the tt.dot that fixed the role, by root
	tile   map[*ir.Value][2]int64      // logical tile of a pointer-tensor class, by root
}

func (rs *roles) find(v *ir.Value) *ir.Value {
	for {
		p, ok := rs.parent[v]
		if !ok || p == v {
			return v
		}
		if gp, ok := rs.parent[p]; ok {
			rs.parent[v] = gp // path halving
		}
		v = p
	}
}

func (rs *roles) union(vs ...*ir.Value) {
	var root *ir.Value
	for _, v := range vs {
		if v == nil || !isSparse(v.Type()) {
			continue
		}
		r := rs.find(v)
		if root == nil {
			root = r
			continue
		}
		if r != root {
			rs.parent[r] = root
		}
	}
}

// of returns the role of v's class (A unless a tt.dot uses it as B).
func (rs *roles) of(v *ir.Value) role { return rs.role[rs.find(v)] }

// analyzeRoles builds the classes of fn and assigns a role to each class
// used by a tt.dot.
func analyzeRoles(fn *ir.Operation) (*roles, error) {
	rs := &roles{parent: map[*ir.Value]*ir.Value{}, role: map[*ir.Value]role{}, by: map[*ir.Value]*ir.Operation{}, tile: map[*ir.Value][2]int64{}}
	var dots, loads []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		switch op.Name {
		case tt.MakeTensorPtrOpName, tt.AdvanceOpName, tt.LoadOpName, tt.SplatOpName, tt.AddptrOpName, tt.BroadcastOpName, tt.ExpandDimsOpName:
			if op.NumOperands() > 0 && op.NumResults() == 1 {
				rs.union(op.Operand(0), op.Result(0))
			}
			if op.Name == "tt.load" && op.NumOperands() > 0 {
				if _, ok := isPtrTensor(op.Operand(0).Type()); ok {
					loads = append(loads, op)
				}
			}
		case forOp:
			if f, ok := scf.AsFor(op); ok {
				ys := f.YieldedValues()
				for j, init := range f.InitArgs() {
					slot := []*ir.Value{init, f.RegionIterArgs()[j], op.Result(j)}
					if j < len(ys) {
						slot = append(slot, ys[j])
					}
					rs.union(slot...)
				}
			}
		case ifOp:
			if f, ok := scf.AsIf(op); ok {
				for j, r := range op.Results() {
					slot := []*ir.Value{r}
					for _, y := range []*ir.Operation{f.ThenYield(), f.ElseYield()} {
						if y != nil && j < y.NumOperands() {
							slot = append(slot, y.Operand(j))
						}
					}
					rs.union(slot...)
				}
			}
		case tt.DotOpName:
			dots = append(dots, op)
		}
	})
	first := map[*ir.Value]*ir.Operation{}
	for _, l := range loads {
		rt, _ := isPtrTensor(l.Operand(0).Type())
		if len(rt.Shape) != 2 {
			continue
		}
		root, t := rs.find(l.Operand(0)), [2]int64{rt.Shape[0], rt.Shape[1]}
		if prev, ok := rs.tile[root]; ok && prev != t {
			return nil, ir.Errorf(l.Loc, "%s: this load reads a %dx%d tile of a 2:4 operand that is also read as %dx%d tiles; one 2:4 pointer class has one tile shape", Name, t[0], t[1], prev[0], prev[1]).
				Note(first[root].Loc, "the %dx%d load", prev[0], prev[1])
		}
		rs.tile[root], first[root] = t, l
	}
	for _, d := range dots {
		for i, want := range []role{roleA, roleB} {
			if i >= d.NumOperands() || !isSparse(d.Operand(i).Type()) {
				continue
			}
			if err := rs.assign(d, d.Operand(i), want); err != nil {
				return nil, err
			}
		}
	}
	return rs, nil
}

func (rs *roles) assign(dot *ir.Operation, v *ir.Value, want role) error {
	r := rs.find(v)
	prev, ok := rs.by[r]
	if !ok {
		rs.role[r], rs.by[r] = want, dot
		return nil
	}
	if got := rs.role[r]; got != want {
		return ir.Errorf(dot.Loc, "%s: this 2:4 tensor is operand %v of this tt.dot but operand %v of another; a sparse buffer has one layout (A: 2:4 along its last dimension, B: 2:4 along K = dimension 0)", Name, want, got).
			Note(prev.Loc, "used as operand %v here", got)
	}
	return nil
}

// isSparse reports whether t is a sparse type: a scalar sparse pointer, a
// sparse block pointer, a sparse tensor, or a tensor of sparse pointers.
func isSparse(t ir.Type) bool {
	if tt.IsSparsePointer(t) || tt.IsSparseTensor(t) || tt.IsSparseTensorPointer(t) {
		return true
	}
	if rt, ok := t.(ir.RankedTensorType); ok {
		if pt, ok := rt.Elem.(tt.PointerType); ok {
			return isSparse(pt)
		}
	}
	return false
}

// splitScalarPtr returns the values and metadata pointer types of a scalar
// sparse pointer !tt.ptr<T, #tt.sparse>: !tt.ptr<T> and !tt.ptr<i16>.
func splitScalarPtr(pt tt.PointerType) (vals, meta tt.PointerType) {
	return tt.PointerType{Pointee: pt.Pointee, AddrSpace: pt.AddrSpace},
		tt.PointerType{Pointee: tt.MetadataElem, AddrSpace: pt.AddrSpace}
}

// splitTensor returns the values and metadata tensor types of a rank-2
// sparse tensor type in role r (docs/sparse.md):
// A [S0, S1] -> [S0, S1/2] x T, [S0/16, S1] x i16;
// B [S0, S1] -> [S0/2, S1] x T, [S1/16, S0] x i16.
func splitTensor(t ir.RankedTensorType, r role) (vals, meta ir.RankedTensorType) {
	s0, s1 := t.Shape[0], t.Shape[1]
	if r == roleB {
		return ir.NewTensor([]int64{s0 / 2, s1}, t.Elem), ir.NewTensor([]int64{s1 / 16, s0}, tt.MetadataElem)
	}
	return ir.NewTensor(tt.ValuesShape(t.Shape), t.Elem), ir.NewTensor(tt.MetadataShape(t.Shape), tt.MetadataElem)
}

// splitType returns the values and metadata types of any sparse type that
// the pass decomposes; ok is false for tensors of sparse pointers.
func splitType(t ir.Type, r role) (vals, meta ir.Type, ok bool) {
	switch x := t.(type) {
	case tt.PointerType:
		if tt.IsSparsePointer(x) {
			v, m := splitScalarPtr(x)
			return v, m, true
		}
		if rt, isT := x.Pointee.(ir.RankedTensorType); isT && tt.IsSparseTensor(rt) && len(rt.Shape) == 2 {
			v, m := splitTensor(rt, r)
			return tt.Ptr(v), tt.Ptr(m), true
		}
	case ir.RankedTensorType:
		if _, isPtr := x.Elem.(tt.PointerType); !isPtr && tt.IsSparseTensor(x) && len(x.Shape) == 2 {
			v, m := splitTensor(x, r)
			return v, m, true
		}
	}
	return nil, nil, false
}
