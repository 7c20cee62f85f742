package sparse

import (
	"math"
	"math/rand/v2"
	"testing"
)

var allDTypes = []DType{F16, BF16, F32, F8E4M3, F8E5M2, I8}

// floatDTypes are the types with NaN, Inf and fractions.
var floatDTypes = []DType{F16, BF16, F32, F8E4M3, F8E5M2}

// randomMatrix fills a rows x cols matrix with normal values, about a
// quarter of them exact zeros (some -0) and some repeated magnitudes, so
// pruning meets ties and compression meets groups with fewer than two
// non-zeros.
func randomMatrix(rng *rand.Rand, d DType, rows, cols int) Matrix {
	m := NewMatrix(d, rows, cols)
	for r := range rows {
		for c := range cols {
			var v float32
			switch x := rng.IntN(8); {
			case x == 0:
				v = 0
			case x == 1:
				v = float32(math.Copysign(0, -1))
			case x == 2:
				v = float32(rng.IntN(3) - 1) // -1, 0, 1: ties
			default:
				v = float32(rng.NormFloat64())
			}
			m.Set(r, c, v)
		}
	}
	return m
}

// fromRows builds an f32-valued matrix of type d from literal rows.
func fromRows(d DType, rows [][]float32) Matrix {
	m := NewMatrix(d, len(rows), len(rows[0]))
	for r, row := range rows {
		for c, v := range row {
			m.Set(r, c, v)
		}
	}
	return m
}

// requireSame fails unless got and want have the same shape and type and
// the same bit pattern everywhere, except that +0 and -0 are equal when
// zeroSign is false.
func requireSame(t testing.TB, got, want Matrix, zeroSign bool) {
	t.Helper()
	if got.Rows != want.Rows || got.Cols != want.Cols || got.DType != want.DType {
		t.Fatalf("got %dx%d %v, want %dx%d %v", got.Rows, got.Cols, got.DType, want.Rows, want.Cols, want.DType)
	}
	sign := want.DType.signMask()
	for r := range want.Rows {
		for c := range want.Cols {
			g, w := got.Bits(r, c), want.Bits(r, c)
			if g == w || (!zeroSign && g&^sign == 0 && w&^sign == 0) {
				continue
			}
			t.Fatalf("element (%d, %d): got %#x (%v), want %#x (%v)", r, c, g, got.At(r, c), w, want.At(r, c))
		}
	}
}

// referencePrune is an independent float64 model of Prune for one group:
// the indices kept are the two with largest |x|, earlier index first on
// ties. It does not handle NaN.
func referenceKeep(g []float32) [2]int {
	best := [2]int{-1, -1}
	for i, v := range g {
		a := math.Abs(float64(v))
		switch {
		case best[0] < 0 || a > math.Abs(float64(g[best[0]])):
			best[1], best[0] = best[0], i
		case best[1] < 0 || a > math.Abs(float64(g[best[1]])):
			best[1] = i
		}
	}
	return best
}
