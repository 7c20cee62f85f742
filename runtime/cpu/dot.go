package cpu

import (
	"errors"
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/sparse"
)

// execDot computes d = a·b + c in float64 and rounds to the result type.
// With sparseIndex 0 (1), a (b) holds 2:4 values and operand 3 the band16
// metadata tile; it is expanded to the dense operand first (expandSparse).
func execDot(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	ei, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	if len(out.Shape) != 2 {
		return nil, errors.New("only rank-2 dots are supported")
	}
	a, b, c, err := dotOperands(ei, in)
	if err != nil {
		return nil, err
	}
	m, n := out.Shape[0], out.Shape[1]
	slot := band16Slot
	if tt.BitWidth(tt.ElemOf(op.Operand(0).Type())) == 8 {
		slot = band16K32Slot
	}
	var k int
	switch idx := tt.DotSparseIndex(op); idx {
	case tt.SparseIndexDense:
		k = in[0].Shape[1]
	case tt.SparseIndexA:
		if len(in) != 4 {
			return nil, errors.New("sparse dot without metadata")
		}
		k = in[1].Shape[0]
		if a, err = expandSparse(a, in[3], m, k, false, slot); err != nil {
			return nil, err
		}
	case tt.SparseIndexB:
		if len(in) != 4 {
			return nil, errors.New("sparse dot without metadata")
		}
		k = in[0].Shape[1]
		if b, err = expandSparse(b, in[3], n, k, true, slot); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown sparseIndex %d", idx)
	}
	if len(a) != m*k || len(b) != k*n || len(c) != m*n {
		return nil, fmt.Errorf("operand shapes do not form a %dx%dx%d product", m, n, k)
	}
	if ei.kind == kindInt {
		d := make([]float64, m*n)
		matmulAcc(d, a, b, c, m, n, k)
		for i, x := range d { // exact: |x| < 2^53 for any K < 2^37 of i8 products
			out.I[i] = sext(int64(x), ei.width)
		}
		return []*Value{out}, nil
	}
	matmulAcc(out.F, a, b, c, m, n, k)
	roundAll(out.F, ei.float)
	return []*Value{out}, nil
}

// dotOperands returns a, b and c as float64 lanes. Float dots take float
// operands (fp8 ones decoded exactly); integer dots (i8 x i8 -> i32, as
// mma.sp .s32.s8.s8.s32) take integer operands, whose products and sums
// float64 holds exactly; the integer result wraps to its width.
func dotOperands(ei elemInfo, in []*Value) (a, b, c []float64, err error) {
	switch {
	case ei.kind == kindFloat && in[0].F != nil && in[1].F != nil && in[2].F != nil:
		return in[0].F, in[1].F, in[2].F, nil
	case ei.kind == kindInt && in[0].I != nil && in[1].I != nil && in[2].I != nil:
		return intsToFloats(in[0].I), intsToFloats(in[1].I), intsToFloats(in[2].I), nil
	}
	return nil, nil, nil, errors.New("a dot takes float operands with a float result or integer operands with an integer result")
}

func intsToFloats(xs []int64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// matmulAcc sets d = c + a·b (row-major m x k times k x n).
func matmulAcc(d, a, b, c []float64, m, n, k int) {
	copy(d, c)
	for i := range m {
		row := d[i*n : (i+1)*n]
		for kk := range k {
			x := a[i*k+kk]
			for j, y := range b[kk*n : (kk+1)*n] {
				row[j] += x * y
			}
		}
	}
}

// expandSparse rebuilds the dense operand of a sparse tt.dot from its
// values and band16 metadata tile, exactly as the GPU kernel reads them.
//
// For a sparse A (transposed == false) vals is rows x k/2 (rows = M) and
// meta is the [rows/16, k] i16 tile: the word describing row r and dense
// columns 16c..16c+15 is meta[r/16][16c + band16Slot(r)], and its nibble i (bits
// 4i..4i+3) holds idx0 | idx1<<2 for the group at columns 16c+4i..+3:
// vals[r][8c+2i] goes to column 16c+4i+idx0 and vals[r][8c+2i+1] to
// 16c+4i+idx1. Nibbles must satisfy idx0 < idx1 (ordered metadata); the
// one exception is a group whose two values are both zero, as in the
// zero padding that a boundary-checked load produces past the matrix:
// it contributes nothing whatever its nibble.
//
// For a sparse B (transposed == true) vals is k/2 x rows (rows = N), the
// metadata describes Bᵀ (rows = columns of B) in the same way, and the
// result is the dense k x N operand.
//
// slot places the word of (row r, K-chunk c) in its band's row:
// band16Slot for 16-bit values, band16K32Slot for 8-bit ones.
func expandSparse(vals []float64, meta *Value, rows, k int, transposed bool, slot func(r, c int) int) ([]float64, error) {
	if k%16 != 0 || rows%16 != 0 {
		return nil, fmt.Errorf("sparse operand %dx%d: rows and K must be multiples of 16", rows, k)
	}
	if k%32 != 0 && slot(0, 1) != band16Slot(0, 1) {
		return nil, fmt.Errorf("8-bit sparse operand %dx%d: K must be a multiple of 32", rows, k)
	}
	if len(vals) != rows*k/2 {
		return nil, fmt.Errorf("sparse values hold %d elements, want %d for %dx%d", len(vals), rows*k/2, rows, k)
	}
	if len(meta.I) != rows/16*k {
		return nil, fmt.Errorf("metadata tile holds %d words, want %d ([%d, %d])", len(meta.I), rows/16*k, rows/16, k)
	}
	dense := make([]float64, rows*k)
	half := k / 2
	for r := range rows {
		for c := range k / 16 {
			word := uint16(meta.I[(r/16)*k+slot(r, c)])
			for i := range 4 {
				nib := (word >> (4 * i)) & 0xF
				idx0, idx1 := int(nib&3), int(nib>>2)
				v := 8*c + 2*i
				col := 16*c + 4*i
				if idx0 >= idx1 {
					if pair(vals, rows, half, r, v, transposed) == [2]float64{} {
						continue // zero padding (out-of-bounds tile): contributes nothing
					}
					return nil, fmt.Errorf("invalid metadata nibble %#x (positions %d, %d are not increasing) for row %d, group %d of the tile", nib, idx0, idx1, r, 4*c+i)
				}
				if transposed {
					dense[(col+idx0)*rows+r] = vals[v*rows+r]
					dense[(col+idx1)*rows+r] = vals[(v+1)*rows+r]
				} else {
					dense[r*k+col+idx0] = vals[r*half+v]
					dense[r*k+col+idx1] = vals[r*half+v+1]
				}
			}
		}
	}
	return dense, nil
}

// band16Slot is the position of row r's word among the 16 words of one
// K-chunk of a band (sparse.Band16): rows r and r+8 are interleaved, so
// the words of rows g and g+8 form one aligned 32-bit metadata register.
func band16Slot(r, c int) int { return 16*c + 2*(r%8) + (r%16)/8 }

// band16K32Slot is band16Slot for 8-bit values (sparse.Band16K32): the
// two words of row r for K-chunks 2p, 2p+1 are adjacent, the 32-bit
// metadata register of an m16n8k64 lane.
func band16K32Slot(r, c int) int { return sparse.Band16K32Slot(r%16, c) }

// pair returns the two stored values of group slot v (v, v+1 along the
// compressed dimension) of line r.
func pair(vals []float64, rows, half, r, v int, transposed bool) [2]float64 {
	if transposed {
		return [2]float64{vals[v*rows+r], vals[(v+1)*rows+r]}
	}
	return [2]float64{vals[r*half+v], vals[r*half+v+1]}
}
