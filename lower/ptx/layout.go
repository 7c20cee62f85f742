package ptx

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// threadMap says which elements of a distributed tensor one thread holds:
// element i sits at coordinates base[d] + offs[i][d], where base[d] is a
// register computed once in the prologue from %tid.x (or "0") and offs is
// a compile-time constant. The order of offs is the order of the value's
// registers. Threads that replicate data (a layout tile larger than the
// tensor) hold the same coordinates.
type threadMap struct {
	shape []int64
	base  []asm.Operand
	offs  [][]int64
	// order is the dimension order, fastest first (for vectorization).
	order []int
	// span[d] bounds base[d]: every thread's base lies in [0, span[d]).
	// A conversion split into column windows (convertChunks) relies on it
	// to place each element in its window from offs alone.
	span []int64
}

func (tm *threadMap) rank() int { return len(tm.shape) }

// key identifies an element by its offsets in dims other than skip.
func offKey(off []int64, skip int) string {
	var sb strings.Builder
	for d, o := range off {
		if d != skip {
			fmt.Fprintf(&sb, "%d,", o)
		}
	}
	return sb.String()
}

// threadMap returns (and caches) the per-thread element map of a tensor
// type with a distributed encoding.
func (ly *layouts) threadMap(t ir.RankedTensorType) (*threadMap, error) {
	for _, m := range ly.maps {
		if ir.TypeEqual(m.t, t) {
			return m.tm, nil
		}
	}
	tm, err := ly.buildMap(t.Shape, t.Encoding)
	if err != nil {
		return nil, err
	}
	ly.maps = append(ly.maps, typedMap{t, tm})
	return tm, nil
}

func (ly *layouts) buildMap(shape []int64, enc ir.Attribute) (*threadMap, error) {
	for _, s := range shape {
		if !isPow2(s) {
			return nil, fmt.Errorf("tensor shape %s: every dimension must be a power of two", ir.ShapeString(shape))
		}
	}
	switch l := enc.(type) {
	case nil:
		return nil, fmt.Errorf("tensor of shape %s has no layout encoding; run the TritonGPU passes before lowering to PTX", ir.ShapeString(shape))
	case ttgpu.BlockedEncoding:
		return ly.blockedMap(shape, l)
	case ttgpu.SliceEncoding:
		ps := make([]int64, 0, len(shape)+1)
		ps = append(ps, shape[:l.Dim]...)
		ps = append(ps, 1)
		ps = append(ps, shape[l.Dim:]...)
		parent, err := ly.buildMap(ps, l.Parent)
		if err != nil {
			return nil, err
		}
		return sliceMap(parent, l.Dim), nil
	case ttgpu.NvidiaMmaEncoding:
		return ly.mmaMap(shape, l)
	case ttgpu.DotOperandEncoding:
		return nil, fmt.Errorf("dot-operand tensors live in mma fragments; they must come from triton_gpu.local_load and feed tt.dot")
	}
	return nil, fmt.Errorf("layout %s is not supported by the PTX lowering", ir.AttrString(enc))
}

// sliceMap drops dimension dim of parent (whose size there is 1),
// keeping the first of the elements that coincide.
func sliceMap(parent *threadMap, dim int) *threadMap {
	tm := &threadMap{}
	for d := range parent.shape {
		if d != dim {
			tm.shape = append(tm.shape, parent.shape[d])
			tm.base = append(tm.base, parent.base[d])
			tm.span = append(tm.span, parent.span[d])
		}
	}
	for _, o := range parent.order {
		switch {
		case o < dim:
			tm.order = append(tm.order, o)
		case o > dim:
			tm.order = append(tm.order, o-1)
		}
	}
	seen := map[string]bool{}
	for _, off := range parent.offs {
		key := offKey(off, dim)
		if seen[key] {
			continue
		}
		seen[key] = true
		o := append(append([]int64(nil), off[:dim]...), off[dim+1:]...)
		tm.offs = append(tm.offs, o)
	}
	return tm
}

// blockedMap: dimension d of lane and warp ids is split along order
// (fastest first); the thread's first element is at
// ((laneIdx_d + tpw_d*warpIdx_d) * spt_d) mod shape_d, and it holds
// sizePerThread elements per repetition of the CTA tile.
func (ly *layouts) blockedMap(shape []int64, l ttgpu.BlockedEncoding) (*threadMap, error) {
	r := len(shape)
	if l.Rank() != r {
		return nil, fmt.Errorf("layout rank %d does not match tensor rank %d", l.Rank(), r)
	}
	warps := 1
	lanes := 1
	for d := 0; d < r; d++ {
		warps *= l.WarpsPerCTA[d]
		lanes *= l.ThreadsPerWarp[d]
		if !isPow2(int64(l.SizePerThread[d])) {
			return nil, fmt.Errorf("sizePerThread %v: entries must be powers of two", l.SizePerThread)
		}
	}
	if lanes != 32 {
		return nil, fmt.Errorf("threadsPerWarp %v covers %d lanes, want 32", l.ThreadsPerWarp, lanes)
	}
	if warps != ly.numWarps {
		return nil, fmt.Errorf("warpsPerCTA %v covers %d warps, but the module has num-warps = %d", l.WarpsPerCTA, warps, ly.numWarps)
	}
	tm := &threadMap{shape: shape, base: make([]asm.Operand, r), order: append([]int(nil), l.Order...), span: make([]int64, r)}
	laneShift, warpShift := 0, 0
	perDim := make([][]int64, r)
	for _, d := range l.Order {
		spt, tpw, wpc := int64(l.SizePerThread[d]), int64(l.ThreadsPerWarp[d]), int64(l.WarpsPerCTA[d])
		S := shape[d]
		tm.span[d] = 1
		if S > spt {
			tm.base[d] = ly.blockedBase(laneShift, tpw, warpShift, wpc, spt, S)
			tm.span[d] = maxMasked(tpw*wpc, spt, S) + 1
		} else {
			tm.base[d] = zero
		}
		tile := spt * tpw * wpc
		reps := int64(1)
		if S > tile {
			reps = S / tile
		}
		for rep := int64(0); rep < reps; rep++ {
			for e := int64(0); e < spt; e++ {
				perDim[d] = append(perDim[d], (rep*tile+e)%S)
			}
		}
		laneShift += log2(tpw)
		warpShift += log2(wpc)
	}
	// Cartesian product, order[0] fastest.
	tm.offs = product(perDim, l.Order)
	return tm, nil
}

// product enumerates offsets with order[0] varying fastest.
func product(perDim [][]int64, order []int) [][]int64 {
	r := len(perDim)
	n := 1
	for _, p := range perDim {
		n *= len(p)
	}
	out := make([][]int64, 0, n)
	idx := make([]int, r)
	for i := 0; i < n; i++ {
		off := make([]int64, r)
		for d := 0; d < r; d++ {
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

// blockedBase emits (in the prologue, cached) the base coordinate
// ((lane>>ls & (tpw-1)) + tpw*(warp>>ws & (wpc-1))) * spt & (S-1).
func (ly *layouts) blockedBase(ls int, tpw int64, ws int, wpc int64, spt, S int64) asm.Operand {
	key := fmt.Sprintf("blocked:%d:%d:%d:%d:%d:%d", ls, tpw, ws, wpc, spt, S)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	li := ly.bitField(ly.lane, ls, tpw)
	wi := ly.bitField(ly.warp, ws, wpc)
	r := ly.newReg(clsB32)
	switch {
	case wi == zero:
		ly.proOp("mov.u32", r, li)
	case li == zero:
		ly.proOp("shl.b32", r, wi, imm(log2(tpw)))
	default:
		ly.proOp("mad.lo.u32", r, wi, imm(tpw), li)
	}
	if spt > 1 {
		ly.proOp("shl.b32", r, r, imm(log2(spt)))
	}
	ly.proOp("and.b32", r, r, imm(S-1))
	ly.pro[key] = r
	return r
}

// bitField returns (src >> shift) & (n-1) as a prologue register, or zero
// when n == 1.
func (ly *layouts) bitField(src asm.Reg, shift int, n int64) asm.Operand {
	if n == 1 {
		return zero
	}
	key := fmt.Sprintf("bits:%v:%d:%d", src, shift, n)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	r := ly.newReg(clsB32)
	ly.proOp("bfe.u32", r, src, imm(shift), imm(log2(n)))
	ly.pro[key] = r
	return r
}

// mmaWarp returns the warp's (row, column) position in an nvidia_mma v2
// layout: warpM = warp % wm, warpN = (warp / wm) % wn.
func (ly *layouts) mmaWarp(l ttgpu.NvidiaMmaEncoding) (asm.Operand, asm.Operand) {
	wm, wn := int64(l.WarpsPerCTA[0]), int64(l.WarpsPerCTA[1])
	return ly.bitField(ly.warp, 0, wm), ly.bitField(ly.warp, log2(wm), wn)
}

// mmaMap is the accumulator layout of mma.sync m16n8: for repetition
// (m, n) and i in 0..3 the thread holds (m*16*wm + warpM*16 + g + 8*(i>>1),
// n*8*wn + warpN*8 + 2t + (i&1)), g = lane>>2, t = lane&3 (ptx.md §1.3).
//
// nvidia_mma v3 (wgmma) is the same with the warp's N tile instrN wide:
// for repetition (m, n), 8-column group j < instrN/8 and i in 0..3 the
// thread holds (m*16*wm + warpM*16 + g + 8*(i>>1), n*instrN*wn +
// warpN*instrN + 8j + 2t + (i&1)) (hopper.md §1.2), so the registers of
// one wgmma's D fragment (repetition (m, n)) are consecutive.
func (ly *layouts) mmaMap(shape []int64, l ttgpu.NvidiaMmaEncoding) (*threadMap, error) {
	if !(l.IsAmpere() || l.IsHopper()) || len(shape) != 2 || len(l.WarpsPerCTA) != 2 {
		return nil, fmt.Errorf("only 2-D nvidia_mma version 2 (mma.sync) and 3 (wgmma) layouts are supported, got %s", ir.AttrString(l))
	}
	instrN := int64(8)
	if l.IsHopper() {
		instrN = int64(l.InstrShape[1])
	}
	wm, wn := int64(l.WarpsPerCTA[0]), int64(l.WarpsPerCTA[1])
	if int(wm*wn) != ly.numWarps {
		return nil, fmt.Errorf("warpsPerCTA %v covers %d warps, but the module has num-warps = %d", l.WarpsPerCTA, wm*wn, ly.numWarps)
	}
	M, N := shape[0], shape[1]
	// A size-1 dimension is a sliced one (slice of #mma, for reductions):
	// every element sits at coordinate 0 there.
	if (M < 16 && M != 1) || (N < 8 && N != 1) {
		return nil, fmt.Errorf("mma accumulator %dx%d is smaller than one 16x8 instruction tile", M, N)
	}
	if l.IsHopper() && N != 1 && N%(instrN*wn) != 0 && N > instrN {
		return nil, fmt.Errorf("wgmma accumulator %dx%d is not a multiple of %d warps x n%d", M, N, wn, instrN)
	}
	// Each dimension's base is cached on what it depends on, so tensors of
	// one layout that agree in a dimension share its base register (the
	// M x 1 operand of a broadcast to M x N, for one).
	key0 := fmt.Sprintf("mmabase0:%d:%d:%d", wm, wn, M)
	key1 := fmt.Sprintf("mmabase1:%d:%d:%d:%d", wm, wn, N, instrN)
	base, ok0 := ly.pro[key0]
	base1, ok1 := ly.pro[key1]
	if !ok0 || !ok1 {
		wM, wN := ly.mmaWarp(l)
		g := ly.bitField(ly.lane, 2, 8)
		t := ly.bitField(ly.lane, 0, 4)
		if !ok0 {
			base = zero
			if M > 1 {
				r := ly.newReg(clsB32)
				ly.emitWarpBase(r, wM, 16, M, g, 1)
				base = r
			}
			ly.pro[key0] = base
		}
		if !ok1 {
			base1 = zero
			if N > 1 {
				r := ly.newReg(clsB32)
				ly.emitWarpBase(r, wN, instrN, N, t, 2)
				base1 = r
			}
			ly.pro[key1] = base1
		}
	}
	tm := &threadMap{shape: shape, base: []asm.Operand{base, base1}, order: []int{1, 0}, span: mmaSpan(M, N, wm, wn, instrN)}
	tm.offs = mmaOffsets(M, N, wm, wn, instrN)
	return tm, nil
}

// mmaSpan bounds mmaMap's bases: the warp's row (column) offset plus g < 8
// (plus 2t, t < 4); a size-1 dimension's base is 0.
func mmaSpan(M, N, wm, wn, instrN int64) []int64 {
	span := []int64{1, 1}
	if M > 1 {
		span[0] = maxMasked(wm, 16, M) + 8
	}
	if N > 1 {
		span[1] = maxMasked(wn, instrN, N) + 7
	}
	return span
}

// mmaOffsets lists, register by register, the thread-relative offsets of
// an M x N mma accumulator (see mmaMap); a size-1 dimension stays at 0.
func mmaOffsets(M, N, wm, wn, instrN int64) [][]int64 {
	var offs [][]int64
	repM, repN := max(1, M/(16*wm)), max(1, N/(instrN*wn))
	groups := max(1, min(instrN, N)/8)
	for m := int64(0); m < repM; m++ {
		for n := int64(0); n < repN; n++ {
			for j := int64(0); j < groups; j++ {
				for i := int64(0); i < 4; i++ {
					off := []int64{m*16*wm + 8*(i>>1), n*instrN*wn + 8*j + (i & 1)}
					if M == 1 {
						off[0] = 0
					}
					if N == 1 {
						off[1] = 0
					}
					offs = append(offs, off)
				}
			}
		}
	}
	return offs
}

// mmaWarpRow is the first accumulator row of the thread's warp in an
// nvidia_mma layout over M rows: (warpM*16) & (M-1), mmaMap's row base
// without the lane's g (prologue, cached).
func (ly *layouts) mmaWarpRow(l ttgpu.NvidiaMmaEncoding, M int64) asm.Operand {
	wm := int64(l.WarpsPerCTA[0])
	key := fmt.Sprintf("mmawarprow:%d:%d:%d", wm, l.WarpsPerCTA[1], M)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	wM, _ := ly.mmaWarp(l)
	var r asm.Operand = zero
	if wM != zero {
		reg := ly.newReg(clsB32)
		ly.proOp("mul.lo.u32", reg, wM, imm(16))
		ly.proOp("and.b32", reg, reg, imm(M-1))
		r = reg
	}
	ly.pro[key] = r
	return r
}

// maxMasked is the largest (x*mul) & (S-1) over x in [0, n): the largest
// base blockedBase and emitWarpBase compute (S a power of two).
func maxMasked(n, mul, S int64) int64 {
	m := int64(0)
	for x := int64(0); x < n; x++ {
		m = max(m, (x*mul)&(S-1))
	}
	return m
}

// emitWarpBase writes dst = ((w*tile) & (S-1)) + x*mul in the prologue.
func (ly *layouts) emitWarpBase(dst asm.Reg, w asm.Operand, tile, S int64, x asm.Operand, mul int64) {
	if w == zero {
		ly.proOp("mul.lo.u32", dst, x, imm(mul))
		return
	}
	ly.proOp("mul.lo.u32", dst, w, imm(tile))
	ly.proOp("and.b32", dst, dst, imm(S-1))
	ly.proOp("mad.lo.u32", dst, x, imm(mul), dst)
}

// coord returns a register (or immediate) holding coordinate d of
// element i: base[d] + offs[i][d]. Emitted in the body (cheap adds that
// ptxas folds).
func (ly *layouts) coord(tm *threadMap, i, d int) asm.Operand {
	b, o := tm.base[d], tm.offs[i][d]
	if b == zero {
		return imm(o)
	}
	if o == 0 {
		return b
	}
	key := fmt.Sprintf("coord:%v:%d", b, o)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	r := ly.newReg(clsB32)
	ly.proOp("add.u32", r, b, imm(o))
	ly.pro[key] = r
	return r
}
