package ir

import (
	"math"
	"math/big"

	"github.com/sparsetriton/sp/internal/fp8"
	"github.com/x448/float16"
)

// RoundToType rounds v to the nearest value representable in t (ties to
// even) and returns it as a float64. Types wider than f64 keep v.
func RoundToType(v float64, t FloatType) float64 {
	switch t.Kind {
	case F64, F80, F128:
		return v
	case F32:
		return float64(float32(v))
	case F16:
		return float64(float16.Fromfloat32(float32(v)).Float32())
	case BF16:
		return float64(BF16ToF32(F32ToBF16(float32(v))))
	case TF32:
		return float64(math.Float32frombits(roundMantissa32(math.Float32bits(float32(v)), 13)))
	}
	if f, ok := Float8Format(t); ok {
		return f.Round(v, fp8.IEEE)
	}
	return v
}

// Float8Format returns the fp8 codec of f8E4M3FN and f8E5M2 (the 8-bit
// types sp computes with); false for every other type.
func Float8Format(t FloatType) (fp8.Format, bool) {
	switch t.Kind {
	case F8E4M3FN:
		return fp8.E4M3FN, true
	case F8E5M2:
		return fp8.E5M2, true
	}
	return 0, false
}

// F32ToBF16 rounds f to bfloat16 bits, ties to even; NaN stays NaN.
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if f != f {
		return uint16(b>>16) | 0x40
	}
	return uint16(roundMantissa32(b, 16) >> 16)
}

// BF16ToF32 widens bfloat16 bits.
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

func roundMantissa32(b uint32, drop uint) uint32 {
	half := uint32(1) << (drop - 1)
	lsb := (b >> drop) & 1
	b += half - 1 + lsb
	return b &^ (uint32(1)<<drop - 1)
}

// FloatBits returns the storage bits of v in t and the width.
func FloatBits(v float64, t FloatType) (uint64, int) {
	switch t.Kind {
	case F16:
		return uint64(float16.Fromfloat32(float32(v)).Bits()), 16
	case BF16:
		return uint64(F32ToBF16(float32(v))), 16
	case F32, TF32:
		return uint64(math.Float32bits(float32(v))), 32
	}
	if f, ok := Float8Format(t); ok {
		return uint64(f.Encode(v, fp8.IEEE)), 8
	}
	return math.Float64bits(v), 64
}

// FloatFromBits decodes storage bits of type t (the inverse of FloatBits for
// f16, bf16, f32 and f64; 8-bit types are decoded generically).
func FloatFromBits(bits uint64, t FloatType) float64 {
	switch t.Kind {
	case F16:
		return float64(float16.Frombits(uint16(bits)).Float32())
	case BF16:
		return float64(BF16ToF32(uint16(bits)))
	case F32, TF32:
		return float64(math.Float32frombits(uint32(bits)))
	case F64:
		return math.Float64frombits(bits)
	}
	if f, ok := Float8Format(t); ok {
		return f.Decode(uint8(bits))
	}
	return decodeSmallFloat(bits, t)
}

// smallFloatFormats gives exponent and mantissa bits and bias for sub-16-bit floats.
var smallFloatFormats = map[FloatKind][3]int{
	F8E4M3FN: {4, 3, 7}, F8E5M2: {5, 2, 15}, F8E4M3FNUZ: {4, 3, 8}, F8E5M2FNUZ: {5, 2, 16},
	F8E4M3B11FNUZ: {4, 3, 11}, F8E4M3: {4, 3, 7}, F8E3M4: {3, 4, 3}, F6E2M3FN: {2, 3, 1},
	F6E3M2FN: {3, 2, 3}, F4E2M1FN: {2, 1, 1},
}

func decodeSmallFloat(bits uint64, t FloatType) float64 {
	f, ok := smallFloatFormats[t.Kind]
	if !ok {
		return 0
	}
	e, m, bias := f[0], f[1], f[2]
	sign := 1.0
	if bits>>(e+m)&1 == 1 {
		sign = -1
	}
	exp := int(bits>>m) & (1<<e - 1)
	man := float64(bits & (1<<m - 1))
	if exp == 0 {
		return sign * man * math.Ldexp(1, 1-bias-m)
	}
	frac := new(big.Float).SetFloat64(1 + man/float64(int(1)<<m))
	v, _ := frac.Float64()
	return sign * math.Ldexp(v, exp-bias)
}
