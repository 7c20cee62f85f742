package cpu

import (
	"errors"
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// execDot computes d = a·b + c in float64 and rounds to the result type.
// With sparseIndex 0 (1), a (b) holds 2:4 values and operand 3 the band16
// metadata tile; it is expanded to the dense operand first (expandSparse).
func execDot(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	ei, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	if ei.kind != kindFloat || in[0].F == nil || in[1].F == nil {
		return nil, errors.New("only floating-point dots are supported")
	}
	if len(out.Shape) != 2 {
		return nil, errors.New("only rank-2 dots are supported")
	}
	m, n := out.Shape[0], out.Shape[1]
	a, b := in[0].F, in[1].F
	var k int
	switch idx := tt.DotSparseIndex(op); idx {
	case tt.SparseIndexDense:
		k = in[0].Shape[1]
	case tt.SparseIndexA:
		if len(in) != 4 {
			return nil, errors.New("sparse dot without metadata")
		}
		k = in[1].Shape[0]
		if a, err = expandSparse(a, in[3], m, k, false); err != nil {
			return nil, err
		}
	case tt.SparseIndexB:
		if len(in) != 4 {
			return nil, errors.New("sparse dot without metadata")
		}
		k = in[0].Shape[1]
		if b, err = expandSparse(b, in[3], n, k, true); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown sparseIndex %d", idx)
	}
	if len(a) != m*k || len(b) != k*n || len(in[2].F) != m*n {
		return nil, fmt.Errorf("operand shapes do not form a %dx%dx%d product", m, n, k)
	}
	matmulAcc(out.F, a, b, in[2].F, m, n, k)
	roundAll(out.F, ei.float)
	return []*Value{out}, nil
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
func expandSparse(vals []float64, meta *Value, rows, k int, transposed bool) ([]float64, error) {
	if k%16 != 0 || rows%16 != 0 {
		return nil, fmt.Errorf("sparse operand %dx%d: rows and K must be multiples of 16", rows, k)
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
			word := uint16(meta.I[(r/16)*k+16*c+band16Slot(r)])
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
func band16Slot(r int) int { return 2*(r%8) + (r%16)/8 }

// pair returns the two stored values of group slot v (v, v+1 along the
// compressed dimension) of line r.
func pair(vals []float64, rows, half, r, v int, transposed bool) [2]float64 {
	if transposed {
		return [2]float64{vals[v*rows+r], vals[(v+1)*rows+r]}
	}
	return [2]float64{vals[r*half+v], vals[r*half+v+1]}
}
