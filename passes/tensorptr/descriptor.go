package tensorptr

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Options are the options of triton-rewrite-tensor-pointer.
type Options struct {
	Descriptors bool `opt:"descriptors" help:"rewrite the loads a TMA copy can serve into tt.descriptor_load of a tt.make_tensor_descriptor (Hopper): rank 2, a constant unit stride (last dimension, or the first for a column-major tile), 16-byte aligned base and other stride, blocks of at most 256 rows; (in every mode) Triton's transposed 8- and 16-bit descriptor loads fold into column-major ones"`
	// LowerDescriptors turns TTIR descriptor loads into pointer-tensor loads.
	LowerDescriptors bool `opt:"lower-descriptors" help:"rewrite TTIR tt.descriptor_load (Triton's TMA form) into bounds-checked loads of pointer tensors, for targets without TMA"`
}

// With descriptors = true, a tt.load of a block pointer whose frame a TMA
// tensor map can describe becomes
//
//	%d = tt.make_tensor_descriptor %base, [%shape0, %shape1], [%stride0, %c1_i64] : <T>, <tensor<B0xB1xT>>
//	%x = tt.descriptor_load %d[%off0, %off1] : !tt.tensordesc<tensor<B0xB1xT>> -> tensor<B0xB1xT>
//
// (the descriptor made once per frame, where its tt.make_tensor_ptr was):
// TMA reads out-of-bounds elements as zero in every dimension, which is
// the block pointer's boundaryCheck with padding zero (or no padding) and,
// for dimensions without a check, a defined value where the block pointer
// leaves the read unchecked. Other loads and all stores keep the
// pointer-tensor rewrite.

// descriptorFit says why a load through inf cannot be a descriptor load ("" if it can).
func (s *state) descriptorFit(op *ir.Operation, inf info) string {
	if !s.opts.Descriptors {
		return "descriptors are off"
	}
	blk := inf.block
	if len(blk.Shape) != 2 {
		return "rank is not 2"
	}
	if blk.Shape[0] > 256 || blk.Shape[1] > 256 {
		return "a block dimension exceeds 256"
	}
	inner := UnitStrideDim(inf.stride)
	if inner < 0 {
		return "no dimension has the constant stride 1"
	}
	eb := int64(tt.BitWidth(blk.Elem) / 8)
	if eb < 1 || blk.Shape[inner]*eb%16 != 0 {
		return "the block's contiguous extent is not a multiple of 16 bytes"
	}
	if pad, ok := tt.EnumProp(op, "padding", tt.PadZero); ok && op.Attr("padding") != nil && pad != tt.PadZero {
		return "padding is not zero"
	}
	if d := s.axis.Get(inf.base).Divisibility; len(d) == 0 || d[0]%16 != 0 {
		return "the base is not known to be 16-byte aligned (tt.divisibility)"
	}
	if d := s.axis.Get(inf.stride[1-inner]).Divisibility; len(d) == 0 || d[0]*eb%16 != 0 {
		return "the outer stride is not known to be a multiple of 16 bytes (tt.divisibility)"
	}
	return ""
}

// UnitStrideDim is the dimension of rank-2 strides (a block pointer's or a
// tt.make_tensor_descriptor's) that is the constant 1 (the last one when
// both are), or -1. A frame contiguous along dimension 0 (a column-major
// tile, such as the K-major B of an 8-bit wgmma) gets a descriptor with
// strides [1, s]; tritongpu-coalesce stages its loads column-major, and
// the TMA lowering takes the tensor map's innermost dimension from that
// staged layout.
func UnitStrideDim(stride []*ir.Value) int {
	for _, d := range []int{1, 0} {
		if c, ok := arith.ConstantInt(stride[d]); ok && c == 1 {
			return d
		}
	}
	return -1
}

// descriptor returns the tensor descriptor of frame f, made before its
// tt.make_tensor_ptr on first use.
func (s *state) descriptor(f *frame) *ir.Value {
	if d, ok := s.descs[f]; ok {
		return d
	}
	b := s.builderAt(f.def)
	shape := make([]*ir.Value, len(f.shape))
	for i, v := range f.shape {
		shape[i] = v
		if it, ok := v.Type().(ir.IntegerType); ok && it.Width != 32 {
			shape[i] = arith.BuildCast(b, arith.TrunciOpName, v, ir.I32)
		}
	}
	strides := make([]*ir.Value, len(f.stride))
	for i, v := range f.stride {
		strides[i] = (&gen{b: b}).toI64(v)
	}
	t := tt.TensorDescType{Block: f.block}
	d := b.Create(tt.MakeTensorDescriptorOpName, append(append([]*ir.Value{f.base}, shape...), strides...), []ir.Type{t}).Result(0)
	s.descs[f] = d
	return d
}

// descriptorLoad replaces the block-pointer load op by a descriptor load.
func (s *state) descriptorLoad(op *ir.Operation, inf info) {
	d := s.descriptor(inf.frame)
	b := s.builderAt(op)
	nl := b.Create(tt.DescriptorLoadOpName, append([]*ir.Value{d}, inf.offsets...), []ir.Type{op.Result(0).Type()})
	copyAttrs(nl, op, "cache", "evict")
	op.Result(0).ReplaceAllUsesWith(nl.Result(0))
}

// descriptorOps rewrites each tt.descriptor_store through a
// tt.make_tensor_descriptor (Triton 3.6's TMA store), and with loads each
// tt.descriptor_load too (lower-descriptors: a target without TMA), into
// the same access through the equivalent block pointer, every dimension
// bounds-checked as TMA checks it (a store drops out-of-bounds elements, a
// load reads them as zero):
//
//	tt.descriptor_store %d[%x, %y], %v
//	  -> %p = tt.make_tensor_ptr %base, [ext(%s0), ext(%s1)], [%st0, %st1], [%x, %y] {order = [1, 0]}
//	     tt.store %p, %v {boundaryCheck = [0, 1]}
//	%v = tt.descriptor_load %d[%x, %y]
//	  -> %v = tt.load %p {boundaryCheck = [0, 1], padding = zero}
//
// which the rest of the pass turns into masked accesses of pointer
// tensors. Only TTIR accesses (values without a layout) are rewritten; a
// TTGIR descriptor store is left to the TMA lowering. A descriptor that
// reaches the access other than from tt.make_tensor_descriptor (a block
// argument, a loaded descriptor) is an error.
func descriptorOps(ctx *ir.Context, fn *ir.Operation, loads bool) error {
	var accesses []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.DescriptorStoreOpName || (loads && op.Name == tt.DescriptorLoadOpName) {
			accesses = append(accesses, op)
		}
	})
	for _, op := range accesses {
		if err := descriptorAccess(ctx, op); err != nil {
			return err
		}
	}
	return nil
}

// descriptorAccess rewrites one descriptor load or store (descriptorOps).
func descriptorAccess(ctx *ir.Context, op *ir.Operation) error {
	store := op.Name == tt.DescriptorStoreOpName
	var vt ir.Type
	if store {
		vt = op.Operand(op.NumOperands() - 1).Type()
	} else {
		vt = op.Result(0).Type()
	}
	if rt, ok := vt.(ir.RankedTensorType); !ok || rt.Encoding != nil {
		return nil // TTGIR: the access keeps its layout (a TMA copy)
	}
	mk := op.Operand(0).DefiningOp()
	if mk == nil || mk.Name != tt.MakeTensorDescriptorOpName {
		return ir.Errorf(op.Loc, "%s: %s needs its descriptor from tt.make_tensor_descriptor in the same function", Name, op.Name)
	}
	d, ok := op.Operand(0).Type().(tt.TensorDescType)
	if !ok {
		return ir.Errorf(op.Loc, "%s: %s takes a !tt.tensordesc", Name, op.Name)
	}
	rank := len(d.Block.Shape)
	coords := rank
	if store {
		coords++
	}
	if mk.NumOperands() != 1+2*rank || op.NumOperands() != 1+coords {
		return ir.Errorf(op.Loc, "%s: %s of a rank-%d descriptor needs %d coordinates", Name, op.Name, rank, rank)
	}
	if !store && !ir.TypeEqual(vt, d.Block) {
		return ir.Errorf(op.Loc, "%s: a tt.descriptor_load that does not load the whole %s block has no block-pointer form", Name, ir.TypeString(d.Block))
	}
	b := ir.NewBuilder(ctx)
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	ops := []*ir.Value{mk.Operand(0)}
	for i := range rank {
		ops = append(ops, b.Create(arith.ExtsiOpName, []*ir.Value{mk.Operand(1 + i)}, []ir.Type{ir.I64}).Result(0))
	}
	ops = append(ops, mk.Operands()[1+rank:1+2*rank]...)
	ops = append(ops, op.Operands()[1:1+rank]...)
	order, checks := make([]int64, rank), make([]int64, rank)
	for i := range rank {
		order[i], checks[i] = int64(rank-1-i), int64(i)
	}
	if rank == 2 && UnitStrideDim(mk.Operands()[1+rank:1+2*rank]) == 0 {
		order[0], order[1] = 0, 1 // a column-major descriptor (foldTransposedLoads)
	}
	base := mk.Operand(0).Type().(tt.PointerType)
	pt := tt.PointerType{Pointee: d.Block, AddrSpace: base.AddrSpace}
	p := b.Create(tt.MakeTensorPtrOpName, ops, []ir.Type{pt}, ir.NamedAttr{Name: "order", Value: ir.I32Array(order...)}).Result(0)
	if store {
		b.Create(tt.StoreOpName, []*ir.Value{p, op.Operand(1 + rank)}, nil, ir.NamedAttr{Name: "boundaryCheck", Value: ir.I32Array(checks...)})
		op.Erase()
		return nil
	}
	ld := tt.NewLoad(b, p, nil, nil)
	ld.SetAttr("boundaryCheck", ir.I32Array(checks...))
	ld.SetAttr("padding", tt.EnumOf(tt.PadZero))
	for _, name := range []string{"cache", "evict"} {
		if a := op.Attr(name); a != nil {
			ld.SetAttr(name, a)
		}
	}
	op.Result(0).ReplaceAllUsesWith(ld.Result(0))
	op.Erase()
	return nil
}

// foldTransposedLoads rewrites Triton's way of reading a K-major B with
// TMA, a descriptor load of B's [BN, BK] tile transposed for tt.dot
// (`b_desc.load([n, k]).T`), into a load of the [BK, BN] tile through a
// column-major descriptor of the same memory, which the pipeliner stages
// column-major (K-major, as an 8-bit wgmma reads B and a 16-bit one reads
// it with imm-trans-b 0; on targets without TMA, lower-descriptors turns
// it into a column-major block pointer):
//
//	%d = tt.make_tensor_descriptor %base, [%n, %k], [%s, %c1_i64] : <T>, <tensor<BNxBKxT>>
//	%x = tt.descriptor_load %d[%on, %ok]
//	%t = tt.trans %x {order = array<i32: 1, 0>}
//	  -> %d' = tt.make_tensor_descriptor %base, [%k, %n], [%c1_i64, %s] : <T>, <tensor<BKxBNxT>>
//	     %t = tt.descriptor_load %d'[%ok, %on]
//
// Both read element (on+i, ok+j) of the same tensor into (j, i), zero
// outside [n, k]. Only TTIR tiles of 8- or 16-bit elements whose transpose
// feeds tt.dot as B only are folded (convert-triton-to-tritongpu does not
// take tt.trans of a register tile, so unfolded such kernels stop there).
func foldTransposedLoads(ctx *ir.Context, fn *ir.Operation) {
	var trans []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.TransOpName && transposedLoadFits(op) {
			trans = append(trans, op)
		}
	})
	made := map[*ir.Value]*ir.Value{}
	for _, tr := range trans {
		l := tr.Operand(0).DefiningOp()
		d := l.Operand(0)
		mk := d.DefiningOp()
		dt := d.Type().(tt.TensorDescType)
		b := ir.NewBuilder(ctx)
		nd, ok := made[d]
		if !ok {
			b.Loc = mk.Loc
			b.SetInsertionPointAfter(mk)
			blk := dt.Block
			blk.Shape = []int64{blk.Shape[1], blk.Shape[0]}
			o := mk.Operands()
			nd = b.Create(tt.MakeTensorDescriptorOpName, []*ir.Value{o[0], o[2], o[1], o[4], o[3]}, []ir.Type{tt.TensorDescType{Block: blk}}).Result(0)
			made[d] = nd
		}
		b.Loc = l.Loc
		b.SetInsertionPointBefore(tr)
		nl := b.Create(tt.DescriptorLoadOpName, []*ir.Value{nd, l.Operand(2), l.Operand(1)}, []ir.Type{tr.Result(0).Type()})
		copyAttrs(nl, l, "cache", "evict")
		tr.Result(0).ReplaceAllUsesWith(nl.Result(0))
		tr.Erase()
		l.Erase()
	}
	for d := range made {
		if !d.HasUses() {
			d.DefiningOp().Erase()
		}
	}
}

// transposedLoadFits says whether foldTransposedLoads folds tr.
func transposedLoadFits(tr *ir.Operation) bool {
	rt, ok := tr.Result(0).Type().(ir.RankedTensorType)
	if !ok || rt.Encoding != nil || len(rt.Shape) != 2 || (tt.BitWidth(rt.Elem) != 8 && tt.BitWidth(rt.Elem) != 16) {
		return false
	}
	if o, ok := tr.Attr("order").(ir.DenseArrayAttr); !ok || len(o.Ints) != 2 || o.Ints[0] != 1 || o.Ints[1] != 0 {
		return false
	}
	l := tr.Operand(0).DefiningOp()
	if l == nil || l.Name != tt.DescriptorLoadOpName || l.NumOperands() != 3 || len(l.Result(0).Uses()) != 1 {
		return false
	}
	mk := l.Operand(0).DefiningOp()
	if mk == nil || mk.Name != tt.MakeTensorDescriptorOpName || mk.NumOperands() != 5 || UnitStrideDim(mk.Operands()[3:5]) != 1 {
		return false
	}
	for _, u := range tr.Result(0).Uses() {
		if u.Op.Name != tt.DotOpName || u.Index != 1 || tt.DotSparseIndex(u.Op) == tt.SparseIndexB {
			return false // (the values of a 2:4 B stay row-major: the transposed product reads them as its A)
		}
	}
	return len(tr.Result(0).Uses()) > 0
}
