package ttgpu

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Type constraints of the TritonGPU ops.
var (
	MemDesc    = ods.Type("a memdesc", func(t ir.Type) bool { _, ok := t.(tt.MemDescType); return ok })
	AsyncToken = ods.Type("!triton_gpu.async.token", func(t ir.Type) bool { _, ok := t.(AsyncTokenType); return ok })
	token      = ods.Fixed(AsyncTokenType{})
	// memDescBody writes a memdesc destination in its stripped `<...>` form.
	memDescBody = &ods.TypeSyntax{
		Parse: func(p ir.AsmParser) (ir.Type, error) {
			if p.PeekPunct("<") {
				return tt.ParseMemDescBody(p)
			}
			return p.ParseType()
		},
		Print: func(p *ir.Printer, t ir.Type) {
			if m, ok := t.(tt.MemDescType); ok {
				tt.PrintMemDescBody(p, m)
				return
			}
			p.PrintType(t)
		}}
)

const castFormat = "$src attr-dict `:` type($src) `->` type($result)"

func ops() []*ir.OpDef {
	subview := func(name, summary string, index ods.Value, verify func(*ir.Operation) error) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", MemDesc), index}, Results: []ods.Value{ods.Arg("result", MemDesc)},
			Format: "$src `[` $" + index.Name + " `]` attr-dict `:` type($src) `->` type($result)", Verify: verify}
	}
	return ods.Defs(
		ods.Op{Name: "triton_gpu.convert_layout", Summary: "change the layout of a tensor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.Tensor)}, Results: []ods.Value{ods.Arg("result", ods.Tensor)},
			Format: castFormat, Verify: verifyConvertLayout},
		ods.Op{Name: "triton_gpu.local_alloc", Summary: "allocate shared memory, optionally initialised from a tensor",
			Operands: []ods.Value{ods.Opt("src", ods.Tensor)}, Results: []ods.Value{ods.Arg("result", MemDesc)},
			Attrs:  []ods.Attr{ods.OptAttr("alignment", ods.I32)},
			Format: "$src attr-dict `:` functional-type($src, $result)", Verify: verifyLocalAlloc},
		ods.Op{Name: "triton_gpu.local_load", Summary: "load a tensor from shared memory",
			Operands: []ods.Value{ods.Arg("src", MemDesc), ods.Opt("token", AsyncToken).Like(token)},
			Results:  []ods.Value{ods.Arg("result", ods.Tensor)},
			Format:   "$src (`token` $token^)? attr-dict `:` type($src) `->` type($result)", Verify: verifyLocalLoad},
		ods.Op{Name: "triton_gpu.local_store", Summary: "store a tensor to shared memory",
			Operands: []ods.Value{ods.Arg("src", ods.Tensor), ods.Arg("dst", MemDesc)},
			Format:   "$src `,` $dst attr-dict `:` type($src) `->` type($dst)", Verify: verifyLocalStore},
		ods.Op{Name: "triton_gpu.local_dealloc", Summary: "free shared memory",
			Operands: []ods.Value{ods.Arg("src", MemDesc)}, Format: "$src attr-dict `:` type($src)"},
		subview("triton_gpu.memdesc_subview", "view of a sub-buffer (Triton 3.1–3.4)",
			ods.Var("offsets", ods.I32T).Like(ods.Fixed(ir.I32)), verifySubview),
		subview("triton_gpu.memdesc_index", "view of one buffer of a multi-buffer (Triton 3.5+)",
			ods.Arg("index", ods.I32T).Like(ods.Fixed(ir.I32)), verifyMemDescIndex),
		ods.Op{Name: "triton_gpu.memdesc_subslice", Summary: "static sub-slice of a memdesc (Triton 3.5+)", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", MemDesc)}, Results: []ods.Value{ods.Arg("result", MemDesc)},
			Attrs:  []ods.Attr{ods.Req("offsets", ods.I32ArrayBrackets)},
			Format: "$src $offsets attr-dict `:` type($src) `->` type($result)", Verify: verifySubslice},
		ods.Op{Name: "triton_gpu.async_copy_global_to_local", Summary: "cp.async of a tensor of pointers into shared memory",
			Operands: []ods.Value{ods.Arg("src", tt.PtrLike), ods.Arg("result", MemDesc).Spelled(memDescBody),
				ods.Opt("mask", ods.I1Like).Like(ods.From("src", "i1 with the shape of the loaded value", func(t ir.Type) (ir.Type, bool) {
					v, ok := tt.LoadResultType(t)
					return tt.MaskType(v), ok
				})),
				ods.Opt("other", ods.AnyType).Like(ods.From("src", "the type loaded through $src", tt.LoadResultType))},
			Results:  []ods.Value{ods.Arg("token", AsyncToken).Like(token)},
			Segments: ods.OptionalPrefix,
			Attrs:    tt.MemAttrs(tt.IsVolatile),
			Format: "$src `,` $result (`mask` $mask^)? (`other` $other^)? " + tt.MemKeywords +
				" attr-dict `:` type($src) `->` type($result)",
			Verify: verifyAsyncCopy},
		ods.Op{Name: "triton_gpu.async_commit_group", Summary: "commit outstanding async copies as a group",
			Operands: []ods.Value{ods.Var("inputTokens", AsyncToken)}, Results: []ods.Value{ods.Arg("asyncToken", AsyncToken)},
			Parse: parseCommitGroup, Print: printCommitGroup},
		ods.Op{Name: "triton_gpu.async_wait", Summary: "wait until at most `num` async copy groups are pending",
			Operands: []ods.Value{ods.Var("asyncToken", AsyncToken)}, Results: []ods.Value{ods.Arg("retToken", AsyncToken)},
			Attrs: []ods.Attr{ods.Req("num", ods.I32)},
			Parse: parseAsyncWait, Print: printAsyncWait, Verify: verifyAsyncWait},
	)
}

func verifyConvertLayout(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(ir.RankedTensorType)
	dst, ok2 := op.Result(0).Type().(ir.RankedTensorType)
	if !ok1 || !ok2 {
		return ir.OpError(op, "operand and result must be ranked tensors")
	}
	if !ir.ShapeEqual(src.Shape, dst.Shape) || !ir.TypeEqual(src.Elem, dst.Elem) {
		return ir.OpError(op, "operand and result must have the same shape and element type")
	}
	return nil
}

func memDesc(t ir.Type) (tt.MemDescType, bool) {
	m, ok := t.(tt.MemDescType)
	return m, ok
}

func verifyLocalAlloc(op *ir.Operation) error {
	if op.NumResults() != 1 || op.NumOperands() > 1 {
		return ir.OpError(op, "expects an optional source and one result")
	}
	m, ok := memDesc(op.Result(0).Type())
	if !ok {
		return ir.OpError(op, "result must be a memdesc, got %s", ir.TypeString(op.Result(0).Type()))
	}
	if op.NumOperands() == 0 {
		if !m.Mutable {
			return ir.OpError(op, "uninitialized alloc must have a mutable memdesc type")
		}
		return nil
	}
	src, ok := op.Operand(0).Type().(ir.RankedTensorType)
	if !ok || !ir.ShapeEqual(src.Shape, m.Shape) || !ir.TypeEqual(src.Elem, m.Elem) {
		return ir.OpError(op, "source tensor must have the shape and element type of the memdesc")
	}
	return nil
}

func verifyLocalLoad(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumOperands() > 2 || op.NumResults() != 1 {
		return ir.OpError(op, "expects a memdesc, an optional token and one result")
	}
	m, ok := memDesc(op.Operand(0).Type())
	if !ok {
		return ir.OpError(op, "source must be a memdesc, got %s", ir.TypeString(op.Operand(0).Type()))
	}
	return sameShapeElem(op, m, op.Result(0).Type(), "result")
}

func sameShapeElem(op *ir.Operation, m tt.MemDescType, t ir.Type, what string) error {
	rt, ok := t.(ir.RankedTensorType)
	if !ok || !ir.ShapeEqual(rt.Shape, m.Shape) || !ir.TypeEqual(rt.Elem, m.Elem) {
		return ir.OpError(op, "%s %s must have the shape and element type of the memdesc %s", what, ir.TypeString(t), ir.TypeString(m))
	}
	return nil
}

func verifyLocalStore(op *ir.Operation) error {
	if op.NumOperands() != 2 || op.NumResults() != 0 {
		return ir.OpError(op, "expects operands src and dst and no result")
	}
	m, ok := memDesc(op.Operand(1).Type())
	if !ok {
		return ir.OpError(op, "destination must be a memdesc, got %s", ir.TypeString(op.Operand(1).Type()))
	}
	if !m.Mutable {
		return ir.OpError(op, "cannot store into immutable memory")
	}
	return sameShapeElem(op, m, op.Operand(0).Type(), "source")
}

func subviewTypes(op *ir.Operation) (src, dst tt.MemDescType, err error) {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return src, dst, ir.OpError(op, "expects a memdesc source and one result")
	}
	var ok1, ok2 bool
	src, ok1 = memDesc(op.Operand(0).Type())
	dst, ok2 = memDesc(op.Result(0).Type())
	if !ok1 || !ok2 {
		return src, dst, ir.OpError(op, "source and result must be memdescs")
	}
	if !ir.TypeEqual(src.Elem, dst.Elem) {
		return src, dst, ir.OpError(op, "result element type must match desc element type")
	}
	return src, dst, nil
}

func verifySubview(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	if op.NumOperands()-1 != len(src.Shape) {
		return ir.OpError(op, "offsets must have the rank of the source (%d), got %d", len(src.Shape), op.NumOperands()-1)
	}
	if len(dst.Shape) > len(src.Shape) {
		return ir.OpError(op, "result rank must not exceed the source rank")
	}
	lead := len(src.Shape) - len(dst.Shape)
	for i, d := range dst.Shape {
		if d > src.Shape[lead+i] {
			return ir.OpError(op, "result shape %s does not fit in the source shape %s", ir.ShapeString(dst.Shape), ir.ShapeString(src.Shape))
		}
	}
	return nil
}

func verifyMemDescIndex(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	if op.NumOperands() != 2 {
		return ir.OpError(op, "expects exactly one index")
	}
	if len(src.Shape) != len(dst.Shape)+1 {
		return ir.OpError(op, "result rank must be input rank - 1")
	}
	if !ir.ShapeEqual(dst.Shape, src.Shape[1:]) {
		return ir.OpError(op, "result shape must equal to srcShape[1:]")
	}
	return nil
}

func verifySubslice(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	offs, ok := op.Attr("offsets").(ir.DenseArrayAttr)
	if !ok || len(offs.Ints) != len(src.Shape) {
		return ir.OpError(op, "offsets must have the same rank as input")
	}
	if len(dst.Shape) != len(src.Shape) {
		return ir.OpError(op, "result rank must equal to input rank")
	}
	split := false
	for i, o := range offs.Ints {
		if o < 0 || o+dst.Shape[i] > src.Shape[i] {
			return ir.OpError(op, "slice at offset %d of size %d exceeds source dimension %d (%d)", o, dst.Shape[i], i, src.Shape[i])
		}
		switch {
		case dst.Shape[i] == src.Shape[i] && o != 0:
			return ir.OpError(op, "A non zero offset found in a dimension that is not being split")
		case dst.Shape[i] != src.Shape[i] && o&(dst.Shape[i]-1) != 0:
			return ir.OpError(op, "The split offset may not touch the tile")
		}
		split = split || dst.Shape[i] != src.Shape[i]
	}
	if !split {
		return nil
	}
	if pe, ok := src.Encoding.(PaddedSharedEncoding); ok && pe.Rank() < len(src.Shape) {
		return ir.OpError(op, "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet")
	}
	if c, ok := ctaOf(src.Encoding); ok && c.NumCTAs() != 1 {
		return ir.OpError(op, "non-trivial block dimension not supported")
	}
	return nil
}

func verifyAsyncCopy(op *ir.Operation) error {
	if op.NumOperands() < 2 || op.NumOperands() > 4 || op.NumResults() != 1 {
		return ir.OpError(op, "expects src, dst, optional mask and other, and one token result")
	}
	val, ok := tt.LoadResultType(op.Operand(0).Type())
	if !ok {
		return ir.OpError(op, "source must be a tensor of pointers, got %s", ir.TypeString(op.Operand(0).Type()))
	}
	m, ok := memDesc(op.Operand(1).Type())
	if !ok {
		return ir.OpError(op, "destination must be a memdesc, got %s", ir.TypeString(op.Operand(1).Type()))
	}
	if !m.Mutable {
		return ir.OpError(op, "cannot store into immutable memory")
	}
	if err := sameShapeElem(op, m, val, "loaded value"); err != nil {
		return err
	}
	if op.NumOperands() > 2 && !ir.TypeEqual(op.Operand(2).Type(), tt.MaskType(val)) {
		return ir.OpError(op, "mask must be %s", ir.TypeString(tt.MaskType(val)))
	}
	if op.NumOperands() > 3 && !ir.TypeEqual(op.Operand(3).Type(), val) {
		return ir.OpError(op, "'other' must be %s", ir.TypeString(val))
	}
	return nil
}

// parseCommitGroup reads `(tokens)? $inputTokens attr-dict` (3.1 writes the
// tokens bare, 3.2+ after the `tokens` keyword).
//
// The bare 3.1 list is ambiguous when empty (the next line may start with
// an SSA name), so bare tokens are only read on the op's own line.
func parseCommitGroup(p ir.OpParser, st *ir.OpState) error {
	return parseTokens(p, st, p.ParseOptionalKeyword("tokens"))
}

// parseTokens reads `$tokens attr-dict` where the token list is present
// when keyword is set or it starts on the op's own line; the result is a
// token.
func parseTokens(p ir.OpParser, st *ir.OpState, keyword bool) error {
	var us []ir.UnresolvedOperand
	if keyword || (p.PeekOperand() && sameLine(st.Loc, p.Loc())) {
		var err error
		if us, err = p.ParseOperandList(); err != nil {
			return err
		}
	}
	vs, err := opfmt.ResolveSame(p, us, AsyncTokenType{})
	if err != nil {
		return err
	}
	st.Operands, st.ResultTypes = vs, []ir.Type{AsyncTokenType{}}
	return opfmt.ParseAttrDict(p, st)
}

// printCommitGroup writes `$inputTokens attr-dict` (3.1) or `tokens $inputTokens attr-dict` (ttg spelling).
func printCommitGroup(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() > 0 {
		if p.Namespace(Namespace) != Namespace {
			p.WriteString(" tokens")
		}
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
	}
	opfmt.PrintAttrDict(p, op)
}

// parseAsyncWait reads `$asyncToken attr-dict` (`async_wait %t {num = 0 : i32}`).
//
// Like async_commit_group, the tokens must start on the op's own line.
func parseAsyncWait(p ir.OpParser, st *ir.OpState) error { return parseTokens(p, st, false) }

// printAsyncWait writes `$asyncToken attr-dict`.
func printAsyncWait(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
	}
	opfmt.PrintAttrDict(p, op)
}

func verifyAsyncWait(op *ir.Operation) error {
	n, ok := op.Attr("num").(ir.IntegerAttr)
	if !ok || n.Value < 0 {
		return ir.OpError(op, "requires a non-negative integer attribute 'num'")
	}
	return nil
}

// sameLine reports whether two locations are on the same source line.
func sameLine(a, b ir.Location) bool {
	if a == nil || b == nil {
		return false
	}
	pa, ok1 := a.Pos()
	pb, ok2 := b.Pos()
	return ok1 && ok2 && pa.File == pb.File && pa.Line == pb.Line
}

// ctaOf returns the CTA fields of a shared layout.
func ctaOf(a ir.Attribute) (CTALayout, bool) {
	switch x := a.(type) {
	case SharedEncoding:
		return x.CTA, true
	case SwizzledSharedEncoding:
		return x.CTA, true
	case NVMMASharedEncoding:
		return x.CTA, true
	}
	return CTALayout{}, false
}
