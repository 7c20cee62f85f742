package tensorptr

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Options are the options of triton-rewrite-tensor-pointer.
type Options struct {
	Descriptors bool `opt:"descriptors" help:"rewrite the loads a TMA copy can serve into tt.descriptor_load of a tt.make_tensor_descriptor (Hopper): rank 2, unit inner stride, 16-byte aligned base and outer stride, blocks of at most 256 rows"`
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
	eb := int64(tt.BitWidth(blk.Elem) / 8)
	if eb < 1 || blk.Shape[1]*eb%16 != 0 {
		return "the block's rows are not a multiple of 16 bytes"
	}
	if pad, ok := tt.EnumProp(op, "padding", tt.PadZero); ok && op.Attr("padding") != nil && pad != tt.PadZero {
		return "padding is not zero"
	}
	if c, ok := arith.ConstantInt(inf.stride[1]); !ok || c != 1 {
		return "the inner stride is not the constant 1"
	}
	if d := s.axis.Get(inf.base).Divisibility; len(d) == 0 || d[0]%16 != 0 {
		return "the base is not known to be 16-byte aligned (tt.divisibility)"
	}
	if d := s.axis.Get(inf.stride[0]).Divisibility; len(d) == 0 || d[0]*eb%16 != 0 {
		return "the outer stride is not known to be a multiple of 16 bytes (tt.divisibility)"
	}
	return ""
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

// descriptorStores rewrites each tt.descriptor_store through a
// tt.make_tensor_descriptor (Triton 3.6's TMA store) into a store through
// the equivalent block pointer, every dimension bounds-checked as a TMA
// store drops out-of-bounds elements:
//
//	tt.descriptor_store %d[%x, %y], %v
//	  -> %p = tt.make_tensor_ptr %base, [ext(%s0), ext(%s1)], [%st0, %st1], [%x, %y] {order = [1, 0]}
//	     tt.store %p, %v {boundaryCheck = [0, 1]}
//
// which the rest of the pass turns into a masked store of a pointer
// tensor. Only TTIR stores (values without a layout) are rewritten; a
// TTGIR descriptor store is left to the TMA lowering. A descriptor that reaches the store other than from
// tt.make_tensor_descriptor (a block argument, a loaded descriptor) is an
// error.
func descriptorStores(ctx *ir.Context, fn *ir.Operation) error {
	var stores []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.DescriptorStoreOpName {
			stores = append(stores, op)
		}
	})
	for _, st := range stores {
		if vt, ok := st.Operand(st.NumOperands() - 1).Type().(ir.RankedTensorType); !ok || vt.Encoding != nil {
			continue // TTGIR: the store keeps its layout and is lowered as a TMA store
		}
		mk := st.Operand(0).DefiningOp()
		if mk == nil || mk.Name != tt.MakeTensorDescriptorOpName {
			return ir.Errorf(st.Loc, "%s: tt.descriptor_store needs its descriptor from tt.make_tensor_descriptor in the same function", Name)
		}
		d := st.Operand(0).Type().(tt.TensorDescType)
		rank := len(d.Block.Shape)
		if mk.NumOperands() != 1+2*rank || st.NumOperands() != 2+rank {
			return ir.Errorf(st.Loc, "%s: tt.descriptor_store of a rank-%d descriptor needs %d coordinates", Name, rank, rank)
		}
		b := ir.NewBuilder(ctx)
		b.Loc = st.Loc
		b.SetInsertionPointBefore(st)
		ops := []*ir.Value{mk.Operand(0)}
		for i := range rank {
			s := mk.Operand(1 + i)
			ops = append(ops, b.Create(arith.ExtsiOpName, []*ir.Value{s}, []ir.Type{ir.I64}).Result(0))
		}
		ops = append(ops, mk.Operands()[1+rank:1+2*rank]...)
		ops = append(ops, st.Operands()[1:1+rank]...)
		order, checks := make([]int64, rank), make([]int64, rank)
		for i := range rank {
			order[i], checks[i] = int64(rank-1-i), int64(i)
		}
		base := mk.Operand(0).Type().(tt.PointerType)
		pt := tt.PointerType{Pointee: d.Block, AddrSpace: base.AddrSpace}
		p := b.Create(tt.MakeTensorPtrOpName, ops, []ir.Type{pt}, ir.NamedAttr{Name: "order", Value: ir.I32Array(order...)}).Result(0)
		b.Create(tt.StoreOpName, []*ir.Value{p, st.Operand(1 + rank)}, nil, ir.NamedAttr{Name: "boundaryCheck", Value: ir.I32Array(checks...)})
		st.Erase()
	}
	return nil
}
