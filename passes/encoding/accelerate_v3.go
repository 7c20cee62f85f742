package encoding

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// mmaV3Plan is accelerate-matmul's decision for a dot on sm_90: the MMA v3
// layout, or why the dot stays on MMA v2 (mma.sync / mma.sp).
type mmaV3Plan struct {
	mma ttgpu.NvidiaMmaEncoding
	why string // non-empty: fall back to v2 for this reason
}

// planMMAv3 checks whether d can run on wgmma and picks the v3 layout:
// instrShape [16, N, 16] dense, [16, N, 32] for 2:4 sparse A (k of one
// wgmma.sp with f16/bf16), N from Triton's rule on the result tile, warps
// in warpgroups along M. wgmma needs BLOCK_M a multiple of 64 (one m64
// block per warpgroup), a warp count that is a multiple of 4, N a multiple
// of 16 (untested N tiles fail silently, hopper.md §7), A with K
// contiguous and operand rows of at least 32 bytes (the narrowest swizzle).
func planMMAv3(d *ir.Operation, numWarps int) mmaV3Plan {
	si := tt.DotSparseIndex(d)
	if si == tt.SparseIndexB {
		return mmaV3Plan{why: "wgmma.sp takes 2:4 metadata for A only, so a sparse B stays on the transposed mma.sp product"}
	}
	sc, _ := tt.ShapeOf(d.Result(0).Type())
	sa, _ := tt.ShapeOf(operandSource(d.Operand(0)).Type())
	sb, _ := tt.ShapeOf(operandSource(d.Operand(1)).Type())
	return planV3(v3Dot{sparse: si == tt.SparseIndexA, bits: elemBits(d.Operand(0).Type()), m: sc[0], n: sc[1],
		sa: sa, sb: sb, orderA: operandOrder(d.Operand(0)), orderB: operandOrder(d.Operand(1))}, numWarps)
}

// planTransposedV3 plans the wgmma.sp form of a dot with a 2:4 B,
// computed as Cᵀ = Bᵀ·Aᵀ: the transposed values become the sparse A
// (K-contiguous when B's values are, as for a weight tile read as w.T)
// and Aᵀ the dense B.
func planTransposedV3(d *ir.Operation, numWarps int) mmaV3Plan {
	sc, _ := tt.ShapeOf(d.Result(0).Type())
	sa, _ := tt.ShapeOf(operandSource(d.Operand(0)).Type())
	sb, _ := tt.ShapeOf(operandSource(d.Operand(1)).Type())
	swap := func(o []int) []int { return []int{1 - o[0], 1 - o[1]} }
	rev := func(s []int64) []int64 { return []int64{s[1], s[0]} }
	return planV3(v3Dot{sparse: true, bits: elemBits(d.Operand(0).Type()), m: sc[1], n: sc[0],
		sa: rev(sb), sb: rev(sa), orderA: swap(operandOrder(d.Operand(1))), orderB: swap(operandOrder(d.Operand(0)))}, numWarps)
}

// v3Dot is what planV3 needs to know of a dot: 2:4 A or dense, element
// width, the result tile m x n, the operands' source shapes and orders.
type v3Dot struct {
	sparse         bool
	bits           int
	m, n           int64
	sa, sb         []int64
	orderA, orderB []int
}

func planV3(d v3Dot, numWarps int) mmaV3Plan {
	if d.bits == 8 && d.orderB[0] != 0 {
		return mmaV3Plan{why: "8-bit wgmma takes no transpose: B must be K-contiguous (column-major)"}
	}
	m, n := d.m, d.n
	switch {
	case m%64 != 0:
		return mmaV3Plan{why: fmt.Sprintf("BLOCK_M = %d is not a multiple of 64", m)}
	case numWarps%4 != 0:
		return mmaV3Plan{why: fmt.Sprintf("%d warps do not form warpgroups of 4", numWarps)}
	case n%16 != 0:
		return mmaV3Plan{why: fmt.Sprintf("BLOCK_N = %d is not a multiple of 16", n)}
	}
	if d.orderA[0] != 1 {
		return mmaV3Plan{why: "A is not K-contiguous (MN-major A is not supported)"}
	}
	if _, err := ttgpu.NVMMASwizzleBytes(int(d.sa[1]) * d.bits / 8); err != nil {
		return mmaV3Plan{why: "A: " + err.Error()}
	}
	swB, err := ttgpu.NVMMASwizzleBytes(int(d.sb[d.orderB[0]]) * d.bits / 8)
	if err != nil {
		return mmaV3Plan{why: "B: " + err.Error()}
	}
	instrN := ttgpu.MMAv3InstrN(m, n, numWarps)
	if d.orderB[0] == 1 && instrN*d.bits/8%swB != 0 {
		// the lowering's rule for an MN-major B (lower/ptx, wgmma operands)
		return mmaV3Plan{why: fmt.Sprintf("an N-contiguous B needs m64n%d to span whole %d-byte swizzle atoms (fewer warps along N, or a wider tile)", instrN, swB)}
	}
	k := 256 / d.bits
	if d.sparse {
		k *= 2
	}
	warps := ttgpu.WarpsPerTileV3(m, instrN, numWarps)
	if int64(warps[0]*16) > m || n%int64(warps[1]*instrN) != 0 {
		return mmaV3Plan{why: fmt.Sprintf("%d warps do not tile %dx%d with m64n%d blocks", numWarps, m, n, instrN)}
	}
	return mmaV3Plan{mma: ttgpu.NvidiaMmaEncoding{VersionMajor: 3, VersionMinor: 0, WarpsPerCTA: warps, InstrShape: []int{16, instrN, k}}}
}

// setImpreciseAcc gives an fp8 dot without a maxNumImpreciseAcc (or with
// the default 0) the option's value, when the option is set (>= 0). The
// attribute moves to the warp_group_dot, whose lowering promotes the
// tensor core's partial sums into the f32 accumulator every
// maxNumImpreciseAcc K elements (lower/ptx, promoteSteps).
func setImpreciseAcc(d *ir.Operation, opt int) {
	if opt < 0 || !isFP8(tt.ElemOf(d.Operand(0).Type())) {
		return
	}
	if m, ok := d.Attr("maxNumImpreciseAcc").(ir.IntegerAttr); ok && m.Value != 0 {
		return
	}
	d.SetAttr("maxNumImpreciseAcc", ir.I32Attr(int64(opt)))
}

// isFP8 reports whether t is an 8-bit float (f8E4M3FN, f8E5M2).
func isFP8(t ir.Type) bool {
	ft, ok := t.(ir.FloatType)
	return ok && (ft.Kind == ir.F8E4M3FN || ft.Kind == ir.F8E5M2)
}

// operandSource is the distributed tensor behind a dot operand: the source
// of the dot_op conversion convert-triton-to-tritongpu inserted, else v.
func operandSource(v *ir.Value) *ir.Value {
	if def := v.DefiningOp(); def != nil && def.Name == opConvert {
		return def.Operand(0)
	}
	return v
}

// operandOrder is the order of the operand's source layout ([1, 0] when
// the layout has none).
func operandOrder(v *ir.Value) []int {
	if o, ok := ttgpu.Order(encodingOf(operandSource(v).Type())); ok && len(o) == 2 {
		return o
	}
	return []int{1, 0}
}

// rewriteWarpGroupDot replaces d by triton_nvidia_gpu.warp_group_dot on the
// MMA v3 layout: A (the compressed values when sparse) and B are stored
// into shared memory with the NVMMA encoding (3.1 spelling, hasLeadingOffset
// = true; swizzle from the contiguous extent, K-major A, B K- or
// MN-major as loaded), the metadata is converted to
// #dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}> (registers;
// tritongpu-stage-dot-operands stages it through band16 shared memory),
// and the accumulator chain moves to #mma. The dot is synchronous; the
// pipeliner makes it asynchronous. With regA, A is instead converted to
// #dot_op<{opIdx = 0, parent = #mma, kWidth = 2}> (registers; the stage pass
// stages it for ldmatrix) and the wgmma takes it in its register form.
func rewriteWarpGroupDot(b *ir.Builder, d *ir.Operation, mma ttgpu.NvidiaMmaEncoding, regA bool) {
	si := tt.DotSparseIndex(d)
	b.Loc = d.Loc
	var a *ir.Value
	if regA {
		src := operandSource(d.Operand(0))
		b.SetInsertionPointBefore(d)
		meta := ttgpu.MetaNone
		if si == tt.SparseIndexA {
			meta = ttgpu.MetaValues
		}
		enc := ttgpu.DotOperandEncoding{OpIdx: 0, Parent: mma, KWidth: 2, Meta: meta}
		a = newConvert(b, src, withEncoding(src.Type(), enc))
	} else {
		a = allocNVMMA(b, d, 0)
	}
	bm := allocNVMMA(b, d, 1)
	operands := []*ir.Value{a, bm, d.Operand(2)}
	if si == tt.SparseIndexA {
		e := operandSource(tt.DotMeta(d))
		b.SetInsertionPointBefore(d)
		enc := ttgpu.DotOperandEncoding{OpIdx: 0, Parent: mma, KWidth: 2, Meta: ttgpu.MetaMeta}
		if elemBits(d.Operand(0).Type()) == 8 {
			enc.KWidth = 4 // band16k32: the metadata of an 8-bit A (m64nNk64)
		}
		operands = append(operands, newConvert(b, e, withEncoding(e.Type(), enc)))
	}
	b.SetInsertionPointBefore(d)
	attrs := []ir.NamedAttr{{Name: "inputPrecision", Value: ir.I32Attr(int64(tt.DotPrecision(d)))}}
	if m, ok := d.Attr("maxNumImpreciseAcc").(ir.IntegerAttr); ok && m.Value != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "maxNumImpreciseAcc", Value: ir.I32Attr(m.Value)})
	}
	if si == tt.SparseIndexA {
		attrs = append(attrs, ir.NamedAttr{Name: "sparseIndex", Value: ir.I32Attr(int64(si))})
	}
	w := b.Create(ttng.WarpGroupDot, operands, []ir.Type{d.Result(0).Type()}, attrs...)
	old := []*ir.Value{d.Operand(0), d.Operand(1)}
	if si == tt.SparseIndexA {
		old = append(old, tt.DotMeta(d))
	}
	d.Result(0).ReplaceAllUsesWith(w.Result(0))
	d.Erase()
	for _, v := range old {
		if def := v.DefiningOp(); def != nil && def.Name == opConvert && !v.HasUses() {
			def.Erase()
		}
	}
	retypeAccumulator(b, w, mma)
}

// allocNVMMA stores dot operand i of d into shared memory with the NVMMA
// layout, right after the operand's definition (once, outside a loop when
// the operand is loop-invariant), and returns the memdesc.
func allocNVMMA(b *ir.Builder, d *ir.Operation, i int) *ir.Value {
	src := operandSource(d.Operand(i))
	rt := src.Type().(ir.RankedTensorType)
	order := operandOrder(d.Operand(i))
	bits := elemBits(rt)
	sw, _ := ttgpu.NVMMASwizzleBytes(int(rt.Shape[order[0]]) * bits / 8) // checked by planMMAv3
	md := tt.MemDescType{Shape: rt.Shape, Elem: rt.Elem, Encoding: ttgpu.NewNVMMAShared(sw, bits, order[0]),
		MemorySpace: ttgpu.SharedMemorySpace{}}
	switch def := src.DefiningOp(); {
	case def != nil:
		b.SetInsertionPointAfter(def)
	case d.Block() == src.OwnerBlock():
		b.SetInsertionPointBefore(d)
	default:
		b.SetInsertionPointToStart(src.OwnerBlock())
	}
	return b.Create(opLocalAlloc, []*ir.Value{src}, []ir.Type{md}).Result(0)
}
