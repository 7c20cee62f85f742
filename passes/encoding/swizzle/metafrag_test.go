package swizzle

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/sparsetriton/sp/sparse"
)

// The metadata loads are checked end to end against the band16 contract:
// random natural metadata of a whole M x K sparse A is stored through
// sparse.Band16.Offset into the [M/16, K] tensor, one interior block
// [BM/16, BK] of it is staged through the layout into an emulated shared
// memory, every load is executed with ld.shared.b32 semantics, and each
// lane's 32-bit register must be the one ptx.md §1.5 defines (m16n8k32,
// selector 0) for its warp's band and the load's K-slice.

// orderedNibbles are the 2:4 groups idx0 | idx1<<2 with idx0 < idx1
// (ptx.md §1.4, §5.1).
var orderedNibbles = []uint32{0x4, 0x8, 0x9, 0xC, 0xD, 0xE}

// metaBlock is the block (m0, k0) of a band16 metadata tensor.
type metaBlock struct {
	nib    [][]uint32 // nib[r][q]: group of A row r, dense columns 4q .. 4q+3
	tensor []int16    // [M/16, K], sparse.Band16 order
	k      int        // K
	m0, k0 int        // first A row and dense column of the block
}

// newMetaBlock builds a 2bm x 3bk sparse A's metadata and selects its
// block (1, 1), so that both block offsets are non-zero.
func newMetaBlock(bm, bk int, seed int64) (metaBlock, error) {
	rng := rand.New(rand.NewSource(seed))
	m, k := 2*bm, 3*bk
	b := metaBlock{nib: make([][]uint32, m), tensor: make([]int16, m*k/16), k: k, m0: bm, k0: bk}
	if err := sparse.Band16.Check(m, k/16); err != nil {
		return b, err
	}
	for r := range m {
		b.nib[r] = make([]uint32, k/4)
		for q := range b.nib[r] {
			b.nib[r][q] = orderedNibbles[rng.Intn(len(orderedNibbles))]
		}
		for c := 0; c < k/16; c++ { // natural element (r, c): groups 4c+i at bits 4i (ptx.md §5.1)
			var e uint32
			for i := range 4 {
				e |= b.nib[r][4*c+i] << (4 * i)
			}
			b.tensor[sparse.Band16.Offset(m, k/16, r, c)] = int16(uint16(e))
		}
	}
	return b, nil
}

// tileValue is element (i, c) of the staged [BM/16, BK] tile: tensor
// element (m0/16 + i, k0 + c).
func (b metaBlock) tileValue(i, c int) uint16 {
	return uint16(b.tensor[(b.m0/16+i)*b.k+b.k0+c])
}

// want is ptx.md §1.5 for m16n8k32 f16/bf16: lane (g, t) with h = t&1
// holds Σ nib(g, 4h+i) << 4i | Σ nib(g+8, 4h+i) << (16+4i), groups counted
// from the first column of the instruction's K-slice, rows from its band.
// Lanes t = 2, 3 get the register of t - 2 (the lowering's broadcast).
func (b metaBlock) want(band, kSlice, lane int) uint32 {
	g, h := lane/4, lane%2
	r, q0 := b.m0+16*band+g, (b.k0+32*kSlice)/4+4*h
	var e uint32
	for i := range 4 {
		e |= b.nib[r][q0+i]<<(4*i) | b.nib[r+8][q0+i]<<(16+4*i)
	}
	return e
}

// checkMetaFragments: every load is an ld.shared.b32 of all 32 lanes by the
// warp that owns the band (band % warpsM), every lane's register is the
// §1.5 register of that band and K-slice, and every (band, K-slice) of the
// tile is loaded exactly once.
func checkMetaFragments(o operand, sh Shared, warps [2]int) error {
	blk, err := newMetaBlock(16*o.shape[0], o.shape[1], int64(o.shape[0]*1000+o.shape[1]))
	if err != nil {
		return err
	}
	m := newSmem(sh, o.shape, blk.tileValue)
	seen := map[[2]int]bool{}
	for _, ld := range o.loads(sh, warps) {
		if len(ld.Acc) != 32 {
			return fmt.Errorf("%q: %d lanes, want 32", ld.What, len(ld.Acc))
		}
		org := m.origin(ld.Acc[0])
		band, kSlice := org[0], org[1]/32
		var wm int
		if _, err := fmt.Sscanf(ld.What, "warp m%d:", &wm); err != nil || band%warps[0] != wm {
			return fmt.Errorf("%q: band %d belongs to warp m%d of %d", ld.What, band, band%warps[0], warps[0])
		}
		for l, a := range ld.Acc {
			if a.Lane != l || a.Bytes != 4 {
				return fmt.Errorf("%q: access %d is lane %d, %d bytes; want lane %d, ld.shared.b32", ld.What, l, a.Lane, a.Bytes, l)
			}
			got := uint32(m.data[a.Addr/2]) | uint32(m.data[a.Addr/2+1])<<16
			if want := blk.want(band, kSlice, l); got != want {
				return fmt.Errorf("%q lane %d = %#08x, want %#08x (band %d, K-slice %d)", ld.What, l, got, want, band, kSlice)
			}
		}
		if err := markOnce(seen, [2]int{band, kSlice}, ld.What); err != nil {
			return err
		}
	}
	return coversAll(seen, [2]int{o.shape[0], o.shape[1] / 32}, [2]int{1, 1})
}

// MetaWordColumn is the band16 contract itself: the word of lane (g, t) for
// K-slice k starts at sparse.Band16's element (g, 2k + (t&1)) of band 0 and
// continues with (g+8, 2k + (t&1)), at an even (32-bit aligned) column.
func TestMetaWordColumn(t *testing.T) {
	const metaCols = 16 // K = 256: 8 K-slices
	for k := range metaCols / 2 {
		for l := range 32 {
			g, h := l/4, l%2
			col := MetaWordColumn(k, l)
			lo := sparse.Band16.Offset(16, metaCols, g, 2*k+h)
			hi := sparse.Band16.Offset(16, metaCols, g+8, 2*k+h)
			if col%2 != 0 || col != lo || hi != col+1 {
				t.Errorf("MetaWordColumn(%d, %d) = %d; band16 puts rows %d, %d of chunk %d at %d, %d", k, l, col, g, g+8, 2*k+h, lo, hi)
			}
		}
	}
	for lane, want := range map[int]int{0: 0, 1: 16, 2: 0, 3: 16, 4: 2, 29: 30, 31: 30} {
		if got := MetaWordColumn(0, lane); got != want {
			t.Errorf("MetaWordColumn(0, %d) = %d, want %d", lane, got, want)
		}
	}
	if got := MetaWordColumn(3, 31); got != 16*7+14 {
		t.Errorf("MetaWordColumn(3, 31) = %d, want %d", got, 16*7+14)
	}
	for _, bad := range [][2]int{{0, 32}, {0, -1}, {-1, 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("MetaWordColumn(%d, %d) did not panic", bad[0], bad[1])
				}
			}()
			MetaWordColumn(bad[0], bad[1])
		}()
	}
}

// The pattern the lowering must not use at BK = 32: one register for two
// M tiles (lanes t = 0, 1 for band i with selector 0, t = 2, 3 for the
// warp's next band with selector 1, as CUTLASS does with its own layout).
// A warp's bands are warpsM tile rows apart; with warpsM even the two
// 64-byte rows share their 16 banks, and no layout fixes it: Triton's
// swizzle only permutes vectors inside a row, and a row's bank set is
// fixed by its start. With warpsM = 1 the rows are adjacent and the same
// pattern is conflict-free.
func TestMetadataPairedTilesConflict(t *testing.T) {
	for _, warpsM := range []int{1, 2, 4} {
		for _, sh := range allRowLayouts(32) {
			n := Conflicts(pairedMetaLoad(sh, warpsM))
			if warpsM == 1 && n != 0 || warpsM > 1 && n == 0 {
				t.Errorf("warpsM %d, %v: %d extra wavefronts", warpsM, sh, n)
			}
		}
	}
}

func pairedMetaLoad(sh Shared, warpsM int) []Access {
	var accs []Access
	for l := 0; l < 32; l++ {
		row := ((l % 4) >> 1) * warpsM // band i = 0 or the warp's next band
		accs = append(accs, Access{Lane: l, Addr: 2 * sh.Offset(row, MetaWordColumn(0, l), 32), Bytes: 4})
	}
	return accs
}

// allRowLayouts lists every valid layout with vec ≥ 2 (a lane's i16 pair
// stays whole) for rows of rowElems elements.
func allRowLayouts(rowElems int) []Shared {
	var out []Shared
	for vec := 2; vec <= rowElems; vec *= 2 {
		for pp := 1; pp <= 8; pp *= 2 {
			for mp := 1; mp <= 8; mp *= 2 {
				sh := Shared{Vec: vec, PerPhase: pp, MaxPhase: mp, Order: rowMajor}
				if sh.Validate(rowElems) == nil {
					out = append(out, sh)
				}
			}
		}
	}
	return out
}
