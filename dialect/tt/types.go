package tt

import (
	"strconv"

	"github.com/sparsetriton/sp/ir"
)

// DefaultAddrSpace is the global address space; `!tt.ptr<T, 1>` prints as `!tt.ptr<T>`.
const DefaultAddrSpace = 1

// PointerType is `!tt.ptr<Pointee[, AddrSpace][, Encoding]>`. Pointee is a
// scalar type (a plain pointer) or a ranked tensor (a block pointer, Triton
// ≤3.6). Encoding is nil or a SparseAttr (the 2:4 fork's sparse pointer).
// Use Ptr to get the default address space.
type PointerType struct {
	Pointee   ir.Type
	AddrSpace int
	Encoding  ir.Attribute
}

// Ptr returns `!tt.ptr<pointee>` in the global address space.
func Ptr(pointee ir.Type) PointerType {
	return PointerType{Pointee: pointee, AddrSpace: DefaultAddrSpace}
}

// Print writes `!tt.ptr<T[, addrspace][, #enc]>` (addrspace 1 elided).
func (t PointerType) Print(p *ir.Printer) {
	p.WriteString("!tt.ptr")
	PrintPointerBody(p, t)
}

// PrintPointerBody writes the stripped form `<T[, addrspace][, #enc]>` used by
// ODS formats whose type constraint is a single class (`tt.make_tensor_ptr`,
// `tt.advance`).
func PrintPointerBody(p *ir.Printer, t PointerType) {
	p.WriteString("<")
	p.PrintType(t.Pointee)
	if t.AddrSpace != DefaultAddrSpace {
		p.WriteString(", " + strconv.Itoa(t.AddrSpace))
	}
	if t.Encoding != nil {
		p.WriteString(", ")
		p.PrintAttr(t.Encoding)
	}
	p.WriteString(">")
}

// Equal compares pointee, address space and encoding.
func (t PointerType) Equal(o ir.Type) bool {
	u, ok := o.(PointerType)
	return ok && t.AddrSpace == u.AddrSpace && ir.TypeEqual(t.Pointee, u.Pointee) && ir.AttrEqual(t.Encoding, u.Encoding)
}

// IsBlockPointer reports whether the pointee is a ranked tensor.
func (t PointerType) IsBlockPointer() bool {
	_, ok := t.Pointee.(ir.RankedTensorType)
	return ok
}

// ParsePointerBody reads `<T[, addrspace][, #tt.sparse<...>]>`, the part
// after `!tt.ptr` (grammar of sparse-fork.md §1.2).
func ParsePointerBody(p ir.AsmParser) (PointerType, error) {
	t := PointerType{AddrSpace: DefaultAddrSpace}
	if err := p.ParsePunct("<"); err != nil {
		return t, err
	}
	var err error
	if t.Pointee, err = p.ParseType(); err != nil {
		return t, err
	}
	if p.ParseOptionalPunct(",") {
		if p.PeekInteger() {
			loc := p.Loc()
			as, err := p.ParseInteger()
			if err != nil {
				return t, err
			}
			if as < 0 || as > 1<<24 {
				return t, ir.Errorf(loc, "invalid address space %d", as)
			}
			t.AddrSpace = int(as)
			if !p.ParseOptionalPunct(",") {
				return t, p.ParsePunct(">")
			}
		}
		loc := p.Loc()
		enc, err := p.ParseAttribute(nil)
		if err != nil {
			return t, err
		}
		if err := verifyPointerEncoding(t.Pointee, enc); err != nil {
			return t, ir.Errorf(loc, "%s", err.Error())
		}
		t.Encoding = enc
	}
	return t, p.ParsePunct(">")
}

// ParsePointerType reads a pointer type in either spelling: `!tt.ptr<...>` or
// the stripped `<...>`.
func ParsePointerType(p ir.AsmParser) (PointerType, error) {
	if p.PeekPunct("<") {
		return ParsePointerBody(p)
	}
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return PointerType{}, err
	}
	pt, ok := t.(PointerType)
	if !ok {
		return PointerType{}, ir.Errorf(loc, "expected a !tt.ptr type, got %s", ir.TypeString(t))
	}
	return pt, nil
}

// ParseTypeOrStrippedPointer reads any type; a leading `<` starts a stripped
// pointer type.
func ParseTypeOrStrippedPointer(p ir.AsmParser) (ir.Type, error) {
	if p.PeekPunct("<") {
		return ParsePointerBody(p)
	}
	return p.ParseType()
}

// PointeeOf returns the pointee of a pointer (or the element pointer of a
// tensor of pointers).
func PointeeOf(t ir.Type) (ir.Type, bool) {
	switch x := t.(type) {
	case PointerType:
		return x.Pointee, true
	case ir.RankedTensorType:
		if pt, ok := x.Elem.(PointerType); ok {
			return pt.Pointee, true
		}
	}
	return nil, false
}

// IsPtrLike reports whether t is a pointer or a tensor of pointers.
func IsPtrLike(t ir.Type) bool {
	_, ok := ir.ElementType(t).(PointerType)
	return ok
}

// MemorySpace is implemented by memory-space attributes (such as
// `#triton_gpu.shared_memory`) so that a memdesc parser can tell them from
// encodings.
type MemorySpace interface {
	ir.Attribute
	IsMemorySpace()
}

// MemDescType is a shared-memory descriptor:
// `!tt.memdesc<64x16xf16, #shared, #triton_gpu.shared_memory, mutable>` in
// Triton 3.1, `!ttg.memdesc<…>` from 3.2. It lives here (not in ttgpu) so
// that tt.trans/tt.dot can accept it without an import cycle. AllocShape is
// printed only when set and different from Shape.
type MemDescType struct {
	Shape       []int64
	Elem        ir.Type
	Encoding    ir.Attribute
	MemorySpace ir.Attribute
	Mutable     bool
	AllocShape  []int64
}

// Print writes `!tt.memdesc<…>`, or `!ttg.memdesc<…>` when the printer
// spells triton_gpu as ttg (3.2+ output).
func (t MemDescType) Print(p *ir.Printer) {
	ns := "tt"
	if g := p.Namespace("triton_gpu"); g != "triton_gpu" {
		ns = g
	}
	p.WriteString("!" + ns + ".memdesc")
	PrintMemDescBody(p, t)
}

// PrintMemDescBody writes `<64x16xf16[, #enc][, #space][, mutable][, 2x64x16]>`.
func PrintMemDescBody(p *ir.Printer, t MemDescType) {
	p.WriteString("<")
	ir.PrintShape(p, t.Shape)
	p.PrintType(t.Elem)
	if t.Encoding != nil {
		p.WriteString(", ")
		p.PrintAttr(t.Encoding)
	}
	if t.MemorySpace != nil {
		p.WriteString(", ")
		p.PrintAttr(t.MemorySpace)
	}
	if t.Mutable {
		p.WriteString(", mutable")
	}
	if len(t.AllocShape) > 0 && !ir.ShapeEqual(t.AllocShape, t.Shape) {
		p.WriteString(", " + ir.ShapeString(t.AllocShape))
	}
	p.WriteString(">")
}

// Equal compares all fields (an AllocShape equal to Shape counts as absent).
func (t MemDescType) Equal(o ir.Type) bool {
	u, ok := o.(MemDescType)
	return ok && ir.ShapeEqual(t.Shape, u.Shape) && ir.TypeEqual(t.Elem, u.Elem) &&
		ir.AttrEqual(t.Encoding, u.Encoding) && ir.AttrEqual(t.MemorySpace, u.MemorySpace) &&
		t.Mutable == u.Mutable && ir.ShapeEqual(t.allocShape(), u.allocShape())
}

func (t MemDescType) allocShape() []int64 {
	if len(t.AllocShape) == 0 {
		return t.Shape
	}
	return t.AllocShape
}

// ParseMemDescBody reads `<64x16xf16[, #enc][, #space][, mutable][, 2x64x16]>`.
func ParseMemDescBody(p ir.AsmParser) (MemDescType, error) {
	var t MemDescType
	start := p.Loc()
	if err := p.ParsePunct("<"); err != nil {
		return t, err
	}
	var err error
	if t.Shape, t.Elem, err = p.ParseDimensionsAndType(); err != nil {
		return t, err
	}
	for p.ParseOptionalPunct(",") {
		loc := p.Loc()
		switch {
		case p.ParseOptionalKeyword("mutable"):
			if t.Mutable {
				return t, ir.Errorf(loc, "duplicate 'mutable' in memdesc type")
			}
			t.Mutable = true
		case p.PeekInteger():
			if t.AllocShape, err = parseStaticDims(p); err != nil {
				return t, err
			}
		default:
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return t, err
			}
			if err := t.setAttr(a); err != nil {
				return t, ir.Errorf(loc, "%s", err.Error())
			}
		}
	}
	if v, ok := t.Encoding.(MemDescEncoding); ok {
		if err := v.VerifyMemDesc(t.Shape, t.AllocShape); err != nil {
			return t, ir.Errorf(start, "%s", err.Error())
		}
	}
	return t, p.ParsePunct(">")
}

// MemDescEncoding is implemented by shared-memory layouts that constrain
// the shape of the memdesc they annotate; the parser reports the error at
// the type.
type MemDescEncoding interface {
	VerifyMemDesc(shape, allocShape []int64) error
}

func (t *MemDescType) setAttr(a ir.Attribute) error {
	if _, isSpace := a.(MemorySpace); isSpace || t.Encoding != nil {
		if t.MemorySpace != nil {
			return errorString("memdesc type has more than one memory space")
		}
		t.MemorySpace = a
		return nil
	}
	t.Encoding = a
	return nil
}

// parseStaticDims reads `2x64x16` (an integer followed by `xN` identifiers,
// as MLIR's lexer splits it).
func parseStaticDims(p ir.AsmParser) ([]int64, error) {
	first, err := p.ParseInteger()
	if err != nil {
		return nil, err
	}
	dims := []int64{first}
	for {
		kw, ok := p.PeekKeyword()
		if !ok || len(kw) < 2 || kw[0] != 'x' {
			return dims, nil
		}
		loc := p.Loc()
		if _, err := p.ParseIdentifier(); err != nil {
			return nil, err
		}
		for _, part := range splitX(kw[1:]) {
			d, err := strconv.ParseInt(part, 10, 64)
			if err != nil || d < 0 {
				return nil, ir.Errorf(loc, "invalid dimension list 'x%s'", kw[1:])
			}
			dims = append(dims, d)
		}
	}
}

func splitX(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 'x' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// TensorDescType is a TMA tensor descriptor `!tt.tensordesc<tensor<128x64xf16[, #enc]>>`.
// The newest spelling `!tt.tensordesc<128x64xf16[, #enc]>` is accepted too.
type TensorDescType struct {
	Block ir.RankedTensorType
}

// Print writes `!tt.tensordesc<tensor<…>>`.
func (t TensorDescType) Print(p *ir.Printer) {
	p.WriteString("!tt.tensordesc<")
	p.PrintType(t.Block)
	p.WriteString(">")
}

// Equal compares the block types.
func (t TensorDescType) Equal(o ir.Type) bool {
	u, ok := o.(TensorDescType)
	return ok && t.Block.Equal(u.Block)
}

func parseTensorDesc(p ir.AsmParser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	var block ir.RankedTensorType
	if kw, ok := p.PeekKeyword(); ok && kw == "tensor" {
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		rt, ok := t.(ir.RankedTensorType)
		if !ok {
			return nil, ir.Errorf(loc, "expected a ranked tensor type in !tt.tensordesc")
		}
		block = rt
	} else {
		shape, elem, err := p.ParseDimensionsAndType()
		if err != nil {
			return nil, err
		}
		block = ir.NewTensor(shape, elem)
		if p.ParseOptionalPunct(",") {
			if block.Encoding, err = p.ParseAttribute(nil); err != nil {
				return nil, err
			}
		}
	}
	return TensorDescType{Block: block}, p.ParsePunct(">")
}

type errorString string

func (e errorString) Error() string { return string(e) }

// ShapeOf returns the shape of a ranked tensor or memdesc.
func ShapeOf(t ir.Type) ([]int64, bool) {
	switch x := t.(type) {
	case ir.RankedTensorType:
		return x.Shape, true
	case MemDescType:
		return x.Shape, true
	}
	return nil, false
}

// ElemOf returns the element type of a tensor or memdesc, or t itself.
func ElemOf(t ir.Type) ir.Type {
	if m, ok := t.(MemDescType); ok {
		return m.Elem
	}
	return ir.ElementType(t)
}

// EncodingOf returns the encoding of a tensor or memdesc, or nil.
func EncodingOf(t ir.Type) ir.Attribute {
	switch x := t.(type) {
	case ir.RankedTensorType:
		return x.Encoding
	case MemDescType:
		return x.Encoding
	}
	return nil
}

// BitWidth returns the storage width of a scalar int/float type (pointers 64), or 0.
func BitWidth(t ir.Type) int {
	switch x := t.(type) {
	case ir.IntegerType:
		return x.Width
	case ir.FloatType:
		return x.Width()
	case PointerType:
		return 64
	case ir.IndexType:
		return 64
	}
	return 0
}
