package sparse

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPruneGroups(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	tests := []struct {
		name   string
		in     []float32
		keep   [2]int
		dtypes []DType
	}{
		{"largest magnitudes", []float32{1, -5, 3, 2}, [2]int{1, 2}, allDTypes},
		{"all tied keeps lowest indices", []float32{2, 2, 2, 2}, [2]int{0, 1}, allDTypes},
		{"sign ignored in ties", []float32{-3, 3, 1, 0}, [2]int{0, 1}, allDTypes},
		{"tie for second place", []float32{0.5, -0.25, 0.5, 0.125}, [2]int{0, 2}, allDTypes},
		{"tie later wins nothing", []float32{1, 4, 1, 1}, [2]int{0, 1}, allDTypes},
		{"already sparse", []float32{0, 0, 7, -1}, [2]int{2, 3}, allDTypes},
		{"NaN and Inf are kept", []float32{nan, 1, 2, inf}, [2]int{0, 3}, []DType{F16, BF16, F32, F8E5M2}},
		{"negative infinity beats finite", []float32{1, 3, -inf, 2}, [2]int{1, 2}, floatDTypes},
		{"e4m3fn NaN beats the largest finite", []float32{448, nan, 2, 1}, [2]int{0, 1}, []DType{F8E4M3}},
		{"i8 -128 beats 127", []float32{127, 1, -128, 2}, [2]int{0, 2}, []DType{I8}},
	}
	for _, tt := range tests {
		for _, d := range tt.dtypes {
			in := fromRows(d, [][]float32{tt.in})
			got, err := Prune(in)
			if err != nil {
				t.Fatalf("%s/%v: %v", tt.name, d, err)
			}
			for j := range GroupSize {
				want := uint32(0)
				if j == tt.keep[0] || j == tt.keep[1] {
					want = in.Bits(0, j)
				}
				if got.Bits(0, j) != want {
					t.Errorf("%s/%v: element %d = %#x, want %#x", tt.name, d, j, got.Bits(0, j), want)
				}
			}
		}
	}
}

// TestPruneRandom compares Prune and PruneB with the float64 model
// referenceKeep and checks that the input is untouched and the output valid.
func TestPruneRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range allDTypes {
		for range 20 {
			rows, k := 1+rng.IntN(9), 4*(1+rng.IntN(8))
			a := randomMatrix(rng, d, rows, k)
			orig := a.Clone()
			p, err := Prune(a)
			if err != nil {
				t.Fatal(err)
			}
			requireSame(t, a, orig, true)
			checkPruned(t, a, p, false)
			checkErr(t, Validate(p), "")

			b := randomMatrix(rng, d, k, rows)
			pb, err := PruneB(b)
			if err != nil {
				t.Fatal(err)
			}
			checkPruned(t, b, pb, true)
			checkErr(t, ValidateB(pb), "")
		}
	}
}

// checkPruned checks p against referenceKeep for every group of in (groups
// run down columns when alongRows).
func checkPruned(t *testing.T, in, p Matrix, alongRows bool) {
	t.Helper()
	lines, k := in.Rows, in.Cols
	at := func(m Matrix, line, j int) (float32, uint32) { return m.At(line, j), m.Bits(line, j) }
	if alongRows {
		lines, k = in.Cols, in.Rows
		at = func(m Matrix, line, j int) (float32, uint32) { return m.At(j, line), m.Bits(j, line) }
	}
	for line := range lines {
		for g := 0; g < k; g += GroupSize {
			vals := make([]float32, GroupSize)
			for j := range vals {
				vals[j], _ = at(in, line, g+j)
			}
			keep := referenceKeep(vals)
			for j := range GroupSize {
				_, want := at(in, line, g+j)
				if j != keep[0] && j != keep[1] {
					want = 0
				}
				if _, got := at(p, line, g+j); got != want {
					t.Fatalf("line %d, element %d of group %d %v: got %#x, want %#x", line, j, g/GroupSize, vals, got, want)
				}
			}
		}
	}
}

func TestPruneErrors(t *testing.T) {
	_, err := Prune(NewMatrix(F16, 3, 10))
	checkErr(t, err, "2:4 operand A needs a multiple of 4 columns (K), got 10")
	_, err = PruneB(NewMatrix(F16, 10, 3))
	checkErr(t, err, "2:4 operand B needs a multiple of 4 rows (K), got 10")
}
