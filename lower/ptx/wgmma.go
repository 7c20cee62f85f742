package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Hopper warpgroup MMA (hopper.md §1–§2).
//
// triton_nvidia_gpu.warp_group_dot on an nvidia_mma v3 accumulator issues,
// per warpgroup, one wgmma.mma_async per (k step, m64 block, n block):
// wgmma.mma_async.sp.sync.aligned.m64nNk32 for 2:4 sparse A (the values
// tile is a dense K-major tile of width K/2; sp-meta is the band16
// m16n8k32 register of the warp, selector 0) and
// wgmma.mma_async.sync.aligned.m64nNk16 for dense dots, between
// wgmma.fence and wgmma.commit_group (and wgmma.wait_group 0 unless the dot
// is isAsync; warp_group_dot_wait is wgmma.wait_group N). A and B are read
// from shared memory through matrix descriptors built from their NVMMA
// layouts (memRef.blockLen: SW-byte swizzle atoms, column blocks at
// lines*SW): start address >> 4 in bits 0–13, leading byte offset >> 4 in
// 16–29, stride byte offset >> 4 in 32–45, swizzle mode in 62–63 (1 = 128B,
// 2 = 64B, 3 = 32B). K-major tiles: SBO = 8*SW (next 8 rows), LBO unused
// (1); k steps advance the start address inside the atom row, then by
// column blocks. An N-contiguous (MN-major) B: trans-b = 1, SBO = 8*SW
// (next 8 K rows), LBO = lines*SW (next column block along N). Tiles are
// 1024-byte aligned (planShared), so the descriptor base offset is 0.
//
// Register A (wgmma's RS form): an A that is a dot_op tensor (opIdx 0,
// v3 parent, loaded by local_load with ldmatrix) holds per (m block, k
// step) the four registers of the warp's m16n8k16 / m16n8k32 A fragment,
// rows m*16*wm + warpM*16 (hopper.md §1.2), which the wgmma takes in
// place of A's descriptor, without imm-trans-a.
//
// The accumulator is updated in place: when the C operand's registers are
// used only by this dot (the loop-carried accumulator), the wgmmas write
// them directly, so nothing reads an in-flight accumulator before its
// wait; otherwise C is first copied into fresh registers.

// wgmmaSwizzleMode is the descriptor's layout field for a swizzle width.
func wgmmaSwizzleMode(sw int64) (uint64, error) {
	switch sw {
	case 128:
		return 1, nil
	case 64:
		return 2, nil
	case 32:
		return 3, nil
	}
	return 0, fmt.Errorf("wgmma operands need a 32, 64 or 128-byte swizzle, got %d bytes", sw)
}

// descBase returns a 64-bit register holding the descriptor of the tile
// starting at byte address addr + reg*regMul, with the given LBO and SBO (bytes) and
// swizzle; per-step descriptors add (byte offset >> 4) to it.
func (k *kernel) descBase(addr asm.Operand, lbo, sbo int64, sw int64) (asm.Operand, error) {
	mode, err := wgmmaSwizzleMode(sw)
	if err != nil {
		return nil, err
	}
	hi := uint64(lbo>>4&0x3fff)<<16 | uint64(sbo>>4&0x3fff)<<32 | mode<<62
	t := k.newReg(clsB32)
	k.op("shr.u32", t, addr, imm(4))
	k.op("and.b32", t, t, imm(0x3fff))
	d := k.newReg(clsB64)
	k.op("cvt.u64.u32", d, t)
	k.op("or.b64", d, d, asm.HexImm{V: hi, Digits: 16})
	return d, nil
}

// descAt returns base + off>>4 (off a multiple of 16 bytes).
func (k *kernel) descAt(base asm.Operand, off int64) asm.Operand {
	if off == 0 {
		return base
	}
	d := k.newReg(clsB64)
	k.op("add.s64", d, base, imm(off>>4))
	return d
}

// nvmmaOffset is the byte offset of stored (line, pos) from the tile start
// at swizzle phase 0: column block, line, and position in the atom row
// (unswizzled: the hardware applies the swizzle to the address).
func nvmmaOffset(m *memRef, line, pos int64) int64 {
	eb := int64(m.elem.bytes())
	sw := m.blockLen * eb
	return pos/m.blockLen*m.lines*sw + line*sw + pos%m.blockLen*eb
}

// regBytes returns base + reg*mul as a register (reg zero: base).
func (k *kernel) regBytes(base, reg asm.Operand, mul int64) asm.Operand {
	if reg == zero {
		return base
	}
	t := k.newReg(clsB32)
	k.op("mad.lo.u32", t, reg, imm(mul), base)
	return t
}

// truePred is a prologue predicate register that is always true (wgmma's
// scale-d: D = A*B + D).
func (k *kernel) truePred() asm.Operand {
	if r, ok := k.layouts.pro["pred:true"]; ok {
		return r
	}
	one := k.newReg(clsB32)
	k.proOp("mov.u32", one, imm(1))
	p := k.newReg(clsPred)
	k.proOp("setp.ne.u32", p, one, zero)
	k.layouts.pro["pred:true"] = p
	return p
}

// falsePred is a prologue predicate register that is always false
// (wgmma's scale-d: D = A*B, the first step of a partial sum).
func (k *kernel) falsePred() asm.Operand {
	if r, ok := k.layouts.pro["pred:false"]; ok {
		return r
	}
	one := k.newReg(clsB32)
	k.proOp("mov.u32", one, imm(1))
	p := k.newReg(clsPred)
	k.proOp("setp.eq.u32", p, one, zero)
	k.layouts.pro["pred:false"] = p
	return p
}

// wgOperand is one shared-memory operand of a wgmma: its view and the
// descriptor constants.
type wgOperand struct {
	m        *memRef
	sw       int64
	lbo, sbo int64
}

func nvmmaOperand(v *val, what string) (*wgOperand, error) {
	if v.mem == nil {
		return nil, fmt.Errorf("warp_group_dot operand %s must be a shared-memory memdesc (or, for A, a dot_op tensor loaded with local_load)", what)
	}
	m := v.mem
	if m.blockLen == 0 {
		return nil, fmt.Errorf("warp_group_dot operand %s must have an NVMMA shared layout (hasLeadingOffset = true or #nvmma_shared)", what)
	}
	if m.r0 != 0 || m.c0 != 0 {
		return nil, fmt.Errorf("warp_group_dot operand %s: views at an offset inside the tile are not supported", what)
	}
	if m.elem.bits != 16 && m.elem.bits != 8 {
		return nil, fmt.Errorf("warp_group_dot operand %s: only 16-bit and 8-bit elements are supported", what)
	}
	sw := m.blockLen * int64(m.elem.bytes())
	return &wgOperand{m: m, sw: sw, lbo: 16, sbo: 8 * sw}, nil
}

// wgDot is a checked ttng.warp_group_dot: its operands, its tile and how
// it splits into m64nNkK wgmma instructions.
type wgDot struct {
	rt                ir.RankedTensorType
	mma               ttgpu.NvidiaMmaEncoding
	in                string // f16 or bf16; 8-bit: e4m3, e5m2 or s8
	acc               string // f32; s32 for s8
	A, B              *wgOperand
	regA              *fragment // A in registers (nil: A from shared memory)
	sparse            bool
	meta              *val
	instrN, wm, wn    int64
	kStep             int64
	repM, repN, steps int64
	transB            int64
	// promote is the number of k steps whose products the tensor core
	// sums in its own (reduced) precision before they are added into the
	// f32 accumulator (0: no promotion; see promoteSteps).
	promote int64
	// useC is the predicate of a useC operand that is not the constant
	// true (nil otherwise): the scale-d of the first k step, so that the
	// dot computes A·B alone where it is false.
	useC asm.Operand
}

func emitWarpGroupDot(k *kernel, op *ir.Operation) error {
	if k.sm != 90 {
		return fmt.Errorf("warp_group_dot (wgmma) needs sm_90a, the target is sm_%d", k.sm)
	}
	d, err := checkWarpGroupDot(k, op)
	if err != nil {
		return err
	}
	if err := d.tile(k, op); err != nil {
		return err
	}
	res, err := wgAccumulator(k, op, d)
	if err != nil {
		return err
	}
	if d.promote > 0 && d.useC != nil {
		return fmt.Errorf("warp_group_dot with a useC operand that is not constant true needs fp8 fast accumulation (max-num-imprecise-acc above the tile's K); its partial sums are promoted every %d k steps", d.promote)
	}
	if d.promote > 0 {
		// Every partial sum is added into res once its group has retired:
		// here, or, for the loop-carried accumulator of an async dot, the
		// last interval's at the next iteration's dot or after the loop.
		if err := d.issuePromoted(k, res, deferPlan(op)); err != nil {
			return err
		}
	} else {
		if err := d.issue(k, res); err != nil {
			return err
		}
		k.eff("wgmma.commit_group.sync.aligned")
		if a, ok := op.Attr("isAsync").(ir.IntegerAttr); !ok || a.Value == 0 {
			k.eff("wgmma.wait_group.sync.aligned", imm(0))
		}
	}
	k.afterRead()
	k.wgmmaReads = true
	k.set(op.Result(0), res)
	return nil
}

// checkWarpGroupDot checks op's result layout and element types and reads
// its shared-memory operands and (for 2:4 A) its metadata fragments.
func checkWarpGroupDot(k *kernel, op *ir.Operation) (*wgDot, error) {
	d := &wgDot{}
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("warp_group_dot result must be a tensor")
	}
	mma, ok := rt.Encoding.(ttgpu.NvidiaMmaEncoding)
	if !ok || !mma.IsHopper() || len(mma.WarpsPerCTA) != 2 || len(rt.Shape) != 2 {
		return nil, fmt.Errorf("warp_group_dot result layout %s: a 2-D nvidia_mma version 3 layout is required", ir.AttrString(rt.Encoding))
	}
	if err := d.types(op, rt); err != nil {
		return nil, err
	}
	d.rt, d.mma = rt, mma
	av, err := k.get(op.Operand(0))
	if err != nil {
		return nil, err
	}
	bv, err := k.get(op.Operand(1))
	if err != nil {
		return nil, err
	}
	if av.frag != nil && av.frag.opIdx == 0 {
		d.regA = av.frag // wgmma's register form: A fragments, B from shared memory
	} else if d.A, err = nvmmaOperand(av, "A"); err != nil {
		return nil, err
	}
	if d.B, err = nvmmaOperand(bv, "B"); err != nil {
		return nil, err
	}
	if d.regA != nil && (d.in == "e4m3" || d.in == "e5m2" || d.in == "s8") {
		return nil, fmt.Errorf("warp_group_dot: 8-bit A from registers (wgmma RS) is not supported; keep A in shared memory")
	}
	if d.A != nil && d.A.m.contig != 1 {
		return nil, fmt.Errorf("warp_group_dot: A must be K-contiguous (MN-major A is not supported)")
	}
	d.sparse = ttng.WarpGroupDotSparseIndex(op) == tt.SparseIndexA
	if d.sparse {
		if d.meta, err = k.get(ttng.WarpGroupDotMeta(op)); err != nil {
			return nil, err
		}
		if d.meta.frag == nil || d.meta.frag.meta != ttgpu.MetaMeta {
			return nil, fmt.Errorf("warp_group_dot metadata must come from triton_gpu.local_load into a dot_op layout with meta = 1")
		}
		k.sparse = true
	}
	if u := ttng.WarpGroupDotUseC(op); u != nil {
		if c, ok := constInt(u); !ok || c == 0 {
			p, err := k.scalarReg(u)
			if err != nil {
				return nil, err
			}
			if r, ok := p.(asm.Reg); !ok || r.Class != clsPred {
				return nil, fmt.Errorf("warp_group_dot useC must be an i1 value")
			}
			d.useC = p
		}
	}
	return d, nil
}

// types checks the element types: f16/bf16 (f32 accumulators), or, 2:4
// sparse only, e4m3/e5m2 with f32 and i8 with i32 (m64nNk64).
func (d *wgDot) types(op *ir.Operation, rt ir.RankedTensorType) error {
	ae, be := tt.ElemOf(op.Operand(0).Type()), tt.ElemOf(op.Operand(1).Type())
	if !ir.TypeEqual(ae, be) {
		return fmt.Errorf("warp_group_dot with mixed input types %s and %s is not supported", ir.TypeString(ae), ir.TypeString(be))
	}
	if t, ok := mma8[ir.TypeString(ae)]; ok {
		if ttng.WarpGroupDotSparseIndex(op) != tt.SparseIndexA {
			return fmt.Errorf("8-bit warp_group_dot without a 2:4 sparse A is not supported")
		}
		if ir.TypeString(rt.Elem) != map[string]string{"f32": "f32", "s32": "i32"}[t[1]] {
			return fmt.Errorf("warp_group_dot of %s accumulates in %s; wgmma .%s accumulates in .%s", ir.TypeString(ae), ir.TypeString(rt.Elem), t[0], t[1])
		}
		d.in, d.acc = t[0], t[1]
		return nil
	}
	if !ir.TypeEqual(rt.Elem, ir.F32T) {
		return fmt.Errorf("warp_group_dot accumulates in %s; only f32 accumulators are supported", ir.TypeString(rt.Elem))
	}
	ab, ok := ae.(ir.FloatType)
	if !ok || (ab.Kind != ir.F16 && ab.Kind != ir.BF16) {
		return fmt.Errorf("warp_group_dot inputs must both be f16, bf16 or (2:4 sparse A) e4m3, e5m2, i8")
	}
	d.in, d.acc = ab.String(), "f32"
	return nil
}

func (d *wgDot) eightBit() bool { return d.acc == "s32" || d.in == "e4m3" || d.in == "e5m2" }

// tile splits the M x N x K tile into m64n<instrN>k<kStep> steps over the
// warps and sets B's transpose and leading byte offset.
func (d *wgDot) tile(k *kernel, op *ir.Operation) error {
	M, N := d.rt.Shape[0], d.rt.Shape[1]
	bShape := op.Operand(1).Type().(tt.MemDescType).Shape
	K := bShape[len(bShape)-2]
	d.instrN = int64(d.mma.InstrShape[1])
	d.wm, d.wn = int64(d.mma.WarpsPerCTA[0]), int64(d.mma.WarpsPerCTA[1])
	if int(d.wm*d.wn) != k.numWarps || d.wm%4 != 0 {
		return fmt.Errorf("warpsPerCTA %v: %d warps in warpgroups of 4 along M expected", d.mma.WarpsPerCTA, k.numWarps)
	}
	d.kStep = 16
	if d.sparse {
		d.kStep = 32
	}
	if d.eightBit() {
		d.kStep = 64 // m64nNk64 (2:4): 32 compressed bytes of A per step
	}
	if M%(16*d.wm) != 0 || N%(d.instrN*d.wn) != 0 || K%d.kStep != 0 {
		return fmt.Errorf("warp_group_dot tile %dx%dx%d does not split into m64n%dk%d steps over warps %v", M, N, K, d.instrN, d.kStep, d.mma.WarpsPerCTA)
	}
	d.repM, d.repN, d.steps = M/(16*d.wm), N/(d.instrN*d.wn), K/d.kStep
	if d.B.m.contig == 1 && d.eightBit() {
		return fmt.Errorf("warp_group_dot: 8-bit wgmma takes no transpose, so B must be K-contiguous (column-major, as torch._scaled_mm takes it)")
	}
	if d.B.m.contig == 1 {
		d.transB = 1 // N contiguous: MN-major B
		if d.instrN*2%d.B.sw != 0 {
			return fmt.Errorf("warp_group_dot: an N-contiguous B needs n%d to span whole %d-byte swizzle atoms", d.instrN, d.B.sw)
		}
		d.B.lbo = d.B.m.lines * d.B.sw
	}
	if a := d.regA; a != nil && (len(a.regs) != int(d.repM) || len(a.regs[0]) != int(d.steps) || len(a.regs[0][0]) != 4) {
		return fmt.Errorf("warp_group_dot: register A fragments (%d x %d) do not match %d m blocks x %d k steps of 4 registers", len(a.regs), len(a.regs[0]), d.repM, d.steps)
	}
	if d.sparse && (len(d.meta.frag.regs) != int(d.repM) || len(d.meta.frag.regs[0]) != int(d.steps)) {
		return fmt.Errorf("warp_group_dot: metadata fragments (%d x %d) do not match %d m blocks x %d k32 steps", len(d.meta.frag.regs), len(d.meta.frag.regs[0]), d.repM, d.steps)
	}
	d.promote = promoteSteps(d.in, op.IntAttrOr("maxNumImpreciseAcc", 0), d.kStep, d.steps)
	return nil
}

// promoteSteps is how many k steps of an fp8 warp_group_dot accumulate in
// the tensor core before their partial sum is promoted into the f32
// accumulator (0: never). Hopper's fp8 wgmma adds its products, and the
// accumulator it is given, with about 14 significant bits (reference
// hopper.md; DeepSeek-V3 §3.3.2), so a K loop that keeps accumulating in
// the wgmma's D drifts far beyond f32 accumulation. As Triton's WGMMA
// lowering does with maxNumImpreciseAcc, the products go into a zeroed
// partial accumulator (scale-d = 0 at the interval's first step) that is
// added into the f32 one after every interval of at least
// maxNumImpreciseAcc K elements: 0 (the attribute's default) promotes after
// every wgmma, K or more once per tile, and more than the tile's K never
// (fast accumulation: Triton's max_num_imprecise_acc = 2^30). f16, bf16 and
// integer dots accumulate exactly and are never promoted.
func promoteSteps(in string, maxImprecise, kStep, steps int64) int64 {
	if in != "e4m3" && in != "e5m2" || maxImprecise > kStep*steps {
		return 0
	}
	s := (maxImprecise + kStep - 1) / kStep
	return min(max(s, 1), steps)
}

// wgAccumulator is the accumulator the wgmmas update: C's registers in
// place when only this dot reads C, else a fresh copy.
func wgAccumulator(k *kernel, op *ir.Operation, d *wgDot) (*val, error) {
	c, err := k.regsOf(op.Operand(2))
	if err != nil {
		return nil, err
	}
	res := &val{regs: c}
	inPlace := true
	for _, u := range op.Operand(2).Uses() {
		if u.Op != op && !exclusive(op, u.Op) && !readBefore(op, u.Op) {
			inPlace = false // C is read again after the dot
		}
	}
	for _, r := range c {
		if _, isReg := r.(asm.Reg); !isReg {
			inPlace = false
		}
	}
	if !inPlace {
		if res, err = k.freshVal(d.rt); err != nil {
			return nil, err
		}
		for i := range res.regs {
			k.op("mov."+map[string]string{"f32": "f32", "s32": "b32"}[d.acc], res.regs[i], c[i])
		}
	}
	if per := int(d.instrN / 2); len(res.regs) != int(d.repM*d.repN)*per {
		return nil, fmt.Errorf("internal: %d accumulator registers for %d x %d wgmma blocks of n%d", len(res.regs), d.repM, d.repN, d.instrN)
	}
	return res, nil
}

// exclusive reports whether a and b lie in different regions of one
// scf.if: when one runs, the other does not.
func exclusive(a, b *ir.Operation) bool {
	for p := a.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name != scf.IfOpName || !p.IsAncestor(b) {
			continue
		}
		return regionOf(p, a) != regionOf(p, b)
	}
	return false
}

// readBefore reports whether user reads the dot's C before the dot, in
// the dot's block (directly or in a region of an earlier op), with C
// defined in that block: the in-place update cannot clobber what it read,
// nor (C being redefined each time the block runs) a later run's C. A
// flattened persistent loop's epilogue reads the accumulator so, in the
// scf.if before the next dot.
func readBefore(dot, user *ir.Operation) bool {
	blk := dot.Block()
	c := dot.Operand(2)
	if c.OwnerBlock() != blk && (c.DefiningOp() == nil || c.DefiningOp().Block() != blk) {
		return false
	}
	o := user
	for o != nil && o.Block() != blk {
		o = o.ParentOp()
	}
	if o == nil || o == dot {
		return false
	}
	for x := o.Next(); x != nil; x = x.Next() {
		if x == dot {
			return true
		}
	}
	return false
}

// regionOf is the index of the region of p that holds op (a descendant).
func regionOf(p, op *ir.Operation) int {
	for op.ParentOp() != p {
		op = op.ParentOp()
	}
	for i, r := range p.Regions {
		for _, blk := range r.Blocks {
			if op.Block() == blk {
				return i
			}
		}
	}
	return -1
}

// descriptors returns the base shared-memory matrix descriptors of this
// warpgroup's A rows and this warp's B columns.
func (d *wgDot) descriptors(k *kernel) (asm.Operand, asm.Operand, error) {
	warpM, warpN := k.mmaWarp(d.mma)
	// The warpgroup's first row: (warpM & ~3) * 16; its first column warpN*instrN.
	var wgRow asm.Operand = zero
	if d.wm > 4 {
		wgRow = k.warpGroupRow(warpM)
	}
	eb := int64(d.B.m.elem.bytes())
	var bAddr asm.Operand
	if d.transB == 1 {
		// N column blocks of SW bytes at stride lines*SW: instrN spans whole blocks.
		bAddr = k.regBytes(d.B.m.base, warpN, d.instrN*eb/d.B.sw*d.B.m.lines*d.B.sw)
	} else {
		bAddr = k.regBytes(d.B.m.base, warpN, d.instrN*d.B.sw)
	}
	k.beforeRead()
	var dA asm.Operand
	if d.A != nil {
		aAddr := k.regBytes(d.A.m.base, wgRow, d.A.sw) // rows at stride SW in a K-major tile
		var err error
		if dA, err = k.descBase(aAddr, d.A.lbo, d.A.sbo, d.A.sw); err != nil {
			return nil, nil, err
		}
	}
	dB, err := k.descBase(bAddr, d.B.lbo, d.B.sbo, d.B.sw)
	return dA, dB, err
}

// issue emits wgmma.fence and one wgmma(.sp) per k step, m block and n
// block into the accumulator res.
func (d *wgDot) issue(k *kernel, res *val) error {
	dA, dB, err := d.descriptors(k)
	if err != nil {
		return err
	}
	k.eff("wgmma.fence.sync.aligned")
	for kk := int64(0); kk < d.steps; kk++ {
		d.issueStep(k, dA, dB, kk, 0, d.repM, res.regs, false)
	}
	return nil
}

// issueStep emits the wgmma(.sp) of k step kk for m blocks mLo..mHi-1 and
// every n block into the accumulator registers accRegs (those m blocks'
// registers, in order); with zeroD the wgmma ignores their contents
// (scale-d = 0: D = A*B).
func (d *wgDot) issueStep(k *kernel, dA, dB asm.Operand, kk, mLo, mHi int64, accRegs []asm.Operand, zeroD bool) {
	p := k.truePred()
	switch {
	case zeroD:
		p = k.falsePred()
	case kk == 0 && d.useC != nil:
		p = d.useC // the dot's useC: A·B + C, or A·B alone
	}
	shape := fmt.Sprintf("m64n%dk%d", d.instrN, d.kStep)
	per := int(d.instrN / 2)
	aStep := int64(16) // 32 bytes of A (compressed or dense) per k step
	if d.eightBit() {
		aStep = 32
	}
	for m := mLo; m < mHi; m++ {
		// A: rows m*16*wm.., k step kk = 32 bytes of (compressed or dense) elements:
		// a descriptor, or the warp's four fragment registers.
		var da asm.Operand
		if d.regA != nil {
			da = asm.Vec(d.regA.regs[m][kk])
		} else {
			da = k.descAt(dA, nvmmaOffset(d.A.m, m*16*d.wm, kk*aStep))
		}
		for n := int64(0); n < d.repN; n++ {
			var db asm.Operand
			if d.transB == 1 {
				db = k.descAt(dB, nvmmaOffset(d.B.m, kk*d.kStep, n*d.instrN*d.wn))
			} else {
				db = k.descAt(dB, nvmmaOffset(d.B.m, n*d.instrN*d.wn, kk*d.kStep))
			}
			i := int((m-mLo)*d.repN+n) * per
			acc := asm.Vec(accRegs[i : i+per])
			// Immediates: scale-a, scale-b, then imm-trans-a (shared A only) and imm-trans-b.
			tail := []asm.Operand{p, imm(1), imm(1), imm(0), imm(d.transB)}
			if d.regA != nil {
				tail = []asm.Operand{p, imm(1), imm(1), imm(d.transB)}
			}
			var w *asm.Instr
			switch {
			case d.sparse && d.acc == "s32": // integer: no scale or transpose immediates
				w = asm.NewOp("wgmma.mma_async.sp.sync.aligned."+shape+".s32."+d.in+"."+d.in, acc,
					da, db, d.meta.frag.regs[m][kk][0], imm(0), p)
			case d.sparse && d.eightBit(): // fp8: scale immediates, no transpose
				w = asm.NewOp("wgmma.mma_async.sp.sync.aligned."+shape+".f32."+d.in+"."+d.in, acc,
					da, db, d.meta.frag.regs[m][kk][0], imm(0), p, imm(1), imm(1))
			case d.sparse:
				w = asm.NewOp("wgmma.mma_async.sp.sync.aligned."+shape+".f32."+d.in+"."+d.in, acc,
					append([]asm.Operand{da, db, d.meta.frag.regs[m][kk][0], imm(0)}, tail...)...)
			default:
				w = asm.NewOp("wgmma.mma_async.sync.aligned."+shape+".f32."+d.in+"."+d.in, acc, append([]asm.Operand{da, db}, tail...)...)
			}
			w.Effect, w.InOut = true, true
			k.add(w)
		}
	}
}

// issuePromoted issues the dot's k steps in intervals of d.promote steps,
// each into a zeroed partial accumulator (its first wgmma with scale-d =
// 0) as one commit group, and adds the partial into res with add.f32 after
// wait_group 0. One partial register set serves every interval: ptxas
// serializes wgmmas (C7514) when any register of a wgmma group still in
// flight is read, so a second set, added while the next interval runs,
// would cost more than it hides. Where the accumulator and a partial of
// the whole tile would not fit the thread's registers, the partial covers
// fewer m blocks at a time (promoteBlocks), one group each.
//
// With a deferral (def != nil: an async dot on a loop-carried
// accumulator), the last group (last interval, last m blocks) stays in
// flight, as an async dot's does: the dot first waits for the group the previous iteration
// left and adds its partial (zero before the first iteration), and the
// warp_group_dot_wait after the loop adds the last one. The wait and the
// additions then overlap the iteration's copies and barrier instead of
// following the wgmmas at once.
func (d *wgDot) issuePromoted(k *kernel, res *val, def *deferral) error {
	dA, dB, err := d.descriptors(k)
	if err != nil {
		return err
	}
	pm, fits := d.promoteBlocks(k.numWarps)
	per := d.repN * d.instrN / 2 // registers of one m block
	if !fits {
		def = nil // a partial live across the loop would spill: retire it within the dot
	}
	part := make([]asm.Operand, pm*per)
	for j := range part {
		part[j] = k.newReg(clsF32)
	}
	addPart := func(dst []asm.Operand) {
		for i, r := range dst {
			k.op("add.f32", r, r, part[i])
		}
	}
	last := (d.repM - pm) * per // the last chunk's first register: the one left in flight
	if def != nil {
		for _, r := range part {
			k.proOp("mov.f32", r, asm.FloatImm{})
		}
		k.eff("wgmma.wait_group.sync.aligned", imm(0))
		addPart(res.regs[last:])
	}
	for k0 := int64(0); k0 < d.steps; k0 += d.promote {
		for m0 := int64(0); m0 < d.repM; m0 += pm {
			k.eff("wgmma.fence.sync.aligned")
			for kk := k0; kk < min(k0+d.promote, d.steps); kk++ {
				d.issueStep(k, dA, dB, kk, m0, m0+pm, part, kk == k0)
			}
			k.eff("wgmma.commit_group.sync.aligned")
			if def != nil && k0+d.promote >= d.steps && m0+pm == d.repM {
				break // the last partial is added later
			}
			k.eff("wgmma.wait_group.sync.aligned", imm(0))
			addPart(res.regs[m0*per : (m0+pm)*per])
		}
	}
	if def != nil {
		if k.pendingPartials == nil {
			k.pendingPartials = map[*ir.Operation][]pendingPartial{}
		}
		k.pendingPartials[def.wait] = append(k.pendingPartials[def.wait], pendingPartial{operand: def.operand, first: int(last), part: part})
	}
	return nil
}

// pendingPartial is a partial sum still in flight when a K loop ends: the
// warp_group_dot_wait after the loop adds part into its operand's
// registers from first on.
type pendingPartial struct {
	operand, first int
	part           []asm.Operand
}

// deferral is where the last partial of a promoted async dot is added
// after its loop: operand `operand` of the warp_group_dot_wait `wait`.
type deferral struct {
	wait    *ir.Operation
	operand int
}

// deferPlan returns the deferral of the promoted dot op (its accumulator
// updated in place), or nil when the dot must retire its partials itself. It applies to
// the loop a software-pipelined K loop is: op is isAsync, its C is the
// loop-carried accumulator (iter arg j, read by op alone, updated in place),
// op's result reaches the yield only through one warp_group_dot_wait, and
// loop result j is read by one warp_group_dot_wait {pendings = 0} alone.
// Between two iterations the registers of the accumulator are then read by
// nothing but the next iteration's dot, which adds the pending partial
// first.
func deferPlan(op *ir.Operation) *deferral {
	if a, ok := op.Attr("isAsync").(ir.IntegerAttr); !ok || a.Value == 0 {
		return nil
	}
	c := op.Operand(2)
	loop := op.ParentOp()
	f, ok := scf.AsFor(loop)
	if !ok || !c.IsBlockArg() || c.OwnerBlock() != f.Body() || c.Index() == 0 || len(c.Uses()) != 1 {
		return nil
	}
	j := c.Index() - 1
	us := op.Result(0).Uses()
	if len(us) != 1 || us[0].Op.Name != ttng.WarpGroupDotWait || us[0].Op.Block() != f.Body() {
		return nil
	}
	w := us[0].Op.Result(us[0].Index)
	yu := w.Uses()
	if len(yu) != 1 || yu[0].Op != f.Body().Terminator() || yu[0].Index != j {
		return nil
	}
	lu := loop.Result(j).Uses()
	if len(lu) != 1 || lu[0].Op.Name != ttng.WarpGroupDotWait || lu[0].Op.IntAttrOr("pendings", -1) != 0 {
		return nil
	}
	return &deferral{wait: lu[0].Op, operand: lu[0].Index}
}

// promoteRegsOther is about how many registers a wgmma kernel's thread
// needs besides its accumulators (addresses, descriptors, metadata, loop
// state): 116 registers for the 128x128x128 e4m3 tile at 8 warps with its
// 64 accumulator registers.
const promoteRegsOther = 72

// promoteBlocks is how many m blocks one partial accumulator covers: all of
// them when the accumulator, a partial as large and promoteRegsOther fit
// the per-thread register file at numWarps warps (at most 255 registers),
// else the largest divisor of repM that fits, else one; fits reports
// whether that estimate fits (when not, ptxas may still fit a partial that
// lives only within the dot).
func (d *wgDot) promoteBlocks(numWarps int) (pm int64, fits bool) {
	limit := min(int64(255), 65536/int64(32*numWarps))
	per := d.repN * d.instrN / 2
	acc := d.repM * per
	for pm := d.repM; pm >= 1; pm-- {
		if d.repM%pm == 0 && acc+pm*per+promoteRegsOther <= limit {
			return pm, true
		}
	}
	return 1, false
}

// warpGroupRow returns (warpM & ~3) * 16 as a prologue register.
func (k *kernel) warpGroupRow(warpM asm.Operand) asm.Operand {
	key := fmt.Sprintf("wgrow:%v", warpM)
	if r, ok := k.layouts.pro[key]; ok {
		return r
	}
	r := k.newReg(clsB32)
	k.proOp("and.b32", r, warpM, imm(^int64(3)&0xffffffff))
	k.proOp("shl.b32", r, r, imm(4))
	k.layouts.pro[key] = r
	return r
}

// emitWarpGroupDotWait waits until at most `pendings` wgmma groups are in
// flight and forwards its operands.
// A deferred fp8 partial (issuePromoted) of one of them is added into it
// here, and its registers are zeroed for a later run of the loop.
func emitWarpGroupDotWait(k *kernel, op *ir.Operation) error {
	k.eff("wgmma.wait_group.sync.aligned", imm(op.IntAttrOr("pendings", 0)))
	for _, p := range k.pendingPartials[op] {
		regs, err := k.regsOf(op.Operand(p.operand))
		if err != nil {
			return err
		}
		for i, r := range regs[p.first : p.first+len(p.part)] {
			k.op("add.f32", r, r, p.part[i])
		}
		for _, r := range p.part {
			k.op("mov.f32", r, asm.FloatImm{})
		}
	}
	delete(k.pendingPartials, op)
	if err := k.keepOperands(op); err != nil {
		return err
	}
	for i, v := range op.Operands() {
		x, err := k.get(v)
		if err != nil {
			return err
		}
		k.set(op.Result(i), x)
	}
	return nil
}

// keepOperands keeps the register fragments among a warp_group_dot_wait's
// operands (the metadata and register A of the groups it retires) alive up
// to the wait. ptxas keeps the accumulators of a wgmma group in flight, but
// a metadata or A register is to it dead once the wgmma has issued, and it
// may give the register to a later value (a reload of the next stage's
// metadata) while the tensor core still reads it: wrong results, seen on an
// H100. A read after the wait closes that window.
func (k *kernel) keepOperands(op *ir.Operation) error {
	var regs []asm.Operand
	for _, v := range op.Operands() {
		x, err := k.get(v)
		if err != nil {
			return err
		}
		if x.frag == nil {
			continue
		}
		for _, rep := range x.frag.regs {
			for _, step := range rep {
				for _, r := range step {
					if _, ok := r.(asm.Reg); ok {
						regs = append(regs, r)
					}
				}
			}
		}
	}
	k.keepAlive(regs)
	return nil
}

// keepAlive reads regs in a shared-memory store that never runs: its
// predicate, dynamic shared memory of 2^32-1 bytes, is false at run time
// but unknown to ptxas, which therefore keeps the registers' values up to
// here. The store issues (predicated off) and moves no data.
func (k *kernel) keepAlive(regs []asm.Operand) {
	if len(regs) == 0 {
		return
	}
	p := k.neverPred()
	for i := 0; i < len(regs); {
		n := min(4, len(regs)-i)
		if n == 3 {
			n = 2
		}
		k.eff("st.shared"+vecSuffix(n)+".b32", asm.Addr{Base: k.smemBase}, braceList(regs[i:i+n], n > 1)).If(p, false)
		i += n
	}
}

// neverPred is a prologue predicate that is false at run time, opaque to
// ptxas (see keepAlive).
func (k *kernel) neverPred() asm.Reg {
	if r, ok := k.layouts.pro["pred:never"]; ok {
		return r.(asm.Reg)
	}
	n := k.newReg(clsB32)
	k.proOp("mov.u32", n, asm.Special("%dynamic_smem_size"))
	p := k.newReg(clsPred)
	k.proOp("setp.eq.u32", p, n, imm(0xffffffff))
	k.layouts.pro["pred:never"] = p
	return p
}

// emitFenceAsyncShared orders this thread's generic-proxy shared-memory
// writes before later async-proxy reads (wgmma, TMA stores).
func emitFenceAsyncShared(k *kernel, op *ir.Operation) error {
	k.eff("fence.proxy.async.shared::cta")
	return nil
}

// wgmmaOps adds this file's ops to the table.
func wgmmaOps(t *table) {
	t.register(emitWarpGroupDot, ttng.WarpGroupDot)
	t.register(emitWarpGroupDotWait, ttng.WarpGroupDotWait)
	t.register(emitFenceAsyncShared, ttng.FenceAsyncShared)
}

// usesWGMMA reports whether the module has a warp_group_dot (which makes
// the PTX target sm_90a) and whether any buffer has an NVMMA layout (which
// needs the 1024-byte aligned shared buffer).
func usesWGMMA(module *ir.Operation) (wgmma, nvmma bool) {
	module.WalkOps(func(op *ir.Operation) {
		if op.Name == ttng.WarpGroupDot {
			wgmma = true
		}
		for _, r := range op.Results() {
			if md, ok := r.Type().(tt.MemDescType); ok {
				if _, ok := ttgpu.AsNVMMAShared(md.Encoding); ok {
					nvmma = true
				}
			}
		}
	})
	return wgmma, nvmma
}
