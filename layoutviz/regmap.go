package layoutviz

import (
	"fmt"
	"math/bits"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// Slot is one place that holds a tensor element: register Reg of thread
// Thread (= 32*warp + lane). Half is -1 for a register holding one element,
// 0 or 1 for the low or high 16 bits of a .b32 register that packs two
// (dot-operand fragments, band16 metadata words).
type Slot struct {
	Thread, Reg, Half int
}

// Warp and Lane split Thread.
func (s Slot) Warp() int { return s.Thread / 32 }
func (s Slot) Lane() int { return s.Thread % 32 }

func (s Slot) String() string {
	switch s.Half {
	case 0:
		return fmt.Sprintf("T%d:r%d.lo", s.Thread, s.Reg)
	case 1:
		return fmt.Sprintf("T%d:r%d.hi", s.Thread, s.Reg)
	}
	return fmt.Sprintf("T%d:%d", s.Thread, s.Reg)
}

// RegMap says which thread and register hold each element of a tensor with
// a distributed layout, as the PTX lowering assigns them (lower/ptx).
type RegMap struct {
	Layout   string // the encoding, printed
	Kind     string // "blocked", "nvidia_mma v2 accumulator", "dot_op A (meta = 0: 2:4 values)", ...
	Shape    [2]int // rank-1 tensors are 1 x N
	Rank     int
	NumWarps int
	// Elems[r*Shape[1]+c] lists the slots holding element (r, c), ordered
	// by thread then register; more than one means replication.
	Elems [][]Slot
	// Regs[thread] lists the elements (r, c) thread's registers hold, in
	// register order (Half slots take two entries).
	Regs [][][2]int
	// Note explains register packing for dot operands.
	Note string
}

// At returns the slots holding element (r, c).
func (m *RegMap) At(r, c int) []Slot { return m.Elems[r*m.Shape[1]+c] }

// RegsPerThread is the number of element slots of thread 0.
func (m *RegMap) RegsPerThread() int { return len(m.Regs[0]) }

// ThreadMap returns the element map of a distributed tensor: enc is the
// tensor's encoding (blocked, slice of blocked or mma, nvidia_mma v2/v3,
// dot_op with an nvidia_mma v2 parent and meta -1/0/1), shape its shape
// (rank 1 or 2, powers of two), numWarps the module's num-warps.
func ThreadMap(enc ir.Attribute, shape []int64, numWarps int) (*RegMap, error) {
	if len(shape) < 1 || len(shape) > 2 {
		return nil, fmt.Errorf("tensor of rank %d: layout maps are drawn for rank 1 and 2", len(shape))
	}
	for _, s := range shape {
		if s < 1 || s&(s-1) != 0 || s > 1<<12 {
			return nil, fmt.Errorf("tensor shape %s: every dimension must be a power of two up to 4096", ir.ShapeString(shape))
		}
	}
	if n := shapeElems(shape); n > MaxElems {
		return nil, fmt.Errorf("tensor shape %s has %d elements: pictures are drawn for up to %d", ir.ShapeString(shape), n, MaxElems)
	}
	if numWarps < 1 || numWarps > 32 || numWarps&(numWarps-1) != 0 {
		return nil, fmt.Errorf("num-warps = %d: want a power of two from 1 to 32", numWarps)
	}
	coords, kind, note, err := threadCoords(enc, shape, numWarps)
	if err != nil {
		return nil, err
	}
	m := &RegMap{Layout: ir.AttrString(enc), Kind: kind, Rank: len(shape), NumWarps: numWarps, Note: note}
	if len(shape) == 1 {
		m.Shape = [2]int{1, int(shape[0])}
	} else {
		m.Shape = [2]int{int(shape[0]), int(shape[1])}
	}
	m.Elems = make([][]Slot, m.Shape[0]*m.Shape[1])
	m.Regs = make([][][2]int, 32*numWarps)
	for th, regs := range coords {
		for i, rc := range regs {
			r, c := rc.r, rc.c
			if m.Rank == 1 {
				r, c = 0, rc.r
			}
			if r < 0 || c < 0 || r >= m.Shape[0] || c >= m.Shape[1] {
				return nil, fmt.Errorf("internal error: thread %d register %d outside the tensor at (%d, %d)", th, i, r, c)
			}
			s := Slot{Thread: th, Reg: i, Half: -1}
			if rc.half >= 0 {
				s.Reg, s.Half = rc.reg, rc.half
			}
			m.Elems[r*m.Shape[1]+c] = append(m.Elems[r*m.Shape[1]+c], s)
			m.Regs[th] = append(m.Regs[th], [2]int{r, c})
		}
	}
	for i, e := range m.Elems {
		if len(e) == 0 {
			return nil, fmt.Errorf("internal error: element (%d, %d) has no holder", i/m.Shape[1], i%m.Shape[1])
		}
	}
	return m, nil
}

// MaxElems bounds the tensors and tiles drawn (a 256x256 tile).
const MaxElems = 1 << 16

func shapeElems(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// coord is one register's element; for packed registers reg/half name the
// .b32 register and its half.
type coord struct {
	r, c      int
	reg, half int
}

func log2(n int) int { return bits.Len(uint(n)) - 1 }

func threadCoords(enc ir.Attribute, shape []int64, numWarps int) ([][]coord, string, string, error) {
	switch l := enc.(type) {
	case nil:
		return nil, "", "", fmt.Errorf("the tensor has no layout encoding")
	case ttgpu.BlockedEncoding:
		c, err := blockedCoords(l, shape, numWarps)
		return c, "blocked", "", err
	case ttgpu.SliceEncoding:
		ps := append(append(append([]int64{}, shape[:l.Dim]...), 1), shape[l.Dim:]...)
		parent, kind, _, err := threadCoords(l.Parent, ps, numWarps)
		if err != nil {
			return nil, "", "", err
		}
		return sliceCoords(parent, l.Dim), fmt.Sprintf("slice dim %d of %s", l.Dim, kind), "", nil
	case ttgpu.NvidiaMmaEncoding:
		if len(shape) != 2 {
			return nil, "", "", fmt.Errorf("nvidia_mma layouts are 2-D")
		}
		if l.IsHopper() {
			c, err := mmaV3Coords(l, shape, numWarps)
			return c, "nvidia_mma v3 accumulator (wgmma)", "", err
		}
		if !l.IsAmpere() {
			return nil, "", "", fmt.Errorf("nvidia_mma version %d: only versions 2 and 3 are drawn", l.VersionMajor)
		}
		c, err := mmaV2Coords(l, shape, numWarps)
		return c, "nvidia_mma v2 accumulator (mma.sync m16n8)", "", err
	case ttgpu.DotOperandEncoding:
		return dotCoords(l, shape, numWarps)
	}
	return nil, "", "", fmt.Errorf("layout %s is not drawn (blocked, slice, nvidia_mma and dot_op are)", ir.AttrString(enc))
}

// blockedCoords follows lower/ptx's blockedMap: dimension d of the lane and
// warp ids is split along order (fastest first); the thread's first element
// is at ((lane_d + tpw_d*warp_d) * spt_d) mod shape_d; registers run over
// sizePerThread and the repetitions of the CTA tile, order[0] fastest.
func blockedCoords(l ttgpu.BlockedEncoding, shape []int64, numWarps int) ([][]coord, error) {
	r := len(shape)
	if l.Rank() != r {
		return nil, fmt.Errorf("layout rank %d does not match tensor rank %d", l.Rank(), r)
	}
	lanes, warps := 1, 1
	for d := 0; d < r; d++ {
		lanes *= l.ThreadsPerWarp[d]
		warps *= l.WarpsPerCTA[d]
		if !pow2(l.SizePerThread[d]) || !pow2(l.ThreadsPerWarp[d]) || !pow2(l.WarpsPerCTA[d]) {
			return nil, fmt.Errorf("sizePerThread, threadsPerWarp and warpsPerCTA must be powers of two")
		}
	}
	if lanes != 32 {
		return nil, fmt.Errorf("threadsPerWarp %v covers %d lanes, want 32", l.ThreadsPerWarp, lanes)
	}
	if warps != numWarps {
		return nil, fmt.Errorf("warpsPerCTA %v covers %d warps, but num-warps = %d", l.WarpsPerCTA, warps, numWarps)
	}
	perDim := make([][]int, r)
	laneShift, warpShift := make([]int, r), make([]int, r)
	ls, ws := 0, 0
	for _, d := range l.Order {
		spt, tpw, wpc, S := l.SizePerThread[d], l.ThreadsPerWarp[d], l.WarpsPerCTA[d], int(shape[d])
		laneShift[d], warpShift[d] = ls, ws
		tile := spt * tpw * wpc
		reps := 1
		if S > tile {
			reps = S / tile
		}
		for rep := 0; rep < reps; rep++ {
			for e := 0; e < spt; e++ {
				perDim[d] = append(perDim[d], (rep*tile+e)%S)
			}
		}
		ls += log2(tpw)
		ws += log2(wpc)
	}
	offs := product(perDim, l.Order)
	out := make([][]coord, 32*numWarps)
	for th := range out {
		lane, warp := th%32, th/32
		base := make([]int, r)
		for d := 0; d < r; d++ {
			spt, tpw, wpc, S := l.SizePerThread[d], l.ThreadsPerWarp[d], l.WarpsPerCTA[d], int(shape[d])
			if S > spt {
				li := (lane >> laneShift[d]) & (tpw - 1)
				wi := (warp >> warpShift[d]) & (wpc - 1)
				base[d] = ((li + tpw*wi) * spt) & (S - 1)
			}
		}
		for _, off := range offs {
			c := coord{half: -1}
			c.r = base[0] + off[0]
			if r == 2 {
				c.c = base[1] + off[1]
			}
			out[th] = append(out[th], c)
		}
	}
	return out, nil
}

func pow2(n int) bool { return n >= 1 && n&(n-1) == 0 }

// product enumerates offsets with order[0] varying fastest.
func product(perDim [][]int, order []int) [][]int {
	n := 1
	for _, p := range perDim {
		n *= len(p)
	}
	out := make([][]int, 0, n)
	idx := make([]int, len(perDim))
	for i := 0; i < n; i++ {
		off := make([]int, len(perDim))
		for d := range perDim {
			off[d] = perDim[d][idx[d]]
		}
		out = append(out, off)
		for _, d := range order {
			idx[d]++
			if idx[d] < len(perDim[d]) {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// sliceCoords drops dimension dim (of size 1 in the parent) and keeps the
// first register of each distinct remaining coordinate, as lower/ptx does.
func sliceCoords(parent [][]coord, dim int) [][]coord {
	out := make([][]coord, len(parent))
	for th, regs := range parent {
		seen := map[[2]int]bool{}
		for _, c := range regs {
			k := [2]int{c.r, c.c}
			if dim == 0 {
				k = [2]int{c.c, 0}
			} else {
				k = [2]int{c.r, 0}
			}
			if !seen[k] {
				seen[k] = true
				out[th] = append(out[th], coord{r: k[0], half: -1})
			}
		}
	}
	return out
}

// mmaWarp is the warp's position in an nvidia_mma layout: warpM = warp %
// wm, warpN = (warp / wm) % wn (lower/ptx's mmaWarp).
func mmaWarp(warp int, wpc []int) (int, int) {
	return warp % wpc[0], (warp / wpc[0]) % wpc[1]
}

func checkWarps(wpc []int, numWarps int) error {
	if len(wpc) != 2 || wpc[0] < 1 || wpc[1] < 1 || wpc[0]*wpc[1] != numWarps {
		return fmt.Errorf("warpsPerCTA %v does not cover num-warps = %d", wpc, numWarps)
	}
	return nil
}

// mmaV2Coords: for repetition (m, n) and i < 4 the thread holds row
// m*16*wm + warpM*16 + g + 8*(i>>1), column n*8*wn + warpN*8 + 2t + (i&1),
// g = lane>>2, t = lane&3 (the m16n8 C fragment).
func mmaV2Coords(l ttgpu.NvidiaMmaEncoding, shape []int64, numWarps int) ([][]coord, error) {
	if err := checkWarps(l.WarpsPerCTA, numWarps); err != nil {
		return nil, err
	}
	wm, wn := l.WarpsPerCTA[0], l.WarpsPerCTA[1]
	M, N := int(shape[0]), int(shape[1])
	if M < 16 || N < 8 {
		return nil, fmt.Errorf("mma accumulator %dx%d is smaller than one 16x8 instruction tile", M, N)
	}
	repM, repN := max(1, M/(16*wm)), max(1, N/(8*wn))
	out := make([][]coord, 32*numWarps)
	for th := range out {
		warpM, warpN := mmaWarp(th/32, l.WarpsPerCTA)
		g, t := (th%32)>>2, th&3
		b0, b1 := ((warpM*16)&(M-1))+g, ((warpN*8)&(N-1))+2*t
		for m := 0; m < repM; m++ {
			for n := 0; n < repN; n++ {
				for i := 0; i < 4; i++ {
					out[th] = append(out[th], coord{r: b0 + m*16*wm + 8*(i>>1), c: b1 + n*8*wn + (i & 1), half: -1})
				}
			}
		}
	}
	return out, nil
}

// mmaV3Coords: the wgmma m64nNk16 accumulator (instrShape [16, N, 16]), as
// lower/ptx's mmaMap: for repetition (m, n), 8-column group j < N/8 and i <
// 4 the thread holds row m*16wm + ((16warpM) mod M) + g + 8(i>>1), column
// n*N*wn + ((N*warpN) mod shape N) + 8j + 2t + (i&1): the registers of one
// wgmma's D fragment are consecutive (d[4j+i]).
func mmaV3Coords(l ttgpu.NvidiaMmaEncoding, shape []int64, numWarps int) ([][]coord, error) {
	if err := checkWarps(l.WarpsPerCTA, numWarps); err != nil {
		return nil, err
	}
	if len(l.InstrShape) != 3 || l.InstrShape[1]%8 != 0 || l.InstrShape[1] < 8 {
		return nil, fmt.Errorf("nvidia_mma v3 needs instrShape [16, N, K] with N a multiple of 8, got %v", l.InstrShape)
	}
	wm, wn, iN := l.WarpsPerCTA[0], l.WarpsPerCTA[1], l.InstrShape[1]
	M, N := int(shape[0]), int(shape[1])
	if M < 16 || N < 8 || (N%(iN*wn) != 0 && N > iN) {
		return nil, fmt.Errorf("wgmma accumulator %dx%d is not a whole number of %d warps x n%d tiles", M, N, wn, iN)
	}
	repM, repN := max(1, M/(16*wm)), max(1, N/(iN*wn))
	groups := max(1, min(iN, N)/8)
	out := make([][]coord, 32*numWarps)
	for th := range out {
		warpM, warpN := mmaWarp(th/32, l.WarpsPerCTA)
		g, t := (th%32)>>2, th&3
		b0, b1 := ((warpM*16)&(M-1))+g, ((warpN*iN)&(N-1))+2*t
		for m := 0; m < repM; m++ {
			for n := 0; n < repN; n++ {
				for j := 0; j < groups; j++ {
					for i := 0; i < 4; i++ {
						out[th] = append(out[th], coord{r: b0 + m*16*wm + 8*(i>>1), c: b1 + n*iN*wn + 8*j + (i & 1), half: -1})
					}
				}
			}
		}
	}
	return out, nil
}

// dotCoords are the mma fragments of lower/ptx's loadA, loadB and loadMeta
// (.b32 registers, two 16-bit elements each), numbered [rep][k step][reg].
func dotCoords(l ttgpu.DotOperandEncoding, shape []int64, numWarps int) ([][]coord, string, string, error) {
	mma, ok := l.Parent.(ttgpu.NvidiaMmaEncoding)
	if !ok || !mma.IsAmpere() {
		return nil, "", "", fmt.Errorf("dot_op parent %s: only nvidia_mma v2 parents are drawn", ir.AttrString(l.Parent))
	}
	if len(shape) != 2 {
		return nil, "", "", fmt.Errorf("dot operands are 2-D")
	}
	if err := checkWarps(mma.WarpsPerCTA, numWarps); err != nil {
		return nil, "", "", err
	}
	wm, wn := mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]
	R, C := int(shape[0]), int(shape[1])
	out := make([][]coord, 32*numWarps)
	add := func(th, reg, half, r, c int) {
		out[th] = append(out[th], coord{r: r, c: c, reg: reg, half: half})
	}
	switch {
	case l.Meta == ttgpu.MetaMeta:
		if C%32 != 0 {
			return nil, "", "", fmt.Errorf("metadata tile %dx%d: K must be a multiple of 32", R, C)
		}
		reps, ks := max(1, R/wm), C/32
		for th := range out {
			warpM, _ := mmaWarp(th/32, mma.WarpsPerCTA)
			g, t := (th%32)>>2, th&3
			for rep := 0; rep < reps; rep++ {
				band := ((warpM * 1) & (R - 1)) + rep*wm
				for kk := 0; kk < ks; kk++ {
					reg, col := rep*ks+kk, 32*kk+16*(t&1)+2*g
					add(th, reg, 0, band, col)
					add(th, reg, 1, band, col+1)
				}
			}
		}
		return out, "dot_op A metadata (meta = 1, band16 i16)", "one .b32 register per band and K-slice of 32: the band16 word of rows g (low half) and g+8 (high half) for K chunk 2j+(t&1), read with ld.shared.b32; lanes t = 2, 3 hold copies that mma.sp (selector 0) ignores", nil
	case l.OpIdx == 0:
		if R < 16 || C%16 != 0 {
			return nil, "", "", fmt.Errorf("A operand %dx%d: need M >= 16 and K a multiple of 16", R, C)
		}
		reps, ks := max(1, R/(16*wm)), C/16
		for th := range out {
			warpM, _ := mmaWarp(th/32, mma.WarpsPerCTA)
			g, t := (th%32)>>2, th&3
			for rep := 0; rep < reps; rep++ {
				row0 := ((warpM * 16) & (R - 1)) + rep*16*wm
				for kk := 0; kk < ks; kk++ {
					for i := 0; i < 8; i++ {
						add(th, (rep*ks+kk)*4+i/2, i%2, row0+g+8*((i>>1)&1), kk*16+2*t+(i&1)+8*(i>>2))
					}
				}
			}
		}
		kind, note := "dot_op A (meta = -1, dense)", "four .b32 registers per 16x16 block (rows m16, K step 16): the m16n8k16 A fragment, two f16 each"
		if l.Meta == ttgpu.MetaValues {
			kind, note = "dot_op A (meta = 0, 2:4 compressed values)", "four .b32 registers per 16x16 block of compressed values: the A operand of mma.sp m16n8k32 for dense K 32j..32j+31"
		}
		return out, kind, note, nil
	default:
		if C < 8 || R%16 != 0 {
			return nil, "", "", fmt.Errorf("B operand %dx%d: need N >= 8 and K a multiple of 16", R, C)
		}
		reps, ks := max(1, C/(8*wn)), R/16
		for th := range out {
			_, warpN := mmaWarp(th/32, mma.WarpsPerCTA)
			g, t := (th%32)>>2, th&3
			for rep := 0; rep < reps; rep++ {
				col0 := ((warpN * 8) & (C - 1)) + rep*8*wn
				for kk := 0; kk < ks; kk++ {
					for i := 0; i < 4; i++ {
						add(th, (rep*ks+kk)*2+i/2, i%2, kk*16+2*t+(i&1)+8*(i>>1), col0+g)
					}
				}
			}
		}
		return out, "dot_op B (meta = -1)", "two .b32 registers per 16x8 block (K step 16, 8 columns): the m16n8k16 B fragment; mma.sp m16n8k32 takes two K steps", nil
	}
}

// WarpsOf is the number of warps a layout's warpsPerCTA covers (through
// slice and dot_op parents), or 0 when it does not say.
func WarpsOf(enc ir.Attribute) int {
	prod := func(xs []int) int {
		n := 1
		for _, x := range xs {
			n *= x
		}
		return n
	}
	switch l := enc.(type) {
	case ttgpu.BlockedEncoding:
		return prod(l.WarpsPerCTA)
	case ttgpu.NvidiaMmaEncoding:
		return prod(l.WarpsPerCTA)
	case ttgpu.SliceEncoding:
		return WarpsOf(l.Parent)
	case ttgpu.DotOperandEncoding:
		return WarpsOf(l.Parent)
	}
	return 0
}
