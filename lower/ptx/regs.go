package ptx

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// class is a PTX register class (asm.Class). Every SSA element gets one
// virtual register of the class of its element type; ptxas does the
// allocation.
type class = asm.Class

const (
	clsPred = asm.Pred // i1
	clsB16  = asm.B16  // i8, i16, f16, bf16 (16-bit containers)
	clsB32  = asm.B32  // i32
	clsB64  = asm.B64  // i64, index, pointers
	clsF32  = asm.F32  // f32
	clsF64  = asm.F64  // f64
)

// scalar describes an element type as the lowering sees it.
type scalar struct {
	t     ir.Type
	cls   class
	bits  int  // storage width in bits (1 for i1)
	float bool // f16, bf16, f32, f64
	bf16  bool
	ptr   bool
	// fp8 (f8E4M3FN, f8E5M2): 8-bit codes in a .b16 register; only moved
	// (loads, stores, shared memory, mma.sp operands), never computed on
	fp8 bool
}

// bytes is the storage size in global/shared memory (i1 is one byte).
func (s scalar) bytes() int {
	if s.bits < 8 {
		return 1
	}
	return s.bits / 8
}

// scalarOf classifies a scalar type; it fails for types the lowering does
// not support (tf32, fp8 other than e4m3/e5m2, opaque types, ...).
func scalarOf(t ir.Type) (scalar, error) {
	switch x := t.(type) {
	case ir.IntegerType:
		switch {
		case x.Width == 1:
			return scalar{t: t, cls: clsPred, bits: 1}, nil
		case x.Width == 8 || x.Width == 16:
			return scalar{t: t, cls: clsB16, bits: x.Width}, nil
		case x.Width == 32:
			return scalar{t: t, cls: clsB32, bits: 32}, nil
		case x.Width == 64:
			return scalar{t: t, cls: clsB64, bits: 64}, nil
		}
	case ir.IndexType:
		return scalar{t: t, cls: clsB64, bits: 64}, nil
	case ir.FloatType:
		switch x.Kind {
		case ir.F16:
			return scalar{t: t, cls: clsB16, bits: 16, float: true}, nil
		case ir.BF16:
			return scalar{t: t, cls: clsB16, bits: 16, float: true, bf16: true}, nil
		case ir.F32:
			return scalar{t: t, cls: clsF32, bits: 32, float: true}, nil
		case ir.F64:
			return scalar{t: t, cls: clsF64, bits: 64, float: true}, nil
		case ir.F8E4M3FN, ir.F8E5M2:
			return scalar{t: t, cls: clsB16, bits: 8, fp8: true}, nil
		}
	case tt.PointerType:
		if x.IsBlockPointer() {
			return scalar{}, fmt.Errorf("block pointer %s: run triton-rewrite-tensor-pointer before lowering to PTX", ir.TypeString(t))
		}
		return scalar{t: t, cls: clsB64, bits: 64, ptr: true}, nil
	}
	return scalar{}, fmt.Errorf("element type %s is not supported by the PTX lowering", ir.TypeString(t))
}

// intSuffix is the PTX type suffix for integer arithmetic of s.
func (s scalar) intSuffix(signed bool) string {
	w := s.bits
	if w < 16 {
		w = 16
	}
	if signed {
		return "s" + strconv.Itoa(w)
	}
	return "u" + strconv.Itoa(w)
}

// bitSuffix is the untyped .bN suffix of s's register.
func (s scalar) bitSuffix() string {
	switch s.cls {
	case clsPred:
		return "pred"
	case clsB16:
		return "b16"
	case clsB32, clsF32:
		return "b32"
	}
	return "b64"
}

// floatImm is v as a PTX hexadecimal immediate for f32 or f64.
func floatImm(v float64, s scalar) asm.FloatImm {
	if s.bits == 64 {
		return asm.FloatImm{Bits: math.Float64bits(v), Double: true}
	}
	return asm.FloatImm{Bits: uint64(math.Float32bits(float32(v)))}
}

// f16Bits rounds v to binary16 (round to nearest even) and returns its bits.
func f16Bits(v float64) uint16 {
	f := math.Float32bits(float32(v))
	sign := uint16(f>>16) & 0x8000
	exp := int((f>>23)&0xff) - 127 + 15
	mant := f & 0x7fffff
	switch {
	case (f>>23)&0xff == 0xff: // inf or nan
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		half := uint32(1) << (shift - 1)
		r := mant >> shift
		rem := mant & ((1 << shift) - 1)
		if rem > half || (rem == half && r&1 == 1) {
			r++
		}
		return sign | uint16(r)
	}
	r := uint32(exp)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && r&1 == 1) {
		r++
	}
	return sign | uint16(r)
}

// bf16Bits rounds v to bfloat16 (round to nearest even).
func bf16Bits(v float64) uint16 {
	f := math.Float32bits(float32(v))
	if f&0x7fffffff > 0x7f800000 {
		return uint16(f>>16) | 0x40
	}
	f += 0x7fff + (f>>16)&1
	return uint16(f >> 16)
}

// pow2Floor returns the largest power of two <= n (n >= 1).
func pow2Floor(n int64) int64 {
	if n < 1 {
		return 1
	}
	return int64(1) << (63 - bits.LeadingZeros64(uint64(n)))
}

func isPow2(n int64) bool { return n > 0 && n&(n-1) == 0 }

func log2(n int64) int { return bits.TrailingZeros64(uint64(n)) }

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}
