package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// AttrOperandSegmentSizes records the sizes of optional operand groups
// (tt.load: ptr, mask, other), as MLIR's AttrSizedOperandSegments.
const AttrOperandSegmentSizes = "operandSegmentSizes"

var loadAttrs = []string{"boundaryCheck", "cache", "evict", "isVolatile", AttrOperandSegmentSizes, "padding"}

func memOps() []*ir.OpDef {
	return []*ir.OpDef{
		{Name: "tt.addptr", Summary: "pointer plus element offset", Traits: ir.Pure | ir.Elementwise,
			Parse: parseAddPtr, Print: printAddPtr, Verify: opfmt.Exact(2, 1, verifyAddPtr)},
		{Name: "tt.load", Summary: "load from a pointer, tensor of pointers or block pointer",
			Inherent: loadAttrs, Parse: parseLoad, Print: printLoad, Verify: verifyLoad},
		{Name: "tt.store", Summary: "store through a pointer, tensor of pointers or block pointer",
			Inherent: []string{"boundaryCheck", "cache", "evict"}, Parse: parseStore, Print: printStore, Verify: verifyStore},
		{Name: "tt.make_tensor_ptr", Summary: "make a block pointer", Traits: ir.Pure,
			Inherent: []string{"order"}, Parse: parseMakeTensorPtr, Print: printMakeTensorPtr, Verify: opfmt.AtLeast(1, 1, verifyMakeTensorPtr)},
		{Name: "tt.advance", Summary: "advance a block pointer", Traits: ir.Pure,
			Parse: parseAdvance, Print: printAdvance, Verify: opfmt.AtLeast(1, 1, verifyAdvance)},
		{Name: "tt.atomic_rmw", Summary: "atomic read-modify-write",
			Inherent: []string{"atomic_rmw_op", "scope", "sem"}, Parse: parseAtomicRMW, Print: printAtomicRMW, Verify: verifyAtomicRMW},
		{Name: "tt.atomic_cas", Summary: "atomic compare and swap",
			Inherent: []string{"scope", "sem"}, Parse: parseAtomicCAS, Print: printAtomicCAS, Verify: verifyAtomicCAS},
		{Name: "tt.int_to_ptr", Summary: "integer to pointer", Traits: ir.Pure | ir.Elementwise,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast},
		{Name: "tt.ptr_to_int", Summary: "pointer to integer", Traits: ir.Pure | ir.Elementwise,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast},
		{Name: "tt.bitcast", Summary: "bitcast between types of equal width", Traits: ir.Pure | ir.Elementwise,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifyBitcast)},
		{Name: "tt.make_tensor_descriptor", Summary: "make a TMA tensor descriptor", Traits: ir.Pure,
			Parse: parseMakeTensorDesc, Print: printMakeTensorDesc},
		{Name: "tt.descriptor_load", Summary: "load a block through a tensor descriptor",
			Inherent: []string{"cache", "evict"}, Parse: parseDescLoad, Print: printDescLoad},
		{Name: "tt.descriptor_store", Summary: "store a block through a tensor descriptor",
			Parse: parseDescStore, Print: printDescStore},
	}
}

// parseAddPtr reads `$ptr, $offset attr-dict : type($result), type($offset)`.
func parseAddPtr(p ir.OpParser, st *ir.OpState) error {
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
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 2 {
		return p.Errorf("expected the result type and the offset type")
	}
	vs, err := p.ResolveOperands(us, ts)
	st.Operands, st.ResultTypes = vs, ts[:1]
	return err
}

// printAddPtr writes `$ptr, $offset attr-dict : type($result), type($offset)`.
func printAddPtr(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
}

func verifyAddPtr(op *ir.Operation) error {
	pt, off, res := op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type()
	if !IsPtrLike(pt) {
		return ir.OpError(op, "operand #0 must be a pointer or a tensor of pointers, got %s", ir.TypeString(pt))
	}
	if !ir.TypeEqual(pt, res) {
		return ir.OpError(op, "result type %s must match the pointer type %s", ir.TypeString(res), ir.TypeString(pt))
	}
	if !ir.IsIntOrIndex(off) {
		return ir.OpError(op, "offset must be an integer or a tensor of integers, got %s", ir.TypeString(off))
	}
	ps, _ := opfmt.ShapeOf(pt)
	os, _ := opfmt.ShapeOf(off)
	if !ir.ShapeEqual(ps, os) {
		return ir.OpError(op, "pointer and offset must have the same shape")
	}
	return nil
}

// parseMemKeywords reads `oilist(cacheModifier = $cache | evictionPolicy = $evict)`.
func parseMemKeywords(p ir.OpParser, st *ir.OpState) error {
	for {
		switch {
		case p.ParseOptionalKeyword("cacheModifier"):
			if st.Attr("cache") != nil {
				return p.Errorf("'cacheModifier' given twice")
			}
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := ParseEnumKeyword[CacheModifier](p)
			if err != nil {
				return err
			}
			st.AddAttr("cache", EnumOf(v))
		case p.ParseOptionalKeyword("evictionPolicy"):
			if st.Attr("evict") != nil {
				return p.Errorf("'evictionPolicy' given twice")
			}
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := ParseEnumKeyword[EvictionPolicy](p)
			if err != nil {
				return err
			}
			st.AddAttr("evict", EnumOf(v))
		default:
			return nil
		}
	}
}

// printMemKeywords writes ` cacheModifier = ca evictionPolicy = evict_last`
// for non-default values.
func printMemKeywords(p *ir.Printer, op *ir.Operation) {
	if c, ok := EnumProp(op, "cache", CacheNone); ok && c != CacheNone {
		p.WriteString(" cacheModifier = " + c.String())
	}
	if e, ok := EnumProp(op, "evict", EvictNormal); ok && e != EvictNormal {
		p.WriteString(" evictionPolicy = " + e.String())
	}
}

// memElided lists the attributes the load/store custom forms do not print
// in attr-dict: keyword-spelled enums and default values.
func memElided(op *ir.Operation) []string {
	el := []string{AttrOperandSegmentSizes}
	if _, ok := EnumProp(op, "cache", CacheNone); ok {
		el = append(el, "cache")
	}
	if _, ok := EnumProp(op, "evict", EvictNormal); ok {
		el = append(el, "evict")
	}
	if b, ok := op.Attr("isVolatile").(ir.IntegerAttr); ok && b.Value == 0 {
		el = append(el, "isVolatile")
	}
	if a, ok := op.Attr("boundaryCheck").(ir.DenseArrayAttr); ok && len(a.Ints) == 0 {
		el = append(el, "boundaryCheck")
	}
	return el
}

// memAttrDict is the attr-dict of load/store custom forms; `padding` prints
// as its I32 case value, as Triton does (`padding = 1 : i32`).
func memAttrDict(op *ir.Operation) ir.DictAttr {
	d := ir.AllAttrs(op)
	if v, ok := op.Attr("padding").(EnumAttr[PaddingOption]); ok {
		d = d.With("padding", ir.I32Attr(int64(v.Value)))
	}
	return d
}

func typedPadding(st *ir.OpState) {
	if v, ok := st.Attr("padding").(ir.IntegerAttr); ok {
		if e, ok := DecodeEnum[PaddingOption](v); ok {
			st.AddAttr("padding", EnumOf(e))
		}
	}
}

// parseLoad reads
//
//	$ptr (, $mask)? (, $other)? oilist(cacheModifier = $cache | evictionPolicy = $evict) attr-dict : type($ptr)
//
// The result type is inferred from the pointer (LoadResultType), the mask is
// i1 of the result shape, other has the result type.
func parseLoad(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) < 1 || len(us) > 3 {
		return p.Errorf("expected 1 to 3 operands (ptr, mask, other), got %d", len(us))
	}
	if err := parseMemKeywords(p, st); err != nil {
		return err
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	typedPadding(st)
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	loc := p.Loc()
	pt, err := ParseTypeOrStrippedPointer(p)
	if err != nil {
		return err
	}
	res, ok := LoadResultType(pt)
	if !ok {
		return ir.Errorf(loc, "expected a pointer or a tensor of pointers, got %s", ir.TypeString(pt))
	}
	vs, err := p.ResolveOperands(us, []ir.Type{pt, MaskType(res), res}[:len(us)])
	if err != nil {
		return err
	}
	st.Operands, st.ResultTypes = vs, []ir.Type{res}
	st.AddAttr(AttrOperandSegmentSizes, loadSegments(len(us)))
	return nil
}

func loadSegments(n int) ir.DenseArrayAttr {
	seg := []int64{1, 0, 0}
	for i := 1; i < n; i++ {
		seg[i] = 1
	}
	return ir.I32Array(seg...)
}

// printLoad writes `$ptr (, $mask)? (, $other)? oilist(...) attr-dict : type($ptr)`.
func printLoad(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printMemKeywords(p, op)
	p.PrintOptionalAttrDict(memAttrDict(op), memElided(op)...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// LoadMask returns the mask operand of a tt.load, or nil.
func LoadMask(op *ir.Operation) *ir.Value { return segOperand(op, 1) }

// LoadOther returns the `other` operand of a tt.load, or nil.
func LoadOther(op *ir.Operation) *ir.Value { return segOperand(op, 2) }

func segOperand(op *ir.Operation, group int) *ir.Value {
	seg, ok := op.Attr(AttrOperandSegmentSizes).(ir.DenseArrayAttr)
	if !ok || len(seg.Ints) != 3 {
		if group < op.NumOperands() {
			return op.Operand(group)
		}
		return nil
	}
	start := 0
	for i := 0; i < group; i++ {
		start += int(seg.Ints[i])
	}
	if seg.Ints[group] == 0 || start >= op.NumOperands() {
		return nil
	}
	return op.Operand(start)
}

// NewLoad builds a tt.load of ptr with optional mask and other (nil when
// absent) at b's insertion point; the result type is inferred.
func NewLoad(b *ir.Builder, ptr, mask, other *ir.Value) *ir.Operation {
	res, _ := LoadResultType(ptr.Type())
	ops := []*ir.Value{ptr}
	n := 1
	if mask != nil {
		ops, n = append(ops, mask), 2
		if other != nil {
			ops, n = append(ops, other), 3
		}
	}
	return b.Create("tt.load", ops, []ir.Type{res}, ir.NamedAttr{Name: AttrOperandSegmentSizes, Value: loadSegments(n)})
}

func verifyLoad(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumOperands() > 3 || op.NumResults() != 1 {
		return ir.OpError(op, "expects 1 to 3 operands (ptr, mask, other) and one result")
	}
	if seg, ok := op.Attr(AttrOperandSegmentSizes).(ir.DenseArrayAttr); ok {
		if err := verifyLoadSegments(op, seg); err != nil {
			return err
		}
	}
	pt := op.Operand(0).Type()
	want, ok := LoadResultType(pt)
	if !ok {
		return ir.OpError(op, "operand #0 must be a pointer, a tensor of pointers or a block pointer, got %s", ir.TypeString(pt))
	}
	res := op.Result(0).Type()
	if !ir.TypeEqual(res, want) {
		return ir.OpError(op, "result type %s does not match the type %s loaded through %s", ir.TypeString(res), ir.TypeString(want), ir.TypeString(pt))
	}
	if m := LoadMask(op); m != nil {
		if err := verifyMask(op, m, want); err != nil {
			return err
		}
	}
	if o := LoadOther(op); o != nil && !ir.TypeEqual(o.Type(), want) {
		return ir.OpError(op, "'other' type %s must match the result type %s", ir.TypeString(o.Type()), ir.TypeString(want))
	}
	for _, e := range []error{verifyEnumAttr[CacheModifier](op, "cache"), verifyEnumAttr[EvictionPolicy](op, "evict"),
		verifyEnumAttr[PaddingOption](op, "padding"), verifyBoundaryCheck(op)} {
		if e != nil {
			return e
		}
	}
	return nil
}

func verifyLoadSegments(op *ir.Operation, seg ir.DenseArrayAttr) error {
	sum := int64(0)
	for _, s := range seg.Ints {
		sum += s
	}
	if len(seg.Ints) != 3 || seg.Ints[0] != 1 || seg.Ints[1] > 1 || seg.Ints[2] > seg.Ints[1] || sum != int64(op.NumOperands()) {
		return ir.OpError(op, "'operandSegmentSizes' %s does not describe (ptr, mask?, other?) for %d operands", ir.AttrString(seg), op.NumOperands())
	}
	return nil
}

func verifyMask(op *ir.Operation, m *ir.Value, value ir.Type) error {
	vs, _ := opfmt.ShapeOf(value)
	ms, _ := opfmt.ShapeOf(m.Type())
	if !ir.IsInteger(ir.ElementType(m.Type()), 1) || !ir.ShapeEqual(vs, ms) {
		return ir.OpError(op, "mask must be i1 with the shape of the value (%s), got %s", ir.TypeString(MaskType(value)), ir.TypeString(m.Type()))
	}
	return nil
}

func verifyBoundaryCheck(op *ir.Operation) error {
	a := op.Attr("boundaryCheck")
	if a == nil {
		return nil
	}
	bc, ok := a.(ir.DenseArrayAttr)
	if !ok {
		return ir.OpError(op, "'boundaryCheck' must be an array<i32: ...>")
	}
	shape, _ := opfmt.ShapeOf(ptrPointee(op.Operand(0).Type()))
	for _, d := range bc.Ints {
		if d < 0 || int(d) >= len(shape) {
			return ir.OpError(op, "boundaryCheck dimension %d out of range for a block of rank %d", d, len(shape))
		}
	}
	return nil
}

func ptrPointee(t ir.Type) ir.Type {
	if pt, ok := t.(PointerType); ok {
		return pt.Pointee
	}
	return nil
}

// parseStore reads
//
//	$ptr, $value (, $mask)? oilist(cacheModifier = $cache | evictionPolicy = $evict) attr-dict : type($ptr)
func parseStore(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) < 2 || len(us) > 3 {
		return p.Errorf("expected 2 or 3 operands (ptr, value, mask), got %d", len(us))
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
	loc := p.Loc()
	pt, err := ParseTypeOrStrippedPointer(p)
	if err != nil {
		return err
	}
	val, ok := StoreValueType(pt)
	if !ok {
		return ir.Errorf(loc, "expected a pointer or a tensor of pointers, got %s", ir.TypeString(pt))
	}
	vs, err := p.ResolveOperands(us, []ir.Type{pt, val, MaskType(val)}[:len(us)])
	st.Operands = vs
	return err
}

// printStore writes `$ptr, $value (, $mask)? oilist(...) attr-dict : type($ptr)`.
func printStore(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printMemKeywords(p, op)
	p.PrintOptionalAttrDict(memAttrDict(op), memElided(op)...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func verifyStore(op *ir.Operation) error {
	if op.NumOperands() < 2 || op.NumOperands() > 3 || op.NumResults() != 0 {
		return ir.OpError(op, "expects 2 or 3 operands (ptr, value, mask) and no result")
	}
	pt := op.Operand(0).Type()
	want, ok := StoreValueType(pt)
	if !ok {
		return ir.OpError(op, "operand #0 must be a pointer, a tensor of pointers or a block pointer, got %s", ir.TypeString(pt))
	}
	if v := op.Operand(1).Type(); !ir.TypeEqual(v, want) {
		return ir.OpError(op, "value type %s does not match the type %s stored through %s", ir.TypeString(v), ir.TypeString(want), ir.TypeString(pt))
	}
	if op.NumOperands() == 3 {
		if err := verifyMask(op, op.Operand(2), want); err != nil {
			return err
		}
	}
	if err := verifyEnumAttr[CacheModifier](op, "cache"); err != nil {
		return err
	}
	if err := verifyEnumAttr[EvictionPolicy](op, "evict"); err != nil {
		return err
	}
	return verifyBoundaryCheck(op)
}

// MakeTensorPtrBaseType returns the base pointer type that a
// tt.make_tensor_ptr producing block pointer t takes: `!tt.ptr<T>`, or
// `!tt.ptr<T, #tt.sparse<"NV24">>` for a sparse block (getMaybeSparseTensorPointerType).
func MakeTensorPtrBaseType(t PointerType) (PointerType, bool) {
	rt, ok := t.Pointee.(ir.RankedTensorType)
	if !ok {
		return PointerType{}, false
	}
	base := Ptr(rt.Elem)
	if sp, ok := rt.Encoding.(SparseAttr); ok {
		base.Encoding = sp
	}
	return base, true
}

// parseMakeTensorPtr reads
//
//	$base, [$shape], [$strides], [$offsets] attr-dict : type($result)
//
// with the result in stripped form `<tensor<…>>`; shape and strides are
// i64, offsets i32, and the base type follows from the result.
func parseMakeTensorPtr(p ir.OpParser, st *ir.OpState) error {
	base, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var lists [3][]ir.UnresolvedOperand
	for i := range lists {
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		if lists[i], err = opfmt.ParseBracketOperands(p); err != nil {
			return err
		}
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	loc := p.Loc()
	rt, err := ParsePointerType(p)
	if err != nil {
		return err
	}
	bt, ok := MakeTensorPtrBaseType(rt)
	if !ok {
		return ir.Errorf(loc, "expected a block pointer type !tt.ptr<tensor<...>>, got %s", ir.TypeString(rt))
	}
	bv, err := p.ResolveOperand(base, bt)
	if err != nil {
		return err
	}
	st.Operands = []*ir.Value{bv}
	for i, t := range []ir.Type{ir.I64, ir.I64, ir.I32} {
		vs, err := opfmt.ResolveSame(p, lists[i], t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, vs...)
	}
	st.ResultTypes = []ir.Type{rt}
	return nil
}

// MakeTensorPtrOperands splits a tt.make_tensor_ptr's operands into base,
// shape, strides and offsets (three equal-size variadic groups).
func MakeTensorPtrOperands(op *ir.Operation) (base *ir.Value, shape, strides, offsets []*ir.Value) {
	ops := op.Operands()
	if len(ops) == 0 {
		return nil, nil, nil, nil
	}
	n := (len(ops) - 1) / 3
	return ops[0], ops[1 : 1+n], ops[1+n : 1+2*n], ops[1+2*n : 1+3*n]
}

// printMakeTensorPtr writes `$base, [$shape], [$strides], [$offsets] attr-dict : <tensor<…>>`.
func printMakeTensorPtr(p *ir.Printer, op *ir.Operation) {
	base, shape, strides, offsets := MakeTensorPtrOperands(op)
	p.WriteString(" ")
	p.PrintOperand(base)
	for _, l := range [][]*ir.Value{shape, strides, offsets} {
		p.WriteString(", ")
		opfmt.PrintBracketOperands(p, l)
	}
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	printStrippedPointer(p, op.Result(0).Type())
}

func printStrippedPointer(p *ir.Printer, t ir.Type) {
	if pt, ok := t.(PointerType); ok {
		PrintPointerBody(p, pt)
		return
	}
	p.PrintType(t)
}

func verifyMakeTensorPtr(op *ir.Operation) error {
	if op.NumOperands() < 1 || (op.NumOperands()-1)%3 != 0 {
		return ir.OpError(op, "expects a base and equal numbers of shape, stride and offset operands")
	}
	rt, ok := op.Result(0).Type().(PointerType)
	if !ok || !rt.IsBlockPointer() {
		return ir.OpError(op, "result must be a block pointer !tt.ptr<tensor<...>>")
	}
	base, shape, strides, offsets := MakeTensorPtrOperands(op)
	want, _ := MakeTensorPtrBaseType(rt)
	if !ir.TypeEqual(base.Type(), want) {
		return ir.OpError(op, "base type %s must be %s for a result of type %s", ir.TypeString(base.Type()), ir.TypeString(want), ir.TypeString(rt))
	}
	block := rt.Pointee.(ir.RankedTensorType)
	if len(shape) != len(block.Shape) {
		return ir.OpError(op, "expects %d shape, stride and offset operands for a block of rank %d, got %d", len(block.Shape), len(block.Shape), len(shape))
	}
	if err := allOfType(op, shape, ir.I64, "shape"); err != nil {
		return err
	}
	if err := allOfType(op, strides, ir.I64, "strides"); err != nil {
		return err
	}
	if err := allOfType(op, offsets, ir.I32, "offsets"); err != nil {
		return err
	}
	if o := TransOrder(op); !isPermutation(o, len(block.Shape)) {
		return ir.OpError(op, "'order' must be a permutation of the %d block dimensions", len(block.Shape))
	}
	return nil
}

func allOfType(op *ir.Operation, vs []*ir.Value, t ir.Type, what string) error {
	for _, v := range vs {
		if !ir.TypeEqual(v.Type(), t) {
			return ir.OpError(op, "%s operands must be %s, got %s", what, ir.TypeString(t), ir.TypeString(v.Type()))
		}
	}
	return nil
}

// parseAdvance reads `$ptr, [$offsets] attr-dict : type($result)` (stripped
// pointer type; offsets are i32).
func parseAdvance(p ir.OpParser, st *ir.OpState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
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
	t, err := ParsePointerType(p)
	if err != nil {
		return err
	}
	pv, err := p.ResolveOperand(ptr, t)
	if err != nil {
		return err
	}
	ov, err := opfmt.ResolveSame(p, offs, ir.I32)
	st.Operands, st.ResultTypes = append([]*ir.Value{pv}, ov...), []ir.Type{t}
	return err
}

// printAdvance writes `$ptr, [$offsets] attr-dict : <tensor<…>>`.
func printAdvance(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	opfmt.PrintBracketOperands(p, op.Operands()[1:])
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	printStrippedPointer(p, op.Result(0).Type())
}

func verifyAdvance(op *ir.Operation) error {
	pt, ok := op.Operand(0).Type().(PointerType)
	if !ok || !pt.IsBlockPointer() || !ir.TypeEqual(pt, op.Result(0).Type()) {
		return ir.OpError(op, "pointer and result must be the same block pointer type")
	}
	rank := len(pt.Pointee.(ir.RankedTensorType).Shape)
	if op.NumOperands()-1 != rank {
		return ir.OpError(op, "expects %d offsets for a block of rank %d, got %d", rank, rank, op.NumOperands()-1)
	}
	return allOfType(op, op.Operands()[1:], ir.I32, "offsets")
}

func parseSemScope(p ir.OpParser, st *ir.OpState) error {
	sem, err := ParseEnumKeyword[MemSemantic](p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	scope, err := ParseEnumKeyword[MemSyncScope](p)
	if err != nil {
		return err
	}
	st.AddAttr("sem", EnumOf(sem))
	st.AddAttr("scope", EnumOf(scope))
	return p.ParsePunct(",")
}

func printSemScope(p *ir.Printer, op *ir.Operation) {
	sem, _ := EnumProp(op, "sem", SemAcqRel)
	scope, _ := EnumProp(op, "scope", ScopeGPU)
	p.WriteString(sem.String() + ", " + scope.String() + ", ")
}

// parseAtomicRMW reads
//
//	$atomic_rmw_op, $sem, $scope, $ptr, $val (, $mask)? attr-dict : functional-type(operands, $result)
func parseAtomicRMW(p ir.OpParser, st *ir.OpState) error {
	rmw, err := ParseEnumKeyword[RMWOp](p)
	if err != nil {
		return err
	}
	st.AddAttr("atomic_rmw_op", EnumOf(rmw))
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := parseSemScope(p, st); err != nil {
		return err
	}
	return opfmt.ParseFunctional(p, st)
}

// printAtomicRMW writes `$atomic_rmw_op, $sem, $scope, $ptr, $val (, $mask)? attr-dict : functional-type(operands, $result)`.
func printAtomicRMW(p *ir.Printer, op *ir.Operation) {
	rmw, _ := EnumProp(op, "atomic_rmw_op", RMWAdd)
	p.WriteString(" " + rmw.String() + ", ")
	printSemScope(p, op)
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op, "atomic_rmw_op", "scope", "sem")
	opfmt.PrintFunctionalType(p, op)
}

func verifyAtomicRMW(op *ir.Operation) error {
	if op.NumOperands() < 2 || op.NumOperands() > 3 || op.NumResults() != 1 {
		return ir.OpError(op, "expects ptr, val, optional mask and one result")
	}
	for _, e := range []error{verifyEnumAttr[RMWOp](op, "atomic_rmw_op"), verifyEnumAttr[MemSemantic](op, "sem"),
		verifyEnumAttr[MemSyncScope](op, "scope")} {
		if e != nil {
			return e
		}
	}
	return verifyAtomicTypes(op, op.Operand(1))
}

func verifyAtomicTypes(op *ir.Operation, val *ir.Value) error {
	want, ok := LoadResultType(op.Operand(0).Type())
	if !ok {
		return ir.OpError(op, "operand #0 must be a pointer or a tensor of pointers, got %s", ir.TypeString(op.Operand(0).Type()))
	}
	if !ir.TypeEqual(val.Type(), want) || !ir.TypeEqual(op.Result(0).Type(), want) {
		return ir.OpError(op, "value and result types must be the pointee type %s", ir.TypeString(want))
	}
	return nil
}

// parseAtomicCAS reads `$sem, $scope, $ptr, $cmp, $val attr-dict : functional-type(operands, $result)`.
func parseAtomicCAS(p ir.OpParser, st *ir.OpState) error {
	if err := parseSemScope(p, st); err != nil {
		return err
	}
	return opfmt.ParseFunctional(p, st)
}

// printAtomicCAS writes `$sem, $scope, $ptr, $cmp, $val attr-dict : functional-type(operands, $result)`.
func printAtomicCAS(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	printSemScope(p, op)
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op, "scope", "sem")
	opfmt.PrintFunctionalType(p, op)
}

func verifyAtomicCAS(op *ir.Operation) error {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return ir.OpError(op, "expects ptr, cmp, val and one result")
	}
	if err := verifyEnumAttr[MemSemantic](op, "sem"); err != nil {
		return err
	}
	if err := verifyEnumAttr[MemSyncScope](op, "scope"); err != nil {
		return err
	}
	if !ir.TypeEqual(op.Operand(1).Type(), op.Operand(2).Type()) {
		return ir.OpError(op, "cmp and val must have the same type")
	}
	return verifyAtomicTypes(op, op.Operand(2))
}

func verifyBitcast(op *ir.Operation) error {
	from, to := op.Operand(0).Type(), op.Result(0).Type()
	fs, _ := opfmt.ShapeOf(from)
	ts, _ := opfmt.ShapeOf(to)
	if !ir.ShapeEqual(fs, ts) {
		return ir.OpError(op, "source and result must have the same shape")
	}
	if a, b := BitWidth(ir.ElementType(from)), BitWidth(ir.ElementType(to)); a != b {
		return ir.OpError(op, "source and result element types must have the same bit width (%d vs %d)", a, b)
	}
	return nil
}

// parseMakeTensorDesc reads `$base, [$shape], [$strides] attr-dict : type($base), type($result)`
// (shape i32, strides i64).
func parseMakeTensorDesc(p ir.OpParser, st *ir.OpState) error {
	base, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var lists [2][]ir.UnresolvedOperand
	for i := range lists {
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		if lists[i], err = opfmt.ParseBracketOperands(p); err != nil {
			return err
		}
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	bt, err := ParseTypeOrStrippedPointer(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	bv, err := p.ResolveOperand(base, bt)
	if err != nil {
		return err
	}
	sv, err := opfmt.ResolveSame(p, lists[0], ir.I32)
	if err != nil {
		return err
	}
	tv, err := opfmt.ResolveSame(p, lists[1], ir.I64)
	st.Operands = append(append([]*ir.Value{bv}, sv...), tv...)
	st.ResultTypes = []ir.Type{rt}
	return err
}

// printMakeTensorDesc writes `$base, [$shape], [$strides] attr-dict : type($base), type($result)`.
func printMakeTensorDesc(p *ir.Printer, op *ir.Operation) {
	ops := op.Operands()
	n := (len(ops) - 1) / 2
	p.WriteString(" ")
	p.PrintOperand(ops[0])
	p.WriteString(", ")
	opfmt.PrintBracketOperands(p, ops[1:1+n])
	p.WriteString(", ")
	opfmt.PrintBracketOperands(p, ops[1+n:])
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(ops[0].Type())
	p.WriteString(", ")
	p.PrintType(op.Result(0).Type())
}

// parseDescLoad reads `$desc[$indices] oilist(...) attr-dict : type($desc) -> type($result)`.
func parseDescLoad(p ir.OpParser, st *ir.OpState) error {
	desc, err := p.ParseOperand()
	if err != nil {
		return err
	}
	idx, err := opfmt.ParseBracketOperands(p)
	if err != nil {
		return err
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
	dt, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	dv, err := p.ResolveOperand(desc, dt)
	if err != nil {
		return err
	}
	iv, err := opfmt.ResolveSame(p, idx, ir.I32)
	st.Operands, st.ResultTypes = append([]*ir.Value{dv}, iv...), []ir.Type{rt}
	return err
}

// printDescLoad writes `$desc[$indices] oilist(...) attr-dict : type($desc) -> type($result)`.
func printDescLoad(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	opfmt.PrintBracketOperands(p, op.Operands()[1:])
	printMemKeywords(p, op)
	opfmt.PrintAttrDict(p, op, memElided(op)...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// parseDescStore reads `$desc[$indices], $src attr-dict : type($desc), type($src)`.
func parseDescStore(p ir.OpParser, st *ir.OpState) error {
	desc, err := p.ParseOperand()
	if err != nil {
		return err
	}
	idx, err := opfmt.ParseBracketOperands(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 2 {
		return p.Errorf("expected the descriptor type and the source type")
	}
	dv, err := p.ResolveOperand(desc, ts[0])
	if err != nil {
		return err
	}
	iv, err := opfmt.ResolveSame(p, idx, ir.I32)
	if err != nil {
		return err
	}
	sv, err := p.ResolveOperand(src, ts[1])
	st.Operands = append(append([]*ir.Value{dv}, iv...), sv)
	return err
}

// printDescStore writes `$desc[$indices], $src attr-dict : type($desc), type($src)`.
func printDescStore(p *ir.Printer, op *ir.Operation) {
	n := op.NumOperands()
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	opfmt.PrintBracketOperands(p, op.Operands()[1:n-1])
	p.WriteString(", ")
	p.PrintOperand(op.Operand(n - 1))
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(n - 1).Type())
}
