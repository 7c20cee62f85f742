package ptx

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Dot operands live in mma fragments, not in per-element registers.
//
//   - A (opIdx 0, dense or 2:4 values): per (m repetition, k step) four
//     .b32 registers, the m16n8k16 A fragment (ptx.md §1.3) of rows
//     m*16*wm + warpM*16 + [0,16) and columns 16*kk + [0,16). For 2:4
//     values the columns are compressed ones: the fragment of k step kk is
//     exactly the A operand of mma.sp m16n8k32 for dense K 32*kk..+31.
//   - B (opIdx 1): per (n repetition, k step) two registers, the
//     m16n8k16 B fragment of columns n*8*wn + warpN*8 + [0,8).
//   - metadata (meta = 1): per (m repetition, k32 step) one register,
//     rows g and g+8 of the warp's 16 rows in the low and high halves
//     for K chunk 2*kk + (t&1) (ptx.md §1.5, selector 0).
//
// All are read from shared memory with ldmatrix; the per-lane addresses
// are prologue registers (smemAddr), so a load in the main loop is one
// add plus one ldmatrix.
type fragment struct {
	opIdx, meta int
	regs        [][][]asm.Operand // [rep][kstep][register]
}

// mmaOf returns the mma parent of a dot-operand encoding.
// The metadata of a wgmma.sp (meta = 1 with a v3 parent) is the same
// per-warp register, and wgmma's register A (opIdx 0, v3 parent) the same
// per-warp fragment of rows m*16*wm + warpM*16 (hopper.md §1.2), so v3 is
// accepted for them.
func mmaOf(d ttgpu.DotOperandEncoding) (ttgpu.NvidiaMmaEncoding, error) {
	m, ok := d.Parent.(ttgpu.NvidiaMmaEncoding)
	if ok && m.IsHopper() && (d.Meta == ttgpu.MetaMeta || d.OpIdx == 0) && len(m.WarpsPerCTA) == 2 {
		return m, nil // the metadata register, or the register A of wgmma (the m16n8k16 / m16n8k32 A fragment)
	}
	if !ok || !m.IsAmpere() || len(m.WarpsPerCTA) != 2 {
		return m, fmt.Errorf("dot operand parent %s: only 2-D nvidia_mma v2 is supported", ir.AttrString(d.Parent))
	}
	return m, nil
}

// laneBits returns a prologue register with (lane >> shift & (n-1)) * mul
// summed over the given terms, cached by key.
func (ly *layouts) laneExpr(terms ...[3]int64) asm.Operand {
	key := fmt.Sprintf("lane:%v", terms)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	r := ly.newReg(clsB32)
	ly.proOp("mov.u32", r, zero)
	for _, t := range terms {
		f := ly.bitField(ly.lane, int(t[0]), t[1])
		if f == zero {
			continue
		}
		ly.proOp("mad.lo.u32", r, f, imm(t[2]), r)
	}
	ly.pro[key] = r
	return r
}

// addPro returns a prologue register a + b (either may be zero).
func (ly *layouts) addPro(a, b asm.Operand) asm.Operand {
	switch {
	case a == zero:
		return b
	case b == zero:
		return a
	}
	key := fmt.Sprintf("add:%v:%v", a, b)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	r := ly.newReg(clsB32)
	ly.proOp("add.u32", r, a, b)
	ly.pro[key] = r
	return r
}

// warpBase returns ((warpIdx * tile) & (S-1)) as a prologue register.
func (ly *layouts) warpBase(w asm.Operand, tile, S int64) asm.Operand {
	if w == zero {
		return zero
	}
	key := fmt.Sprintf("wbase:%v:%d:%d", w, tile, S)
	if r, ok := ly.pro[key]; ok {
		return r
	}
	r := ly.newReg(clsB32)
	ly.proOp("mul.lo.u32", r, w, imm(tile))
	ly.proOp("and.b32", r, r, imm(S-1))
	ly.pro[key] = r
	return r
}

func ldmatrixOK(m *memRef) bool {
	return m.elem.bits == 16 && (m.maxPhase == 1 || m.vec >= 8) && m.rowLen%8 == 0
}

func (k *kernel) loadDotOperand(op *ir.Operation, m *memRef, rt ir.RankedTensorType, d ttgpu.DotOperandEncoding) error {
	mma, err := mmaOf(d)
	if err != nil {
		return err
	}
	if len(rt.Shape) != 2 {
		return fmt.Errorf("dot operands must be 2-D")
	}
	wm, wn := int64(mma.WarpsPerCTA[0]), int64(mma.WarpsPerCTA[1])
	if int(wm*wn) != k.numWarps {
		return fmt.Errorf("mma warpsPerCTA %v does not match num-warps = %d", mma.WarpsPerCTA, k.numWarps)
	}
	warpM, warpN := k.mmaWarp(mma)
	f := &fragment{opIdx: d.OpIdx, meta: d.Meta}
	if m.elem.bits == 8 && d.Meta != ttgpu.MetaMeta {
		if m, rt, err = b16View(m, rt, d.OpIdx); err != nil {
			return err
		}
	}
	k.beforeRead()
	defer k.afterRead()
	switch {
	case d.Meta == ttgpu.MetaMeta && d.KWidth == 4:
		err = k.loadMeta8(f, m, rt, warpM, wm)
	case d.Meta == ttgpu.MetaMeta:
		err = k.loadMeta(f, m, rt, warpM, wm)
	case d.OpIdx == 0:
		err = k.loadA(f, m, rt, warpM, wm)
	default:
		err = k.loadB(f, m, rt, warpN, wn)
	}
	if err != nil {
		return err
	}
	k.set(op.Result(0), &val{frag: f})
	return nil
}

// b16View views a K-contiguous tile of 8-bit elements (an operand of
// mma.sp m16n8k64) as a tile of b16 pairs along K, so that the 16-bit
// ldmatrix loads serve it: the m16n8k64 A fragment over 32 compressed
// bytes of 16 rows is the m16n8k16 A fragment of that tile read as 16 x 16
// b16 (ptx.md §1.3), and B register j of a k64 step (bytes
// B[16j+4t..16j+4t+3][g]) is the non-transposed ldmatrix of the N x K tile
// read as b16, two k16 steps per k64 step, as for the 16-bit sparse path.
// The swizzle carries over with vec halved: byte 2p+b of a row is b16 p.
func b16View(m *memRef, rt ir.RankedTensorType, opIdx int) (*memRef, ir.RankedTensorType, error) {
	kDim := 1 - opIdx // A is M x K, B is K x N
	if (kDim == 1) != (m.contig == 1) {
		what := map[int]string{0: "A (values)", 1: "B"}[opIdx]
		return nil, rt, fmt.Errorf("8-bit %s operand in shared memory must be K-contiguous (the m16n8k64 fragments hold consecutive K bytes per register); a column-major B, as torch._scaled_mm takes it", what)
	}
	if m.rowLen%2 != 0 || (m.maxPhase > 1 && m.vec%2 != 0) || (m.contig == 1 && m.c0%2 != 0) || (m.contig == 0 && m.r0%2 != 0) || m.blockLen%2 != 0 {
		return nil, rt, fmt.Errorf("8-bit operand in shared layout vec=%d rowLen=%d: pairs of bytes along K must stay together", m.vec, m.rowLen)
	}
	i16, err := scalarOf(ir.I16)
	if err != nil {
		return nil, rt, err
	}
	v := *m
	v.elem, v.rowLen, v.blockLen, v.vec = i16, m.rowLen/2, m.blockLen/2, max(1, m.vec/2)
	if v.contig == 1 {
		v.cols, v.c0 = m.cols/2, m.c0/2
	} else {
		v.rows, v.r0 = m.rows/2, m.r0/2
	}
	shape := append([]int64(nil), rt.Shape...)
	if len(shape) == 2 {
		shape[kDim] /= 2
	}
	return &v, ir.NewTensor(shape, ir.I16), nil
}

func (k *kernel) ldmatrix(num int, trans bool, addr asm.Addr) []asm.Operand {
	regs := make([]asm.Operand, num)
	for i := range regs {
		regs[i] = k.newReg(clsB32)
	}
	t := ""
	if trans {
		t = ".trans"
	}
	k.op(fmt.Sprintf("ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16", num, t), asm.Vec(regs), addr)
	return regs
}

// loadA: one ldmatrix.x4 per (m, k step). Matrix i (lanes 8i..8i+7 give
// its line addresses) covers rows 8*(i&1).., columns 8*(i>>1)..; the
// operand is transposed (.trans) when M is the contiguous dim.
func (k *kernel) loadA(f *fragment, m *memRef, rt ir.RankedTensorType, warpM asm.Operand, wm int64) error {
	M, K := rt.Shape[0], rt.Shape[1]
	if M < 16 || K < 16 || K%16 != 0 {
		return fmt.Errorf("A operand %dx%d: need M >= 16 and K a multiple of 16", M, K)
	}
	if !ldmatrixOK(m) {
		return fmt.Errorf("A operand in shared layout vec=%d maxPhase=%d (%d-bit): ldmatrix needs 16-bit elements in 16-byte rows", m.vec, m.maxPhase, m.elem.bits)
	}
	trans := m.contig == 0
	rowBase := k.warpBase(warpM, 16, M)
	var outerLane, kLane asm.Operand
	if !trans {
		outerLane = k.laneExpr([3]int64{0, 8, 1}, [3]int64{3, 2, 8}) // j + 8*(i&1)
		kLane = k.laneExpr([3]int64{4, 2, 8})                        // 8*(i>>1)
	} else {
		outerLane = k.laneExpr([3]int64{3, 2, 8})
		kLane = k.laneExpr([3]int64{0, 8, 1}, [3]int64{4, 2, 8})
	}
	outer := k.addPro(rowBase, outerLane)
	reps := max(1, M/(16*wm))
	f.regs = make([][][]asm.Operand, reps)
	for r := int64(0); r < reps; r++ {
		for kk := int64(0); kk < K/16; kk++ {
			addr := k.elemAddr(m, affine{outer, r * 16 * wm}, affine{kLane, kk * 16})
			f.regs[r] = append(f.regs[r], k.ldmatrix(4, trans, addr))
		}
	}
	return nil
}

// loadB: one ldmatrix.x4 per pair of n repetitions and k step (x2 when
// the warp has a single n repetition). Matrix i covers n repetition
// 2p + (i>>1) and k rows 8*(i&1)..; transposed when N is contiguous.
func (k *kernel) loadB(f *fragment, m *memRef, rt ir.RankedTensorType, warpN asm.Operand, wn int64) error {
	K, N := rt.Shape[0], rt.Shape[1]
	if N < 8 || K < 16 || K%16 != 0 {
		return fmt.Errorf("B operand %dx%d: need N >= 8 and K a multiple of 16", K, N)
	}
	if !ldmatrixOK(m) {
		return fmt.Errorf("B operand in shared layout vec=%d maxPhase=%d (%d-bit): ldmatrix needs 16-bit elements in 16-byte rows", m.vec, m.maxPhase, m.elem.bits)
	}
	trans := m.contig == 1
	colBase := k.warpBase(warpN, 8, N)
	reps := max(1, N/(8*wn))
	var outerLane, kLane asm.Operand
	if trans {
		outerLane = k.laneExpr([3]int64{4, 2, 8 * wn})
		kLane = k.laneExpr([3]int64{0, 8, 1}, [3]int64{3, 2, 8})
	} else {
		outerLane = k.laneExpr([3]int64{0, 8, 1}, [3]int64{4, 2, 8 * wn})
		kLane = k.laneExpr([3]int64{3, 2, 8})
	}
	outer := k.addPro(colBase, outerLane)
	f.regs = make([][][]asm.Operand, reps)
	for r := range f.regs {
		f.regs[r] = make([][]asm.Operand, K/16)
	}
	for p := int64(0); p < reps; p += 2 {
		for kk := int64(0); kk < K/16; kk++ {
			addr := k.elemAddr(m, affine{kLane, kk * 16}, affine{outer, p * 8 * wn})
			if p+1 < reps {
				r := k.ldmatrix(4, trans, addr)
				f.regs[p][kk] = r[0:2]
				f.regs[p+1][kk] = r[2:4]
			} else {
				f.regs[p][kk] = k.ldmatrix(2, trans, addr)
			}
		}
	}
	return nil
}

// loadMeta reads band16 metadata (sparse.Band16): tensor row = band of 16
// A rows; within it, K-chunk c occupies columns 16c..16c+15 with rows
// interleaved in pairs, column 16c + 2*(r%8) + (r%16)/8 holding the word of
// row r. The m16n8k32 metadata register of lane (g, t) for K step kk holds
// the words of rows g (low half) and g+8 (high half) for chunk 2kk + (t&1)
// (ptx.md §1.5, selector 0): one aligned 32-bit word at column
// 32kk + 16(t&1) + 2g (swizzle.MetaWordColumn). Lanes t = 2, 3 read the
// same words as t - 2 (a broadcast); the instruction ignores them.
func (k *kernel) loadMeta(f *fragment, m *memRef, rt ir.RankedTensorType, warpM asm.Operand, wm int64) error {
	return k.loadMetaWords(f, m, rt, warpM, wm, metaBand16)
}

// loadMeta8 reads band16k32 metadata (sparse.Band16K32), the metadata of
// an 8-bit A: the m16n8k64 register of lane (g, t) for k64 step kk holds
// the natural words (r, 4kk + 2(t>>1)) and (r, 4kk + 2(t>>1) + 1) of row
// r = g + 8(t&1) (ptx.md §1.5, selector 0, all lanes), which band16k32
// stores as one aligned 32-bit word at column 64kk + 32(t>>1) + 2r of the
// band's row. The metadata dot operand of an 8-bit dot carries kWidth = 4.
func (k *kernel) loadMeta8(f *fragment, m *memRef, rt ir.RankedTensorType, warpM asm.Operand, wm int64) error {
	return k.loadMetaWords(f, m, rt, warpM, wm, metaBand16K32)
}

// metaWords describes how one mma step's metadata register is found in a
// band's row: the K extent of the step, the layout's name for errors, and
// the lane terms of the word's column (laneExpr's triples).
type metaWords struct {
	instr, layout string
	k             int64
	lanes         [][3]int64
}

var (
	metaBand16    = metaWords{instr: "m16n8k32", layout: "band16", k: 32, lanes: [][3]int64{{2, 8, 2}, {0, 2, 16}}}                // 2g + 16(t&1)
	metaBand16K32 = metaWords{instr: "m16n8k64", layout: "band16k32", k: 64, lanes: [][3]int64{{2, 8, 2}, {0, 2, 16}, {1, 2, 32}}} // 2(g + 8(t&1)) + 32(t>>1)
)

// loadMetaWords loads one aligned 32-bit metadata word per lane and mma
// step from the shared band tile, as w describes.
func (k *kernel) loadMetaWords(f *fragment, m *memRef, rt ir.RankedTensorType, warpM asm.Operand, wm int64, w metaWords) error {
	bands, K := rt.Shape[0], rt.Shape[1]
	if m.elem.bits != 16 {
		return fmt.Errorf("metadata must be i16, got %d-bit elements", m.elem.bits)
	}
	if K%w.k != 0 {
		return fmt.Errorf("metadata tile %dx%d: K must be a multiple of %d (one %s step)", bands, K, w.k, w.instr)
	}
	if m.contig != 1 || (m.vec < 2 && m.maxPhase > 1) {
		return fmt.Errorf("metadata tile %dx%d in shared layout vec=%d order=[%d, ...]: %s words need a row-major layout that keeps element pairs together (vec >= 2 or no swizzle)", bands, K, m.vec, m.contig, w.layout)
	}
	bandBase := k.warpBase(warpM, 1, bands)
	reps := max(1, bands/wm)
	f.regs = make([][][]asm.Operand, reps)
	col := k.laneExpr(w.lanes...)
	for r := int64(0); r < reps; r++ {
		for kk := int64(0); kk < K/w.k; kk++ {
			e := k.newReg(clsB32)
			k.op("ld.shared.b32", e, k.elemAddr(m, affine{bandBase, r * wm}, affine{col, kk * w.k}))
			f.regs[r] = append(f.regs[r], []asm.Operand{e})
		}
	}
	return nil
}

// dotFrags are the checked operands of one tt.dot: fragments of A, B
// and (sparse) the metadata, the accumulator registers, and the mma tile
// counts of the result.
type dotFrags struct {
	in         string // "f16" or "bf16"; 8-bit: "e4m3", "e5m2" or "s8"
	acc        string // "f32"; "s32" for s8
	a, b, e    *fragment
	c          []asm.Operand
	repM, repN int
	kSteps     int // k16 steps (dense) or k32 steps (sparse)
}

// emitDot issues one mma per (k step, m repetition, n repetition):
// mma.sync m16n8k16 for a dense dot, mma.sp m16n8k32 for 2:4-sparse A.
func emitDot(k *kernel, op *ir.Operation) error {
	dot, ok := tt.AsDot(op)
	if !ok {
		return fmt.Errorf("malformed tt.dot")
	}
	f, err := k.dotOperands(dot)
	if err != nil {
		return err
	}
	res, err := k.freshVal(dot.D().Type())
	if err != nil {
		return err
	}
	mma := "mma.sync.aligned.m16n8k16.row.col.f32." + f.in + "." + f.in + ".f32"
	if f.e != nil {
		sp := "sp"
		if k.opts.OrderedMetadata {
			sp = "sp::ordered_metadata"
		}
		shape := "m16n8k32"
		if f.acc == "s32" || f.in == "e4m3" || f.in == "e5m2" {
			shape = "m16n8k64" // 8-bit: k64 steps (A fragment per 32 compressed bytes)
		}
		mma = "mma." + sp + ".sync.aligned." + shape + ".row.col." + f.acc + "." + f.in + "." + f.in + "." + f.acc
		k.sparse = true
	}
	for kk := 0; kk < f.kSteps; kk++ {
		for m := 0; m < f.repM; m++ {
			for n := 0; n < f.repN; n++ {
				i := (m*f.repN + n) * 4
				d, src := res.regs[i:i+4], res.regs[i:i+4]
				if kk == 0 {
					src = f.c[i : i+4]
				}
				if f.e != nil {
					bregs := append(append([]asm.Operand(nil), f.b.regs[n][2*kk]...), f.b.regs[n][2*kk+1]...)
					k.op(mma, asm.Vec(d), asm.Vec(f.a.regs[m][kk]), asm.Vec(bregs), asm.Vec(src), f.e.regs[m][kk][0], asm.HexImm{V: 0, Digits: 1})
				} else {
					k.op(mma, asm.Vec(d), asm.Vec(f.a.regs[m][kk]), asm.Vec(f.b.regs[n][kk]), asm.Vec(src))
				}
			}
		}
	}
	if f.kSteps == 0 {
		for i := range res.regs {
			k.op("mov."+map[string]string{"f32": "f32", "s32": "b32"}[f.acc], res.regs[i], f.c[i])
		}
	}
	k.set(dot.D(), res)
	return nil
}

// mma8 maps the 8-bit input types of mma.sp m16n8k64 to their PTX
// spelling and accumulator.
var mma8 = map[string][2]string{"f8E4M3FN": {"e4m3", "f32"}, "f8E5M2": {"e5m2", "f32"}, "i8": {"s8", "s32"}}

// dotTypes8 checks an 8-bit tt.dot (2:4 sparse A only): e4m3 or e5m2 with
// f32 accumulators, i8 with i32.
func dotTypes8(dot tt.DotOp, rt ir.RankedTensorType, ae ir.Type) (in, acc string, err error) {
	t, ok := mma8[ir.TypeString(ae)]
	if !ok {
		return "", "", fmt.Errorf("tt.dot inputs of type %s: only f16, bf16, f8E4M3FN, f8E5M2 and i8 are supported", ir.TypeString(ae))
	}
	if bt := tt.ElemOf(dot.B().Type()); !ir.TypeEqual(bt, ae) {
		return "", "", fmt.Errorf("tt.dot with mixed input types %s and %s is not supported", ir.TypeString(ae), ir.TypeString(bt))
	}
	if ir.TypeString(rt.Elem) != map[string]string{"f32": "f32", "s32": "i32"}[t[1]] {
		return "", "", fmt.Errorf("tt.dot of %s accumulates in %s; mma.sp m16n8k64 .%s accumulates in .%s", ir.TypeString(ae), ir.TypeString(rt.Elem), t[0], t[1])
	}
	if !dot.SparseA() {
		return "", "", fmt.Errorf("8-bit tt.dot without a 2:4 sparse A: only mma.sp m16n8k64 is lowered for 8-bit operands")
	}
	return t[0], t[1], nil
}

// dotTypes checks the result layout and the element types of a tt.dot and
// returns its mma layout and input type.
func dotTypes(dot tt.DotOp) (ttgpu.NvidiaMmaEncoding, ir.RankedTensorType, string, error) {
	rt, ok := dot.D().Type().(ir.RankedTensorType)
	if !ok {
		return ttgpu.NvidiaMmaEncoding{}, rt, "", fmt.Errorf("tt.dot result must be a tensor")
	}
	mma, ok := rt.Encoding.(ttgpu.NvidiaMmaEncoding)
	if !ok || !mma.IsAmpere() {
		return mma, rt, "", fmt.Errorf("tt.dot result layout %s: only nvidia_mma v2 (mma.sync) is supported", ir.AttrString(rt.Encoding))
	}
	ae := tt.ElemOf(dot.A().Type())
	if tt.BitWidth(ae) == 8 {
		in, acc, err := dotTypes8(dot, rt, ae)
		return mma, rt, in + "/" + acc, err
	}
	if !ir.TypeEqual(rt.Elem, ir.F32T) {
		return mma, rt, "", fmt.Errorf("tt.dot accumulates in %s; only f32 accumulators are supported", ir.TypeString(rt.Elem))
	}
	ab, ok := ae.(ir.FloatType)
	if !ok || (ab.Kind != ir.F16 && ab.Kind != ir.BF16) {
		return mma, rt, "", fmt.Errorf("tt.dot inputs of type %s: only f16 and bf16 are supported", ir.TypeString(ae))
	}
	if bt := tt.ElemOf(dot.B().Type()); !ir.TypeEqual(bt, ae) {
		return mma, rt, "", fmt.Errorf("tt.dot with mixed input types %s and %s is not supported", ir.TypeString(ae), ir.TypeString(bt))
	}
	return mma, rt, ab.String(), nil
}

// dotOperands checks a tt.dot against what the lowering supports and
// collects its lowered operands.
func (k *kernel) dotOperands(dot tt.DotOp) (*dotFrags, error) {
	mma, rt, in, err := dotTypes(dot)
	if err != nil {
		return nil, err
	}
	a, err := k.get(dot.A())
	if err != nil {
		return nil, err
	}
	b, err := k.get(dot.B())
	if err != nil {
		return nil, err
	}
	if a.frag == nil || b.frag == nil {
		return nil, fmt.Errorf("tt.dot operands must come from triton_gpu.local_load into dot_op layouts")
	}
	f := &dotFrags{in: in, acc: "f32", a: a.frag, b: b.frag}
	if i := strings.IndexByte(in, '/'); i >= 0 {
		f.in, f.acc = in[:i], in[i+1:]
	}
	if f.c, err = k.regsOf(dot.C()); err != nil {
		return nil, err
	}
	wm, wn := int64(mma.WarpsPerCTA[0]), int64(mma.WarpsPerCTA[1])
	M, N := rt.Shape[0], rt.Shape[1]
	f.repM, f.repN = int(max(1, M/(16*wm))), int(max(1, N/(8*wn)))
	if len(f.a.regs) != f.repM || len(f.b.regs) != f.repN {
		return nil, fmt.Errorf("operand fragments (%d x %d repetitions) do not match the %dx%d accumulator", len(f.a.regs), len(f.b.regs), M, N)
	}
	f.kSteps = len(f.a.regs[0])
	switch {
	case dot.SparseA():
		e, err := k.get(dot.Meta())
		if err != nil {
			return nil, err
		}
		if e.frag == nil || e.frag.meta != ttgpu.MetaMeta {
			return nil, fmt.Errorf("sparse tt.dot metadata must come from triton_gpu.local_load into a dot_op layout with meta = 1")
		}
		f.e = e.frag
		if len(f.b.regs[0]) != 2*f.kSteps || len(f.e.regs) != f.repM || len(f.e.regs[0]) != f.kSteps {
			return nil, fmt.Errorf("sparse tt.dot: %d k32 steps of values, %d k16 steps of B, %d of metadata do not agree", f.kSteps, len(f.b.regs[0]), len(f.e.regs[0]))
		}
	case dot.SparseIndex() != tt.SparseIndexDense:
		return nil, fmt.Errorf("sparse tt.dot with sparseIndex = %d is not supported (only A may be sparse)", dot.SparseIndex())
	case len(f.b.regs[0]) != f.kSteps:
		return nil, fmt.Errorf("tt.dot: A has %d k steps, B %d", f.kSteps, len(f.b.regs[0]))
	}
	return f, nil
}

// fp8Dot returns the first tt.dot of module with fp8 (e4m3, e5m2)
// operands, or nil.
func fp8Dot(module *ir.Operation) *ir.Operation {
	var found *ir.Operation
	module.WalkOps(func(op *ir.Operation) {
		if d, ok := tt.AsDot(op); ok && found == nil {
			if s, err := elemScalar(d.A().Type()); err == nil && s.fp8 {
				found = op
			}
		}
	})
	return found
}

// dotOps adds this file's ops to the table.
func dotOps(t *table) {
	t.register(emitDot, tt.DotOpName)
}
