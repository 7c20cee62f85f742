package cuda

import (
	"fmt"
	"strings"
)

// The tensor-map description is plain Go (no cgo, no build tag), so its
// checks run in every `go test ./...`; tensormap_cuda.go encodes it.

// MapDType is a tensor map's element type; the values are the CUDA 12
// driver's CUtensorMapDataType.
type MapDType int

const (
	MapU8 MapDType = iota
	MapU16
	MapU32
	MapI32
	MapU64
	MapI64
	MapF16
	MapF32
	MapF64
	MapBF16
	MapF32FTZ
	MapTF32
	MapTF32FTZ
)

var mapDTypes = [...]struct {
	name  string
	bytes int
}{
	{"u8", 1}, {"u16", 2}, {"u32", 4}, {"i32", 4}, {"u64", 8}, {"i64", 8},
	{"f16", 2}, {"f32", 4}, {"f64", 8}, {"bf16", 2}, {"f32_ftz", 4}, {"tf32", 4}, {"tf32_ftz", 4},
}

func (t MapDType) valid() bool { return t >= 0 && int(t) < len(mapDTypes) }

// Bytes is the element size.
func (t MapDType) Bytes() int { return mapDTypes[t].bytes }

func (t MapDType) String() string {
	if !t.valid() {
		return fmt.Sprintf("MapDType(%d)", int(t))
	}
	return mapDTypes[t].name
}

// float reports whether OOB NaN fill applies to the type.
func (t MapDType) float() bool {
	switch t {
	case MapF16, MapF32, MapF64, MapBF16, MapF32FTZ, MapTF32, MapTF32FTZ:
		return true
	}
	return false
}

// Swizzle is the shared-memory swizzle TMA applies to a box (CUtensorMapSwizzle):
// 16-byte chunk c of each SW-byte row goes to chunk c ^ ((address >> 7) & (SW/16 - 1)).
type Swizzle int

const (
	SwizzleNone Swizzle = iota
	Swizzle32B
	Swizzle64B
	Swizzle128B
)

// Span is the swizzle's row width in bytes (0 for none): the largest inner
// box extent in bytes the swizzle allows.
func (s Swizzle) Span() int { return [...]int{0, 32, 64, 128}[s] }

func (s Swizzle) String() string {
	if s < SwizzleNone || s > Swizzle128B {
		return fmt.Sprintf("Swizzle(%d)", int(s))
	}
	return [...]string{"none", "32B", "64B", "128B"}[s]
}

// L2Promotion widens the L2 fetches of a TMA load (CUtensorMapL2promotion).
type L2Promotion int

const (
	L2None L2Promotion = iota
	L2Promote64B
	L2Promote128B
	L2Promote256B
)

// OOBFill is what a TMA load writes for elements outside the tensor
// (CUtensorMapFloatOOBfill): zeros, or for float types a NaN that requests
// zero from FMA (wgmma treats it as 0).
type OOBFill int

const (
	OOBZero OOBFill = iota
	OOBNaN
)

// TiledMap2D describes a 2-D row-major tensor in global memory and the box
// one TMA copy moves (cuTensorMapEncodeTiled with rank 2). Coordinates in
// the kernel are {column, row}, innermost first, as the driver and PTX's
// cp.async.bulk.tensor.2d take them.
type TiledMap2D struct {
	DType      MapDType
	Address    uint64 // device address of element (0, 0), 16-byte aligned
	Rows, Cols uint64 // tensor extent in elements
	RowStride  uint64 // bytes from one row to the next: a multiple of 16, at least Cols × element size
	BoxRows    uint32 // box extent, 1..256
	BoxCols    uint32 // 1..256; BoxCols × element size a multiple of 16, at most the swizzle span
	Swizzle    Swizzle
	L2         L2Promotion
	OOB        OOBFill
}

// Validate checks the description against the driver's rules for tiled
// maps, so that a bad map is a clear error before the driver's bare
// CUDA_ERROR_INVALID_VALUE.
func (m TiledMap2D) Validate() error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if !m.DType.valid() {
		return fmt.Errorf("tensor map: unknown element type %v", m.DType)
	}
	es := uint64(m.DType.Bytes())
	if m.Address%16 != 0 {
		bad("address %#x is not 16-byte aligned", m.Address)
	}
	if m.Rows == 0 || m.Cols == 0 || m.Rows > 1<<32 || m.Cols > 1<<32 {
		bad("extent %dx%d: each dimension must be in 1..2^32", m.Rows, m.Cols)
	}
	if m.RowStride%16 != 0 || m.RowStride >= 1<<40 {
		bad("row stride %d bytes: must be a multiple of 16 below 2^40", m.RowStride)
	}
	if m.RowStride < m.Cols*es {
		bad("row stride %d bytes is less than a row (%d %s = %d bytes)", m.RowStride, m.Cols, m.DType, m.Cols*es)
	}
	if m.BoxRows < 1 || m.BoxRows > 256 || m.BoxCols < 1 || m.BoxCols > 256 {
		bad("box %dx%d: each dimension must be in 1..256", m.BoxRows, m.BoxCols)
	}
	inner := uint64(m.BoxCols) * es
	if inner%16 != 0 {
		bad("box rows are %d bytes (%d %s): must be a multiple of 16", inner, m.BoxCols, m.DType)
	}
	if m.Swizzle < SwizzleNone || m.Swizzle > Swizzle128B {
		bad("unknown swizzle %v", m.Swizzle)
	} else if span := uint64(m.Swizzle.Span()); span > 0 && inner > span {
		bad("box rows are %d bytes: swizzle %v allows at most %d", inner, m.Swizzle, span)
	}
	if m.L2 < L2None || m.L2 > L2Promote256B {
		bad("unknown L2 promotion %d", int(m.L2))
	}
	if m.OOB != OOBZero && m.OOB != OOBNaN {
		bad("unknown OOB fill %d", int(m.OOB))
	} else if m.OOB == OOBNaN && !m.DType.float() {
		bad("NaN out-of-bounds fill needs a float element type, not %s", m.DType)
	}
	if len(errs) > 0 {
		return fmt.Errorf("tensor map: %s", strings.Join(errs, "; "))
	}
	return nil
}

// BoxBytes is the shared memory one copy of the box fills (the byte count
// an mbarrier expect_tx waits for).
func (m TiledMap2D) BoxBytes() int {
	return int(m.BoxRows) * int(m.BoxCols) * m.DType.Bytes()
}

// SwizzledOffset is where TMA stores the byte at offset o of the box's
// row-major image, in a destination aligned to the swizzle's repeat
// (1024 bytes for 128B): the 16-byte chunk index is XORed with address
// bits 7 and up (hopper.md §2.2).
func (s Swizzle) SwizzledOffset(o int) int {
	if s == SwizzleNone {
		return o
	}
	mask := s.Span()/16 - 1
	return o ^ (((o >> 7) & mask) << 4)
}

// TensorMap is an encoded CUtensorMap: 128 opaque bytes, passed to a kernel
// by value (TensorMapParam) as a `.param .align 64 .b8 name[128]`
// parameter (CUDA C's `const __grid_constant__ CUtensorMap`).
type TensorMap struct {
	raw  [128]byte
	Desc TiledMap2D
}
