package ttgpu

import (
	"strconv"

	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

func ops() []*ir.OpDef {
	return []*ir.OpDef{
		{Name: "triton_gpu.convert_layout", Summary: "change the layout of a tensor", Traits: ir.Pure,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyConvertLayout)},
		{Name: "triton_gpu.local_alloc", Summary: "allocate shared memory, optionally initialised from a tensor",
			Inherent: []string{"alignment"}, Parse: opfmt.ParseFunctional, Print: opfmt.PrintFunctional, Verify: verifyLocalAlloc},
		{Name: "triton_gpu.local_load", Summary: "load a tensor from shared memory",
			Parse: parseLocalLoad, Print: printLocalLoad, Verify: verifyLocalLoad},
		{Name: "triton_gpu.local_store", Summary: "store a tensor to shared memory",
			Parse: parseLocalStore, Print: printLocalStore, Verify: verifyLocalStore},
		{Name: "triton_gpu.local_dealloc", Summary: "free shared memory",
			Parse: opfmt.ParseOperandsTypes, Print: opfmt.PrintOperandsTypes, Verify: verifyMemDescOperand},
		{Name: "triton_gpu.memdesc_subview", Summary: "view of a sub-buffer (Triton 3.1–3.4)", Traits: ir.Pure,
			Parse: parseSubview, Print: printSubview, Verify: verifySubview},
		{Name: "triton_gpu.memdesc_index", Summary: "view of one buffer of a multi-buffer (Triton 3.5+)", Traits: ir.Pure,
			Parse: parseSubview, Print: printSubview, Verify: verifyMemDescIndex},
		{Name: "triton_gpu.memdesc_subslice", Summary: "static sub-slice of a memdesc (Triton 3.5+)", Traits: ir.Pure,
			Inherent: []string{"offsets"}, Parse: parseSubslice, Print: printSubslice, Verify: verifySubslice},
		{Name: "triton_gpu.async_copy_global_to_local", Summary: "cp.async of a tensor of pointers into shared memory",
			Inherent: []string{"cache", "evict", "isVolatile"}, Parse: parseAsyncCopy, Print: printAsyncCopy, Verify: verifyAsyncCopy},
		{Name: "triton_gpu.async_commit_group", Summary: "commit outstanding async copies as a group",
			Parse: parseCommitGroup, Print: printCommitGroup},
		{Name: "triton_gpu.async_wait", Summary: "wait until at most `num` async copy groups are pending",
			Inherent: []string{"num"}, Parse: parseAsyncWait, Print: printAsyncWait, Verify: verifyAsyncWait},
	}
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

// parseLocalLoad reads `$src (token $token)? attr-dict : type($src) -> type($result)`.
func parseLocalLoad(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var tok *ir.UnresolvedOperand
	if p.ParseOptionalKeyword("token") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		tok = &u
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
	v, err := p.ResolveOperand(src, from)
	if err != nil {
		return err
	}
	st.Operands, st.ResultTypes = []*ir.Value{v}, []ir.Type{to}
	if tok != nil {
		tv, err := p.ResolveOperand(*tok, AsyncTokenType{})
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, tv)
	}
	return nil
}

// printLocalLoad writes `$src (token $token)? attr-dict : type($src) -> type($result)`.
func printLocalLoad(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	if op.NumOperands() > 1 {
		p.WriteString(" token ")
		p.PrintOperand(op.Operand(1))
	}
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
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

// parseLocalStore reads `$src, $dst attr-dict : type($src) -> type($dst)`.
func parseLocalStore(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) != 2 {
		return p.Errorf("expected two operands (src, dst)")
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
	st.Operands, err = p.ResolveOperands(us, []ir.Type{from, to})
	return err
}

// printLocalStore writes `$src, $dst attr-dict : type($src) -> type($dst)`.
func printLocalStore(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Operand(1).Type())
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

func verifyMemDescOperand(op *ir.Operation) error {
	if op.NumOperands() != 1 {
		return ir.OpError(op, "expects one memdesc operand")
	}
	if _, ok := memDesc(op.Operand(0).Type()); !ok {
		return ir.OpError(op, "operand must be a memdesc, got %s", ir.TypeString(op.Operand(0).Type()))
	}
	return nil
}

// parseSubview reads `$src[$offsets] attr-dict : type($src) -> type($result)`
// (offsets i32), for memdesc_subview and memdesc_index.
func parseSubview(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	offs, err := opfmt.ParseBracketOperands(p)
	if err != nil {
		return err
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
	sv, err := p.ResolveOperand(src, from)
	if err != nil {
		return err
	}
	ov, err := opfmt.ResolveSame(p, offs, ir.I32)
	st.Operands, st.ResultTypes = append([]*ir.Value{sv}, ov...), []ir.Type{to}
	return err
}

// printSubview writes `$src[$offsets] attr-dict : type($src) -> type($result)`.
func printSubview(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	opfmt.PrintBracketOperands(p, op.Operands()[1:])
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
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
		return src, dst, ir.OpError(op, "source and result must have the same element type")
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
	if len(src.Shape) < 1 || !ir.ShapeEqual(dst.Shape, src.Shape[1:]) {
		return ir.OpError(op, "result shape must be the source shape without its leading dimension")
	}
	return nil
}

// parseSubslice reads `$src [o0, o1, ...] attr-dict : type($src) -> type($result)` (static offsets).
func parseSubslice(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	var offs []int64
	for !p.ParseOptionalPunct("]") {
		if len(offs) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		offs = append(offs, n)
	}
	st.AddAttr("offsets", ir.I32Array(offs...))
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	return opfmt.ParseCastTail(p, st, src)
}

// printSubslice writes `$src [o0, o1] attr-dict : type($src) -> type($result)`.
func printSubslice(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" [")
	if a, ok := op.Attr("offsets").(ir.DenseArrayAttr); ok {
		for i, v := range a.Ints {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteString(strconv.FormatInt(v, 10))
		}
	}
	p.WriteString("]")
	opfmt.PrintAttrDict(p, op, "offsets")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifySubslice(op *ir.Operation) error {
	src, dst, err := subviewTypes(op)
	if err != nil {
		return err
	}
	offs, ok := op.Attr("offsets").(ir.DenseArrayAttr)
	if !ok || len(offs.Ints) != len(src.Shape) || len(dst.Shape) != len(src.Shape) {
		return ir.OpError(op, "offsets must have one entry per source dimension and the result the source rank")
	}
	for i, o := range offs.Ints {
		if o < 0 || o+dst.Shape[i] > src.Shape[i] {
			return ir.OpError(op, "slice at offset %d of size %d exceeds source dimension %d (%d)", o, dst.Shape[i], i, src.Shape[i])
		}
	}
	return nil
}

// parseAsyncCopy reads
//
//	$src, $result (mask $mask)? (other $other)? oilist(cacheModifier = … | evictionPolicy = …) attr-dict : type($src) -> type($result)
//
// The destination type is usually the stripped memdesc `<64x16xf16, …>`.
func parseAsyncCopy(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) != 2 {
		return p.Errorf("expected two operands (src, dst)")
	}
	var extra []ir.UnresolvedOperand
	for _, kw := range []string{"mask", "other"} {
		if p.ParseOptionalKeyword(kw) {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			extra = append(extra, u)
		} else if kw == "mask" {
			break
		}
	}
	if err := parseMemKeywords(p, st); err != nil {
		return err
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
	var to ir.Type
	if p.PeekPunct("<") {
		to, err = tt.ParseMemDescBody(p)
	} else {
		to, err = p.ParseType()
	}
	if err != nil {
		return err
	}
	val, _ := tt.LoadResultType(from)
	ts := []ir.Type{from, to, tt.MaskType(val), val}
	vs, err := p.ResolveOperands(append(us, extra...), ts[:2+len(extra)])
	st.Operands, st.ResultTypes = vs, []ir.Type{AsyncTokenType{}}
	return err
}

func parseMemKeywords(p ir.OpParser, st *ir.OpState) error {
	for {
		switch {
		case p.ParseOptionalKeyword("cacheModifier"):
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := tt.ParseEnumKeyword[tt.CacheModifier](p)
			if err != nil {
				return err
			}
			st.AddAttr("cache", tt.EnumOf(v))
		case p.ParseOptionalKeyword("evictionPolicy"):
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := tt.ParseEnumKeyword[tt.EvictionPolicy](p)
			if err != nil {
				return err
			}
			st.AddAttr("evict", tt.EnumOf(v))
		default:
			return nil
		}
	}
}

// printAsyncCopy writes `$src, $result (mask $mask)? (other $other)? oilist(...) attr-dict : type($src) -> <memdesc body>`.
func printAsyncCopy(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands()[:2])
	if op.NumOperands() > 2 {
		p.WriteString(" mask ")
		p.PrintOperand(op.Operand(2))
	}
	if op.NumOperands() > 3 {
		p.WriteString(" other ")
		p.PrintOperand(op.Operand(3))
	}
	elided := []string{}
	if c, ok := tt.DecodeEnum[tt.CacheModifier](op.Attr("cache")); ok {
		elided = append(elided, "cache")
		if c != tt.CacheNone {
			p.WriteString(" cacheModifier = " + c.String())
		}
	}
	if e, ok := tt.DecodeEnum[tt.EvictionPolicy](op.Attr("evict")); ok {
		elided = append(elided, "evict")
		if e != tt.EvictNormal {
			p.WriteString(" evictionPolicy = " + e.String())
		}
	}
	if v, ok := op.Attr("isVolatile").(ir.IntegerAttr); ok && v.Value == 0 {
		elided = append(elided, "isVolatile")
	}
	opfmt.PrintAttrDict(p, op, elided...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	if m, ok := memDesc(op.Operand(1).Type()); ok {
		tt.PrintMemDescBody(p, m)
	} else {
		p.PrintType(op.Operand(1).Type())
	}
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
	var us []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("tokens") || (p.PeekOperand() && sameLine(st.Loc, p.Loc())) {
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
func parseAsyncWait(p ir.OpParser, st *ir.OpState) error {
	var us []ir.UnresolvedOperand
	if p.PeekOperand() && sameLine(st.Loc, p.Loc()) {
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
