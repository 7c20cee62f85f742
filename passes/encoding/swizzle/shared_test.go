package swizzle

import (
	"strings"
	"testing"
)

// Offsets worked by hand from phase = (s / perPhase) % maxPhase and
// s*rowElems + ((j/vec) ^ phase)*vec + j%vec.
func TestOffsetHandComputed(t *testing.T) {
	sw8 := Shared{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: rowMajor}
	sw4 := Shared{Vec: 8, PerPhase: 2, MaxPhase: 4, Order: rowMajor}
	tests := []struct {
		sh                 Shared
		row, col, rowElems int
		want               int
		why                string
	}{
		{sw8, 0, 0, 64, 0, "row 0 has phase 0"},
		{sw8, 1, 0, 64, 72, "64 + (0^1)*8"},
		{sw8, 3, 10, 64, 210, "3*64 + (1^3)*8 + 2"},
		{sw8, 9, 63, 64, 631, "phase 9%8 = 1: 9*64 + (7^1)*8 + 7"},
		{sw8, 2, 77, 128, 349, "2*128 + (9^2 = 11)*8 + 5: the XOR stays in the second 64-element half"},
		{sw4, 5, 17, 32, 161, "phase (5/2)%4 = 2: 5*32 + (2^2)*8 + 1"},
		{sw4, 7, 0, 32, 248, "phase 3: 7*32 + 3*8"},
		{sw4, 8, 31, 32, 287, "phase (8/2)%4 = 0: 8*32 + 31"},
		{Shared{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: colMajor}, 20, 3, 128, 396,
			"dim 0 contiguous: stored row = col 3, j = 20: 3*128 + (2^3)*8 + 4"},
		{Unswizzled(rowMajor), 5, 17, 32, 177, "identity: 5*32 + 17"},
		{Shared{Vec: 8, PerPhase: 1, MaxPhase: 1, Order: rowMajor}, 2, 37, 64, 165, "maxPhase 1 is the identity"},
	}
	for _, tt := range tests {
		if got := tt.sh.Offset(tt.row, tt.col, tt.rowElems); got != tt.want {
			t.Errorf("%v.Offset(%d, %d, %d) = %d, want %d (%s)", tt.sh, tt.row, tt.col, tt.rowElems, got, tt.want, tt.why)
		}
	}
}

func TestOffsetRejectsDegenerateMaxPhase(t *testing.T) {
	// The reference fork's metadata layout at BK = 32: maxPhase = 1/2 = 0.
	fork := Shared{Vec: 8, PerPhase: 2, MaxPhase: 0, Order: rowMajor}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "degenerate") {
			t.Errorf("Offset with maxPhase 0: recover() = %v, want a degenerate-layout panic", r)
		}
	}()
	fork.Offset(1, 0, 32)
}

func TestValidate(t *testing.T) {
	tests := []struct {
		sh       Shared
		rowElems int
		wantErr  string
	}{
		{Shared{8, 1, 8, rowMajor}, 64, ""},
		{Shared{8, 2, 4, rowMajor}, 32, ""},
		{Shared{8, 2, 0, rowMajor}, 32, "must be ≥ 1"},
		{Shared{8, 1, 8, []int{1, 1}}, 64, "order"},
		{Shared{8, 1, 1, rowMajor}, 20, "multiple of vec"},
		{Shared{8, 1, 8, rowMajor}, 32, "out of a row"},
		{Shared{8, 1, 3, rowMajor}, 48, "out of a row"},
		{Shared{8, 1, 3, rowMajor}, 32, ""},
	}
	for _, tt := range tests {
		err := tt.sh.Validate(tt.rowElems)
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%v.Validate(%d) = %v, want %q", tt.sh, tt.rowElems, err, tt.wantErr)
		}
	}
}

// Every chosen layout is a permutation of the tile's offsets.
func TestChosenLayoutsAreBijections(t *testing.T) {
	seen := map[string]bool{}
	forGrid(func(o operand, _ [2]int) {
		if seen[o.String()] {
			return
		}
		seen[o.String()] = true
		sh := o.choose()
		rowElems := o.shape[sh.Order[0]]
		if err := sh.Validate(rowElems); err != nil {
			t.Errorf("%v: chosen %v invalid: %v", o, sh, err)
			return
		}
		if dup := firstCollision(sh, o.shape); dup != "" {
			t.Errorf("%v: %v is not a bijection: %s", o, sh, dup)
		}
	})
}

func firstCollision(sh Shared, shape [2]int) string {
	n := shape[0] * shape[1]
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for r := 0; r < shape[0]; r++ {
		for c := 0; c < shape[1]; c++ {
			off := sh.Offset(r, c, shape[sh.Order[0]])
			if off < 0 || off >= n || at[off] >= 0 {
				return "offset of (" + itoa(r) + ", " + itoa(c) + ") out of range or repeated"
			}
			at[off] = r*shape[1] + c
		}
	}
	return ""
}

func TestStringAndEqual(t *testing.T) {
	sh := Shared{Vec: 8, PerPhase: 2, MaxPhase: 4, Order: rowMajor}
	if got, want := sh.String(), "{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if !sh.Equal(Shared{8, 2, 4, []int{1, 0}}) || sh.Equal(Shared{8, 2, 4, colMajor}) {
		t.Error("Equal must compare all parameters and the order")
	}
}
