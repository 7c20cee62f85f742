package sparse

import (
	"fmt"
	"math"

	"github.com/sparsetriton/sp/internal/fp8"

	"github.com/x448/float16"
)

// DType is the element type of a Matrix. The zero value is invalid, so a
// forgotten field is caught rather than read as some default type.
type DType uint8

// Element types. Names (String, ParseDType) are the MLIR spellings.
const (
	F16    DType = iota + 1 // f16: IEEE 754 binary16
	BF16                    // bf16: bfloat16, the top half of a binary32
	F32                     // f32: IEEE 754 binary32 (a host convenience, see doc.go)
	F8E4M3                  // f8E4M3FN: OCP fp8 e4m3 (no infinities, max 448)
	F8E5M2                  // f8E5M2: OCP fp8 e5m2 (IEEE-like)
	I8                      // i8: two's-complement 8-bit integer
)

// dtypeNames is the one place where DType spellings live.
var dtypeNames = [...]string{F16: "f16", BF16: "bf16", F32: "f32", F8E4M3: "f8E4M3FN", F8E5M2: "f8E5M2", I8: "i8"}

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
	return 0, fmt.Errorf("unknown element type %q (want f16, bf16, f32, f8E4M3FN, f8E5M2 or i8)", s)
}

func (d DType) valid() bool { return d >= F16 && d <= I8 }

// Size is the size of one element in bytes (1, 2 or 4); 0 for an invalid DType.
func (d DType) Size() int {
	switch d {
	case F16, BF16:
		return 2
	case F32:
		return 4
	case F8E4M3, F8E5M2, I8:
		return 1
	}
	return 0
}

// Is8Bit reports whether d is one of the 8-bit types, whose 2:4 metadata
// the m16n8k64 / m64nNk64 instructions read (Band16K32).
func (d DType) Is8Bit() bool { return d.Size() == 1 }

// signMask is the sign bit of d's bit pattern (int8Sign for I8).
func (d DType) signMask() uint32 {
	switch d.Size() {
	case 1:
		if d == I8 {
			return int8Sign
		}
		return 0x80
	case 2:
		return 0x8000
	}
	return 0x8000_0000
}

// fp8Format is the codec of an fp8 type.
func (d DType) fp8Format() fp8.Format {
	if d == F8E5M2 {
		return fp8.E5M2
	}
	return fp8.E4M3FN
}

// FromFloat32 returns the bit pattern of f rounded to d, round to nearest
// even (NaN stays NaN, overflow becomes ±Inf). The fp8 types saturate to
// their largest finite value (as PTX cvt.rn.satfinite does); I8 rounds to
// nearest even and saturates to [-128, 127] (NaN gives 0).
func (d DType) FromFloat32(f float32) uint32 {
	switch d {
	case F8E4M3, F8E5M2:
		return uint32(d.fp8Format().Encode(float64(f), fp8.Saturate))
	case I8:
		if f != f {
			return 0
		}
		return uint32(uint8(int8(max(-128, min(127, math.RoundToEven(float64(f)))))))
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
	case F8E4M3, F8E5M2:
		return float32(d.fp8Format().Decode(uint8(b)))
	case I8:
		return float32(int8(b))
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
