package cpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

func addMem(m map[string]handler) {
	m[tt.AddptrOpName] = execAddPtr
	m[tt.LoadOpName] = execLoad
	m[tt.StoreOpName] = execStore
	m[tt.MakeTensorPtrOpName] = execMakeTensorPtr
	m[tt.AdvanceOpName] = execAdvance
	m[tt.MakeTensorDescriptorOpName] = execMakeTensorDesc
	m[tt.DescriptorLoadOpName] = execDescriptorLoad
	m[tt.DescriptorStoreOpName] = execDescriptorStore
	m[tt.AtomicRmwOpName] = execAtomicRMW
}

// pointeeSize returns the element size of the pointer type (a tensor of
// pointers or a pointer).
func pointeeSize(t ir.Type) (int64, elemInfo, error) {
	pt, ok := tt.ElemOf(t).(tt.PointerType)
	if !ok {
		return 0, elemInfo{}, fmt.Errorf("%s is not a pointer type", ir.TypeString(t))
	}
	ei, err := classify(pt.Pointee)
	if err != nil {
		return 0, ei, err
	}
	size, err := elemSize(pt.Pointee)
	return size, ei, err
}

func execAddPtr(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	size, _, err := pointeeSize(op.Result(0).Type())
	if err != nil {
		return nil, err
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	for i := range out.P {
		p := in[0].P[i]
		p.Off += in[1].I[i] * size
		out.P[i] = p
	}
	return []*Value{out}, nil
}

// maskAt reports whether lane i is enabled (no mask: always).
func maskAt(mask *Value, i int) bool {
	if mask == nil {
		return true
	}
	if len(mask.I) == 1 {
		return mask.I[0] != 0
	}
	return mask.I[i] != 0
}

func execLoad(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	ei, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	if in[0].B != nil {
		return []*Value{out}, f.loadBlock(op, in[0].B, ei, out)
	}
	size, _, err := pointeeSize(op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	var mask, other *Value
	if v := tt.LoadMask(op); v != nil {
		mask = f.vals[v]
	}
	if v := tt.LoadOther(op); v != nil {
		other = f.vals[v]
	}
	for i := range out.len() {
		if !maskAt(mask, i) {
			if other != nil {
				setLane(out, i, lane(other, i))
			}
			continue
		}
		if err := f.mem.loadElem(in[0].P[i], ei, size, out, i); err != nil {
			return nil, fmt.Errorf("lane %d: %v", i, err)
		}
	}
	return []*Value{out}, nil
}

func execStore(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	if in[0].B != nil {
		return nil, f.storeBlock(op, in[0].B, in[1])
	}
	size, ei, err := pointeeSize(op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	var mask *Value
	if len(in) > 2 {
		mask = in[2]
	}
	for i := range in[1].len() {
		if !maskAt(mask, i) {
			continue
		}
		if err := f.mem.storeElem(in[0].P[i], ei, size, in[1], i); err != nil {
			return nil, fmt.Errorf("lane %d: %v", i, err)
		}
	}
	return nil, nil
}

func execMakeTensorPtr(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	pt, ok := op.Result(0).Type().(tt.PointerType)
	if !ok || !pt.IsBlockPointer() {
		return nil, errors.New("result is not a block pointer")
	}
	rt := pt.Pointee.(ir.RankedTensorType)
	if tt.IsSparseTensor(rt) {
		return nil, errors.New("a block pointer on a #tt.sparse base: run decompose-sparse-tensors first")
	}
	size, err := elemSize(rt.Elem)
	if err != nil {
		return nil, err
	}
	n := (len(in) - 1) / 3
	bp := &blockPtr{base: in[0].P[0], block: rt.Shape, elemSize: size}
	for d := range n {
		bp.shape = append(bp.shape, in[1+d].I[0])
		bp.strides = append(bp.strides, in[1+n+d].I[0])
		bp.offsets = append(bp.offsets, in[1+2*n+d].I[0])
	}
	return []*Value{{B: bp}}, nil
}

func execAdvance(_ *frame, _ *ir.Operation, in []*Value) ([]*Value, error) {
	old := in[0].B
	if len(in)-1 != len(old.offsets) {
		return nil, errors.New("offset count does not match the rank")
	}
	bp := *old
	bp.offsets = make([]int64, len(old.offsets))
	for d := range old.offsets {
		bp.offsets[d] = old.offsets[d] + in[1+d].I[0]
	}
	return []*Value{{B: &bp}}, nil
}

// boundaryDims returns which dims of a block access are bounds-checked.
func boundaryDims(op *ir.Operation, rank int) []bool {
	chk := make([]bool, rank)
	if a, ok := op.Attr("boundaryCheck").(ir.DenseArrayAttr); ok {
		for _, d := range a.Ints {
			if d >= 0 && int(d) < rank {
				chk[d] = true
			}
		}
	}
	return chk
}

// blockAddr returns the address of element i of the block and whether it
// lies inside the checked bounds.
func blockAddr(bp *blockPtr, chk []bool, i int) (Ptr, bool) {
	p := bp.base
	rest := i
	for d := len(bp.block) - 1; d >= 0; d-- {
		c := bp.offsets[d] + int64(rest)%bp.block[d]
		rest /= int(bp.block[d])
		if chk[d] && (c < 0 || c >= bp.shape[d]) {
			return p, false
		}
		p.Off += c * bp.strides[d] * bp.elemSize
	}
	return p, true
}

func (f *frame) loadBlock(op *ir.Operation, bp *blockPtr, ei elemInfo, out *Value) error {
	chk := boundaryDims(op, len(bp.block))
	pad := 0.0
	if p, ok := tt.EnumProp(op, "padding", tt.PadZero); ok && p == tt.PadNaN {
		pad = math.NaN()
	}
	return f.loadBlockChecked(bp, chk, pad, ei, out)
}

// loadBlockChecked loads the block, elements outside the checked
// dimensions' bounds reading pad (floats) or zero.
func (f *frame) loadBlockChecked(bp *blockPtr, chk []bool, pad float64, ei elemInfo, out *Value) error {
	for i := range out.len() {
		p, inside := blockAddr(bp, chk, i)
		if !inside {
			if out.F != nil {
				out.F[i] = pad
			}
			continue
		}
		if err := f.mem.loadElem(p, ei, bp.elemSize, out, i); err != nil {
			return fmt.Errorf("block element %d (offsets %v): %v", i, bp.offsets, err)
		}
	}
	return nil
}

func (f *frame) storeBlock(op *ir.Operation, bp *blockPtr, v *Value) error {
	return f.storeBlockChecked(op, bp, boundaryDims(op, len(bp.block)), v, 1)
}

// storeBlockChecked stores v (operand src of op) through the block,
// skipping elements outside the checked dimensions' bounds.
func (f *frame) storeBlockChecked(op *ir.Operation, bp *blockPtr, chk []bool, v *Value, src int) error {
	ei, err := classify(op.Operand(src).Type())
	if err != nil {
		return err
	}
	for i := range v.len() {
		p, inside := blockAddr(bp, chk, i)
		if !inside {
			continue
		}
		if err := f.mem.storeElem(p, ei, bp.elemSize, v, i); err != nil {
			return fmt.Errorf("block element %d (offsets %v): %v", i, bp.offsets, err)
		}
	}
	return nil
}

// execAtomicRMW applies the read-modify-write lane by lane under the
// memory's atomic lock and returns the old values.
func execAtomicRMW(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	rmw, _ := tt.EnumProp(op, "atomic_rmw_op", tt.RMWAdd)
	size, ei, err := pointeeSize(op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	var mask *Value
	if len(in) > 2 {
		mask = in[2]
	}
	f.mem.atomic.Lock()
	defer f.mem.atomic.Unlock()
	for i := range out.len() {
		if !maskAt(mask, i) {
			continue
		}
		p := in[0].P[i]
		if err := f.mem.loadElem(p, ei, size, out, i); err != nil {
			return nil, err
		}
		nv := lane(out, i)
		if err := applyRMW(rmw, ei, nv, lane(in[1], i)); err != nil {
			return nil, err
		}
		if err := f.mem.storeElem(p, ei, size, nv, 0); err != nil {
			return nil, err
		}
	}
	return []*Value{out}, nil
}

func applyRMW(rmw tt.RMWOp, ei elemInfo, old, v *Value) error {
	if ei.kind == kindFloat {
		switch rmw {
		case tt.RMWFAdd:
			old.F[0] = roundTo(old.F[0]+v.F[0], ei.float)
		case tt.RMWMax:
			old.F[0] = math.Max(old.F[0], v.F[0])
		case tt.RMWMin:
			old.F[0] = math.Min(old.F[0], v.F[0])
		case tt.RMWXchg:
			old.F[0] = v.F[0]
		default:
			return fmt.Errorf("atomic %v on floats is not supported", rmw)
		}
		return nil
	}
	a, b, w := old.I[0], v.I[0], ei.width
	switch rmw {
	case tt.RMWAnd:
		a &= b
	case tt.RMWOr:
		a |= b
	case tt.RMWXor:
		a ^= b
	case tt.RMWAdd:
		a += b
	case tt.RMWMax:
		a = max(a, b)
	case tt.RMWMin:
		a = min(a, b)
	case tt.RMWUMax:
		if zext(b, w) > zext(a, w) {
			a = b
		}
	case tt.RMWUMin:
		if zext(b, w) < zext(a, w) {
			a = b
		}
	case tt.RMWXchg:
		a = b
	default:
		return fmt.Errorf("atomic %v is not supported", rmw)
	}
	old.I[0] = sext(a, w)
	return nil
}

// Tensor descriptors at the TTIR level (tt.make_tensor_descriptor, Triton
// 3.6's TMA form before layouts): a descriptor is a block pointer at offset
// zero, and tt.descriptor_load / tt.descriptor_store read and write its
// block at the given coordinates with every dimension bounds-checked, as a
// TMA copy does (out-of-bounds elements read zero, writes to them dropped).

func execMakeTensorDesc(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	d, ok := op.Result(0).Type().(tt.TensorDescType)
	if !ok {
		return nil, errors.New("result is not a !tt.tensordesc")
	}
	if tt.IsSparseTensor(d.Block) {
		return nil, errors.New("a tensor descriptor on a #tt.sparse base: run decompose-sparse-tensors first")
	}
	size, err := elemSize(d.Block.Elem)
	if err != nil {
		return nil, err
	}
	n := (len(in) - 1) / 2
	if len(in[0].P) != 1 {
		return nil, errors.New("the base must be a scalar pointer")
	}
	if n != len(d.Block.Shape) {
		return nil, fmt.Errorf("%d dimensions for a rank-%d block", n, len(d.Block.Shape))
	}
	bp := &blockPtr{base: in[0].P[0], block: d.Block.Shape, elemSize: size, offsets: make([]int64, n)}
	for i := range n {
		bp.shape = append(bp.shape, in[1+i].I[0])
		bp.strides = append(bp.strides, in[1+n+i].I[0])
	}
	return []*Value{{B: bp}}, nil
}

// descAt returns the descriptor's block at the coordinates in[1:1+rank]
// with every dimension checked.
func descAt(in []*Value) (*blockPtr, []bool, error) {
	d := in[0].B
	if d == nil {
		return nil, nil, errors.New("the descriptor is not a tt.make_tensor_descriptor value")
	}
	if len(in) < 1+len(d.block) {
		return nil, nil, fmt.Errorf("%d coordinates for a rank-%d descriptor", len(in)-1, len(d.block))
	}
	at := *d
	at.offsets = make([]int64, len(d.block))
	chk := make([]bool, len(d.block))
	for i := range d.block {
		at.offsets[i] = in[1+i].I[0]
		chk[i] = true
	}
	return &at, chk, nil
}

func execDescriptorLoad(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	ei, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	bp, chk, err := descAt(in)
	if err != nil {
		return nil, err
	}
	return []*Value{out}, f.loadBlockChecked(bp, chk, 0, ei, out)
}

func execDescriptorStore(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	bp, chk, err := descAt(in)
	if err != nil {
		return nil, err
	}
	src := len(in) - 1
	return nil, f.storeBlockChecked(op, bp, chk, in[src], src)
}
