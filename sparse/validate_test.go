package sparse

import (
	"errors"
	"math"
	"testing"
)

// withNonZeros returns a zero rows x cols matrix with 1s at the given
// (row, col) coordinates.
func withNonZeros(d DType, rows, cols int, at ...[2]int) Matrix {
	m := NewMatrix(d, rows, cols)
	for _, p := range at {
		m.Set(p[0], p[1], 1)
	}
	return m
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		m    Matrix
		want string // "" for valid
	}{
		{"zero", NewMatrix(F16, 4, 24), ""},
		{"two per group", withNonZeros(F16, 4, 24, [2]int{3, 20}, [2]int{3, 23}, [2]int{0, 0}, [2]int{0, 1}), ""},
		{"three in row 3 group 5", withNonZeros(F16, 4, 24, [2]int{3, 20}, [2]int{3, 21}, [2]int{3, 23}),
			"row 3, group 5 (columns 20..23): 3 non-zeros, 2:4 allows at most 2"},
		{"first in row-major order", withNonZeros(BF16, 4, 24,
			[2]int{3, 0}, [2]int{3, 1}, [2]int{3, 2},
			[2]int{1, 8}, [2]int{1, 9}, [2]int{1, 10}, [2]int{1, 11}),
			"row 1, group 2 (columns 8..11): 4 non-zeros, 2:4 allows at most 2"},
		{"K not multiple of 4", NewMatrix(F32, 2, 6), "2:4 operand A needs a multiple of 4 columns (K), got 6"},
		{"short data", Matrix{Rows: 2, Cols: 4, DType: F16, Data: make([]byte, 15)}, "2x4 f16 matrix needs 16 data bytes, has 15"},
		{"bad dtype", Matrix{Rows: 1, Cols: 4}, "invalid element type DType(0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkErr(t, Validate(tt.m), tt.want)
		})
	}
}

func TestValidateB(t *testing.T) {
	b := withNonZeros(F16, 8, 3, [2]int{4, 2}, [2]int{5, 2}, [2]int{6, 2}, [2]int{7, 2}, [2]int{0, 1}, [2]int{2, 1})
	checkErr(t, ValidateB(b), "column 2, group 1 (rows 4..7): 4 non-zeros, 2:4 allows at most 2")
	b.Set(0, 1, 0)
	b.Set(1, 0, 1)
	b.Set(2, 0, 1)
	b.Set(3, 0, 1)
	checkErr(t, ValidateB(b), "column 0, group 0 (rows 0..3): 3 non-zeros, 2:4 allows at most 2")
	checkErr(t, ValidateB(NewMatrix(F16, 6, 4)), "2:4 operand B needs a multiple of 4 rows (K), got 6")
	// The same matrix is fine along the other dimension only if rows are 2:4.
	checkErr(t, ValidateB(withNonZeros(F16, 4, 4, [2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2})), "")
	checkErr(t, Validate(withNonZeros(F16, 4, 4, [2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2})),
		"row 0, group 0 (columns 0..3): 3 non-zeros, 2:4 allows at most 2")
}

func TestValidateZeroSign(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	for _, d := range floatDTypes {
		m := fromRows(d, [][]float32{{negZero, 1, negZero, 2}})
		checkErr(t, Validate(m), "")
		m.Set(0, 0, float32(math.NaN()))
		checkErr(t, Validate(m), "row 0, group 0 (columns 0..3): 3 non-zeros, 2:4 allows at most 2")
	}
}

func TestGroupErrorFields(t *testing.T) {
	err := Validate(withNonZeros(F16, 2, 8, [2]int{1, 4}, [2]int{1, 5}, [2]int{1, 6}))
	var ge *GroupError
	if !errors.As(err, &ge) || *ge != (GroupError{Operand: OperandA, Line: 1, Group: 1, NonZeros: 3}) {
		t.Fatalf("error %v: GroupError = %+v", err, ge)
	}
}

// checkErr fails unless err's text is want ("" means nil).
func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("unexpected error: %v", err)
	case want != "" && (err == nil || err.Error() != want):
		t.Errorf("error = %v, want %q", err, want)
	}
}
