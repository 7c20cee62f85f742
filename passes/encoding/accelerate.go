package encoding

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const accelerateDoc = `tritongpu-accelerate-matmul rewrites every tt.dot with a blocked
accumulator to use the tensor cores: the accumulator and result get
#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA =
[wm, wn], instrShape = [16, 8]}> and the operands are converted to
#triton_gpu.dot_op<{opIdx, parent = #mma, kWidth = 2}> encodings: dense
operands without meta (-1), the compressed values of a 2:4 sparse A with
meta = 0, its metadata with {opIdx = sparseIndex, kWidth = 2, meta = 1}.

MMA version: 3 (wgmma) on target cuda:90, 2 (mma.sync / mma.sp) on every
other target from sm_80. Version 2 instruction shapes: m16n8k16 for dense
dots, m16n8k32 for 2:4 sparse dots. A remark at each dot names the choice.

On cuda:90 a dense or 2:4-sparse-A dot becomes
triton_nvidia_gpu.warp_group_dot on #triton_gpu.nvidia_mma<{versionMajor =
3, versionMinor = 0, warpsPerCTA = [4·g, n], instrShape = [16, N, 16]}>
([16, N, 32] for wgmma.sp with f16/bf16), N and warps by Triton's
mmaVersionToInstrShape and warpsPerTileV3. A (the compressed values when
sparse) and B are stored to shared memory by triton_gpu.local_alloc with
the NVMMA layout in the Triton 3.1 spelling
#triton_gpu.shared<{vec = 8, perPhase = 128/SW, maxPhase = SW/16, order,
hasLeadingOffset = true}>, SW the largest of 128/64/32 bytes dividing the
tile's contiguous extent (A K-major; B K- or MN-major as loaded). The band16
metadata stays in registers, converted to #triton_gpu.dot_op<{opIdx = 0,
parent = #mma, kWidth = 2, meta = 1}> (tritongpu-stage-dot-operands stages
it through shared memory): per warp it is the m16n8k32 metadata register,
which wgmma.sp takes unchanged (hopper.md §1.3). The warp_group_dot carries
it after the accumulator with sparseIndex = 0. With wgmma-a=registers, A
instead stays a tensor converted to #triton_gpu.dot_op<{opIdx = 0, parent
= #mma, kWidth = 2}> (staged by tritongpu-stage-dot-operands and loaded
with ldmatrix: per warp the m16n8k16 / m16n8k32 A fragment of its 16 rows,
which wgmma's register A form takes, hopper.md §1.2): the wgmma reads only
B from shared memory, which relieves shared-memory bandwidth (wgmma.sp
m64n128k32 runs at 80 % of its peak per cycle with A from shared memory,
hopper.md §5.1); the pipeliner then retires each group before the next
iteration reloads A (no group stays in flight across iterations). Dots wgmma cannot take stay
on version 2 with a remark naming the reason: BLOCK_M not a multiple of 64,
a warp count not a multiple of 4, BLOCK_N not a multiple of 16, an
M-contiguous A, operand rows under 32 bytes, or a 2:4 sparse B.

warpsPerCTA follows Triton's warpsPerTileV2 on the result tile MxN with
per-warp tile 16x8: warps are doubled along M while M/16/wm >= N/16/wn (and
M still has 16-row tiles left), else along N.

The accumulator is retyped along its loop-carried chain: a splat constant
initialiser and the scf.for argument, yield and result take #mma directly;
other uses get a triton_gpu.convert_layout back to the old blocked layout
(the epilogue conversion before tt.store).

Requirements (diagnostics otherwise): f16 or bf16 operands of one type with
an f32 accumulator, rank 2, M a multiple of 16, N of 8, K of 16 (dense) or
32 (sparse), module target cuda:80 or newer (v2 rules; v3 as above). 8-bit
dots (e4m3/e5m2 with f32, i8 with i32) need a 2:4 sparse A and K a multiple
of 64 (mma.sp m16n8k64; on sm_90 wgmma.mma_async.sp m64nNk64 when B is
K-contiguous); their dot operands, the metadata included, carry kWidth = 4
(band16k32 metadata, docs/sparse.md §9).

A 2:4 sparse B (sparseIndex = 1: values K/2 x N, metadata N/16 x K, the
metadata of Bᵀ) is computed as the transposed product, since the MMA
instructions take metadata for A only: Cᵀ = Bᵀ·Aᵀ with tt.trans of the
values (N x K/2, meta = 0) as operand 0, the metadata unchanged (opIdx = 0,
meta = 1), tt.trans of A (K x M) as operand 1, and the accumulator kept
transposed (N x M, #mma with warps chosen for N x M). A loop-carried
accumulator stays transposed through the loop; the result is transposed
back (convert_layout to the transposed blocked layout, then tt.trans) where
it is used. tt.trans of a blocked tensor yields the blocked layout with
every per-dimension field permuted, so it moves no data. The PTX lowering
(sm_80, mma.sp) reads both shared operands through their tt.trans views,
which swap rows, columns and the contiguous dim, so the values load with
ldmatrix.trans and A without it; the tt.trans of the accumulator renumbers
registers.`

// AccelerateOptions are the options of tritongpu-accelerate-matmul.
type AccelerateOptions struct {
	WgmmaA string `opt:"wgmma-a" help:"where a wgmma reads A: shared (both operands from shared-memory descriptors) or registers (A loaded with ldmatrix, wgmma's register form)"`
	// MaxNumImpreciseAcc, when >= 0, is the maxNumImpreciseAcc of every
	// fp8 dot that does not set one (Triton's max_num_imprecise_acc_default).
	MaxNumImpreciseAcc int `opt:"max-num-imprecise-acc" help:"fp8 wgmma: K elements summed in the tensor core's reduced precision before the partial sum is added in f32, for dots without a maxNumImpreciseAcc (-1: leave them at 0, a promotion after every wgmma; 1073741824: never, fast accumulation)"`
}

// Values of AccelerateOptions.WgmmaA.
const (
	WgmmaAShared    = "shared"
	WgmmaARegisters = "registers"
)

// checkWgmmaA returns an error for an unknown wgmma-a value ("" is shared).
func checkWgmmaA(v string) error {
	if v != "" && v != WgmmaAShared && v != WgmmaARegisters {
		return fmt.Errorf("wgmma-a must be %s or %s, got %q", WgmmaAShared, WgmmaARegisters, v)
	}
	return nil
}

// AccelerateMatmul is the tritongpu-accelerate-matmul pass.
var AccelerateMatmul = &pass.Pass{
	Name:     "tritongpu-accelerate-matmul",
	Title:    "TritonGPUAccelerateMatmul",
	Summary:  "Give tt.dot an nvidia_mma layout and its operands dot_op encodings (meta -1/0/1)",
	Doc:      accelerateDoc,
	Anchor:   builtin.ModuleOpName,
	Options:  &AccelerateOptions{WgmmaA: WgmmaAShared, MaxNumImpreciseAcc: -1},
	Requires: []*pass.Pass{Convert},
	Run:      runAccelerate,
}

// mmaVersionFor returns the nvidia_mma versionMajor sp prefers for a
// compute capability: 3 (wgmma, sm_90a) on sm_90, 2 (mma.sync / mma.sp)
// elsewhere, including sm_100+, which has no wgmma.
func mmaVersionFor(cc int) int {
	if cc == 90 {
		return 3
	}
	return 2
}

func runAccelerate(ctx *pass.Context, module *ir.Operation) error {
	cfg, err := readModuleConfig(module, "tritongpu-accelerate-matmul")
	if err != nil {
		return err
	}
	o := pass.OptionsOf[AccelerateOptions](ctx)
	if err := checkWgmmaA(o.WgmmaA); err != nil {
		return ir.Errorf(module.Loc, "tritongpu-accelerate-matmul: %v", err)
	}
	regA := o.WgmmaA == WgmmaARegisters
	var dots []*ir.Operation
	for _, fn := range funcs(module) {
		dots = append(dots, fn.Collect(opDot)...)
	}
	b := ir.NewBuilder(ctx.IR)
	for _, d := range dots {
		if _, ok := encodingOf(d.Result(0).Type()).(ttgpu.NvidiaMmaEncoding); ok {
			continue
		}
		transposedV3 := mmaVersionFor(cfg.cc) == 3 && tt.DotSparseIndex(d) == tt.SparseIndexB && planTransposedV3(d, cfg.numWarps).why == ""
		if err := checkMmaDot(d, transposedV3); err != nil {
			return err
		}
		sc, _ := tt.ShapeOf(d.Result(0).Type())
		if tt.DotSparseIndex(d) == tt.SparseIndexB {
			sc = []int64{sc[1], sc[0]}
		}
		fallback := ""
		if mmaVersionFor(cfg.cc) == 3 && tt.DotSparseIndex(d) == tt.SparseIndexB {
			plan := planTransposedV3(d, cfg.numWarps)
			if tb, ok := transposeBlocked(encodingOf(d.Result(0).Type())); ok && plan.why == "" {
				nd := transposeSparseB(b, d, tb, cfg.numWarps, 0)
				setImpreciseAcc(nd, o.MaxNumImpreciseAcc)
				ctx.Remarkf(nd, "%s (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)", dotRemarkV3(nd, plan.mma, regA))
				rewriteWarpGroupDot(b, nd, plan.mma, regA)
				continue
			}
			fallback = "wgmma.sp takes 2:4 metadata for A only, so a sparse B stays on the transposed mma.sp product (wgmma.sp would take Bᵀ as its A: " +
				plan.why + "; a 2:4 weight given N x K and read as w.T fits)"
		} else if mmaVersionFor(cfg.cc) == 3 {
			plan := planMMAv3(d, cfg.numWarps)
			if plan.why == "" {
				setImpreciseAcc(d, o.MaxNumImpreciseAcc)
				ctx.Remarkf(d, "%s", dotRemarkV3(d, plan.mma, regA))
				rewriteWarpGroupDot(b, d, plan.mma, regA)
				continue
			}
			fallback = plan.why
		}
		mma := ttgpu.NvidiaMmaEncoding{VersionMajor: 2, VersionMinor: 0,
			WarpsPerCTA: warpsPerTileV2(sc, cfg.numWarps), InstrShape: []int{16, 8}}
		ctx.Remarkf(d, "%s", dotRemark(d, mma, fallback))
		if tt.DotSparseIndex(d) == tt.SparseIndexB {
			rewriteSparseB(b, d, mma)
			continue
		}
		rewriteDot(b, d, mma)
	}
	return nil
}

// dotRemarkV3 names the wgmma choice for d.
func dotRemarkV3(d *ir.Operation, mma ttgpu.NvidiaMmaEncoding, regA bool) string {
	instr := fmt.Sprintf("wgmma.mma_async m64n%dk%d (dense)", mma.InstrShape[1], mma.InstrShape[2])
	if tt.DotSparseIndex(d) == tt.SparseIndexA {
		instr = fmt.Sprintf("wgmma.mma_async.sp m64n%dk%d (2:4 sparse A)", mma.InstrShape[1], mma.InstrShape[2])
	}
	from := "A and B from shared memory"
	if regA {
		from = "A from registers (ldmatrix), B from shared memory"
	}
	return fmt.Sprintf("tt.dot: nvidia_mma v3.0, warpsPerCTA = [%d, %d], instrShape = [%d, %d, %d], instruction %s, %s",
		mma.WarpsPerCTA[0], mma.WarpsPerCTA[1], mma.InstrShape[0], mma.InstrShape[1], mma.InstrShape[2], instr, from)
}

// dotRemark names the MMA v2 choice for d; fallback, when set, says why
// the sm_90 wgmma path did not take it.
func dotRemark(d *ir.Operation, mma ttgpu.NvidiaMmaEncoding, fallback string) string {
	instr := "mma.sync m16n8k16 (dense)"
	switch tt.DotSparseIndex(d) {
	case tt.SparseIndexA:
		instr = "mma.sp m16n8k32 (2:4 sparse A)"
		if elemBits(d.Operand(0).Type()) == 8 {
			instr = "mma.sp m16n8k64 (2:4 sparse A, 8-bit)"
		}
	case tt.SparseIndexB:
		instr = "mma.sp m16n8k32 (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)"
	}
	note := ""
	if fallback != "" {
		note = "; sm_90: wgmma not used: " + fallback
	}
	return fmt.Sprintf("tt.dot: nvidia_mma v%d.%d, warpsPerCTA = [%d, %d], instruction %s%s",
		mma.VersionMajor, mma.VersionMinor, mma.WarpsPerCTA[0], mma.WarpsPerCTA[1], instr, note)
}

// checkMmaDot checks d's types and tile against what the MMA paths take;
// transposedV3 says that d (2:4 B) runs as the wgmma.sp of its transposed
// product, which also takes 8-bit operands.
func checkMmaDot(d *ir.Operation, transposedV3 bool) error {
	si := tt.DotSparseIndex(d)
	ta, tb, tc := d.Operand(0).Type(), d.Operand(1).Type(), d.Operand(2).Type()
	ea, eb, ec := tt.ElemOf(ta), tt.ElemOf(tb), tt.ElemOf(tc)
	eightBit := is8BitMMA(ea, eb, ec)
	if !eightBit && (!is16BitFloat(ea) || !ir.TypeEqual(ea, eb) || !ir.TypeEqual(ec, ir.FloatType{Kind: ir.F32})) {
		return ir.OpError(d, "tritongpu-accelerate-matmul: sp's MMA path needs f16 or bf16 operands of one type and an f32 accumulator (or 2:4 sparse e4m3/e5m2 with f32, i8 with i32), got %s * %s -> %s",
			ir.TypeString(ea), ir.TypeString(eb), ir.TypeString(ec))
	}
	if eightBit && si != tt.SparseIndexA && !(si == tt.SparseIndexB && transposedV3) {
		return ir.OpError(d, "tritongpu-accelerate-matmul: 8-bit dots (%s) are lowered only with a 2:4 sparse A (mma.sp m16n8k64); this one is %s", ir.TypeString(ea), map[int]string{tt.SparseIndexDense: "dense", tt.SparseIndexB: "sparse in B"}[si])
	}
	sc, _ := tt.ShapeOf(tc)
	sb, _ := tt.ShapeOf(tb)
	if len(sc) != 2 {
		return ir.OpError(d, "tritongpu-accelerate-matmul: only rank-2 dots are supported")
	}
	m, n, k := sc[0], sc[1], sb[0]
	kStep := int64(16)
	switch {
	case si == tt.SparseIndexB: // computed as Cᵀ = Bᵀ·Aᵀ: N is the MMA's M
		m, n, k, kStep = sc[1], sc[0], 2*sb[0], 32
	case si == tt.SparseIndexA:
		kStep = 32
	}
	if eightBit {
		kStep = 64
	}
	if m%16 != 0 || n%8 != 0 || k%kStep != 0 {
		return ir.OpError(d, "tritongpu-accelerate-matmul: tile M x N x K = %d x %d x %d must have M a multiple of 16, N of 8 and K of %d", m, n, k, kStep)
	}
	return nil
}

// is8BitMMA reports the 8-bit operand types of mma.sp m16n8k64: e4m3 or
// e5m2 (each operand either) with an f32 accumulator, or i8 with i32.
func is8BitMMA(a, b, c ir.Type) bool {
	fp8 := func(t ir.Type) bool {
		f, ok := t.(ir.FloatType)
		return ok && (f.Kind == ir.F8E4M3FN || f.Kind == ir.F8E5M2)
	}
	switch {
	case fp8(a) && fp8(b):
		return ir.TypeEqual(c, ir.F32T)
	case ir.TypeEqual(a, ir.I8) && ir.TypeEqual(b, ir.I8):
		return ir.TypeEqual(c, ir.I32)
	}
	return false
}

func is16BitFloat(t ir.Type) bool {
	f, ok := t.(ir.FloatType)
	return ok && (f.Kind == ir.F16 || f.Kind == ir.BF16)
}

// warpsPerTileV2 is Triton 3.1's warpsPerTileV2 for a rank-2 dot without a
// chained dot: per-warp tile 16x8; double wm while the M side has at least
// as many 16-row tiles per warp as the N side has 16-column pairs per warp.
func warpsPerTileV2(shape []int64, numWarps int) []int {
	ret := []int64{1, 1}
	for ret[0]*ret[1] < int64(numWarps) {
		if shape[0]/16/ret[0] >= shape[1]/(8*2)/ret[1] {
			if ret[0] < shape[0]/16 {
				ret[0] *= 2
			} else {
				ret[1] *= 2
			}
		} else {
			ret[1] *= 2
		}
	}
	return []int{int(ret[0]), int(ret[1])}
}

// rewriteDot converts d's operands to dot_op encodings of mma and moves its
// accumulator chain to mma.
func rewriteDot(b *ir.Builder, d *ir.Operation, mma ttgpu.NvidiaMmaEncoding) {
	si := tt.DotSparseIndex(d)
	b.Loc = d.Loc
	for i := 0; i < d.NumOperands(); i++ {
		if i == 2 {
			continue
		}
		enc := ttgpu.DotOperandEncoding{OpIdx: i, Parent: mma, KWidth: 2, Meta: ttgpu.MetaNone}
		if i < 2 && elemBits(d.Operand(i).Type()) == 8 {
			enc.KWidth = 4 // 32 / 8, as Triton's MMAv2 for 8-bit operands
		}
		switch {
		case i == 3:
			enc.OpIdx, enc.Meta = si, ttgpu.MetaMeta
			if elemBits(d.Operand(si).Type()) == 8 {
				enc.KWidth = 4 // band16k32: the metadata of an 8-bit A
			}
		case i == si:
			enc.Meta = ttgpu.MetaValues
		}
		src := d.Operand(i)
		if def := src.DefiningOp(); def != nil && def.Name == opConvert {
			src = def.Operand(0) // convert(convert(x)) -> convert(x)
		}
		b.SetInsertionPointBefore(d)
		old := d.Operand(i)
		d.SetOperand(i, newConvert(b, src, withEncoding(src.Type(), enc)))
		if def := old.DefiningOp(); def != nil && def.Name == opConvert && !old.HasUses() {
			def.Erase()
		}
	}
	retypeAccumulator(b, d, mma)
}

// retypeAccumulator gives c and d the mma layout. When c is the argument of
// the enclosing scf.for that yields d, the loop value is retyped in place;
// otherwise conversions are inserted around the dot.
func retypeAccumulator(b *ir.Builder, d *ir.Operation, mma ttgpu.NvidiaMmaEncoding) {
	oldT := d.Result(0).Type()
	newT := withEncoding(oldT, mma)
	c := d.Operand(2)
	if loop, j, ok := carriedBy(c, d.Result(0)); ok {
		body := loop.Regions[0].Entry()
		init := loop.Operand(scf.InitOperandIndex(j))
		b.SetInsertionPointBefore(loop)
		loop.SetOperand(scf.InitOperandIndex(j), convertOrRetype(b, init, newT))
		setValueType(c, newT)
		setValueType(d.Result(0), newT)
		res := loop.Result(j)
		setValueType(res, newT)
		restoreUses(b, c, oldT, body, nil, d)
		restoreUses(b, d.Result(0), oldT, d.Block(), d, body.Terminator())
		restoreUses(b, res, oldT, loop.Block(), loop, nil)
		return
	}
	b.SetInsertionPointBefore(d)
	d.SetOperand(2, convertOrRetype(b, c, newT))
	setValueType(d.Result(0), newT)
	restoreUses(b, d.Result(0), oldT, d.Block(), d, nil)
}

// carriedBy reports whether c is iter arg j of the scf.for whose body
// yields r at position j.
func carriedBy(c, r *ir.Value) (*ir.Operation, int, bool) {
	blk := c.OwnerBlock()
	if blk == nil || c.Index() == 0 {
		return nil, 0, false
	}
	loop := blk.ParentOp()
	if loop == nil || loop.Name != opFor || loop.Regions[0].Entry() != blk {
		return nil, 0, false
	}
	j := c.Index() - 1
	y := blk.Terminator()
	if y == nil || y.Name != opYield || y.Operand(j) != r {
		return nil, 0, false
	}
	return loop, j, true
}

// convertOrRetype returns v in type t: a single-use splat constant is
// retyped, anything else converted at b.
func convertOrRetype(b *ir.Builder, v *ir.Value, t ir.Type) *ir.Value {
	if def := v.DefiningOp(); def != nil && def.Name == opConstant && len(v.Uses()) == 1 {
		if dv, ok := def.Attr("value").(ir.DenseElementsAttr); ok && dv.Splat {
			setValueType(v, t)
			return v
		}
	}
	return newConvert(b, v, t)
}

// restoreUses converts v back to old for its users other than keep,
// with one convert_layout placed after `after` (or at the start of blk).
func restoreUses(b *ir.Builder, v *ir.Value, old ir.Type, blk *ir.Block, after, keep *ir.Operation) {
	var others []ir.Use
	for _, u := range v.Uses() {
		if u.Op != keep {
			others = append(others, u)
		}
	}
	if len(others) == 0 {
		return
	}
	if after != nil {
		b.SetInsertionPointAfter(after)
	} else {
		b.SetInsertionPointToStart(blk)
	}
	cv := newConvert(b, v, old)
	for _, u := range others {
		u.Op.SetOperand(u.Index, cv)
	}
}
