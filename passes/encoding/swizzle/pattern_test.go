package swizzle

import (
	"slices"
	"strings"
	"testing"
)

func TestDotOperandLoadsRejects(t *testing.T) {
	sw := Shared{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: rowMajor}
	tests := []struct {
		name        string
		opIdx, meta int
		shape       [2]int
		sh          Shared
		warps       [2]int
		wantErr     string
	}{
		{"A rows not a multiple of 16", 0, MetaDense, [2]int{40, 64}, sw, [2]int{2, 2}, "load step"},
		{"B K not a multiple of 32", 1, MetaDense, [2]int{48, 64}, sw, [2]int{2, 2}, "load step"},
		{"no warps", 0, MetaDense, [2]int{64, 64}, sw, [2]int{0, 2}, "not positive"},
		{"degenerate layout", 0, MetaMetadata, [2]int{8, 32}, Shared{8, 2, 0, rowMajor}, [2]int{2, 2}, "≥ 1"},
		{"metadata with M contiguous", 0, MetaMetadata, [2]int{8, 64}, Unswizzled(colMajor), [2]int{2, 2}, "contiguous"},
	}
	for _, tt := range tests {
		_, err := DotOperandLoads(tt.opIdx, tt.meta, 16, tt.shape, tt.sh, tt.warps)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.wantErr)
		}
	}
}

// A warp grid with more warps than tiles repeats tiles (Triton's MMAv2
// broadcast) but never loads outside the tile.
func TestWarpTiles(t *testing.T) {
	tests := []struct {
		w, warps, size, extent int
		want                   []int
	}{
		{0, 2, 16, 128, []int{0, 32, 64, 96}},
		{1, 2, 16, 128, []int{16, 48, 80, 112}},
		{3, 4, 16, 64, []int{48}},
		{5, 8, 16, 64, []int{16}},
	}
	for _, tt := range tests {
		if got := warpTiles(tt.w, tt.warps, tt.size, tt.extent); !slices.Equal(got, tt.want) {
			t.Errorf("warpTiles(%d, %d, %d, %d) = %v, want %v", tt.w, tt.warps, tt.size, tt.extent, got, tt.want)
		}
	}
}
