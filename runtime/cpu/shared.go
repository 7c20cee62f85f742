package cpu

import (
	"errors"
	"fmt"
	"github.com/sparsetriton/sp/dialect/ttgpu"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// memView is the value of a !tt.memdesc: a view of shape shape into a
// shared-memory allocation of one program, at origin (one entry per
// allocation dimension; a view of lower rank covers the trailing ones).
// Allocations are the only mutable values of the interpreter.
type memView struct {
	buf    *Value // the allocation, row-major
	origin []int
	shape  []int
	// perm, when set (a tt.trans of a view), says that dimension d of this
	// view is dimension perm[d] of the untransposed view at origin.
	perm []int
}

// index maps element i of the view to its index in the allocation.
func (m *memView) index(i int) int {
	rb, rv := len(m.buf.Shape), len(m.shape)
	vs, bs := strides(m.shape), strides(m.buf.Shape)
	var u []int // coordinates in the untransposed view
	if m.perm != nil {
		u = make([]int, rv)
		for d := range rv {
			u[m.perm[d]] = i / vs[d] % m.shape[d]
		}
	}
	j := 0
	for d := range rb {
		c := m.origin[d]
		if v := d - (rb - rv); v >= 0 {
			if u != nil {
				c += u[v]
			} else {
				c += i / vs[v] % m.shape[v]
			}
		}
		j += c * bs[d]
	}
	return j
}

// transView is tt.trans of a shared-memory view: the same elements with
// the view's dimensions permuted (order[d] is the operand dimension that
// becomes dimension d).
func transView(op *ir.Operation, src *memView) (*Value, error) {
	order := tt.TransOrder(op)
	if len(order) != len(src.shape) {
		return nil, errors.New("order does not match the rank")
	}
	v := &memView{buf: src.buf, origin: src.origin, shape: make([]int, len(order)), perm: make([]int, len(order))}
	for d, o := range order {
		v.shape[d] = src.shape[o]
		v.perm[d] = int(o)
		if src.perm != nil {
			v.perm[d] = src.perm[o]
		}
	}
	return &Value{M: v}, nil
}

func (m *memView) check() error {
	rb, rv := len(m.buf.Shape), len(m.shape)
	if rv > rb || len(m.origin) != rb {
		return fmt.Errorf("view of rank %d with %d offsets into an allocation of rank %d", rv, len(m.origin), rb)
	}
	for d := range rb {
		ext := 1
		if v := d - (rb - rv); v >= 0 {
			ext = m.shape[v]
		}
		if m.origin[d] < 0 || m.origin[d]+ext > m.buf.Shape[d] {
			return fmt.Errorf("view [%d, %d) of dimension %d is outside the allocation (size %d)", m.origin[d], m.origin[d]+ext, d, m.buf.Shape[d])
		}
	}
	return nil
}

func addShared(m map[string]handler) {
	m[ttgpu.LocalAllocOpName] = localAlloc
	m[ttgpu.LocalLoadOpName] = localLoad
	m[ttgpu.LocalStoreOpName] = localStore
	m[ttgpu.LocalDeallocOpName] = func(*frame, *ir.Operation, []*Value) ([]*Value, error) { return nil, nil }
	m[ttgpu.MemdescSubviewOpName] = memdescView
	m[ttgpu.MemdescIndexOpName] = memdescView
	m[ttgpu.MemdescSubsliceOpName] = memdescSubslice
	m[ttgpu.AsyncCopyGlobalToLocalOpName] = asyncCopy
	m[ttgpu.AsyncCommitGroupOpName] = token
	m[ttgpu.AsyncWaitOpName] = token
}

// token is the value of !triton_gpu.async.token ops: copies complete when
// issued, so waiting is a no-op (a read of a slot with a copy in flight
// then sees the new data, which exposes such a race as a wrong result).
func token(*frame, *ir.Operation, []*Value) ([]*Value, error) { return []*Value{{}}, nil }

func localAlloc(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	mt, ok := op.Result(0).Type().(tt.MemDescType)
	if !ok {
		return nil, errors.New("result is not a memdesc")
	}
	ei, err := classify(mt.Elem)
	if err != nil {
		return nil, err
	}
	buf := newValue(ir.NewTensor(mt.Shape, mt.Elem), ei)
	if len(in) == 1 {
		gather(in[0], buf, func(i int) int { return i })
	}
	v := &memView{buf: buf, origin: make([]int, len(buf.Shape)), shape: buf.Shape}
	return []*Value{{M: v}}, nil
}

func localLoad(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	m := in[0].M
	if out.len() != numElems(m.shape) {
		return nil, errors.New("result shape differs from the memdesc's")
	}
	gather(m.buf, out, m.index)
	return []*Value{out}, nil
}

func localStore(_ *frame, _ *ir.Operation, in []*Value) ([]*Value, error) {
	src, m := in[0], in[1].M
	if src.len() != numElems(m.shape) {
		return nil, errors.New("stored tensor's shape differs from the memdesc's")
	}
	for i := range src.len() {
		setLane(m.buf, m.index(i), lane(src, i))
	}
	return nil, nil
}

func memdescView(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	src := in[0].M
	if src.perm != nil {
		return nil, errors.New("a subview of a transposed view is not supported")
	}
	rb := len(src.buf.Shape)
	off := make([]int, len(in)-1)
	for i, v := range in[1:] {
		off[i] = int(v.I[0])
	}
	if len(off) > len(src.shape) {
		return nil, fmt.Errorf("%d offsets for a memdesc of rank %d", len(off), len(src.shape))
	}
	origin := append([]int(nil), src.origin...)
	for i, o := range off { // offsets address the source view's dimensions
		origin[rb-len(src.shape)+i] += o
	}
	v := &memView{buf: src.buf, origin: origin, shape: shapeOfType(op.Result(0).Type())}
	if err := v.check(); err != nil {
		return nil, err
	}
	return []*Value{{M: v}}, nil
}

func memdescSubslice(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	offs, ok := op.Attr("offsets").(ir.DenseArrayAttr)
	src := in[0].M
	if src.perm != nil {
		return nil, errors.New("a subslice of a transposed view is not supported")
	}
	if !ok || len(offs.Ints) != len(src.shape) {
		return nil, errors.New("offsets must have one entry per dimension")
	}
	origin := append([]int(nil), src.origin...)
	rb := len(src.buf.Shape)
	for i, o := range offs.Ints {
		origin[rb-len(src.shape)+i] += int(o)
	}
	v := &memView{buf: src.buf, origin: origin, shape: shapeOfType(op.Result(0).Type())}
	if err := v.check(); err != nil {
		return nil, err
	}
	return []*Value{{M: v}}, nil
}

// asyncCopy loads like tt.load (mask, other) and writes into the view.
func asyncCopy(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	size, ei, err := pointeeSize(op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	src, m := in[0], in[1].M
	var mask, other *Value
	if len(in) > 2 {
		mask = in[2]
	}
	if len(in) > 3 {
		other = in[3]
	}
	tmp := newValue(ir.NewTensor(int64s(m.shape), tt.ElemOf(op.Operand(1).Type())), ei)
	if tmp.len() != src.len() {
		return nil, errors.New("source and destination shapes differ")
	}
	for i := range tmp.len() {
		if !maskAt(mask, i) {
			if other != nil {
				setLane(tmp, i, lane(other, i))
			}
		} else if err := f.mem.loadElem(src.P[i], ei, size, tmp, i); err != nil {
			return nil, fmt.Errorf("lane %d: %v", i, err)
		}
		setLane(m.buf, m.index(i), lane(tmp, i))
	}
	return []*Value{{}}, nil
}

func int64s(s []int) []int64 {
	out := make([]int64, len(s))
	for i, d := range s {
		out[i] = int64(d)
	}
	return out
}
