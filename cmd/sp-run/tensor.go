package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/sparsetriton/sp/internal/fp8"
	"github.com/sparsetriton/sp/sparse"
	"github.com/x448/float16"
)

// dtype is an element type of a host tensor or scalar, by its MLIR name.
type dtype string

// dtypes lists the supported element types: size in bytes and numpy descr.
var dtypes = map[dtype]struct {
	size  int
	descr string
}{
	"f16": {2, "<f2"}, "bf16": {2, ""}, "f32": {4, "<f4"}, "f64": {8, "<f8"},
	"i8": {1, "|i1"}, "i16": {2, "<i2"}, "i32": {4, "<i4"}, "i64": {8, "<i8"}, "i1": {1, "|b1"},
	// fp8 (MLIR names): .npy files hold the codes as uint8; the launch
	// spec's dtype names the format
	"f8E4M3FN": {1, "|u1"}, "f8E5M2": {1, "|u1"},
}

// dtypeAliases are the short launch-spec spellings of the fp8 types.
var dtypeAliases = map[string]dtype{"f8e4m3": "f8E4M3FN", "f8e4m3fn": "f8E4M3FN", "f8e5m2": "f8E5M2"}

func parseDType(s string) (dtype, error) {
	d := dtype(strings.TrimSpace(s))
	if a, ok := dtypeAliases[string(d)]; ok {
		d = a
	}
	if _, ok := dtypes[d]; !ok {
		return "", fmt.Errorf("unknown dtype %q (want f16, bf16, f32, f64, f8e4m3, f8e5m2, i1, i8, i16, i32 or i64)", s)
	}
	return d, nil
}

// fp8 returns the codec of an fp8 dtype.
func (d dtype) fp8() (fp8.Format, bool) {
	switch d {
	case "f8E4M3FN":
		return fp8.E4M3FN, true
	case "f8E5M2":
		return fp8.E5M2, true
	}
	return 0, false
}

func (d dtype) size() int     { return dtypes[d].size }
func (d dtype) isFloat() bool { return d[0] == 'f' || d == "bf16" }

// Tensor is a host tensor: row-major, little-endian, no padding.
type Tensor struct {
	Shape []int
	DType dtype
	Data  []byte
}

func newTensor(d dtype, shape []int) *Tensor {
	return &Tensor{Shape: shape, DType: d, Data: make([]byte, numElems(shape)*d.size())}
}

func numElems(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

func (t *Tensor) len() int { return numElems(t.Shape) }

func shapeString(s []int) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, "x")
}

func (t *Tensor) String() string { return fmt.Sprintf("%s[%s]", t.DType, shapeString(t.Shape)) }

// At returns element i as float64.
func (t *Tensor) At(i int) float64 {
	b := t.Data[i*t.DType.size():]
	if f, ok := t.DType.fp8(); ok {
		return f.Decode(b[0])
	}
	switch t.DType {
	case "f16":
		return float64(float16.Frombits(binary.LittleEndian.Uint16(b)).Float32())
	case "bf16":
		return float64(sparse.BF16ToFloat32(binary.LittleEndian.Uint16(b)))
	case "f32":
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	case "f64":
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	case "i8", "i1":
		return float64(int8(b[0]))
	case "i16":
		return float64(int16(binary.LittleEndian.Uint16(b)))
	case "i32":
		return float64(int32(binary.LittleEndian.Uint32(b)))
	}
	return float64(int64(binary.LittleEndian.Uint64(b)))
}

// Set stores v (rounded or truncated to the dtype) as element i; fp8
// rounds to nearest even and saturates (as the GPU's cvt.rn.satfinite).
func (t *Tensor) Set(i int, v float64) {
	b := t.Data[i*t.DType.size():]
	if f, ok := t.DType.fp8(); ok {
		b[0] = f.Encode(v, fp8.Saturate)
		return
	}
	switch t.DType {
	case "f16":
		binary.LittleEndian.PutUint16(b, float16.Fromfloat32(float32(v)).Bits())
	case "bf16":
		binary.LittleEndian.PutUint16(b, sparse.BF16FromFloat32(float32(v)))
	case "f32":
		binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
	case "f64":
		binary.LittleEndian.PutUint64(b, math.Float64bits(v))
	case "i1":
		b[0] = 0
		if v != 0 {
			b[0] = 1
		}
	case "i8":
		b[0] = byte(int8(v))
	case "i16":
		binary.LittleEndian.PutUint16(b, uint16(int16(v)))
	case "i32":
		binary.LittleEndian.PutUint32(b, uint32(int32(v)))
	default:
		binary.LittleEndian.PutUint64(b, uint64(int64(v)))
	}
}

// matrix views a rank-2 f16/bf16/f32 tensor as a sparse.Matrix (shared bytes).
func (t *Tensor) matrix() (sparse.Matrix, error) {
	if len(t.Shape) != 2 {
		return sparse.Matrix{}, fmt.Errorf("a 2:4 operand must be a matrix, got shape %s", shapeString(t.Shape))
	}
	d, err := sparse.ParseDType(string(t.DType))
	if err != nil {
		return sparse.Matrix{}, fmt.Errorf("a 2:4 operand must be f16, bf16, f32, f8e4m3, f8e5m2 or i8, got %s", t.DType)
	}
	return sparse.Matrix{DType: d, Rows: t.Shape[0], Cols: t.Shape[1], Data: t.Data}, nil
}

func fromMatrix(m sparse.Matrix) *Tensor {
	return &Tensor{Shape: []int{m.Rows, m.Cols}, DType: dtype(m.DType.String()), Data: m.Data}
}
