package sparse

import (
	"fmt"
	"math"

	"github.com/x448/float16"
)

// DType is the element type of a Matrix. The zero value is invalid, so a
// forgotten field is caught rather than read as some default type.
type DType uint8

// Element types. Names (String, ParseDType) are the MLIR spellings.
const (
	F16  DType = iota + 1 // f16: IEEE 754 binary16
	BF16                  // bf16: bfloat16, the top half of a binary32
	F32                   // f32: IEEE 754 binary32 (a host convenience, see doc.go)
)

// dtypeNames is the one place where DType spellings live.
var dtypeNames = [...]string{F16: "f16", BF16: "bf16", F32: "f32"}

// String returns the stable name of d ("f16", "bf16", "f32"), or
// "DType(n)" for an invalid value.
func (d DType) String() string {
	if d.valid() {
		return dtypeNames[d]
	}
	return fmt.Sprintf("DType(%d)", uint8(d))
}

// ParseDType is the inverse of String for valid types.
func ParseDType(s string) (DType, error) {
	for d, name := range dtypeNames {
		if name != "" && name == s {
			return DType(d), nil
		}
	}
	return 0, fmt.Errorf("unknown element type %q (want f16, bf16 or f32)", s)
}

func (d DType) valid() bool { return d >= F16 && d <= F32 }

// Size is the size of one element in bytes (2 or 4); 0 for an invalid DType.
func (d DType) Size() int {
	switch d {
	case F16, BF16:
		return 2
	case F32:
		return 4
	}
	return 0
}

// signMask is the sign bit of d's bit pattern.
func (d DType) signMask() uint32 {
	if d.Size() == 2 {
		return 0x8000
	}
	return 0x8000_0000
}

// FromFloat32 returns the bit pattern of f rounded to d, round to nearest
// even (NaN stays NaN, overflow becomes ±Inf).
func (d DType) FromFloat32(f float32) uint32 {
	switch d {
	case F16:
		return uint32(float16.Fromfloat32(f).Bits())
	case BF16:
		return uint32(BF16FromFloat32(f))
	case F32:
		return math.Float32bits(f)
	}
	panic(fmt.Sprintf("sparse: FromFloat32 on invalid %v", d))
}

// ToFloat32 widens the bit pattern b of type d to float32 exactly.
func (d DType) ToFloat32(b uint32) float32 {
	switch d {
	case F16:
		return float16.Frombits(uint16(b)).Float32()
	case BF16:
		return BF16ToFloat32(uint16(b))
	case F32:
		return math.Float32frombits(b)
	}
	panic(fmt.Sprintf("sparse: ToFloat32 on invalid %v", d))
}

// BF16FromFloat32 rounds f to bfloat16, round to nearest, ties to even.
// NaN inputs give a quiet NaN with the same sign; finite values beyond the
// bfloat16 range give ±Inf.
func BF16FromFloat32(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fff_ffff > 0x7f80_0000 { // NaN: truncating could yield Inf
		return uint16(b>>16) | 0x0040
	}
	lsb := (b >> 16) & 1
	return uint16((b + 0x7fff + lsb) >> 16)
}

// BF16ToFloat32 widens a bfloat16 bit pattern to float32 (exact).
func BF16ToFloat32(b uint16) float32 {
	return math.Float32frombits(uint32(b) << 16)
}
