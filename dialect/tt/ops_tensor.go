package tt

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// SliceEncoding is implemented by slice-like layouts (ttgpu's
// #triton_gpu.slice) so that tt.expand_dims can infer its result encoding
// without importing ttgpu.
type SliceEncoding interface {
	ir.Attribute
	SliceDim() int
	SliceParent() ir.Attribute
}

// cast is the format of one-operand conversions.
const cast = "$src attr-dict `:` type($src) `->` type($result)"

func tensorOps() []*ir.OpDef {
	axisOp := func(name, summary string) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure,
			Results: []ods.Value{ods.Arg("result", ods.I32T)},
			Attrs:   []ods.Attr{ods.Req("axis", EnumKind[ProgramIDDim]())},
			Format:  "$axis attr-dict `:` type($result)"}
	}
	unary := func(name, summary string, verify func(*ir.Operation) error, attrs ...ods.Attr) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.AnyType)}, Results: []ods.Value{ods.Arg("result", ods.AnyType)},
			Attrs: attrs, Format: cast, Verify: verify}
	}
	binary := func(name, summary string, verify func(*ir.Operation) error) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("lhs", ods.Tensor), ods.Arg("rhs", ods.Tensor).Like(ods.SameAs("lhs"))},
			Results:  []ods.Value{ods.Arg("result", ods.Tensor)},
			Format:   "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)", Verify: verify}
	}
	return ods.Defs(
		axisOp("tt.get_program_id", "program id along an axis"),
		axisOp("tt.get_num_programs", "number of programs along an axis"),
		ods.Op{Name: "tt.make_range", Summary: "1-D tensor [start, end)", Traits: ir.Pure,
			Results: []ods.Value{ods.Arg("result", ods.IntTensor)},
			Attrs:   []ods.Attr{ods.Req("start", ods.I32), ods.Req("end", ods.I32)},
			Format:  "attr-dict `:` type($result)", Verify: verifyMakeRange},
		unary("tt.splat", "broadcast a scalar to a tensor", verifySplat),
		unary("tt.broadcast", "broadcast size-1 dimensions", verifyBroadcast),
		unary("tt.expand_dims", "insert a size-1 dimension", verifyExpandDims, ods.Req("axis", ods.I32)),
		ods.Op{Name: "tt.reshape", Summary: "reshape a tensor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.Tensor)}, Results: []ods.Value{ods.Arg("result", ods.Tensor)},
			Attrs: []ods.Attr{ods.OptAttr("allow_reorder", ods.UnitOrBool), ods.OptAttr("efficient_layout", ods.UnitOrBool)},
			Format: "$src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? attr-dict " +
				"`:` type($src) `->` type($result)",
			Verify: verifyReshape},
		unary("tt.trans", "permute dimensions", verifyTrans, ods.Req("order", ods.I32Array)),
		binary("tt.cat", "concatenate along dimension 0", verifyCat),
		binary("tt.join", "join two tensors along a new minor dimension of size 2", verifyJoin),
		ods.Op{Name: "tt.split", Summary: "split the minor dimension of size 2", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.Tensor)},
			Results:  []ods.Value{ods.Arg("outLHS", ods.Tensor), ods.Arg("outRHS", ods.Tensor).Like(ods.SameAs("outLHS"))},
			Format:   "$src attr-dict `:` type($src) `->` type($outLHS)", Verify: verifySplit},
		ods.Op{Name: "tt.histogram", Summary: "histogram of an integer tensor (elements where the optional mask is false are skipped)", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.IntTensor),
				ods.Opt("mask", ods.I1Like).Like(ods.From("src", "i1 with the shape of $src", func(t ir.Type) (ir.Type, bool) {
					rt, ok := t.(ir.RankedTensorType)
					if !ok {
						return nil, false
					}
					return ir.RankedTensorType{Shape: rt.Shape, Elem: ir.I1, Encoding: rt.Encoding}, true
				}))},
			Results: []ods.Value{ods.Arg("result", ods.IntTensor)},
			Format:  "$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)", Verify: verifyHistogram},
	)
}

func intAttr(op *ir.Operation, name string) (int64, bool) {
	a, ok := op.Attr(name).(ir.IntegerAttr)
	return a.Value, ok
}

func verifyMakeRange(op *ir.Operation) error {
	start, ok1 := intAttr(op, "start")
	end, ok2 := intAttr(op, "end")
	if !ok1 || !ok2 {
		return ir.OpError(op, "requires integer attributes 'start' and 'end'")
	}
	if end <= start {
		return ir.OpError(op, "start must be less than end")
	}
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok || len(rt.Shape) != 1 {
		return ir.OpError(op, "return type must be a 1D tensor")
	}
	if rt.Shape[0] != end-start {
		return ir.OpError(op, "number of elements in returned tensor, %d, must match size of range [%d, %d), which has %d elements",
			rt.Shape[0], start, end, end-start)
	}
	if !ir.IsInteger(rt.Elem, 32) {
		return ir.OpError(op, "returned tensor must have i32 elements")
	}
	return nil
}

func tensorOrErr(op *ir.Operation, t ir.Type, what string) (ir.RankedTensorType, error) {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return rt, ir.OpError(op, "%s must be a ranked tensor, got %s", what, ir.TypeString(t))
	}
	return rt, nil
}

func verifySplat(op *ir.Operation) error {
	rt, err := tensorOrErr(op, op.Result(0).Type(), "result")
	if err != nil {
		return err
	}
	if !ir.TypeEqual(rt.Elem, op.Operand(0).Type()) {
		return ir.OpError(op, "result element type %s must match the source type %s", ir.TypeString(rt.Elem), ir.TypeString(op.Operand(0).Type()))
	}
	return nil
}

func verifyBroadcast(op *ir.Operation) error {
	src, dst, err := srcDstTensors(op)
	if err != nil {
		return err
	}
	if len(src.Shape) != len(dst.Shape) {
		return ir.OpError(op, "rank of source must be same as rank of result")
	}
	for i := range src.Shape {
		if src.Shape[i] != 1 && src.Shape[i] != dst.Shape[i] {
			return ir.OpError(op, "Different dimensions at index %d between source and result.  Broadcast requires the source dimension to be 1.", i)
		}
	}
	return sameElemAndEncoding(op, src, dst)
}

func sameElemAndEncoding(op *ir.Operation, src, dst ir.RankedTensorType) error {
	if !ir.TypeEqual(src.Elem, dst.Elem) {
		return ir.OpError(op, "requires the same element type for source and result")
	}
	if !ir.AttrEqual(src.Encoding, dst.Encoding) {
		return ir.OpError(op, "requires the same encoding for all operands and results")
	}
	return nil
}

// ExpandDimsType returns the result type of tt.expand_dims of src at axis: a
// size-1 dimension is inserted and a slice encoding of that dimension is
// replaced by its parent.
func ExpandDimsType(src ir.RankedTensorType, axis int) (ir.RankedTensorType, bool) {
	if axis < 0 || axis > len(src.Shape) {
		return src, false
	}
	shape := append(append(append([]int64(nil), src.Shape[:axis]...), 1), src.Shape[axis:]...)
	out := src.WithShape(shape)
	if sl, ok := src.Encoding.(SliceEncoding); ok {
		if sl.SliceDim() != axis {
			return src, false
		}
		out.Encoding = sl.SliceParent()
	}
	return out, true
}

func verifyExpandDims(op *ir.Operation) error {
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	axis, ok := intAttr(op, "axis")
	if !ok {
		return ir.OpError(op, "requires an integer 'axis' attribute")
	}
	want, ok := ExpandDimsType(src, int(axis))
	if !ok {
		if sl, isSlice := src.Encoding.(SliceEncoding); isSlice && int(axis) <= len(src.Shape) && axis >= 0 {
			return ir.OpError(op, "axis %d does not match the sliced dimension %d of the source encoding", axis, sl.SliceDim())
		}
		return ir.OpError(op, "invalid axis %d for a source of rank %d", axis, len(src.Shape))
	}
	if !want.Equal(op.Result(0).Type()) {
		return ir.OpError(op, "result type %s does not match the expected type %s", ir.TypeString(op.Result(0).Type()), ir.TypeString(want))
	}
	return nil
}

func verifyReshape(op *ir.Operation) error {
	src, dst, err := srcDstTensors(op)
	if err != nil {
		return err
	}
	if !ir.TypeEqual(src.Elem, dst.Elem) {
		return ir.OpError(op, "requires the same element type for source and result")
	}
	if src.NumElements() != dst.NumElements() {
		return ir.OpError(op, "number of src and dst elements of reshape must be the same")
	}
	return nil
}

// TransOrder returns the `order` permutation of a tt.trans.
func TransOrder(op *ir.Operation) []int64 {
	if a, ok := op.Attr("order").(ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// IsTranspose2D reports whether op is a tt.trans{order = [1, 0]} of a
// rank-2 tensor (Triton's x.T on registers; not a shared-memory view).
func IsTranspose2D(op *ir.Operation) bool {
	if op.Name != TransOpName || op.NumOperands() != 1 {
		return false
	}
	rt, ok := op.Operand(0).Type().(ir.RankedTensorType)
	o := TransOrder(op)
	return ok && len(rt.Shape) == 2 && len(o) == 2 && o[0] == 1 && o[1] == 0
}

func verifyTrans(op *ir.Operation) error {
	srcShape, ok1 := ShapeOf(op.Operand(0).Type())
	dstShape, ok2 := ShapeOf(op.Result(0).Type())
	if !ok1 || !ok2 {
		return ir.OpError(op, "operand and result must be tensors or memdescs")
	}
	order := TransOrder(op)
	if !isPermutation(order, len(srcShape)) {
		return ir.OpError(op, "order must be a permutation of 0..%d, got %v", len(srcShape)-1, order)
	}
	want := make([]int64, len(order))
	for i, o := range order {
		want[i] = srcShape[o]
	}
	if !ir.ShapeEqual(want, dstShape) {
		return ir.OpError(op, "result shape %s must be the source shape %s permuted by the order, i.e. %s",
			ir.ShapeString(dstShape), ir.ShapeString(srcShape), ir.ShapeString(want))
	}
	if !ir.TypeEqual(ElemOf(op.Operand(0).Type()), ElemOf(op.Result(0).Type())) {
		return ir.OpError(op, "requires the same element type for source and result")
	}
	return nil
}

func isPermutation(order []int64, n int) bool {
	if len(order) != n {
		return false
	}
	seen := make([]bool, n)
	for _, o := range order {
		if o < 0 || int(o) >= n || seen[o] {
			return false
		}
		seen[o] = true
	}
	return true
}

func verifyCat(op *ir.Operation) error {
	lhs, err := tensorOrErr(op, op.Operand(0).Type(), "lhs")
	if err != nil {
		return err
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
	if err != nil {
		return err
	}
	if !op.Operand(1).Type().Equal(lhs) {
		return ir.OpError(op, "requires both operands to have the same type")
	}
	if len(lhs.Shape) != len(dst.Shape) || !ir.TypeEqual(lhs.Elem, dst.Elem) {
		return ir.OpError(op, "result must have the rank and element type of the operands")
	}
	if lhs.NumElements()*2 != dst.NumElements() {
		return ir.OpError(op, "number of elements of the result must be the sum of the operands'")
	}
	return nil
}

func verifyJoin(op *ir.Operation) error {
	lhs, err := tensorOrErr(op, op.Operand(0).Type(), "lhs")
	if err != nil {
		return err
	}
	if !op.Operand(1).Type().Equal(lhs) {
		return ir.OpError(op, "requires both operands to have the same type")
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
	if err != nil {
		return err
	}
	want := append(append([]int64(nil), lhs.Shape...), 2)
	if !ir.ShapeEqual(dst.Shape, want) {
		return ir.OpError(op, "result shape must be (%s), but got %s (the operand shape with a new minor dimension of 2)",
			commaDims(want), commaDims(dst.Shape))
	}
	if !ir.TypeEqual(lhs.Elem, dst.Elem) {
		return ir.OpError(op, "result element type must match the input element type")
	}
	if lhs.Encoding != nil && dst.Encoding == nil {
		return ir.OpError(op, "result encoding must be specified")
	}
	return nil
}

// commaDims writes a shape as Triton's messages do: `32, 2`.
func commaDims(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, ", ")
}

func verifySplit(op *ir.Operation) error {
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	if op.NumResults() != 2 || !ir.TypeEqual(op.Result(0).Type(), op.Result(1).Type()) {
		return ir.OpError(op, "requires two results of the same type")
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
	if err != nil {
		return err
	}
	n := len(src.Shape)
	if n == 0 || src.Shape[n-1] != 2 {
		return ir.OpError(op, "last dimension of input tensor must be 2").
			Also(op.Loc, "'%s' op failed to infer returned types", op.Name)
	}
	if !ir.ShapeEqual(dst.Shape, src.Shape[:n-1]) || !ir.TypeEqual(src.Elem, dst.Elem) {
		want := ir.TypeString(ir.NewTensor(src.Shape[:n-1], src.Elem))
		return ir.OpError(op, "inferred type(s) '%s', '%s' are incompatible with return type(s) of operation '%s', '%s'",
			want, want, ir.TypeString(dst), ir.TypeString(dst)).
			Also(op.Loc, "'%s' op failed to infer returned types", op.Name)
	}
	return nil
}

func verifyHistogram(op *ir.Operation) error {
	src, dst, err := srcDstTensors(op)
	if err != nil {
		return err
	}
	if len(src.Shape) != 1 || len(dst.Shape) != 1 || !ir.IsIntOrIndex(src) || !ir.IsIntOrIndex(dst) {
		return ir.OpError(op, "source and result must be 1-D integer tensors")
	}
	return nil
}

// srcDstTensors returns the source operand and the result of a one-operand
// tensor op as tensors.
func srcDstTensors(op *ir.Operation) (src, dst ir.RankedTensorType, err error) {
	if src, err = tensorOrErr(op, op.Operand(0).Type(), "source"); err != nil {
		return src, dst, err
	}
	dst, err = tensorOrErr(op, op.Result(0).Type(), "result")
	return src, dst, err
}
