package ptx

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/tt"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// tt.reduce in three levels: (1) inside a thread, the elements that share
// all coordinates but the axis are combined in register order; (2) inside
// a warp, shfl.sync.bfly over the lane bits that select distinct
// coordinates along the axis; (3) across warps, through shared memory:
// the lanes at axis position 0 write one partial per (result element,
// warp along the axis), bar.sync, and every thread combines the partials
// of its result elements. The combiner region is emitted inline at each
// combination.

// axisSplit says how a layout distributes the reduced axis: the lane and
// warp id bits (shift, count) holding distinct coordinates along it.
type axisSplit struct {
	laneShift, laneBits int
	warpShift, warpBits int
}

func (k *kernel) splitAxis(rt ir.RankedTensorType, axis int) (axisSplit, error) {
	return splitAxisOf(rt.Encoding, rt.Shape, axis)
}

func splitAxisOf(enc ir.Attribute, shape []int64, axis int) (axisSplit, error) {
	S := shape[axis]
	switch l := enc.(type) {
	case ttgpu.BlockedEncoding:
		var sp axisSplit
		ls, ws := 0, 0
		for _, d := range l.Order {
			spt, tpw, wpc := int64(l.SizePerThread[d]), int64(l.ThreadsPerWarp[d]), int64(l.WarpsPerCTA[d])
			if d == axis {
				lanes := min(tpw, max(1, S/spt))
				warps := min(wpc, max(1, S/(spt*tpw)))
				sp = axisSplit{ls, log2(lanes), ws, log2(warps)}
			}
			ls += log2(tpw)
			ws += log2(wpc)
		}
		return sp, nil
	case ttgpu.NvidiaMmaEncoding:
		wm := int64(l.WarpsPerCTA[0])
		if axis == 0 {
			return axisSplit{2, 3, 0, log2(min(wm, max(1, S/16)))}, nil
		}
		return axisSplit{0, 2, log2(wm), log2(min(int64(l.WarpsPerCTA[1]), max(1, S/8)))}, nil
	case ttgpu.SliceEncoding:
		// The parent distributes the same coordinates; the sliced
		// dimension has size 1 there.
		ps := append(append(append([]int64(nil), shape[:l.Dim]...), 1), shape[l.Dim:]...)
		pa := axis
		if axis >= l.Dim {
			pa++
		}
		return splitAxisOf(l.Parent, ps, pa)
	}
	return axisSplit{}, fmt.Errorf("tt.reduce over layout %s is not supported (blocked, nvidia_mma or a slice of them)", ir.AttrString(enc))
}

// combine emits the combiner region on (a..., b...) and returns its results.
func (k *kernel) combine(op *ir.Operation, a, b []asm.Operand) ([]asm.Operand, error) {
	blk := op.Regions[0].Blocks[0]
	n := len(a)
	for i := 0; i < n; i++ {
		k.set(blk.Arg(i), &val{regs: []asm.Operand{a[i]}})
		k.set(blk.Arg(n+i), &val{regs: []asm.Operand{b[i]}})
	}
	if err := k.block(blk); err != nil {
		return nil, err
	}
	ret := blk.Terminator()
	out := make([]asm.Operand, ret.NumOperands())
	for i, v := range ret.Operands() {
		r, err := k.regsOf(v)
		if err != nil {
			return nil, err
		}
		out[i] = r[0]
	}
	return out, nil
}

// shuffle returns lane (lane ^ mask)'s copy of register r of kind s.
func (k *kernel) shuffle(s scalar, r asm.Operand, mask int) asm.Operand {
	shfl := func(src asm.Operand) asm.Operand {
		d := k.newReg(clsB32)
		k.op("shfl.sync.bfly.b32", d, src, imm(mask), imm(31), imm(-1))
		return d
	}
	switch s.cls {
	case clsB32:
		return shfl(r)
	case clsF32:
		t := k.newReg(clsB32)
		k.op("mov.b32", t, r)
		d := k.newReg(clsF32)
		k.op("mov.b32", d, shfl(t))
		return d
	case clsB16:
		t := k.newReg(clsB32)
		k.op("cvt.u32.u16", t, r)
		d := k.newReg(clsB16)
		k.op("cvt.u16.u32", d, shfl(t))
		return d
	case clsPred:
		t := k.newReg(clsB32)
		k.op("selp.u32", t, imm(1), zero, r)
		d := k.newReg(clsPred)
		k.op("setp.ne.u32", d, shfl(t), zero)
		return d
	}
	lo, hi := k.newReg(clsB32), k.newReg(clsB32)
	k.op("mov.b64", asm.Vec{lo, hi}, r)
	d := k.newReg(s.cls)
	slo := shfl(lo)
	k.op("mov.b64", d, asm.Vec{slo, shfl(hi)})
	return d
}

func reduceScratch(k *kernel, op *ir.Operation) (int64, error) {
	rt, axis, err := reduceInput(op)
	if err != nil {
		return 0, err
	}
	sp, err := k.splitAxis(rt, axis)
	if err != nil || sp.warpBits == 0 {
		return 0, err
	}
	n := int64(1)
	for d, s := range rt.Shape {
		if d != axis {
			n *= s
		}
	}
	bytes := int64(0)
	for _, o := range op.Operands() {
		s, err := elemScalar(o.Type())
		if err != nil {
			return 0, err
		}
		if s.cls == clsPred {
			return 0, fmt.Errorf("cross-warp reduction of i1 is not supported")
		}
		bytes += n * int64(1<<sp.warpBits) * int64(s.bytes())
	}
	return bytes, nil
}

func reduceInput(op *ir.Operation) (ir.RankedTensorType, int, error) {
	rt, ok := op.Operand(0).Type().(ir.RankedTensorType)
	if !ok {
		return rt, 0, fmt.Errorf("tt.reduce needs tensor operands")
	}
	axis := int(op.IntAttrOr("axis", 0))
	if axis < 0 || axis >= len(rt.Shape) {
		return rt, 0, fmt.Errorf("tt.reduce axis %d out of range", axis)
	}
	return rt, axis, nil
}

func emitReduce(k *kernel, op *ir.Operation) error {
	rt, axis, err := reduceInput(op)
	if err != nil {
		return err
	}
	tm, err := k.threadMap(rt)
	if err != nil {
		return err
	}
	sp, err := k.splitAxis(rt, axis)
	if err != nil {
		return err
	}
	nops := op.NumOperands()
	kinds := make([]scalar, nops)
	ins := make([][]asm.Operand, nops)
	for i, o := range op.Operands() {
		if kinds[i], err = elemScalar(o.Type()); err != nil {
			return err
		}
		if ins[i], err = k.regsOf(o); err != nil {
			return err
		}
	}
	keys, acc, err := k.reduceInWarp(op, tm, axis, sp, ins, kinds)
	if err != nil {
		return err
	}
	// (3) across warps.
	if sp.warpBits > 0 {
		if err := k.reduceWarps(op, rt, axis, sp, tm, keys, acc, kinds); err != nil {
			return err
		}
	}
	for i, r := range op.Results() {
		regs := make([]asm.Operand, len(keys))
		for j, key := range keys {
			regs[j] = acc[key][i]
		}
		if _, isTensor := r.Type().(ir.RankedTensorType); isTensor {
			n, err := k.numElems(r.Type())
			if err != nil {
				return err
			}
			if n != len(regs) {
				return fmt.Errorf("reduce result layout holds %d elements per thread, the reduction produced %d", n, len(regs))
			}
		}
		k.set(r, &val{regs: regs})
	}
	return nil
}

// reduceInWarp runs levels (1) and (2): within the thread, elements are
// grouped by their offsets off the axis (keys, in first-seen order) and
// combined in register order; then across the lanes of the axis with
// butterfly shuffles.
func (k *kernel) reduceInWarp(op *ir.Operation, tm *threadMap, axis int, sp axisSplit, ins [][]asm.Operand, kinds []scalar) ([]string, map[string][]asm.Operand, error) {
	nops := len(ins)
	var err error
	// (1) within the thread, grouped by the non-axis offsets.
	var keys []string
	acc := map[string][]asm.Operand{}
	for e, off := range tm.offs {
		key := offKey(off, axis)
		x := make([]asm.Operand, nops)
		for i := range ins {
			x[i] = ins[i][e]
		}
		prev, ok := acc[key]
		if !ok {
			keys = append(keys, key)
			acc[key] = x
			continue
		}
		if acc[key], err = k.combine(op, prev, x); err != nil {
			return nil, nil, err
		}
	}
	// (2) across lanes.
	for b := 0; b < sp.laneBits; b++ {
		mask := 1 << (sp.laneShift + b)
		for _, key := range keys {
			other := make([]asm.Operand, nops)
			for i, r := range acc[key] {
				other[i] = k.shuffle(kinds[i], r, mask)
			}
			if acc[key], err = k.combine(op, acc[key], other); err != nil {
				return nil, nil, err
			}
		}
	}
	return keys, acc, nil
}

// reduceWarps runs level (3) through shared memory: the lanes at axis
// position 0 write one partial per (result element, warp along the axis),
// then every thread combines the partials of its result elements. It is
// long because both halves walk the same slots (result element times
// warps, one region per operand) and share their address arithmetic.
func (k *kernel) reduceWarps(op *ir.Operation, rt ir.RankedTensorType, axis int, sp axisSplit, tm *threadMap,
	keys []string, acc map[string][]asm.Operand, kinds []scalar) error {
	W := int64(1) << sp.warpBits
	// Linear index of each group's result element (row-major over the
	// non-axis dims), from the first element of the group.
	first := map[string]int{}
	for e, off := range tm.offs {
		key := offKey(off, axis)
		if _, ok := first[key]; !ok {
			first[key] = e
		}
	}
	n := int64(1)
	for d, s := range rt.Shape {
		if d != axis {
			n *= s
		}
	}
	linear := func(e int) asm.Operand {
		r := k.newReg(clsB32)
		k.op("mov.u32", r, zero)
		for d := range rt.Shape {
			if d == axis {
				continue
			}
			k.op("mul.lo.u32", r, r, imm(rt.Shape[d]))
			k.op("add.u32", r, r, k.coord(tm, e, d))
		}
		return r
	}
	warpAxis := k.bitField(k.warp, sp.warpShift, W)
	laneAxis := k.bitField(k.lane, sp.laneShift, int64(1)<<sp.laneBits)
	writer := k.newReg(clsPred)
	k.op("setp.eq.u32", writer, laneAxis, zero)
	base := k.newReg(clsB32)
	k.op("add.u32", base, k.smemBase, imm(k.smem.offset[op]))
	k.beforeWrite()
	addrs := map[string]asm.Operand{}
	off := int64(0)
	offsets := make([]int64, len(kinds))
	for i, s := range kinds {
		offsets[i] = off
		off += n * W * int64(s.bytes())
	}
	for _, key := range keys {
		lin := linear(first[key])
		slotBase := k.newReg(clsB32)
		k.op("mul.lo.u32", slotBase, lin, imm(W))
		addrs[key] = slotBase
		var slot asm.Operand = slotBase
		if warpAxis != zero {
			s := k.newReg(clsB32)
			k.op("add.u32", s, slotBase, warpAxis)
			slot = s
		}
		for i, s := range kinds {
			a := k.newReg(clsB32)
			k.op("mad.lo.u32", a, slot, imm(s.bytes()), base)
			k.eff("st.shared."+s.bitSuffix(), asm.Addr{Base: a, Disp: offsets[i]}, acc[key][i]).If(writer, false)
		}
	}
	k.afterWrite()
	k.beforeRead()
	for _, key := range keys {
		var res []asm.Operand
		for w := int64(0); w < W; w++ {
			vals := make([]asm.Operand, len(kinds))
			for i, s := range kinds {
				a := k.newReg(clsB32)
				k.op("mad.lo.u32", a, addrs[key], imm(s.bytes()), base)
				v := k.newReg(s.cls)
				k.op("ld.shared."+s.bitSuffix(), v, asm.Addr{Base: a, Disp: offsets[i] + w*int64(s.bytes())})
				vals[i] = v
			}
			if res == nil {
				res = vals
				continue
			}
			var err error
			if res, err = k.combine(op, res, vals); err != nil {
				return err
			}
		}
		acc[key] = res
	}
	k.afterRead()
	return nil
}

// reduceOps adds this file's ops to the table.
func reduceOps(t *table) {
	t.register(emitReduce, tt.ReduceOpName)
	t.scratch[tt.ReduceOpName] = reduceScratch
}
