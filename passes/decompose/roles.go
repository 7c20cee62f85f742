package decompose

import (
	operandroles "github.com/sparsetriton/sp/analysis/roles"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// role is how a class of sparse values is compressed (analysis/roles):
// as operand A of tt.dot (2:4 along the last dimension; the default) or as
// operand B (2:4 along dimension 0, K of a K x N tile).
type role = operandroles.Operand

const (
	roleA = operandroles.A
	roleB = operandroles.B
)

// roles is the partition of fn's sparse values into classes that share
// one layout, each with its role (operandroles.Classes), plus the logical
// tile of each pointer-tensor class.
type roles struct {
	*operandroles.Classes
	tile map[*ir.Value][2]int64 // logical tile of a pointer-tensor class, by root
}

// find returns the root of v's class.
func (rs *roles) find(v *ir.Value) *ir.Value { return rs.Root(v) }

// of returns the role of v's class (A unless a tt.dot uses it as B).
func (rs *roles) of(v *ir.Value) role { return rs.Of(v) }

// analyzeRoles builds the classes of fn with their roles, and checks that
// every load of a pointer-tensor class reads one tile shape.
func analyzeRoles(fn *ir.Operation) (*roles, error) {
	c, err := operandroles.SparseClasses(fn, Name)
	if err != nil {
		return nil, err
	}
	rs := &roles{Classes: c, tile: map[*ir.Value][2]int64{}}
	var loads []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if l, ok := tt.AsLoad(op); ok {
			if _, isPT := isPtrTensor(l.Ptr().Type()); isPT && isSparse(l.Ptr().Type()) {
				loads = append(loads, op)
			}
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
	return rs, nil
}

// isSparse reports whether t is a sparse type (operandroles.IsSparse).
func isSparse(t ir.Type) bool { return operandroles.IsSparse(t) }

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
