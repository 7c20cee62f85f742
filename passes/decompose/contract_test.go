package decompose

import (
	"testing"

	"github.com/sparsetriton/sp/sparse"
)

// TestBand16Tiling checks the layout half of the contract against
// sparse.Band16: the metadata of an A block [BM, BK] at [m0, k0] (all
// multiples of 16) occupies exactly the metadata block [BM/16, BK] at
// [m0/16, k0] of the [M/16, K] tensor with row stride K, which is what the
// decomposed tt.make_tensor_ptr / tt.advance address. For a sparse B the
// same holds for Bᵀ (rows n, metadata [N/16, K]).
func TestBand16Tiling(t *testing.T) {
	const m, k = 64, 128
	metaCols := k / sparse.DensePerMeta
	if err := sparse.Band16.Check(m, metaCols); err != nil {
		t.Fatal(err)
	}
	for _, blk := range [][4]int{{0, 0, 16, 16}, {16, 32, 32, 64}, {48, 96, 16, 32}, {0, 0, 64, 128}} {
		m0, k0, bm, bk := blk[0], blk[1], blk[2], blk[3]
		// Flat indices of the natural metadata words of the A block.
		got := map[int]bool{}
		for r := m0; r < m0+bm; r++ {
			for c := k0 / 16; c < (k0+bk)/16; c++ {
				got[sparse.Band16.Offset(m, metaCols, r, c)] = true
			}
		}
		// Flat indices the metadata block pointer reads.
		want := map[int]bool{}
		for i := m0 / 16; i < (m0+bm)/16; i++ {
			for j := k0; j < k0+bk; j++ {
				want[i*k+j] = true
			}
		}
		if len(got) != bm*bk/16 || len(got) != len(want) {
			t.Fatalf("block %v: %d metadata words, block pointer reads %d", blk, len(got), len(want))
		}
		for w := range want {
			if !got[w] {
				t.Fatalf("block %v: the metadata block [%d/16.., %d..] reads word %d, which holds no metadata of the A block", blk, m0, k0, w)
			}
		}
	}
}
