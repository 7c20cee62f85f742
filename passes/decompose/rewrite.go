package decompose

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// rewrite decomposes op when it touches a sparse value and returns the op
// whose regions the walk descends into (op itself, or its replacement).
func (s *state) rewrite(op *ir.Operation) (*ir.Operation, error) {
	var err error
	switch op.Name {
	case tt.MakeTensorPtrOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.makeTensorPtr(op)
		}
	case tt.AdvanceOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.advance(op)
		}
	case tt.MakeTensorDescriptorOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.makeTensorDesc(op)
		}
	case tt.DescriptorLoadOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.descriptorLoad(op)
		}
	case tt.LoadOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			if _, pt := isPtrTensor(op.Operand(0).Type()); pt {
				err = s.loadPtr(op)
			} else {
				err = s.load(op)
			}
		}
	case tt.StoreOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.store(op)
		}
	case tt.SplatOpName:
		if op.NumOperands() > 0 && tt.IsSparsePointer(op.Operand(0).Type()) {
			err = s.splatPtr(op)
		} else {
			err = s.other(op)
		}
	case tt.AddptrOpName:
		if op.NumOperands() > 0 && isSparse(op.Operand(0).Type()) {
			err = s.addPtr(op)
		} else {
			err = s.other(op)
		}
	case tt.BroadcastOpName:
		if _, pt := isPtrTensor(op.Operand(0).Type()); pt {
			err = s.broadcastPtr(op)
		} else {
			err = s.other(op)
		}
	case tt.DotOpName:
		err = s.dot(op)
	case tt.SparseValuesOpName:
		err = s.sparseValues(op)
	case tt.TransOpName:
		if op.NumOperands() == 1 && tt.IsSparseTensor(op.Operand(0).Type()) {
			err = s.transpose(op)
		} else {
			err = s.other(op)
		}
	case forOp:
		return s.forLoop(op)
	case ifOp:
		return s.ifElse(op)
	case scf.YieldOpName:
		err = s.yield(op)
	default:
		err = s.other(op)
	}
	return op, err
}

// pairOf returns the decomposition of sparse value v.
func (s *state) pairOf(user *ir.Operation, v *ir.Value) (pair, error) {
	p, ok := s.pairs[v]
	if !ok {
		return pair{}, ir.Errorf(user.Loc, "%s: the sparse operand of '%s' (type %s) does not come from a decomposed value; %s", Name, user.Name, ir.TypeString(v.Type()), supported)
	}
	return p, nil
}

func (s *state) builderAt(op *ir.Operation) *ir.Builder {
	b := ir.NewBuilder(s.ctx)
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	return b
}

// replaceBy records that op's only result is now the pair p.
func (s *state) replaceBy(op *ir.Operation, p pair) {
	s.pairs[op.Result(0)] = p
	s.dead = append(s.dead, op)
}

// makeTensorPtr splits a block pointer on a sparse base (docs/sparse.md).
func (s *state) makeTensorPtr(op *ir.Operation) error {
	base, shape, strides, offsets := tt.MakeTensorPtrOperands(op)
	p, err := s.pairOf(op, base)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type().(tt.PointerType)
	blk := rt.Pointee.(ir.RankedTensorType)
	if len(blk.Shape) != 2 || len(shape) != 2 {
		return ir.Errorf(op.Loc, "%s: sparse block pointers must be rank 2, got %s", Name, ir.TypeString(blk))
	}
	r := s.roles.of(op.Result(0))
	if err := checkBlock(op, blk, r); err != nil {
		return err
	}
	b := s.builderAt(op)
	sc := scaler{b: b, op: op, cst: s.consts.get}
	if err := sc.unitStride(strides[1]); err != nil {
		return err
	}
	vt, mt, _ := splitType(rt, r)
	order := op.Attr("order")
	kq := kQuantum(blk.Elem)
	var vOps, mOps [6]*ir.Value // shape0, shape1, stride0, stride1, off0, off1
	if r == roleA {
		vOps = [6]*ir.Value{shape[0], sc.div(shape[1], 1, kq, "shape[1] (K)"), sc.div(strides[0], 1, 2, "strides[0] (row stride)"), strides[1],
			offsets[0], sc.div(offsets[1], 1, kq, "offsets[1] (K offset)")}
		mOps = [6]*ir.Value{sc.div(shape[0], 4, 16, "shape[0] (M)"), shape[1], strides[0], strides[1],
			sc.div(offsets[0], 4, 16, "offsets[0] (M offset)"), offsets[1]}
	} else {
		vOps = [6]*ir.Value{sc.div(shape[0], 1, kq, "shape[0] (K)"), shape[1], strides[0], strides[1],
			sc.div(offsets[0], 1, kq, "offsets[0] (K offset)"), offsets[1]}
		mOps = [6]*ir.Value{sc.div(shape[1], 4, 16, "shape[1] (N)"), shape[0], shape[0], sc.constLike(strides[1], 1),
			sc.div(offsets[1], 4, 16, "offsets[1] (N offset)"), offsets[0]}
		order = ir.I32Array(1, 0)
	}
	if sc.err != nil {
		return sc.err
	}
	v := s.newBlockPtr(b, op, p.vals, vOps, vt, op.Attr("order"))
	m := s.newBlockPtr(b, op, p.meta, mOps, mt, order)
	s.replaceBy(op, pair{v, m})
	return nil
}

func (s *state) newBlockPtr(b *ir.Builder, old *ir.Operation, base *ir.Value, ops [6]*ir.Value, t ir.Type, order ir.Attribute) *ir.Value {
	nop := b.Create(tt.MakeTensorPtrOpName, append([]*ir.Value{base}, ops[:]...), []ir.Type{t})
	nop.Attrs = old.Attrs
	if order != nil {
		nop.SetAttr("order", order)
	}
	return nop.Result(0)
}

// kQuantum is the K granularity of the metadata tile of element type t:
// 16 dense columns per band16 word, 32 per band16k32 word pair (8-bit).
func kQuantum(t ir.Type) int64 {
	if tt.BitWidth(t) == 8 {
		return 32
	}
	return 16
}

// checkBlock checks the static block shape: both dimensions multiples of
// 16 (K of 8-bit blocks of 32), so that the block's metadata is whole
// band16 (band16k32) rows and K-chunks.
func checkBlock(op *ir.Operation, blk ir.RankedTensorType, r role) error {
	b0, b1 := blk.Shape[0], blk.Shape[1]
	kq := kQuantum(blk.Elem)
	bk, bo := b1, b0
	what := "M x K"
	if r == roleB {
		bk, bo, what = b0, b1, "K x N"
	}
	if bo%16 != 0 || bk%kq != 0 {
		if kq == 32 {
			return ir.Errorf(op.Loc, "%s: sparse block %dx%d (%s, operand %v) of 8-bit elements must have K a multiple of 32 and the other dimension a multiple of 16 so that its band16k32 metadata tiles exactly", Name, b0, b1, what, r)
		}
		return ir.Errorf(op.Loc, "%s: sparse block %dx%d (%s, operand %v) must have both dimensions multiples of 16 so that its band16 metadata tiles exactly", Name, b0, b1, what, r)
	}
	return nil
}

// advance splits tt.advance: A [o0, o1/2], [o0/16, o1]; B [o0/2, o1], [o1/16, o0].
func (s *state) advance(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if op.NumOperands() != 3 {
		return ir.Errorf(op.Loc, "%s: sparse block pointers must be rank 2", Name)
	}
	o0, o1 := op.Operand(1), op.Operand(2)
	b := s.builderAt(op)
	sc := scaler{b: b, op: op, cst: s.consts.get}
	var vOffs, mOffs []*ir.Value
	kq := int64(16)
	if pt, ok := op.Operand(0).Type().(tt.PointerType); ok {
		kq = kQuantum(tt.ElemOf(pt.Pointee))
	}
	if s.roles.of(op.Result(0)) == roleA {
		vOffs = []*ir.Value{o0, sc.div(o1, 1, kq, "offset[1] (K step)")}
		mOffs = []*ir.Value{sc.div(o0, 4, 16, "offset[0] (M step)"), o1}
	} else {
		vOffs = []*ir.Value{sc.div(o0, 1, kq, "offset[0] (K step)"), o1}
		mOffs = []*ir.Value{sc.div(o1, 4, 16, "offset[1] (N step)"), o0}
	}
	if sc.err != nil {
		return sc.err
	}
	adv := func(ptr *ir.Value, offs []*ir.Value) *ir.Value {
		n := b.Create(tt.AdvanceOpName, append([]*ir.Value{ptr}, offs...), []ir.Type{ptr.Type()})
		n.Attrs = op.Attrs
		return n.Result(0)
	}
	s.replaceBy(op, pair{adv(p.vals, vOffs), adv(p.meta, mOffs)})
	return nil
}

// load splits a load of a sparse block pointer into a values load and a
// metadata load with the same attributes (boundaryCheck dimensions mapped
// to the metadata block for B; a nan padding is zero for the metadata).
func (s *state) load(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if !tt.IsSparseTensorPointer(op.Operand(0).Type()) {
		return ir.Errorf(op.Loc, "%s: tt.load through a scalar sparse pointer is not supported; load 2:4 tensors through a block pointer (tt.make_tensor_ptr)", Name)
	}
	if op.NumOperands() != 1 {
		return ir.Errorf(op.Loc, "%s: tt.load of a sparse block pointer takes no mask or other; use boundaryCheck and padding", Name)
	}
	b := s.builderAt(op)
	v := tt.NewLoad(b, p.vals, nil, nil)
	v.Props, v.Attrs = op.Props, op.Attrs
	m := tt.NewLoad(b, p.meta, nil, nil)
	m.Props, m.Attrs = op.Props, op.Attrs
	if pad, ok := tt.EnumProp(op, "padding", tt.PadZero); ok && pad == tt.PadNaN {
		m.SetAttr("padding", tt.EnumOf(tt.PadZero))
	}
	if bc, ok := op.Attr("boundaryCheck").(ir.DenseArrayAttr); ok && s.roles.of(op.Result(0)) == roleB {
		dims := make([]int64, len(bc.Ints))
		for i, d := range bc.Ints {
			dims[i] = 1 - d // B's (k, n) are the metadata's (n/16, k)
		}
		m.SetAttr("boundaryCheck", ir.I32Array(dims...))
	}
	s.replaceBy(op, pair{v.Result(0), m.Result(0)})
	return nil
}

// store through a sparse A block pointer stores the values tensor through
// the values pointer (its value operand is already values-shaped).
func (s *state) store(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if !tt.IsSparseTensorPointer(op.Operand(0).Type()) {
		return ir.Errorf(op.Loc, "%s: tt.store through a 2:4 pointer (%s) is not supported: a 2:4 operand is read by tt.dot; store 2:4 values through a block pointer", Name, ir.TypeString(op.Operand(0).Type()))
	}
	if want, _ := tt.StoreValueType(p.vals.Type()); s.roles.of(op.Operand(0)) != roleA || !ir.TypeEqual(want, op.Operand(1).Type()) {
		return ir.Errorf(op.Loc, "%s: tt.store through a sparse block pointer is supported for operand A only (it stores the [M, K/2] values and leaves the metadata unchanged)", Name)
	}
	op.SetOperand(0, p.vals)
	return nil
}

// dot gives a tt.dot with a sparse operand its metadata and sparseIndex.
func (s *state) dot(op *ir.Operation) error {
	if op.NumOperands() < 3 {
		return nil
	}
	a, bv, c := op.Operand(0), op.Operand(1), op.Operand(2)
	spA, spB := isSparse(a.Type()), isSparse(bv.Type())
	if !spA && !spB {
		return s.other(op)
	}
	if tt.DotMeta(op) != nil {
		return ir.Errorf(op.Loc, "%s: tt.dot with a #tt.sparse operand must not have a metadata operand yet", Name)
	}
	idx, sp := tt.SparseIndexA, a
	if !spA {
		idx, sp = tt.SparseIndexB, bv
	}
	p, err := s.pairOf(op, sp)
	if err != nil {
		return err
	}
	if !tt.IsSparseTensor(sp.Type()) {
		return ir.Errorf(op.Loc, "%s: the sparse operand of tt.dot must be a sparse tensor", Name)
	}
	b := s.builderAt(op)
	var nd *ir.Operation
	if idx == tt.SparseIndexA {
		nd = tt.NewDot(b, p.vals, bv, c, p.meta, idx, tt.DotPrecision(op))
	} else {
		nd = tt.NewDot(b, a, p.vals, c, p.meta, idx, tt.DotPrecision(op))
	}
	nd.Props = op.Props.With("sparseIndex", ir.I32Attr(int64(idx)))
	nd.Attrs = op.Attrs
	op.Result(0).ReplaceAllUsesWith(nd.Result(0))
	s.dead = append(s.dead, op)
	return nil
}

// transpose splits tt.trans of a loaded 2:4 tile (b.T): the values are
// transposed and the metadata is kept, since a tile compressed in one role
// is, transposed, the same tile compressed in the other (values [S0,
// S1/2] -> [S1/2, S0]; the band16 metadata of the 2:4-along-rows matrix is
// both roles' metadata; docs/sparse.md).
func (s *state) transpose(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok || len(rt.Shape) != 2 {
		return ir.Errorf(op.Loc, "%s: tt.trans of a 2:4 tile must give a rank-2 tensor", Name)
	}
	vals, _ := splitTensor(rt, s.roles.of(op.Result(0)))
	b := s.builderAt(op)
	tv := b.Create(tt.TransOpName, []*ir.Value{p.vals}, []ir.Type{vals}, ir.NamedAttr{Name: "order", Value: ir.I32Array(1, 0)}).Result(0)
	s.replaceBy(op, pair{vals: tv, meta: p.meta})
	return nil
}

// sparseValues forwards the values tensor.
func (s *state) sparseValues(op *ir.Operation) error {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if !ir.TypeEqual(p.vals.Type(), op.Result(0).Type()) {
		return ir.Errorf(op.Loc, "%s: tt.sparse_values of a 2:4 operand B: its values are %s, not %s; tt.sparse_values is supported for operand A only", Name, ir.TypeString(p.vals.Type()), ir.TypeString(op.Result(0).Type()))
	}
	op.Result(0).ReplaceAllUsesWith(p.vals)
	s.dead = append(s.dead, op)
	return nil
}

// other handles every op without a dedicated rewrite: it must not produce
// a sparse value nor take a sparse pointer; a sparse tensor operand is
// replaced by its values tensor and the op must verify with it.
func (s *state) other(op *ir.Operation) error {
	if err := s.rejectUnsupported(op); err != nil {
		return err
	}
	for _, v := range op.Operands() {
		if isSparse(v.Type()) {
			return ir.Errorf(op.Loc, "%s: '%s' reads the 2:4 tile %s: after decomposition only its compressed values and metadata exist, so a loaded 2:4 tile may only feed tt.dot (or tt.sparse_values, for the compressed values explicitly); compute '%s' on a dense load of the same pointer", Name, op.Name, ir.TypeString(v.Type()), op.Name)
		}
	}
	return nil
}

// rejectUnsupported reports the uses that have no decomposition.
func (s *state) rejectUnsupported(op *ir.Operation) error {
	var sparseOperand *ir.Value
	for _, v := range op.Operands() {
		if isSparse(v.Type()) {
			sparseOperand = v
			break
		}
	}
	if sparseOperand == nil {
		for _, r := range op.Results() {
			if isSparse(r.Type()) {
				return ir.Errorf(op.Loc, "%s: '%s' produces a sparse value (%s); sparse values may only come from kernel arguments, tt.make_tensor_ptr, tt.advance, tt.load, scf.for and scf.if", Name, op.Name, ir.TypeString(r.Type()))
			}
		}
		return nil
	}
	t := sparseOperand.Type()
	switch op.Name {
	case tt.ReturnOpName, tt.CallOpName:
		return ir.Errorf(op.Loc, "%s: a sparse value (%s) cannot cross a function boundary ('%s'); sparse tensors are supported only as kernel arguments !tt.ptr<T, #tt.sparse<\"NV24\">> (inline the callee first)", Name, ir.TypeString(t), op.Name)
	case scf.WhileOpName, scf.ConditionOpName:
		return ir.Errorf(op.Loc, "%s: '%s' carrying a sparse value (%s) is not supported; carry 2:4 block pointers and tensors through scf.for or scf.if", Name, op.Name, ir.TypeString(t))
	}
	if !tt.IsSparseTensor(t) || tt.IsPtrLike(t) {
		if op.Name == tt.ExpandDimsOpName {
			return ir.Errorf(op.Loc, "%s: 'tt.expand_dims' of the 2:4 pointer tensor %s: build 2:4 pointer tensors at rank 2 (tt.splat to the [M, 1], [1, K] or [M, K] shape, then tt.addptr and tt.broadcast)", Name, ir.TypeString(t))
		}
		return ir.Errorf(op.Loc, "%s: '%s' cannot take the 2:4 pointer %s; %s", Name, op.Name, ir.TypeString(t), supported)
	}
	for _, r := range op.Results() {
		if isSparse(r.Type()) {
			return ir.Errorf(op.Loc, "%s: '%s' produces a sparse tensor (%s) from a sparse operand; only the values tensor can be used outside tt.dot (use tt.sparse_values first)", Name, op.Name, ir.TypeString(r.Type()))
		}
	}
	return nil
}
