package encoding

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const tmaLoweringDoc = `triton-nvidia-tma-lowering makes the tensor descriptors of a TTGIR
module concrete, as Triton's pass of that name does for device-made
descriptors. Each tt.make_tensor_descriptor whose block type carries a
shared layout (the pipeliner gives a TMA-loaded descriptor the layout of
its ring) becomes a 128-byte tensor map in global scratch memory:

  %p = triton_gpu.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  triton_nvidia_gpu.tensormap_create %p, %base, [box1, box0], [%shape1, %shape0], [%stride0 * elem bytes], [1, 1]
      {elem_type, fill_mode = 0 (zeros), interleave_layout = 0, swizzle_mode}
  triton_nvidia_gpu.tensormap_fenceproxy_acquire %p
  %d = triton_nvidia_gpu.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<…>

(dimensions innermost first; the box is the swizzle span of the NVMMA
layout wide, or the whole row when unswizzled, and the block's rows deep).
A block staged column-major (order [0, 1]: the K-major B of an 8-bit
wgmma, from a descriptor with strides [1, s]) has dimension 0 innermost:
the box is the swizzle span along dimension 0 and the block's columns
deep, the dims [shape0, shape1], the stride s. The innermost dimension's
stride must be the constant 1.
A tt.descriptor_load left outside a pipelined loop becomes a TMA copy into
a buffer of its own, completed on an mbarrier it waits on at once (its
one user, a staging local_alloc, reads the buffer directly; other users
read it back with local_load). The pass runs after tritongpu-pipeline.`

// TMALowering is the triton-nvidia-tma-lowering pass.
var TMALowering = &pass.Pass{
	Name:    "triton-nvidia-tma-lowering",
	Title:   "TritonNvidiaGPUTMALowering",
	Summary: "Tensor descriptors to device-made tensor maps; unpipelined descriptor loads to TMA copies",
	Doc:     tmaLoweringDoc,
	Anchor:  builtin.ModuleOpName,
	Run:     runTMALowering,
}

func runTMALowering(ctx *pass.Context, module *ir.Operation) error {
	b := ir.NewBuilder(ctx.IR)
	for _, fn := range funcs(module) {
		for _, l := range fn.Collect(tt.DescriptorLoadOpName) {
			if err := lowerDescriptorLoad(b, l); err != nil {
				return err
			}
		}
		for _, d := range fn.Collect(tt.MakeTensorDescriptorOpName) {
			if err := lowerMakeDescriptor(b, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// tmaSwizzle returns the tensor map's swizzle (bytes; 0 for none) for a
// shared layout a TMA copy can write, and the tile dimension that is
// contiguous in it (the tensor map's innermost): the last one, or
// dimension 0 of a rank-2 tile stored column-major (order [0, 1]).
func tmaSwizzle(enc ir.Attribute, rank int) (sw, inner int, ok bool) {
	if nv, ok := ttgpu.AsNVMMAShared(enc); ok && (nv.Contig == 1 || rank == 2) {
		return nv.SwizzleBytes, nv.Contig + rank - 2, true
	}
	var order []int
	switch l := enc.(type) {
	case ttgpu.SharedEncoding:
		if l.HasLeadingOffset || l.MaxPhase != 1 {
			return 0, 0, false
		}
		order = l.Order
	case ttgpu.SwizzledSharedEncoding:
		if l.MaxPhase != 1 {
			return 0, 0, false
		}
		order = l.Order
	}
	if len(order) == 0 || order[0] != rank-1 && (rank != 2 || order[0] != 0) {
		return 0, 0, false
	}
	return 0, order[0], true
}

// tensormapElemType is PTX tensormap.replace's .elemtype code.
func tensormapElemType(t ir.Type) (int64, bool) {
	switch {
	case ir.TypeString(t) == "f16":
		return 6, true
	case ir.TypeString(t) == "bf16":
		return 10, true
	case ir.TypeString(t) == "f32":
		return 7, true
	}
	switch tt.BitWidth(t) {
	case 8:
		return 0, true // u8: i8 and the fp8 formats move as bytes
	case 16:
		return 1, true
	case 32:
		return 2, true
	}
	return 0, false
}

func lowerMakeDescriptor(b *ir.Builder, op *ir.Operation) error {
	dt, ok := op.Result(0).Type().(tt.TensorDescType)
	if !ok || dt.Block.Encoding == nil {
		return nil // not read by a TMA copy: nothing to make
	}
	blk := dt.Block
	if len(blk.Shape) != 2 {
		return ir.OpError(op, "triton-nvidia-tma-lowering: only rank-2 descriptors are supported")
	}
	sw, inner, ok := tmaSwizzle(blk.Encoding, 2)
	if !ok {
		return ir.OpError(op, "triton-nvidia-tma-lowering: shared layout %s is not one a TMA copy writes (an NVMMA layout, as wgmma operands have; a tile staged for mma.sync / mma.sp, see tritongpu-accelerate-matmul's remark, cannot be loaded with TMA: drop tma=true for this kernel)", ir.AttrString(blk.Encoding))
	}
	et, ok := tensormapElemType(blk.Elem)
	if !ok {
		return ir.OpError(op, "triton-nvidia-tma-lowering: element type %s has no tensor map type", ir.TypeString(blk.Elem))
	}
	ops := op.Operands()
	base, shape, strides := ops[0], ops[1:3], ops[3:5]
	outer := 1 - inner
	if c, ok := arith.ConstantInt(strides[inner]); !ok || c != 1 {
		return ir.OpError(op, "triton-nvidia-tma-lowering: the staged tile's layout %s is contiguous along dimension %d, whose stride is not the constant 1", ir.AttrString(blk.Encoding), inner)
	}
	eb := int64(tt.BitWidth(blk.Elem) / 8)
	boxInner := blk.Shape[inner]
	if sw > 0 {
		boxInner = int64(sw) / eb
	}
	boxOuter := min(blk.Shape[outer], 256)
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	c32 := func(v int64) *ir.Value { return arith.BuildConstantInt(b, ir.I32, v) }
	ptr := b.Create(ttgpu.GlobalScratchAllocOpName, nil, []ir.Type{tt.Ptr(ir.I8)},
		ir.NamedAttr{Name: "alignment", Value: ir.I32Attr(128)}, ir.NamedAttr{Name: "nbytes", Value: ir.I32Attr(128)}).Result(0)
	stride := arith.BuildBinary(b, arith.MuliOpName, strides[outer], arith.BuildConstantInt(b, ir.I64, eb))
	b.Create(ttng.TensormapCreateOpName,
		[]*ir.Value{ptr, base, c32(boxInner), c32(boxOuter), shape[inner], shape[outer], stride, c32(1), c32(1)}, nil,
		ir.NamedAttr{Name: "elem_type", Value: ir.I32Attr(et)},
		ir.NamedAttr{Name: "fill_mode", Value: ir.I32Attr(0)},
		ir.NamedAttr{Name: "interleave_layout", Value: ir.I32Attr(0)},
		ir.NamedAttr{Name: "swizzle_mode", Value: ir.I32Attr(map[int]int64{0: 0, 32: 1, 64: 2, 128: 3}[sw])},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.I32Array(1, 1, 2, 2, 1, 2)})
	b.Create(ttng.TensormapFenceproxyAcquireOpName, []*ir.Value{ptr}, nil)
	d := b.Create(ttng.ReinterpretTensorDescOpName, []*ir.Value{ptr}, []ir.Type{dt}).Result(0)
	op.Result(0).ReplaceAllUsesWith(d)
	op.Erase()
	return nil
}

// lowerDescriptorLoad turns an unpipelined tt.descriptor_load into a TMA
// copy into a buffer of its own, waited for at once.
func lowerDescriptorLoad(b *ir.Builder, l *ir.Operation) error {
	rt := l.Result(0).Type().(ir.RankedTensorType)
	desc := l.Operand(0)
	var stage *ir.Operation
	if us := l.Result(0).Uses(); len(us) == 1 && us[0].Op.Name == opLocalAlloc {
		stage = us[0].Op
	}
	dt, ok := desc.Type().(tt.TensorDescType)
	if !ok {
		return ir.OpError(l, "triton-nvidia-tma-lowering: the descriptor operand is not a !tt.tensordesc")
	}
	enc := dt.Block.Encoding
	switch {
	case enc == nil && stage != nil:
		enc = stage.Result(0).Type().(tt.MemDescType).Encoding
	case enc == nil:
		sw, err := ttgpu.NVMMASwizzleBytes(int(rt.Shape[len(rt.Shape)-1]) * tt.BitWidth(rt.Elem) / 8)
		if err != nil {
			return ir.OpError(l, "triton-nvidia-tma-lowering: %v", err)
		}
		enc = ttgpu.NewNVMMAShared(sw, tt.BitWidth(rt.Elem), 1)
	}
	if _, _, ok := tmaSwizzle(enc, len(rt.Shape)); !ok {
		return ir.OpError(l, "triton-nvidia-tma-lowering: shared layout %s is not one a TMA copy writes (an NVMMA layout, as wgmma operands have; a tile staged for mma.sync / mma.sp, see tritongpu-accelerate-matmul's remark, cannot be loaded with TMA: drop tma=true for this kernel)", ir.AttrString(enc))
	}
	if dt.Block.Encoding != nil && !dt.Block.Encoding.Equal(enc) {
		return ir.OpError(l, "triton-nvidia-tma-lowering: the descriptor's layout %s differs from the staged tile's %s", ir.AttrString(dt.Block.Encoding), ir.AttrString(enc))
	}
	blk := dt.Block
	blk.Encoding = enc
	desc.SetType(tt.TensorDescType{Block: blk})
	b.Loc = l.Loc
	b.SetInsertionPointBefore(l)
	md := tt.MemDescType{Shape: rt.Shape, Elem: rt.Elem, Encoding: enc, MemorySpace: ttgpu.SharedMemorySpace{}, Mutable: true}
	buf := b.Create(opLocalAlloc, nil, []ir.Type{md}).Result(0)
	bt := tt.MemDescType{Shape: []int64{1}, Elem: ir.I64, Encoding: barrierLayout(), MemorySpace: ttgpu.SharedMemorySpace{}, Mutable: true}
	bar := b.Create(opLocalAlloc, nil, []ir.Type{bt}).Result(0)
	b.Create(opInitBarrier, []*ir.Value{bar}, nil, ir.NamedAttr{Name: "count", Value: ir.I32Attr(1)})
	on := arith.BuildConstantInt(b, ir.I1, 1)
	n := int64(tt.BitWidth(rt.Elem) / 8)
	for _, d := range rt.Shape {
		n *= d
	}
	b.Create(opExpect, []*ir.Value{bar, on}, nil, ir.NamedAttr{Name: "size", Value: ir.I32Attr(n)})
	cp := b.Create(opTMALoad, append(append([]*ir.Value(nil), l.Operands()...), bar, buf, on), nil)
	for _, name := range []string{"cache", "evict"} {
		if a := l.Attr(name); a != nil {
			cp.SetAttr(name, a)
		}
	}
	b.Create(opWaitBarrier, []*ir.Value{bar, arith.BuildConstantInt(b, ir.I32, 0)}, nil,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.I32Array(1, 1, 0, 0)})
	b.Create(opInvalBarrier, []*ir.Value{bar}, nil)
	b.Create(opLocalDealloc, []*ir.Value{bar}, nil)
	if stage != nil {
		stage.Result(0).ReplaceAllUsesWith(buf)
		stage.Erase()
	} else {
		ld := b.Create(opLocalLoad, []*ir.Value{buf}, []ir.Type{rt}).Result(0)
		l.Result(0).ReplaceAllUsesWith(ld)
	}
	l.Erase()
	return nil
}
