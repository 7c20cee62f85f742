package swizzle

import "fmt"

// Load is one warp-wide shared-memory load instruction of the lowering: the
// addresses its lanes supply.
type Load struct {
	What string // e.g. "warp m1: ldmatrix.x4 A rows 16+ k 32+"
	Acc  []Access
}

// DotOperandLoads returns the shared-memory loads that the PTX lowering
// issues to read one operand tile of an m16n8k32 sparse (or m16n8k16 dense)
// MMA, for every warp of a warpsPerCTA = warps grid and every K step, with
// the tile stored in layout sh at byte address 0. Warps that load identical
// data (A for warps sharing their M index, B for those sharing N) are
// listed once.
//
// Patterns (lane l; a tile's M tiles of 16 rows and N tiles of 8 columns
// are dealt to warps round robin, as Triton's MMAv2 layout does):
//
//   - A (dense or values, opIdx 0), per M tile m and 16 K columns k:
//     ldmatrix.x4; K contiguous: lane l points at (m + l%16, k + 8(l/16));
//     M contiguous: .trans, lane l at (m + 8((l/8)%2), k + l%8 + 8(l/16)).
//   - B (opIdx 1, K x N), per N tile n and 32 K rows k: ldmatrix.x4;
//     N contiguous: .trans, lane l at (k + l, n); K contiguous: lane l at
//     (k + 8(l/8), n + l%8).
//   - metadata ((BM/16) x BK, sparse.Band16 order), per band i of the
//     warp and K-slice k (32 K columns): ld.shared.b32, lane l at
//     (i, MetaWordColumn(k, l)); the MMA uses selector 0.
//
// The arguments must pass CheckDotOperand (with kWidth = 32/elemBits) and
// sh.Validate, and the tile must be whole in these steps: A needs BM and K
// multiples of 16; B needs K a multiple of 32 and N of 8; metadata needs BK
// a multiple of 32.
func DotOperandLoads(opIdx, meta, elemBits int, tileShape [2]int, sh Shared, warps [2]int) ([]Load, error) {
	if err := CheckDotOperand(opIdx, 32/max(1, elemBits), elemBits, tileShape, sh.Order, meta); err != nil {
		return nil, err
	}
	t := tile{shape: tileShape, sh: sh, elemBytes: elemBits / 8}
	if err := t.check(opIdx, meta, warps); err != nil {
		return nil, err
	}
	switch {
	case meta == MetaMetadata:
		return metaLoads(t, warps[0]), nil
	case opIdx == 0:
		return ldmatrixA(t, warps[0]), nil
	}
	return ldmatrixB(t, warps[1]), nil
}

// tile is an operand tile in shared memory.
type tile struct {
	shape     [2]int
	sh        Shared
	elemBytes int
}

func (t tile) rowElems() int { return t.shape[t.sh.Order[0]] }

// addr is the byte address of logical element (row, col).
func (t tile) addr(row, col int) int { return t.sh.Offset(row, col, t.rowElems()) * t.elemBytes }

// kContiguous reports whether the K dimension of an operand is contiguous.
func (t tile) kContiguous(opIdx int) bool { return t.sh.Order[0] == 1-opIdx }

func (t tile) check(opIdx, meta int, warps [2]int) error {
	if err := t.sh.Validate(t.rowElems()); err != nil {
		return err
	}
	step := [2]int{16, 16} // A: 16 rows, 16 K columns
	switch {
	case warps[0] < 1 || warps[1] < 1:
		return fmt.Errorf("warpsPerCTA %v is not positive", warps)
	case meta == MetaMetadata:
		step = [2]int{1, 32}
	case opIdx == 1:
		step = [2]int{32, 8} // B: 32 K rows, 8 N columns
	}
	if t.shape[0]%step[0] != 0 || t.shape[1]%step[1] != 0 {
		return fmt.Errorf("tile %v is not a multiple of the load step %v", t.shape, step)
	}
	return nil
}

// warpTiles returns the first indices of the tiles of `size` along a
// dimension of `extent` that warp w of `warps` owns: w, w + warps, ... in
// tile units; a warp beyond the last tile repeats tile w mod count.
func warpTiles(w, warps, size, extent int) []int {
	count := extent / size
	if w >= count {
		return []int{(w % count) * size}
	}
	var out []int
	for i := w; i < count; i += warps {
		out = append(out, i*size)
	}
	return out
}

func ldmatrixA(t tile, warpsM int) []Load {
	var loads []Load
	for wm := 0; wm < min(warpsM, t.shape[0]/16); wm++ {
		for _, m := range warpTiles(wm, warpsM, 16, t.shape[0]) {
			for k := 0; k < t.shape[1]; k += 16 {
				loads = append(loads, ldmatrixAStep(t, wm, m, k))
			}
		}
	}
	return loads
}

func ldmatrixAStep(t tile, wm, m, k int) Load {
	ld := Load{What: fmt.Sprintf("warp m%d: ldmatrix.x4 A rows %d+ k %d+", wm, m, k)}
	trans := !t.kContiguous(0)
	if trans {
		ld.What = fmt.Sprintf("warp m%d: ldmatrix.x4.trans A rows %d+ k %d+", wm, m, k)
	}
	for l := 0; l < 32; l++ {
		row, col := m+l%16, k+8*(l/16)
		if trans {
			row, col = m+8*((l/8)%2), k+l%8+8*(l/16)
		}
		ld.Acc = append(ld.Acc, Access{Lane: l, Addr: t.addr(row, col), Bytes: vecBytes})
	}
	return ld
}

func ldmatrixB(t tile, warpsN int) []Load {
	var loads []Load
	for wn := 0; wn < min(warpsN, t.shape[1]/8); wn++ {
		for _, n := range warpTiles(wn, warpsN, 8, t.shape[1]) {
			for k := 0; k < t.shape[0]; k += 32 {
				loads = append(loads, ldmatrixBStep(t, wn, n, k))
			}
		}
	}
	return loads
}

func ldmatrixBStep(t tile, wn, n, k int) Load {
	trans := !t.kContiguous(1)
	ld := Load{What: fmt.Sprintf("warp n%d: ldmatrix.x4 B k %d+ cols %d+", wn, k, n)}
	if trans {
		ld.What = fmt.Sprintf("warp n%d: ldmatrix.x4.trans B k %d+ cols %d+", wn, k, n)
	}
	for l := 0; l < 32; l++ {
		row, col := k+8*(l/8), n+l%8
		if trans {
			row, col = k+l, n
		}
		ld.Acc = append(ld.Acc, Access{Lane: l, Addr: t.addr(row, col), Bytes: vecBytes})
	}
	return ld
}
