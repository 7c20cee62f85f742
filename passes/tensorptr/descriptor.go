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
