package decompose

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Tensor descriptors (Triton 3.6's TMA form, tl.make_tensor_descriptor)
// of a 2:4 operand A split as its block pointers do:
//
//	tt.make_tensor_descriptor %a, [%M, %K], [%s, %c1] : <T, #sparse>, <tensor<BMxBKxT, #sparse>>
//	  -> values   tt.make_tensor_descriptor %vals, [%M, %K/2], [%s/2, %c1] : <T>, <tensor<BMx(BK/2)xT>>
//	     metadata tt.make_tensor_descriptor %meta, [cdiv(%M, 16), %K], [%s, %c1] : <i16>, <tensor<(BM/16)xBKxi16>>
//	tt.descriptor_load %d[%x, %y] -> values [%x, %y/2], metadata [%x/16, %y]
//
// The metadata is band16 (docs/metadata.md) with the dense row stride %s:
// band b of A (rows 16b..16b+15) is row b of a [cdiv(M, 16), K] i16
// matrix, whole bands as sp.compress pads them, so a ragged last band is
// read in full. 8-bit elements tile K by 32 (band16k32); the offsets and
// sizes that must divide are checked as for block pointers. Operand B
// (2:4 along K = dimension 0) has no descriptor form.

// makeTensorDesc splits a tensor descriptor on a sparse base.
func (s *state) makeTensorDesc(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	d := op.Result(0).Type().(tt.TensorDescType)
	blk := d.Block
	n := (op.NumOperands() - 1) / 2
	if len(blk.Shape) != 2 || n != 2 {
		return ir.Errorf(op.Loc, "%s: 2:4 tensor descriptors must be rank 2, got %s", Name, ir.TypeString(d))
	}
	if s.roles.of(op.Result(0)) != roleA {
		return ir.Errorf(op.Loc, "%s: a 2:4 tensor descriptor must describe operand A of tt.dot (2:4 along its last dimension); read a 2:4 operand B through a block pointer", Name)
	}
	if err := checkBlock(op, blk, roleA); err != nil {
		return err
	}
	shape, strides := op.Operands()[1:3], op.Operands()[3:5]
	b := s.builderAt(op)
	sc := scaler{b: b, op: op, cst: s.consts.get}
	if err := sc.unitStride(strides[1]); err != nil {
		return err
	}
	kq := kQuantum(blk.Elem)
	vals := []*ir.Value{p.vals, shape[0], sc.div(shape[1], 1, kq, "shape[1] (K)"), sc.div(strides[0], 1, 2, "strides[0] (row stride)"), strides[1]}
	bands := sc.div(arith.BuildBinary(b, arith.AddiOpName, shape[0], sc.constLike(shape[0], 15)), 4, 1, "shape[0] (M)")
	meta := []*ir.Value{p.meta, bands, shape[1], strides[0], strides[1]}
	if sc.err != nil {
		return sc.err
	}
	vb, mb := splitTensor(blk, roleA)
	v := b.Create(tt.MakeTensorDescriptorOpName, vals, []ir.Type{tt.TensorDescType{Block: vb}})
	m := b.Create(tt.MakeTensorDescriptorOpName, meta, []ir.Type{tt.TensorDescType{Block: mb}})
	v.Attrs, m.Attrs = op.Attrs, op.Attrs
	s.replaceBy(op, pair{v.Result(0), m.Result(0)})
	return nil
}

// descriptorLoad splits tt.descriptor_load of a sparse descriptor.
func (s *state) descriptorLoad(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if op.NumOperands() != 3 {
		return ir.Errorf(op.Loc, "%s: 2:4 tensor descriptors must be rank 2", Name)
	}
	d, ok := op.Operand(0).Type().(tt.TensorDescType)
	if !ok {
		return ir.Errorf(op.Loc, "%s: tt.descriptor_load takes a !tt.tensordesc, got %s", Name, ir.TypeString(op.Operand(0).Type()))
	}
	x, y := op.Operand(1), op.Operand(2)
	b := s.builderAt(op)
	sc := scaler{b: b, op: op, cst: s.consts.get}
	kq := kQuantum(d.Block.Elem)
	vIdx := []*ir.Value{x, sc.div(y, 1, kq, "the K coordinate")}
	mIdx := []*ir.Value{sc.div(x, 4, 16, "the M coordinate"), y}
	if sc.err != nil {
		return sc.err
	}
	load := func(d *ir.Value, idx []*ir.Value) *ir.Value {
		t := d.Type().(tt.TensorDescType).Block
		n := b.Create(tt.DescriptorLoadOpName, append([]*ir.Value{d}, idx...), []ir.Type{t})
		n.Props, n.Attrs = op.Props, op.Attrs
		return n.Result(0)
	}
	s.replaceBy(op, pair{load(p.vals, vIdx), load(p.meta, mIdx)})
	return nil
}
