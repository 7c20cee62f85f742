package swizzle

import (
	"math/rand"
	"testing"
)

// lanes builds accesses for lanes first..first+n-1 at addr(lane).
func lanes(first, n, bytes int, addr func(l int) int) []Access {
	var accs []Access
	for l := first; l < first+n; l++ {
		accs = append(accs, Access{Lane: l, Addr: addr(l), Bytes: bytes})
	}
	return accs
}

func TestConflictsModel(t *testing.T) {
	tests := []struct {
		name          string
		accs          []Access
		conflicts, wf int
	}{
		{"b32 consecutive words", lanes(0, 32, 4, func(l int) int { return 4 * l }), 0, 1},
		{"b32 one word: broadcast", lanes(0, 32, 4, func(int) int { return 64 }), 0, 1},
		{"b32 pairs of lanes per word", lanes(0, 32, 4, func(l int) int { return 4 * (l / 2) }), 0, 1},
		{"b32 stride 2 words: 2-way", lanes(0, 32, 4, func(l int) int { return 8 * l }), 1, 2},
		{"b32 stride 32 words: 32-way", lanes(0, 32, 4, func(l int) int { return 128 * l }), 31, 32},
		{"b32 half the lanes", lanes(0, 16, 4, func(l int) int { return 128 * (l % 2) }), 1, 2},
		{"v2 16 lanes per phase, contiguous", lanes(0, 32, 8, func(l int) int { return 8 * l }), 0, 2},
		{"v2 stride 16 bytes: 2-way per phase", lanes(0, 32, 8, func(l int) int { return 16 * l }), 2, 4},
		{"ldmatrix.x1 one 128-byte row", lanes(0, 8, 16, func(l int) int { return 16 * l }), 0, 1},
		{"ldmatrix.x4 rows 128 bytes apart: 8-way", lanes(0, 32, 16, func(l int) int { return 128 * l }), 28, 32},
		{"ldmatrix.x2 rows 64 bytes apart: 4-way", lanes(0, 16, 16, func(l int) int { return 64 * l }), 6, 8},
		{"ldmatrix phases never merge", lanes(0, 16, 16, func(l int) int { return 16 * (l % 8) }), 0, 2},
		{"no lanes", nil, 0, 0},
	}
	for _, tt := range tests {
		if got := Conflicts(tt.accs); got != tt.conflicts {
			t.Errorf("%s: Conflicts = %d, want %d", tt.name, got, tt.conflicts)
		}
		if got := Wavefronts(tt.accs); got != tt.wf {
			t.Errorf("%s: Wavefronts = %d, want %d", tt.name, got, tt.wf)
		}
	}
}

// Shifting every address by the same multiple of the access width rotates
// the banks and cannot change the count: only relative addresses matter,
// so tiles need no more than 16-byte alignment.
func TestConflictsShiftInvariant(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 200; trial++ {
		bytes := []int{4, 8, 16}[trial%3]
		accs := lanes(0, 32, bytes, func(int) int { return bytes * rng.Intn(256) })
		want := Conflicts(accs)
		shift := bytes * rng.Intn(64)
		for i := range accs {
			accs[i].Addr += shift
		}
		if got := Conflicts(accs); got != want {
			t.Fatalf("trial %d: shift by %d changed conflicts %d -> %d", trial, shift, want, got)
		}
	}
}

func TestConflictsRejectsMalformed(t *testing.T) {
	bad := map[string][]Access{
		"mixed widths":  {{0, 0, 16}, {1, 16, 4}},
		"repeated lane": {{3, 0, 4}, {3, 4, 4}},
		"misaligned":    {{0, 8, 16}},
		"lane 32":       {{32, 0, 4}},
		"width 2":       {{0, 0, 2}},
	}
	for name, accs := range bad {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Conflicts did not panic", name)
				}
			}()
			Conflicts(accs)
		}()
	}
}
