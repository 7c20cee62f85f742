package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
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

func tensorOps() []*ir.OpDef {
	return []*ir.OpDef{
		{Name: "tt.get_program_id", Summary: "program id along an axis", Traits: ir.Pure,
			Inherent: []string{"axis"}, Parse: parseAxisOp, Print: printAxisOp, Verify: verifyAxisOp},
		{Name: "tt.get_num_programs", Summary: "number of programs along an axis", Traits: ir.Pure,
			Inherent: []string{"axis"}, Parse: parseAxisOp, Print: printAxisOp, Verify: verifyAxisOp},
		{Name: "tt.make_range", Summary: "1-D tensor [start, end)", Traits: ir.Pure,
			Inherent: []string{"end", "start"}, Parse: parseMakeRange, Print: printMakeRange, Verify: verifyMakeRange},
		{Name: "tt.splat", Summary: "broadcast a scalar to a tensor", Traits: ir.Pure,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifySplat)},
		{Name: "tt.broadcast", Summary: "broadcast size-1 dimensions", Traits: ir.Pure,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyBroadcast)},
		{Name: "tt.expand_dims", Summary: "insert a size-1 dimension", Traits: ir.Pure,
			Inherent: []string{"axis"}, Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyExpandDims)},
		{Name: "tt.reshape", Summary: "reshape a tensor", Traits: ir.Pure,
			Inherent: []string{"allow_reorder", "efficient_layout"}, Parse: parseReshape, Print: printReshape, Verify: opfmt.Exact(1, 1, verifyReshape)},
		{Name: "tt.trans", Summary: "permute dimensions", Traits: ir.Pure,
			Inherent: []string{"order"}, Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyTrans)},
		{Name: "tt.cat", Summary: "concatenate along dimension 0", Traits: ir.Pure,
			Parse: parseBinaryCast, Print: printBinaryCast, Verify: opfmt.Exact(2, 1, verifyCat)},
		{Name: "tt.join", Summary: "join two tensors along a new minor dimension of size 2", Traits: ir.Pure,
			Parse: parseBinaryCast, Print: printBinaryCast, Verify: opfmt.Exact(2, 1, verifyJoin)},
		{Name: "tt.split", Summary: "split the minor dimension of size 2", Traits: ir.Pure,
			Parse: parseSplit, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 2, verifySplit)},
		{Name: "tt.histogram", Summary: "histogram of an integer tensor", Traits: ir.Pure,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyHistogram)},
	}
}

// parseAxisOp reads `$axis attr-dict : type($result)` (axis x, y or z).
func parseAxisOp(p ir.OpParser, st *ir.OpState) error {
	ax, err := ParseEnumKeyword[ProgramIDDim](p)
	if err != nil {
		return err
	}
	st.AddAttr("axis", EnumOf(ax))
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	st.ResultTypes = append(st.ResultTypes, t)
	return err
}

// printAxisOp writes `$axis attr-dict : type($result)`.
func printAxisOp(p *ir.Printer, op *ir.Operation) {
	ax, _ := EnumProp(op, "axis", AxisX)
	p.WriteString(" " + ax.String())
	opfmt.PrintAttrDict(p, op, "axis")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func verifyAxisOp(op *ir.Operation) error {
	if err := verifyEnumAttr[ProgramIDDim](op, "axis"); err != nil {
		return err
	}
	if op.NumResults() != 1 || !ir.IsInteger(op.Result(0).Type(), 32) {
		return ir.OpError(op, "result must be i32")
	}
	return nil
}

// parseMakeRange reads `attr-dict : type($result)`.
func parseMakeRange(p ir.OpParser, st *ir.OpState) error {
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	st.ResultTypes = append(st.ResultTypes, t)
	return err
}

// printMakeRange writes `attr-dict : type($result)`.
func printMakeRange(p *ir.Printer, op *ir.Operation) {
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
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
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok || len(rt.Shape) != 1 {
		return ir.OpError(op, "result must be a 1-D tensor")
	}
	if end <= start {
		return ir.OpError(op, "end must be greater than start")
	}
	if rt.Shape[0] != end-start {
		return ir.OpError(op, "number of elements in returned value must be end - start")
	}
	if !ir.IsInteger(rt.Elem, 32) {
		return ir.OpError(op, "returned value must have i32 element type")
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
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
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

// parseReshape reads the newest `$src [allow_reorder] [efficient_layout]
// attr-dict : type($src) -> type($result)`; 3.1 writes the flags in attr-dict.
func parseReshape(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	for _, kw := range []string{"allow_reorder", "efficient_layout"} {
		if p.ParseOptionalKeyword(kw) {
			st.AddAttr(kw, ir.UnitAttr{})
		}
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	return opfmt.ParseCastTail(p, st, src)
}

// printReshape writes `$src [allow_reorder] [efficient_layout] attr-dict : type($src) -> type($result)`
// for unit flags; a 3.1 boolean `allow_reorder = false` stays in attr-dict.
func printReshape(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	var elided []string
	for _, kw := range []string{"allow_reorder", "efficient_layout"} {
		if _, ok := op.Attr(kw).(ir.UnitAttr); ok {
			p.WriteString(" " + kw)
			elided = append(elided, kw)
		}
	}
	opfmt.PrintAttrDict(p, op, elided...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifyReshape(op *ir.Operation) error {
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
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

// parseBinaryCast reads `$lhs, $rhs attr-dict : type($lhs) -> type($result)`.
func parseBinaryCast(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) != 2 {
		return p.Errorf("expected two operands")
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	from, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	to, err := p.ParseType()
	if err != nil {
		return err
	}
	vs, err := opfmt.ResolveSame(p, us, from)
	st.Operands, st.ResultTypes = vs, []ir.Type{to}
	return err
}

// printBinaryCast writes `$lhs, $rhs attr-dict : type($lhs) -> type($result)`.
func printBinaryCast(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
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
	if !ir.ShapeEqual(dst.Shape, want) || !ir.TypeEqual(lhs.Elem, dst.Elem) {
		return ir.OpError(op, "result shape must be %s (the operand shape with a new minor dimension of 2), got %s",
			ir.ShapeString(want), ir.ShapeString(dst.Shape))
	}
	return nil
}

// parseSplit reads `$src attr-dict : type($src) -> type($outLHS)`; both
// results have the printed type.
func parseSplit(p ir.OpParser, st *ir.OpState) error {
	if err := opfmt.ParseCast(p, st); err != nil {
		return err
	}
	st.ResultTypes = append(st.ResultTypes, st.ResultTypes[0])
	return nil
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
		return ir.OpError(op, "source must have a minor dimension of size 2")
	}
	if !ir.ShapeEqual(dst.Shape, src.Shape[:n-1]) || !ir.TypeEqual(src.Elem, dst.Elem) {
		return ir.OpError(op, "result shape must be %s, got %s", ir.ShapeString(src.Shape[:n-1]), ir.ShapeString(dst.Shape))
	}
	return nil
}

func verifyHistogram(op *ir.Operation) error {
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	dst, err := tensorOrErr(op, op.Result(0).Type(), "result")
	if err != nil {
		return err
	}
	if len(src.Shape) != 1 || len(dst.Shape) != 1 || !ir.IsIntOrIndex(src) || !ir.IsIntOrIndex(dst) {
		return ir.OpError(op, "source and result must be 1-D integer tensors")
	}
	return nil
}
