package ttgpu

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Ops of TritonGPU 3.5/3.6 beyond the 3.1 set (formats of TritonGPUOps.td):
// shared-memory views (memdesc_trans, memdesc_reshape,
// memdesc_reinterpret), fp4_to_fp, global scratch, local_barrier, warp_id.
func ops36() []*ir.OpDef {
	view := func(name, summary string, verify func(*ir.Operation) error, attrs ...ods.Attr) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", MemDesc)}, Results: []ods.Value{ods.Arg("result", MemDesc)},
			Attrs: attrs, Format: castFormat, Verify: verify}
	}
	return ods.Defs(
		view("triton_gpu.memdesc_trans", "transposed view of a memdesc", verifyMemDescTrans, ods.Req("order", ods.I32Array)),
		view("triton_gpu.memdesc_reshape", "reshaped view of a memdesc", verifyMemDescReshape),
		view("triton_gpu.memdesc_reinterpret", "view of a memdesc with another type, shape or layout", nil),
		ods.Op{Name: "triton_gpu.fp4_to_fp", Summary: "unpack e2m1 pairs from i8 into floats", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.IntTensor)}, Results: []ods.Value{ods.Arg("result", ods.FloatTensor)},
			Attrs: []ods.Attr{ods.Req("axis", ods.I32)}, Format: castFormat, Verify: verifyFp4ToFp},
		ods.Op{Name: "triton_gpu.global_scratch_alloc", Summary: "allocate global scratch memory for the kernel",
			Results: []ods.Value{ods.Arg("result", tt.PtrLike)},
			Attrs:   []ods.Attr{ods.Req("nbytes", ods.I32), ods.Req("alignment", ods.I32)},
			Format:  "attr-dict `:` type($result)"},
		ods.Op{Name: "triton_gpu.local_barrier", Summary: "barrier of the CTA's threads over shared memory", Format: "attr-dict"},
		ods.Op{Name: "triton_gpu.warp_id", Summary: "the warp id, uniform across the warp", Traits: ir.Pure,
			Results: []ods.Value{ods.Arg("result", ods.I32T).Like(ods.Fixed(ir.I32))}, Format: "attr-dict"},
	)
}

func verifyMemDescTrans(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	order, _ := op.Attr("order").(ir.DenseArrayAttr)
	if len(order.Ints) != len(src.Shape) {
		return ir.OpError(op, "order must have the rank of the source (%d), got %d entries", len(src.Shape), len(order.Ints))
	}
	seen := make([]bool, len(order.Ints))
	want := make([]int64, len(order.Ints))
	for i, o := range order.Ints {
		if o < 0 || int(o) >= len(seen) || seen[o] {
			return ir.OpError(op, "order must be a permutation of 0..%d", len(seen)-1)
		}
		seen[o] = true
		want[i] = src.Shape[o]
	}
	if !ir.ShapeEqual(want, dst.Shape) {
		return ir.OpError(op, "result shape must be %s (the source shape permuted by order), got %s", ir.ShapeString(want), ir.ShapeString(dst.Shape))
	}
	return nil
}

func verifyMemDescReshape(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	if product(src.Shape) != product(dst.Shape) {
		return ir.OpError(op, "source and result must have the same number of elements")
	}
	return nil
}

func product(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

func verifyFp4ToFp(op *ir.Operation) error {
	src := op.Operand(0).Type().(ir.RankedTensorType)
	dst := op.Result(0).Type().(ir.RankedTensorType)
	axis, _ := op.Attr("axis").(ir.IntegerAttr)
	if !ir.IsInteger(src.Elem, 8) {
		return ir.OpError(op, "source must be a tensor of i8, got %s", ir.TypeString(src))
	}
	if axis.Value < 0 || int(axis.Value) >= len(src.Shape) || len(dst.Shape) != len(src.Shape) {
		return ir.OpError(op, "axis %d out of range for rank %d", axis.Value, len(src.Shape))
	}
	for i := range src.Shape {
		want := src.Shape[i]
		if i == int(axis.Value) {
			want *= 2
		}
		if dst.Shape[i] != want {
			return ir.OpError(op, "result dimension %d must be %d, got %d", i, want, dst.Shape[i])
		}
	}
	return nil
}
