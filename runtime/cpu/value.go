package cpu

import (
	"fmt"
	"math"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/internal/fp8"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/sparse"
	"github.com/x448/float16"
)

// kind classifies an element type.
type kind uint8

const (
	kindFloat kind = iota + 1
	kindInt
	kindPtr
	kindBlockPtr
	kindMemDesc
	kindToken
	kindDesc
)

// elemInfo describes a scalar element type: its class, integer width or
// float type, and the pointee of a pointer.
type elemInfo struct {
	kind  kind
	width int          // integers: bit width (index: 64)
	float ir.FloatType // floats
	ptr   tt.PointerType
}

func classify(t ir.Type) (elemInfo, error) {
	switch x := t.(type) {
	case tt.MemDescType:
		if _, err := classify(x.Elem); err != nil {
			return elemInfo{}, err
		}
		return elemInfo{kind: kindMemDesc}, nil
	case ttgpu.AsyncTokenType:
		return elemInfo{kind: kindToken}, nil
	case tt.TensorDescType:
		return elemInfo{kind: kindDesc}, nil
	}
	switch x := ir.ElementType(t).(type) {
	case ir.FloatType:
		switch x.Kind {
		case ir.F16, ir.BF16, ir.F32, ir.F64, ir.F8E4M3FN, ir.F8E5M2:
			return elemInfo{kind: kindFloat, float: x}, nil
		}
		return elemInfo{}, fmt.Errorf("float type %s is not supported by the CPU interpreter", x)
	case ir.IntegerType:
		if x.Width > 64 {
			return elemInfo{}, fmt.Errorf("integer type %s is wider than 64 bits", x)
		}
		return elemInfo{kind: kindInt, width: x.Width}, nil
	case ir.IndexType:
		return elemInfo{kind: kindInt, width: 64}, nil
	case tt.PointerType:
		if x.IsBlockPointer() {
			return elemInfo{kind: kindBlockPtr, ptr: x}, nil
		}
		return elemInfo{kind: kindPtr, ptr: x}, nil
	}
	return elemInfo{}, fmt.Errorf("type %s is not supported by the CPU interpreter", ir.TypeString(t))
}

// Ptr is a device address in the interpreter: a buffer of a Memory and a
// byte offset into it. Buffer 0 is the null pointer.
type Ptr struct {
	Buf int32
	Off int64
}

// blockPtr is the value of a tt.make_tensor_ptr (a Triton block pointer).
type blockPtr struct {
	base                    Ptr
	shape, strides, offsets []int64
	block                   []int64
	elemSize                int64
}

// Value is one SSA value at run time: a scalar (Shape == nil) or a tensor
// in row-major order. Exactly one of F (floats), I (integers, kept
// sign-extended from their width; i1 true is -1), P (pointers) or B (a
// block pointer) is set.
type Value struct {
	Shape []int
	F     []float64
	I     []int64
	P     []Ptr
	B     *blockPtr
	M     *memView // !tt.memdesc (shared memory)
	D     *tmaDesc // !tt.tensordesc (a tensor map, tma.go)
}

func numElems(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

func shapeOfType(t ir.Type) []int {
	s, ok := tt.ShapeOf(t)
	if !ok {
		return nil
	}
	out := make([]int, len(s))
	for i, d := range s {
		out[i] = int(d)
	}
	return out
}

// newValue allocates a zero value of type t.
func newValue(t ir.Type, ei elemInfo) *Value {
	shape := shapeOfType(t)
	n := numElems(shape)
	v := &Value{Shape: shape}
	switch ei.kind {
	case kindFloat:
		v.F = make([]float64, n)
	case kindInt:
		v.I = make([]int64, n)
	case kindPtr:
		v.P = make([]Ptr, n)
	}
	return v
}

func (v *Value) len() int {
	switch {
	case v.F != nil:
		return len(v.F)
	case v.I != nil:
		return len(v.I)
	case v.P != nil:
		return len(v.P)
	}
	return 1
}

// sext sign-extends the low w bits of x.
func sext(x int64, w int) int64 {
	if w >= 64 {
		return x
	}
	s := uint(64 - w)
	return x << s >> s
}

// zext zero-extends the low w bits of x.
func zext(x int64, w int) uint64 {
	if w >= 64 {
		return uint64(x)
	}
	return uint64(x) & (1<<uint(w) - 1)
}

// roundTo rounds x to the float type t (round to nearest even; f16 and
// bf16 go through float32; f8E4M3FN and f8E5M2 round exactly from
// float64 and saturate to their largest finite value, as the GPU's
// cvt.rn.satfinite does).
func roundTo(x float64, t ir.FloatType) float64 {
	if f, ok := ir.Float8Format(t); ok {
		return f.Round(x, fp8.Saturate)
	}
	switch t.Kind {
	case ir.F32:
		return float64(float32(x))
	case ir.F16:
		return float64(float16.Fromfloat32(float32(x)).Float32())
	case ir.BF16:
		return float64(sparse.BF16ToFloat32(sparse.BF16FromFloat32(float32(x))))
	}
	return x
}

func roundAll(xs []float64, t ir.FloatType) {
	if t.Kind == ir.F64 {
		return
	}
	for i, x := range xs {
		xs[i] = roundTo(x, t)
	}
}

// floatBits returns the storage bits of x in type t.
func floatBits(x float64, t ir.FloatType) uint64 {
	if f, ok := ir.Float8Format(t); ok {
		return uint64(f.Encode(x, fp8.Saturate))
	}
	switch t.Kind {
	case ir.F16:
		return uint64(float16.Fromfloat32(float32(x)).Bits())
	case ir.BF16:
		return uint64(sparse.BF16FromFloat32(float32(x)))
	case ir.F32:
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

// floatFromBits is the inverse of floatBits.
func floatFromBits(b uint64, t ir.FloatType) float64 {
	if f, ok := ir.Float8Format(t); ok {
		return f.Decode(uint8(b))
	}
	switch t.Kind {
	case ir.F16:
		return float64(float16.Frombits(uint16(b)).Float32())
	case ir.BF16:
		return float64(sparse.BF16ToFloat32(uint16(b)))
	case ir.F32:
		return float64(math.Float32frombits(uint32(b)))
	}
	return math.Float64frombits(b)
}
