package sparse

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
)

// pytorchScatterOffsets follows the steps of CUTLASS reorder_meta as
// re-implemented by PyTorch's _calculate_meta_reordering_scatter_offsets
// for int16 metadata (ptx.md §5.3 steps 1-3), independently of the closed
// form used by Layout.Offset: row reorder, 2x2 swap, ColumnMajorInterleaved<2>.
func pytorchScatterOffsets(m, ncols int) []int {
	const group, interweave = 32, 4
	out := make([]int, m*ncols)
	for r := range m {
		for c := range ncols {
			dr := r/group*group + (r%8)*interweave + (r%group)/8
			dc := c
			topright := dr%2 == 0 && dc%2 == 1
			bottomleft := dr%2 == 1 && dc%2 == 0
			switch {
			case topright:
				dr, dc = dr+1, dc-1
			case bottomleft:
				dr, dc = dr-1, dc+1
			}
			const interleave = 2
			out[r*ncols+c] = (dc/interleave)*m*interleave + dr*interleave + dc%interleave
		}
	}
	return out
}

func TestCutlassSM80OffsetMatchesSteps(t *testing.T) {
	for _, shape := range [][2]int{{64, 64}, {64, 4}, {32, 2}, {96, 6}} {
		rows, cols := shape[0], shape[1]
		want := pytorchScatterOffsets(rows, cols)
		for r := range rows {
			for c := range cols {
				if got := CutlassSM80.Offset(rows, cols, r, c); got != want[r*cols+c] {
					t.Fatalf("%dx%d: Offset(%d, %d) = %d, want %d", rows, cols, r, c, got, want[r*cols+c])
				}
			}
		}
		sorted := slices.Sorted(slices.Values(want))
		for i, v := range sorted {
			if v != i {
				t.Fatalf("%dx%d: offsets are not a permutation (sorted[%d] = %d)", rows, cols, i, v)
			}
		}
	}
}

// TestCutlassSM80MatchesRegisterLayout checks the layout against what the
// m16n8k32 metadata operand needs (ptx.md §1.5, §5.3 "Meaning"): each block
// of 32 rows x 2 metadata columns is 64 contiguous int16, and matrix row b
// of it holds the 32-bit words {b, b+8}@c0, {b, b+8}@c1, {b+16, b+24}@c0,
// {b+16, b+24}@c1 (low half first).
func TestCutlassSM80MatchesRegisterLayout(t *testing.T) {
	const rows, cols = 64, 4
	for r := range rows {
		for c := range cols {
			got := CutlassSM80.Offset(rows, cols, r, c)
			q, b, h := r/32, r%8, (r%32)/8 // h: 0..3 = rows b, b+8, b+16, b+24
			word := 2*(h/2) + c%2          // which of the four words of matrix row b
			want := (c/2)*2*rows + 64*q + 8*b + 2*word + h%2
			if got != want {
				t.Fatalf("Offset(%d, %d) = %d, want %d", r, c, got, want)
			}
		}
	}
	// A few entries by hand: the first matrix row is (0,0) (8,0) (0,1) (8,1)
	// (16,0) (24,0) (16,1) (24,1), and (1,0) starts the second.
	hand := []struct{ r, c, off int }{
		{0, 0, 0}, {8, 0, 1}, {0, 1, 2}, {8, 1, 3}, {16, 0, 4}, {24, 0, 5}, {16, 1, 6}, {24, 1, 7}, {1, 0, 8},
		{32, 0, 64}, {0, 2, 128}, {63, 3, 255},
	}
	for _, h := range hand {
		if got := CutlassSM80.Offset(rows, cols, h.r, h.c); got != h.off {
			t.Errorf("Offset(%d, %d) = %d, want %d", h.r, h.c, got, h.off)
		}
	}
}

func TestCompressCutlassIsScatteredNatural(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range allDTypes {
		a, _ := Prune(randomMatrix(rng, d, 64, 64))
		nat, err := Compress(a, Natural)
		if err != nil {
			t.Fatal(err)
		}
		cut, err := Compress(a, CutlassSM80)
		if err != nil {
			t.Fatal(err)
		}
		requireSame(t, cut.Values, nat.Values, true)
		off := pytorchScatterOffsets(64, 4)
		for i, v := range nat.Meta {
			if cut.Meta[off[i]] != v {
				t.Fatalf("%v: natural meta %d (%#04x) is not at reordered offset %d (%#04x)", d, i, uint16(v), off[i], uint16(cut.Meta[off[i]]))
			}
		}
		back, err := cut.WithLayout(Natural)
		if err != nil || !slices.Equal(back.Meta, nat.Meta) || back.Layout != Natural {
			t.Fatalf("%v: WithLayout(natural) = %v, %v", d, back, err)
		}
	}
}

func TestConvertMeta(t *testing.T) {
	meta := make([]int16, 32*4)
	for i := range meta {
		meta[i] = int16(i)
	}
	reordered, err := ConvertMeta(meta, 32, 4, Natural, CutlassSM80)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(reordered, meta) {
		t.Fatal("reordering left the metadata unchanged")
	}
	back, err := ConvertMeta(reordered, 32, 4, CutlassSM80, Natural)
	if err != nil || !slices.Equal(back, meta) {
		t.Fatalf("round trip = %v, %v", back, err)
	}
	same, err := ConvertMeta(meta, 32, 4, Natural, Natural)
	if err != nil || !slices.Equal(same, meta) {
		t.Fatalf("natural to natural = %v, %v", same, err)
	}
	errs := []struct {
		meta       []int16
		rows, cols int
		from, to   Layout
		want       string
	}{
		{meta[:4], 2, 2, Natural, CutlassSM80, "layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 2 rows and K = 32"},
		{meta[:96], 32, 3, Natural, CutlassSM80, "layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 32 rows and K = 48"},
		{meta[:5], 2, 2, Natural, Natural, "2x2 metadata needs 4 int16, has 5"},
		{meta[:4], 2, 2, 0, Natural, "invalid metadata layout Layout(0)"},
	}
	for _, e := range errs {
		_, err := ConvertMeta(e.meta, e.rows, e.cols, e.from, e.to)
		if err == nil || err.Error() != e.want {
			t.Errorf("ConvertMeta(%dx%d, %v→%v) error = %v, want %q", e.rows, e.cols, e.from, e.to, err, e.want)
		}
	}
}

func TestLayoutNames(t *testing.T) {
	if Natural.String() != "natural" || CutlassSM80.String() != "cutlass-sm80" {
		t.Fatalf("names = %q, %q", Natural, CutlassSM80)
	}
	for _, l := range []Layout{Natural, CutlassSM80, Band16, Band16T, Band16K32, Band16K32T} {
		got, err := ParseLayout(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLayout(%q) = %v, %v", l.String(), got, err)
		}
	}
	if got := Layout(0).String(); got != "Layout(0)" {
		t.Errorf("Layout(0).String() = %q", got)
	}
	_, err := ParseLayout("cutlass")
	if want := `unknown metadata layout "cutlass" (want natural, cutlass-sm80, band16, band16t, band16k32 or band16k32t)`; err == nil || err.Error() != want {
		t.Errorf("ParseLayout(cutlass) error = %v, want %q", err, want)
	}

	type manifest struct {
		Layout Layout `json:"layout"`
	}
	b, err := json.Marshal(manifest{CutlassSM80})
	if err != nil || string(b) != `{"layout":"cutlass-sm80"}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var m manifest
	if err := json.Unmarshal([]byte(`{"layout":"natural"}`), &m); err != nil || m.Layout != Natural {
		t.Fatalf("json.Unmarshal = %v, %v", m, err)
	}
	if err := json.Unmarshal([]byte(`{"layout":"nat"}`), &m); err == nil {
		t.Fatal("json.Unmarshal accepted an unknown layout")
	}
	if _, err := json.Marshal(manifest{}); err == nil {
		t.Fatal("json.Marshal accepted the zero Layout")
	}
}

// TestBand16TilesLikeTheTensor checks the property decompose-sparse-tensors
// relies on: the [M/16, K] tensor's block [m0/16 : (m0+BM)/16, k0 : k0+BK]
// holds exactly the metadata of A rows [m0, m0+BM) and K range [k0, k0+BK).
func TestBand16TilesLikeTheTensor(t *testing.T) {
	const M, K = 64, 128
	metaCols := K / DensePerMeta
	for _, tile := range [][4]int{{0, 0, 32, 32}, {16, 64, 32, 64}, {32, 96, 16, 32}} {
		m0, k0, bm, bk := tile[0], tile[1], tile[2], tile[3]
		inTile := map[int]bool{}
		for i := m0 / 16; i < (m0+bm)/16; i++ {
			for j := k0; j < k0+bk; j++ {
				inTile[i*K+j] = true
			}
		}
		for r := 0; r < M; r++ {
			for c := 0; c < metaCols; c++ {
				want := r >= m0 && r < m0+bm && c*16 >= k0 && c*16 < k0+bk
				if got := inTile[Band16.Offset(M, metaCols, r, c)]; got != want {
					t.Fatalf("tile %v: element (%d, %d) in tile = %v, want %v", tile, r, c, got, want)
				}
			}
		}
	}
	if err := Band16.Check(40, 4); err == nil {
		t.Fatal("band16 accepted 40 rows")
	}
}

// TestBand16RegisterWord checks the second band16 property: the two words
// of an m16n8k32 metadata register (rows g and g+8, one K-chunk) are
// adjacent, low half first, at an even (32-bit aligned) index.
func TestBand16RegisterWord(t *testing.T) {
	const M, metaCols = 32, 4
	for band := 0; band < M/16; band++ {
		for c := 0; c < metaCols; c++ {
			for g := 0; g < 8; g++ {
				lo := Band16.Offset(M, metaCols, band*16+g, c)
				hi := Band16.Offset(M, metaCols, band*16+g+8, c)
				if lo%2 != 0 || hi != lo+1 || lo != band*16*metaCols+16*c+2*g {
					t.Fatalf("band %d chunk %d g %d: lo %d hi %d", band, c, g, lo, hi)
				}
			}
		}
	}
}

// TestBand16TIsTransposedBand16 checks the property decompose-sparse-tensors
// relies on for a 2:4 operand B addressed with pointer tensors: the word a
// kernel reads for band16 position (b, q) of Bᵀ's metadata (rows of Bᵀ =
// columns n of B) is at (q*N + 16*b)/16, i.e. the dense offset of B element
// (k = q, n = 16b) divided by 16, and it is a permutation.
func TestBand16TIsTransposedBand16(t *testing.T) {
	const N, metaCols = 48, 3 // N columns of B, K = 48
	seen := map[int]bool{}
	for r := range N {
		for c := range metaCols {
			q := 16*c + 2*(r%8) + (r%16)/8 // band16 column of (r, c)
			got := Band16T.Offset(N, metaCols, r, c)
			if want := (q*N + 16*(r/16)) / 16; got != want {
				t.Fatalf("(%d, %d): offset %d, want %d", r, c, got, want)
			}
			if band := Band16.Offset(N, metaCols, r, c); band != (r/16)*16*metaCols+q {
				t.Fatalf("band16 (%d, %d) = %d", r, c, band)
			}
			seen[got] = true
		}
	}
	if len(seen) != N*metaCols {
		t.Fatalf("band16t is not a permutation: %d distinct offsets of %d", len(seen), N*metaCols)
	}
	if err := Band16T.Check(40, 2); err == nil {
		t.Fatal("band16t accepted 40 rows")
	}
}

// TestBand16K32 checks the band16k32 contract: block tiling as band16
// (metadata of rows [m0, m0+BM) and K range [k0, k0+BK), multiples of 16
// and 32, is the tensor block [m0/16.., k0..]), and the m16n8k64 register
// of lane (g, t), k64 step j (row g + 8*(t&1), natural words
// 4j + 2*(t>>1) and +1, low half first) is the aligned 32-bit word at
// band-row column 64j + 32*(t>>1) + 2*(g + 8*(t&1)).
func TestBand16K32(t *testing.T) {
	const M, K = 64, 256
	metaCols := K / DensePerMeta
	for _, tile := range [][4]int{{0, 0, 32, 64}, {16, 64, 32, 128}, {32, 224, 16, 32}} {
		m0, k0, bm, bk := tile[0], tile[1], tile[2], tile[3]
		for r := range M {
			for c := range metaCols {
				off := Band16K32.Offset(M, metaCols, r, c)
				row, col := off/K, off%K
				want := r >= m0 && r < m0+bm && c*16 >= k0 && c*16 < k0+bk
				got := row >= m0/16 && row < (m0+bm)/16 && col >= k0 && col < k0+bk
				if got != want {
					t.Fatalf("tile %v: element (%d, %d) in tile = %v, want %v", tile, r, c, got, want)
				}
			}
		}
	}
	seen := map[int]bool{}
	for band := range M / 16 {
		for j := range K / 64 {
			for lane := range 32 {
				g, tt := lane>>2, lane&3
				r := band*16 + g + 8*(tt&1)
				c := 4*j + 2*(tt>>1)
				lo, hi := Band16K32.Offset(M, metaCols, r, c), Band16K32.Offset(M, metaCols, r, c+1)
				if want := band*K + 64*j + 32*(tt>>1) + 2*(g+8*(tt&1)); lo != want || hi != lo+1 || lo%2 != 0 {
					t.Fatalf("band %d step %d lane %d: words %d, %d; want %d, %d", band, j, lane, lo, hi, want, want+1)
				}
				seen[lo], seen[hi] = true, true
			}
		}
	}
	if len(seen) != M*metaCols {
		t.Fatalf("the registers cover %d words of %d", len(seen), M*metaCols)
	}
	for r := range M {
		for c := range metaCols {
			q := Band16K32Slot(r, c)
			if got, want := Band16K32T.Offset(M, metaCols, r, c), q*(M/16)+r/16; got != want {
				t.Fatalf("band16k32t (%d, %d) = %d, want %d", r, c, got, want)
			}
		}
	}
	if err := Band16K32.Check(32, 3); err == nil {
		t.Fatal("band16k32 accepted K = 48")
	}
	if err := Band16K32T.Check(40, 2); err == nil {
		t.Fatal("band16k32t accepted 40 rows")
	}
	if Band16.For8Bit() != Band16K32 || Band16T.For8Bit() != Band16K32T || Natural.For8Bit() != Natural {
		t.Fatal("For8Bit")
	}
}
