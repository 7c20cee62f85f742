package ir

import (
	"strconv"
	"strings"
)

// Type is an immutable IR type. Types are compared structurally with Equal;
// two types that print the same are Equal.
type Type interface {
	// Print writes the full spelling (e.g. `!tt.ptr<f16>`, `tensor<4xf32>`).
	Print(p *Printer)
	// Equal reports structural equality.
	Equal(Type) bool
}

// TypesEqual compares two type lists element-wise.
func TypesEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypeEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TypeEqual is a nil-safe a.Equal(b).
func TypeEqual(a, b Type) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(b)
}

// Signedness of an integer type.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width int
	Sign  Signedness
}

// Common integer types.
var (
	I1  = IntegerType{Width: 1}
	I8  = IntegerType{Width: 8}
	I16 = IntegerType{Width: 16}
	I32 = IntegerType{Width: 32}
	I64 = IntegerType{Width: 64}
)

func (t IntegerType) Print(p *Printer) { p.WriteString(t.String()) }
func (t IntegerType) Equal(o Type) bool {
	u, ok := o.(IntegerType)
	return ok && u == t
}
func (t IntegerType) String() string {
	return [...]string{"i", "si", "ui"}[t.Sign] + strconv.Itoa(t.Width)
}

// IndexType is `index`.
type IndexType struct{}

func (IndexType) Print(p *Printer)  { p.WriteString("index") }
func (IndexType) Equal(o Type) bool { _, ok := o.(IndexType); return ok }

// NoneType is `none`.
type NoneType struct{}

func (NoneType) Print(p *Printer)  { p.WriteString("none") }
func (NoneType) Equal(o Type) bool { _, ok := o.(NoneType); return ok }

// FloatKind enumerates the builtin float types.
type FloatKind uint8

const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	TF32
	F80
	F128
	F8E4M3FN
	F8E5M2
	F8E4M3FNUZ
	F8E5M2FNUZ
	F8E4M3B11FNUZ
	F8E4M3
	F8E3M4
	F8E8M0FNU
	F6E2M3FN
	F6E3M2FN
	F4E2M1FN
	numFloatKinds
)

var floatNames = [numFloatKinds]string{
	"f16", "bf16", "f32", "f64", "tf32", "f80", "f128", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
	"f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E4M3", "f8E3M4", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN",
}

var floatWidths = [numFloatKinds]int{16, 16, 32, 64, 19, 80, 128, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 4}

// FloatKindByName maps a spelling such as "bf16" to its kind.
func FloatKindByName(s string) (FloatKind, bool) {
	for i, n := range floatNames {
		if n == s {
			return FloatKind(i), true
		}
	}
	return 0, false
}

// FloatType is a builtin floating-point type.
type FloatType struct{ Kind FloatKind }

// Common float types.
var (
	F16T  = FloatType{F16}
	BF16T = FloatType{BF16}
	F32T  = FloatType{F32}
	F64T  = FloatType{F64}
)

func (t FloatType) Print(p *Printer) { p.WriteString(t.String()) }
func (t FloatType) Equal(o Type) bool {
	u, ok := o.(FloatType)
	return ok && u == t
}
func (t FloatType) String() string { return floatNames[t.Kind] }

// Width is the storage bit width of the type.
func (t FloatType) Width() int { return floatWidths[t.Kind] }

// Dynamic marks a dynamic dimension (`?`) in a tensor shape.
const Dynamic = int64(-1)

// RankedTensorType is tensor<d0xd1x...xElem[, encoding]>.
type RankedTensorType struct {
	Shape    []int64
	Elem     Type
	Encoding Attribute
}

// NewTensor returns a tensor type without encoding.
func NewTensor(shape []int64, elem Type) RankedTensorType {
	return RankedTensorType{Shape: shape, Elem: elem}
}

func (t RankedTensorType) Print(p *Printer) {
	p.WriteString("tensor<")
	PrintShape(p, t.Shape)
	p.PrintType(t.Elem)
	if t.Encoding != nil {
		p.WriteString(", ")
		p.PrintAttr(t.Encoding)
	}
	p.WriteString(">")
}

// PrintShape writes `d0xd1x` (with a trailing x after each dim).
func PrintShape(p *Printer, shape []int64) {
	for _, d := range shape {
		if d == Dynamic {
			p.WriteString("?")
		} else {
			p.WriteString(strconv.FormatInt(d, 10))
		}
		p.WriteString("x")
	}
}

func (t RankedTensorType) Equal(o Type) bool {
	u, ok := o.(RankedTensorType)
	return ok && ShapeEqual(t.Shape, u.Shape) && TypeEqual(t.Elem, u.Elem) && AttrEqual(t.Encoding, u.Encoding)
}

// NumElements returns the product of the static dims (or -1 if dynamic).
func (t RankedTensorType) NumElements() int64 {
	n := int64(1)
	for _, d := range t.Shape {
		if d == Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

// WithShape returns a copy with another shape.
func (t RankedTensorType) WithShape(s []int64) RankedTensorType {
	t.Shape = s
	return t
}

// WithElem returns a copy with another element type.
func (t RankedTensorType) WithElem(e Type) RankedTensorType {
	t.Elem = e
	return t
}

// WithEncoding returns a copy with another encoding (nil removes it).
func (t RankedTensorType) WithEncoding(a Attribute) RankedTensorType {
	t.Encoding = a
	return t
}

// ShapeEqual compares shapes.
func ShapeEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Inputs, Results []Type
}

func (t FunctionType) Print(p *Printer) {
	p.WriteString("(")
	p.PrintTypeList(t.Inputs)
	p.WriteString(") -> ")
	PrintResultTypes(p, t.Results)
}

// PrintResultTypes prints `T` for one non-function result, else `(T, U)`.
func PrintResultTypes(p *Printer, ts []Type) {
	if len(ts) == 1 {
		if _, isFn := ts[0].(FunctionType); !isFn {
			p.PrintType(ts[0])
			return
		}
	}
	p.WriteString("(")
	p.PrintTypeList(ts)
	p.WriteString(")")
}

func (t FunctionType) Equal(o Type) bool {
	u, ok := o.(FunctionType)
	return ok && TypesEqual(t.Inputs, u.Inputs) && TypesEqual(t.Results, u.Results)
}

// OpaqueType is a type of an unregistered dialect, kept as text: `!foo.bar<...>`.
type OpaqueType struct{ Text string }

func (t OpaqueType) Print(p *Printer) { p.WriteString(t.Text) }
func (t OpaqueType) Equal(o Type) bool {
	u, ok := o.(OpaqueType)
	return ok && u.Text == t.Text
}

// TypeString prints t without aliases.
func TypeString(t Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	p := newBarePrinter()
	t.Print(p)
	return p.String()
}

// IsInteger reports whether t is an integer type of the given width (0: any).
func IsInteger(t Type, width int) bool {
	it, ok := t.(IntegerType)
	return ok && (width == 0 || it.Width == width)
}

// IsFloat reports whether t is a builtin float type.
func IsFloat(t Type) bool { _, ok := t.(FloatType); return ok }

// ElementType returns the element type of a tensor, or t itself.
func ElementType(t Type) Type {
	if tt, ok := t.(RankedTensorType); ok {
		return tt.Elem
	}
	return t
}

// IsIntOrIndex reports whether the element type of t is an integer or index.
func IsIntOrIndex(t Type) bool {
	switch ElementType(t).(type) {
	case IntegerType, IndexType:
		return true
	}
	return false
}

// IsFloatLike reports whether the element type of t is a float.
func IsFloatLike(t Type) bool { return IsFloat(ElementType(t)) }

// shapeString is used by verifiers: "32x64".
func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	return strings.Join(parts, "x")
}

// ShapeString formats a shape as "32x64".
func ShapeString(s []int64) string { return shapeString(s) }
