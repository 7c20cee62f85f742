package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// AttrOperandSegmentSizes records the sizes of optional operand groups
// (tt.load: ptr, mask, other), as MLIR's AttrSizedOperandSegments.
const AttrOperandSegmentSizes = "operandSegmentSizes"

// Type constraints and derived types of the memory ops.
var (
	PtrLike  = ods.Type("a pointer or a tensor of pointers", IsPtrLike)
	BlockPtr = ods.Type("a block pointer !tt.ptr<tensor<...>>", func(t ir.Type) bool {
		pt, ok := t.(PointerType)
		return ok && pt.IsBlockPointer()
	})
	// strippedPtr writes a block pointer type as `<tensor<...>>`.
	strippedPtr = &ods.TypeSyntax{Parse: func(p ir.AsmParser) (ir.Type, error) { return ParsePointerType(p) }, Print: printStrippedPointer}
	// lenientPtr also accepts the stripped form.
	lenientPtr = &ods.TypeSyntax{Parse: ParseTypeOrStrippedPointer}
	loaded     = ods.From("ptr", "the type loaded through $ptr", LoadResultType)
	stored     = ods.From("ptr", "the type stored through $ptr", StoreValueType)
	maskOf     = func(of string) *ods.Infer {
		return ods.From(of, "i1 with the shape of $"+of, func(t ir.Type) (ir.Type, bool) { return MaskType(t), true })
	}
	// denseResult and denseMask type the mask and 'other' of tt.load: those
	// of a 2:4 tile (#tt.sparse result) are ordinary dense tensors.
	denseResult   = ods.From("result", "the type of $result without #tt.sparse", func(t ir.Type) (ir.Type, bool) { return denseOf(t), true })
	denseMask     = ods.From("result", "i1 with the shape of $result", func(t ir.Type) (ir.Type, bool) { return MaskType(denseOf(t)), true })
	i32s, i64s    = ods.Fixed(ir.I32), ods.Fixed(ir.I64)
	boundaryCheck = ods.DefAttr("boundaryCheck", ods.I32Array, ir.I32Array())
)

// MemKeywords is the format of the cache and eviction keywords of memory
// ops (attributes MemAttrs).
const MemKeywords = "oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)"

// MemAttrs declares the `cache` and `evict` attributes of memory ops,
// followed by extra.
func MemAttrs(extra ...ods.Attr) []ods.Attr {
	return append([]ods.Attr{ods.DefAttr("cache", EnumKind[CacheModifier](), EnumOf(CacheNone)),
		ods.DefAttr("evict", EnumKind[EvictionPolicy](), EnumOf(EvictNormal))}, extra...)
}

// IsVolatile declares the `isVolatile` flag of loads (default false).
var IsVolatile = ods.DefAttr("isVolatile", ods.Bool, ir.BoolAttr(false))

func memOps() []*ir.OpDef {
	cast := func(name, summary string, from, to ods.TypeConstraint, verify func(*ir.Operation) error) ods.Op {
		return ods.Op{Name: name, Summary: summary, Traits: ir.Pure | ir.Elementwise,
			Operands: []ods.Value{ods.Arg("src", from)}, Results: []ods.Value{ods.Arg("result", to)},
			Format: cast, Verify: verify}
	}
	return ods.Defs(
		ods.Op{Name: "tt.addptr", Summary: "pointer plus element offset", Traits: ir.Pure | ir.Elementwise,
			Operands: []ods.Value{ods.Arg("ptr", PtrLike).Like(ods.SameAs("result")), ods.Arg("offset", ods.IntLike)},
			Results:  []ods.Value{ods.Arg("result", PtrLike)},
			Format:   "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)", Verify: verifyAddPtr},
		ods.Op{Name: "tt.load", Summary: "load from a pointer, tensor of pointers or block pointer",
			Operands: []ods.Value{ods.Arg("ptr", PtrLike).Spelled(lenientPtr), ods.Opt("mask", ods.I1Like).Like(denseMask),
				ods.Opt("other", ods.AnyType).Like(denseResult)},
			Results:  []ods.Value{ods.Arg("result", ods.AnyType).Like(loaded)},
			Segments: ods.AttrSized,
			Attrs:    MemAttrs(boundaryCheck, IsVolatile, ods.OptAttr("padding", EnumI32Kind[PaddingOption]())),
			Format:   "$ptr (`,` $mask^)? (`,` $other^)? " + MemKeywords + " attr-dict `:` type($ptr)",
			Verify:   verifyBoundaryCheck},
		ods.Op{Name: "tt.store", Summary: "store through a pointer, tensor of pointers or block pointer",
			Operands: []ods.Value{ods.Arg("ptr", PtrLike).Spelled(lenientPtr), ods.Arg("value", ods.AnyType).Like(stored),
				ods.Opt("mask", ods.I1Like).Like(maskOf("value"))},
			Attrs:  MemAttrs(boundaryCheck),
			Format: "$ptr `,` $value (`,` $mask^)? " + MemKeywords + " attr-dict `:` type($ptr)",
			Verify: verifyBoundaryCheck},
		ods.Op{Name: "tt.make_tensor_ptr", Summary: "make a block pointer", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("base", PtrLike).Like(ods.From("result", "the base pointer type of $result", makeTensorPtrBase)),
				ods.Var("shape", ods.I64T).Like(i64s), ods.Var("strides", ods.I64T).Like(i64s), ods.Var("offsets", ods.I32T).Like(i32s)},
			Results:  []ods.Value{ods.Arg("result", BlockPtr).Spelled(strippedPtr)},
			Segments: ods.SameSize,
			Attrs:    []ods.Attr{ods.Req("order", ods.I32Array)},
			Format:   "$base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)",
			Verify:   verifyMakeTensorPtr},
		ods.Op{Name: "tt.advance", Summary: "advance a block pointer", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("ptr", BlockPtr).Like(ods.SameAs("result")), ods.Var("offsets", ods.I32T).Like(i32s)},
			Results:  []ods.Value{ods.Arg("result", BlockPtr).Spelled(strippedPtr)},
			Format:   "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)", Verify: verifyAdvance},
		ods.Op{Name: "tt.atomic_rmw", Summary: "atomic read-modify-write",
			Operands: []ods.Value{ods.Arg("ptr", PtrLike), ods.Arg("val", ods.AnyType).Like(loaded), ods.Opt("mask", ods.I1Like).Like(maskOf("val"))},
			Results:  []ods.Value{ods.Arg("result", ods.AnyType).Like(loaded)},
			Attrs: []ods.Attr{ods.Req("atomic_rmw_op", EnumKind[RMWOp]()), ods.Req("sem", EnumKind[MemSemantic]()),
				ods.Req("scope", EnumKind[MemSyncScope]())},
			Format: "$atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` functional-type(operands, $result)"},
		ods.Op{Name: "tt.atomic_cas", Summary: "atomic compare and swap",
			Operands: []ods.Value{ods.Arg("ptr", PtrLike), ods.Arg("cmp", ods.AnyType).Like(loaded.Named("ptr type matches cmp type")),
				ods.Arg("val", ods.AnyType).Like(loaded.Named("ptr type matches value type"))},
			Results: []ods.Value{ods.Arg("result", ods.AnyType).Like(loaded)},
			Attrs:   []ods.Attr{ods.Req("sem", EnumKind[MemSemantic]()), ods.Req("scope", EnumKind[MemSyncScope]())},
			Format:  "$sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` functional-type(operands, $result)"},
		cast("tt.int_to_ptr", "integer to pointer", ods.IntLike, PtrLike, nil),
		cast("tt.ptr_to_int", "pointer to integer", PtrLike, ods.IntLike, nil),
		cast("tt.bitcast", "bitcast between types of equal width", ods.AnyType, ods.AnyType, verifyBitcast),
		ods.Op{Name: "tt.make_tensor_descriptor", Summary: "make a TMA tensor descriptor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("base", PtrLike).Spelled(lenientPtr), ods.Var("shape", ods.I32T).Like(i32s),
				ods.Var("strides", ods.I64T).Like(i64s)},
			Results:  []ods.Value{ods.Arg("result", TensorDesc).Spelled(descSyntax)},
			Segments: ods.SameSize,
			Format:   "$base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)"},
		ods.Op{Name: "tt.descriptor_load", Summary: "load a block through a tensor descriptor",
			Operands: []ods.Value{ods.Arg("desc", ods.AnyType), ods.Var("indices", ods.I32T).Like(i32s)},
			Results:  []ods.Value{ods.Arg("result", ods.Tensor)},
			Attrs:    MemAttrs(),
			Format:   "$desc `[` $indices `]` " + MemKeywords + " attr-dict `:` type($desc) `->` type($result)",
			Verify:   verifyDescLoad},
		ods.Op{Name: "tt.descriptor_store", Summary: "store a block through a tensor descriptor",
			Operands: []ods.Value{ods.Arg("desc", ods.AnyType), ods.Var("indices", ods.I32T).Like(i32s), ods.Arg("src", ods.Tensor)},
			Format:   "$desc `[` $indices `]` `,` $src attr-dict `:` type($desc) `,` type($src)",
			Verify:   verifyDescStore},
	)
}

func makeTensorPtrBase(t ir.Type) (ir.Type, bool) {
	pt, ok := t.(PointerType)
	if !ok {
		return nil, false
	}
	return MakeTensorPtrBaseType(pt)
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

func loadSegments(n int) ir.DenseArrayAttr {
	seg := []int64{1, 0, 0}
	for i := 1; i < n; i++ {
		seg[i] = 1
	}
	return ir.I32Array(seg...)
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

func verifyBitcast(op *ir.Operation) error {
	from, to := op.Operand(0).Type(), op.Result(0).Type()
	fs, _ := opfmt.ShapeOf(from)
	ts, _ := opfmt.ShapeOf(to)
	if !ir.ShapeEqual(fs, ts) {
		return ir.OpError(op, "source and result must have the same shape")
	}
	fe, te := ir.ElementType(from), ir.ElementType(to)
	fp, fIsPtr := fe.(PointerType)
	tp, tIsPtr := te.(PointerType)
	switch {
	case fIsPtr && tIsPtr:
		if fp.AddrSpace != tp.AddrSpace {
			return ir.OpError(op, "Cannot bitcast pointer between different address spaces")
		}
		return nil
	case fIsPtr || tIsPtr:
		return ir.OpError(op, "Cannot bitcast pointer to non-pointer type")
	}
	if a, b := BitWidth(fe), BitWidth(te); a != b {
		return ir.OpError(op, "Cannot bitcast data-type of size %d to data-type of size %d", a, b)
	}
	return nil
}

// denseOf is t without a #tt.sparse encoding: the mask and 'other' of a
// masked load of a 2:4 tile are ordinary dense tensors of the tile's shape.
func denseOf(t ir.Type) ir.Type {
	if rt, ok := t.(ir.RankedTensorType); ok && IsSparseTensor(rt) {
		return ir.NewTensor(rt.Shape, rt.Elem)
	}
	return t
}
