package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// Ops of Triton 3.5/3.6 beyond the 3.1 set: gathers, tensor-descriptor
// gathers, scatters and reductions, inline assembly, unsplat and scaled
// dots. Formats follow TritonOps.td; verifier messages are Triton's where a
// test of Triton's expects them.

var (
	// TensorDesc is a !tt.tensordesc value.
	TensorDesc = ods.Type("a !tt.tensordesc", func(t ir.Type) bool { _, ok := t.(TensorDescType); return ok })
	// descSyntax reads a tensordesc written whole or stripped (`<tensor<…>>`,
	// as Triton's type($result) prints it) and writes it whole.
	descSyntax = &ods.TypeSyntax{Parse: func(p ir.AsmParser) (ir.Type, error) {
		if p.PeekPunct("<") {
			return parseTensorDesc(p)
		}
		return p.ParseType()
	}}
	anyTensor = ods.Tensor
)

func triton36Ops() []*ir.OpDef {
	i32s := ods.Fixed(ir.I32)
	return ods.Defs(
		ods.Op{Name: "tt.gather", Summary: "gather elements of a tensor along an axis", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", anyTensor), ods.Arg("indices", ods.IntTensor)},
			Results:  []ods.Value{ods.Arg("result", anyTensor)},
			Attrs:    []ods.Attr{ods.Req("axis", ods.I32), ods.OptAttr("efficient_layout", ods.Unit)},
			Format:   "$src `[` $indices `]` attr-dict `:` functional-type(operands, results)", Verify: verifyGather},
		ods.Op{Name: "tt.unsplat", Summary: "the single element of a one-element tensor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", anyTensor)},
			Results: []ods.Value{ods.Arg("result", ods.AnyType).Like(ods.From("src", "the element type of $src", func(t ir.Type) (ir.Type, bool) {
				rt, ok := t.(ir.RankedTensorType)
				return rt.Elem, ok
			}))},
			Format: "$src attr-dict `:` type($src)", Verify: verifyUnsplat},
		ods.Op{Name: "tt.elementwise_inline_asm", Summary: "inline assembly applied elementwise", Traits: ir.Elementwise,
			Operands: []ods.Value{ods.Var("args", ods.AnyType)}, Results: []ods.Value{ods.Var("result", ods.AnyType)},
			Attrs: []ods.Attr{ods.Req("asm_string", ods.Str), ods.Req("constraints", ods.Str), ods.Req("pure", ods.Bool),
				ods.Req("packed_element", ods.I32)},
			Format: "$asm_string attr-dict ($args^ `:` type($args))? `->` type($result)", Verify: verifyInlineAsm},
		ods.Op{Name: "tt.descriptor_reduce", Summary: "reduce a block into memory through a tensor descriptor",
			Operands: []ods.Value{ods.Arg("desc", TensorDesc), ods.Var("indices", ods.I32T).Like(i32s), ods.Arg("src", anyTensor)},
			Attrs:    []ods.Attr{ods.Req("kind", EnumKind[DescriptorReduceKind]())},
			Format:   "$kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` type($desc) `,` type($src)",
			Verify:   verifyDescStore},
		ods.Op{Name: "tt.descriptor_gather", Summary: "gather rows through a tensor descriptor",
			Operands: []ods.Value{ods.Arg("desc", TensorDesc), ods.Arg("x_offsets", ods.IntTensor), ods.Arg("y_offset", ods.I32T)},
			Results:  []ods.Value{ods.Arg("result", anyTensor)},
			Format:   "$desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)",
			Verify:   func(op *ir.Operation) error { return verifyDescGatherScatter(op, op.Result(0).Type()) }},
		ods.Op{Name: "tt.descriptor_scatter", Summary: "scatter rows through a tensor descriptor",
			Operands: []ods.Value{ods.Arg("desc", TensorDesc), ods.Arg("x_offsets", ods.IntTensor), ods.Arg("y_offset", ods.I32T),
				ods.Arg("src", anyTensor)},
			Parse: parseDescScatter, Print: printDescScatter,
			Verify: func(op *ir.Operation) error { return verifyDescGatherScatter(op, op.Operand(3).Type()) }},
		ods.Op{Name: "tt.map_elementwise", Summary: "map a scalar region over tensors (generic form)", Traits: ir.SingleBlock,
			Operands: []ods.Value{ods.Var("srcs", anyTensor)}, Results: []ods.Value{ods.Var("result", anyTensor)},
			Attrs: []ods.Attr{ods.Req("pack", ods.I32)}, Verify: verifyMapElementwise},
		ods.Op{Name: "tt.map_elementwise.return", Summary: "terminator of the tt.map_elementwise region",
			Traits: ir.Pure | ir.Terminator | ir.ReturnLike, Operands: []ods.Value{ods.Var("result", ods.AnyType)},
			Format: "attr-dict ($result^ `:` type($result))?"},
		ods.Op{Name: "tt.dot_scaled", Summary: "matrix multiply of microscaled operands", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("a", anyTensor), ods.Arg("b", anyTensor), ods.Arg("c", ods.FloatTensor).Like(ods.SameAs("d")),
				ods.Opt("a_scale", anyTensor), ods.Opt("b_scale", anyTensor)},
			Results:  []ods.Value{ods.Arg("d", ods.FloatTensor)},
			Segments: ods.AttrSized,
			Attrs: []ods.Attr{ods.Req("a_elem_type", EnumKind[ScaleDotElemType]()), ods.Req("b_elem_type", EnumKind[ScaleDotElemType]()),
				ods.Req("fastMath", ods.Bool), ods.DefAttr("lhs_k_pack", ods.Bool, ir.BoolAttr(true)),
				ods.DefAttr("rhs_k_pack", ods.Bool, ir.BoolAttr(true))},
			Format: "$a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict " +
				"`:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)",
			Verify: verifyDotScaled},
	)
}

func verifyGather(op *ir.Operation) error {
	src, err1 := tensorOrErr(op, op.Operand(0).Type(), "source")
	idx, err2 := tensorOrErr(op, op.Operand(1).Type(), "indices")
	res, err3 := tensorOrErr(op, op.Result(0).Type(), "result")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return err
		}
	}
	axis, _ := intAttr(op, "axis")
	switch {
	case !ir.ShapeEqual(idx.Shape, res.Shape):
		return ir.OpError(op, "indices and output shapes must match")
	case !ir.AttrEqual(idx.Encoding, res.Encoding):
		return ir.OpError(op, "indices and output encodings must match")
	case !ir.TypeEqual(src.Elem, res.Elem):
		return ir.OpError(op, "input and output element types must match")
	case len(src.Shape) != len(idx.Shape):
		return ir.OpError(op, "input and indices ranks must match")
	case axis < 0 || int(axis) >= len(src.Shape):
		return ir.OpError(op, "gather dimension must be less than the input rank")
	}
	for d := range idx.Shape {
		if d != int(axis) && idx.Shape[d] != src.Shape[d] {
			return ir.OpError(op, "indices dimension %d must match the corresponding input dimension", d)
		}
	}
	return nil
}

func verifyUnsplat(op *ir.Operation) error {
	src := op.Operand(0).Type().(ir.RankedTensorType)
	n := int64(1)
	for _, d := range src.Shape {
		n *= d
	}
	if n != 1 {
		return ir.OpError(op, "source tensor must have exactly one element")
	}
	return nil
}

func verifyInlineAsm(op *ir.Operation) error {
	pack, _ := intAttr(op, "packed_element")
	if pack <= 0 {
		return ir.OpError(op, "packed_element must be positive, got %d", pack)
	}
	if op.NumOperands() == 0 {
		return nil
	}
	if !sameShapes(op.Operands()) || !sameShapes(op.Results()) || (op.NumResults() > 0 && !sameShapes([]*ir.Value{op.Operand(0), op.Result(0)})) {
		return ir.OpError(op, "requires the same shape for all operands and results")
	}
	n := int64(0)
	if rt, ok := op.Operand(0).Type().(ir.RankedTensorType); ok {
		n = 1
		for _, d := range rt.Shape {
			n *= d
		}
	}
	if n%pack != 0 {
		return ir.OpError(op, "number of input elements %d must be a multiple of the op's packed_element attribute, %d", n, pack)
	}
	return nil
}

// verifyDescBlock checks a loaded or stored tensor against the descriptor's
// block; a block with leading 1s may be read rank-reduced.
func verifyDescBlock(op *ir.Operation, desc ir.Type, t ir.Type) error {
	d, ok1 := desc.(TensorDescType)
	rt, ok2 := t.(ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil // the signature check reports it
	}
	block := d.Block.Shape
	if len(block) > len(rt.Shape) {
		lead := len(block) - len(rt.Shape)
		for _, b := range block[:lead] {
			if b != 1 {
				return ir.OpError(op, "ranked reduce load only allowed for unit dimension leading dim.")
			}
		}
		block = block[lead:]
	}
	if !ir.ShapeEqual(block, rt.Shape) || !sameSignless(d.Block.Elem, rt.Elem) {
		return ir.OpError(op, "tensor descriptor block and tensor types must match")
	}
	return nil
}

// sameSignless compares element types ignoring integer signedness.
func sameSignless(a, b ir.Type) bool {
	x, ok1 := a.(ir.IntegerType)
	y, ok2 := b.(ir.IntegerType)
	if ok1 && ok2 {
		return x.Width == y.Width
	}
	return ir.TypeEqual(a, b)
}

func verifyDescLoad(op *ir.Operation) error {
	return verifyDescBlock(op, op.Operand(0).Type(), op.Result(0).Type())
}

func verifyDescStore(op *ir.Operation) error {
	return verifyDescBlock(op, op.Operand(0).Type(), op.Operand(op.NumOperands()-1).Type())
}

func verifyDescGatherScatter(op *ir.Operation, data ir.Type) error {
	d, ok := op.Operand(0).Type().(TensorDescType)
	res, ok2 := data.(ir.RankedTensorType)
	idx, ok3 := op.Operand(1).Type().(ir.RankedTensorType)
	if !ok || !ok2 || !ok3 {
		return nil
	}
	block := d.Block
	bs := ir.TypeString(block)
	switch {
	case len(block.Shape) != 2:
		return ir.OpError(op, "block must be a 2D tensor, but got %s", bs)
	case block.Shape[0] != 1:
		return ir.OpError(op, "block must have exactly 1 row, but got %s", bs)
	case len(idx.Shape) != 1:
		return ir.OpError(op, "x offsets must be a 1D tensor, but got %s", ir.TypeString(idx))
	case len(res.Shape) != 2:
		return ir.OpError(op, "result must be a 2D tensor, but got %s", ir.TypeString(res))
	case res.Shape[0] < 8:
		return ir.OpError(op, "gather must have at least 8 rows, but got %d", res.Shape[0])
	}
	w := BitWidth(res.Elem)
	if w > 32 || w == 0 {
		return ir.OpError(op, "TMA dtype cannot be greater than 32 bits")
	}
	if minCols := int64(32 / w * 8); res.Shape[1] < minCols {
		return ir.OpError(op, "gather of %s must have at least %d columns, but got %d", ir.TypeString(res.Elem), minCols, res.Shape[1])
	}
	switch {
	case res.Shape[0] != idx.Shape[0]:
		return ir.OpError(op, "result tensor must have as many rows as indices (%d), but got %s", idx.Shape[0], ir.TypeString(res))
	case res.Shape[1] != block.Shape[1]:
		return ir.OpError(op, "result tensor number of columns must match block (%d), but got %s", block.Shape[1], ir.TypeString(res))
	case !sameSignless(res.Elem, block.Elem):
		return ir.OpError(op, "result tensor element type must match block ('%s'), but got %s", ir.TypeString(block.Elem), ir.TypeString(res))
	}
	return nil
}

// parseDescScatter reads `$desc [ $x_offsets , $y_offset ] , $src attr-dict
// : type(operands)`.
func parseDescScatter(p ir.OpParser, st *ir.OpState) error {
	var us []ir.UnresolvedOperand
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	us = append(us, u)
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		if u, err = p.ParseOperand(); err != nil {
			return err
		}
		us = append(us, u)
	}
	if err := p.ParsePunct("]"); err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if u, err = p.ParseOperand(); err != nil {
		return err
	}
	us = append(us, u)
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	for i, u := range us {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}

func printDescScatter(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() != 4 {
		p.WriteString(" <malformed>")
		return
	}
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	p.PrintOperand(op.Operand(1))
	p.WriteString(", ")
	p.PrintOperand(op.Operand(2))
	p.WriteString("], ")
	p.PrintOperand(op.Operand(3))
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	for i, v := range op.Operands() {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(v.Type())
	}
}

func verifyDotScaled(op *ir.Operation) error {
	a, _ := op.Operand(0).Type().(ir.RankedTensorType)
	b, _ := op.Operand(1).Type().(ir.RankedTensorType)
	c, _ := op.Operand(2).Type().(ir.RankedTensorType)
	r := len(a.Shape)
	if r != 2 && r != 3 {
		return ir.OpError(op, "expected operands to be 2d or 3d")
	}
	if len(b.Shape) != r || len(c.Shape) != r {
		return ir.OpError(op, "expected all operands to have the same rank")
	}
	ae, _ := DecodeEnum[ScaleDotElemType](op.Attr("a_elem_type"))
	be, _ := DecodeEnum[ScaleDotElemType](op.Attr("b_elem_type"))
	lhsPack, rhsPack := boolAttrOr(op, "lhs_k_pack", true), boolAttrOr(op, "rhs_k_pack", true)
	ak, bk := a.Shape[r-1], b.Shape[r-2]
	am, bn := a.Shape[r-2], b.Shape[r-1]
	if ae == 4 { // e2m1 packs two values per byte
		if lhsPack {
			ak *= 2
		} else {
			am *= 2
		}
	}
	if be == 4 {
		if rhsPack {
			bk *= 2
		} else {
			bn *= 2
		}
	}
	if ak != bk {
		return ir.OpError(op, "expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand")
	}
	if r == 3 && (a.Shape[0] != c.Shape[0] || b.Shape[0] != c.Shape[0]) {
		return ir.OpError(op, "expected the first dimension of the first operand to be equal to the first dimension of the result")
	}
	if am != c.Shape[r-2] || bn != c.Shape[r-1] {
		return ir.OpError(op, "expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second ")
	}
	segs := segmentSizes(op)
	next := 3
	for i, mn := range []int64{c.Shape[r-2], c.Shape[r-1]} {
		if len(segs) == 5 && segs[3+i] == 0 {
			continue
		}
		if next >= op.NumOperands() {
			break
		}
		st, ok := op.Operand(next).Type().(ir.RankedTensorType)
		next++
		if !ok || len(st.Shape) != r {
			continue
		}
		dim := [2]string{"M", "N"}[i]
		if st.Shape[r-2] != mn {
			return ir.OpError(op, "scales %s dimension must match the operand %s dimension", dim, dim)
		}
		factor := int64(32)
		if ft, ok := st.Elem.(ir.FloatType); ok && ft.Kind == ir.F8E4M3FN {
			factor = 16
		}
		if st.Shape[r-1] != ak/factor {
			return ir.OpError(op, "scales K dimension must match the operand K divided by the scale factor")
		}
	}
	return nil
}

func boolAttrOr(op *ir.Operation, name string, def bool) bool {
	if a, ok := op.Attr(name).(ir.IntegerAttr); ok {
		return a.Value != 0
	}
	return def
}

func segmentSizes(op *ir.Operation) []int64 {
	if d, ok := op.Attr(ods.SegmentAttr).(ir.DenseArrayAttr); ok {
		return d.Ints
	}
	return nil
}

// storeOps write memory; tt.map_elementwise rejects them in its region.
var storeOps = map[string]bool{"tt.store": true, "tt.atomic_rmw": true, "tt.atomic_cas": true,
	"tt.descriptor_store": true, "tt.descriptor_reduce": true, "tt.descriptor_scatter": true}

func verifyMapElementwise(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return ir.OpError(op, "MapElementwiseOp must have at least 1 operand")
	}
	pack, _ := intAttr(op, "pack")
	if pack <= 0 || pack&(pack-1) != 0 {
		return ir.OpError(op, "Pack must be a power of 2")
	}
	if len(op.Regions) != 1 || op.Regions[0].Entry() == nil {
		return ir.OpError(op, "expects one region with a block")
	}
	entry := op.Regions[0].Entry()
	if entry.NumArgs() != op.NumOperands()*int(pack) {
		return ir.OpError(op, "region has wrong number of arguments")
	}
	elems := func(vs []*ir.Value) []ir.Type {
		var out []ir.Type
		for _, v := range vs {
			for k := int64(0); k < pack; k++ {
				out = append(out, ir.ElementType(v.Type()))
			}
		}
		return out
	}
	want := elems(op.Operands())
	for i, a := range entry.Args() {
		if !ir.TypeEqual(a.Type(), want[i]) {
			return ir.Errorf(op.Loc, "argument types did not match")
		}
	}
	ret := elems(op.Results())
	var err error
	op.Walk(func(o *ir.Operation) ir.WalkResult {
		if o == op {
			return ir.Advance
		}
		if storeOps[o.Name] {
			err = ir.OpError(o, "Stores are not supported inside map_elementwise")
			return ir.Interrupt
		}
		if o.Name == "tt.map_elementwise.return" {
			ok := o.NumOperands() == len(ret)
			for i := 0; ok && i < len(ret); i++ {
				ok = ir.TypeEqual(o.Operand(i).Type(), ret[i])
			}
			if !ok {
				err = ir.Errorf(o.Loc, "region return does not match map_elementwise result")
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
	return err
}

// sameShapes reports whether values all have the same shape (scalars count
// as shapeless and match each other).
func sameShapes(vs []*ir.Value) bool {
	for _, v := range vs[min(1, len(vs)):] {
		a, _ := ShapeOf(vs[0].Type())
		b, _ := ShapeOf(v.Type())
		if !ir.ShapeEqual(a, b) {
			return false
		}
	}
	return true
}
