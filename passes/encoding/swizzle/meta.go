package swizzle

import "fmt"

// The metadata tile is a block [BM/16, BK] of the [M/16, K] i16 tensor
// that decompose-sparse-tensors produces, stored in sparse.Band16 order:
// tile row i is band i of the block (A rows 16i .. 16i+15), and the
// natural metadata element (r, c) of the block (A row r, K-chunk c = dense
// columns 16c .. 16c+15 of the block) is at tile column
// 16c + 2(r%8) + (r%16)/8. The pipeline stages the tile row-major
// (order [1, 0]) in the layout ForDotOperand chooses.

// MetaWordColumn is the tile column of the 32-bit word that lane reads
// (with ld.shared.b32, at tile row i) to fill its metadata register for
// the m16n8k32 instruction of M-tile band i and K-slice kSlice (dense
// columns 32kSlice .. 32kSlice+31 of the block), selector 0: with
// g = lane/4 and t = lane%4 it is 16(2kSlice + (t&1)) + 2g. The word holds
// natural metadata (16i+g, 2kSlice + (t&1)) in its low half and
// (16i+g+8, 2kSlice + (t&1)) in its high half, the register of ptx.md §1.5.
// Lanes t = 2 and 3 read the words of t = 0 and 1 (a broadcast; with
// selector 0 the MMA ignores them). MetaWordColumn panics on a lane
// outside 0..31 or a negative kSlice.
func MetaWordColumn(kSlice, lane int) int {
	if lane < 0 || lane > 31 || kSlice < 0 {
		panic(fmt.Sprintf("swizzle: metadata word of lane %d, K-slice %d", lane, kSlice))
	}
	g, t := lane/4, lane%4
	return 16*(2*kSlice+(t&1)) + 2*g
}

// metaLoads returns the metadata loads of every warp: warp m of warpsM
// owns bands m, m + warpsM, ... (its M tiles) and issues, per band and
// K-slice, one ld.shared.b32 at (band, MetaWordColumn(kSlice, lane)).
// The 32 lanes read the 16 words of the 64 bytes of one K-slice of one
// band, each word by two lanes.
func metaLoads(t tile, warpsM int) []Load {
	var loads []Load
	for wm := 0; wm < min(warpsM, t.shape[0]); wm++ {
		for _, band := range warpTiles(wm, warpsM, 1, t.shape[0]) {
			for k := 0; k < t.shape[1]/32; k++ {
				loads = append(loads, metaWord(t, wm, band, k))
			}
		}
	}
	return loads
}

func metaWord(t tile, wm, band, kSlice int) Load {
	ld := Load{What: fmt.Sprintf("warp m%d: ld.shared.b32 E band %d K-slice %d (selector 0)", wm, band, kSlice)}
	for l := 0; l < 32; l++ {
		ld.Acc = append(ld.Acc, Access{Lane: l, Addr: t.addr(band, MetaWordColumn(kSlice, l)), Bytes: bankBytes})
	}
	return ld
}
