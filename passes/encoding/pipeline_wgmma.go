package encoding

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// asyncWarpGroupDots keeps one wgmma group in flight in the pipelined loop
// (Triton's WGMMAPipeline with one dot per loop): each warp_group_dot of
// the body that reads a ring slot becomes isAsync = true and is followed by
//
//	%w:n = triton_nvidia_gpu.warp_group_dot_wait %d, %a, %b[, %e] {pendings = 1 : i32}
//
// which retires the previous iteration's group (so its ring slot may be
// refilled) and forwards the accumulator; the operands of the group still
// in flight are forwarded so that they stay live. The stage-0 ops, the
// async copies (which overwrite the slot the previous group read) and
// their commit move after that wait. It returns the positions of the loop
// results carrying an async accumulator, which the caller retires with
// pendings = 0 after the loop, and the warp_group_dot_wait it inserted
// (nil when the loop keeps its dots synchronous). A loop whose copies
// cannot move (a value they define is read before the wait) keeps its
// dots synchronous.
func (rw *rewriter) asyncWarpGroupDots() ([]int, *ir.Operation) {
	pl := rw.pl
	body := pl.body
	var dots []*ir.Operation
	for _, op := range body.Ops() {
		if op.Name == ttng.WarpGroupDot && rw.readsRing(op) {
			dots = append(dots, op)
		}
	}
	if len(dots) != 1 {
		return nil, nil // one group per iteration: pendings = 1 retires exactly the previous one
	}
	d := dots[0]
	late := rw.copyOps()
	pos := map[*ir.Operation]int{}
	for i, op := range body.Ops() {
		pos[op] = i
	}
	for op := range late {
		for _, r := range op.Results() {
			for _, u := range r.Uses() {
				if !late[u.Op] && u.Op.Block() == body && u.Op != body.Terminator() && pos[u.Op] <= pos[d] {
					return nil, nil // read by the compute before the dot: the copies cannot move after it
				}
			}
		}
	}
	d.SetAttr("isAsync", ir.BoolAttr(true))
	fwd := []*ir.Value{d.Result(0), d.Operand(0), d.Operand(1)}
	if e := ttng.WarpGroupDotMeta(d); e != nil {
		fwd = append(fwd, e)
	}
	var ts []ir.Type
	for _, v := range fwd {
		ts = append(ts, v.Type())
	}
	b := rw.b
	b.Loc = d.Loc
	b.SetInsertionPointAfter(d)
	// A register A (wgmma's RS form) is reloaded into the same registers by
	// the next iteration's local_load, and PTX leaves writing the A registers
	// of an unretired wgmma undefined: such a dot retires its group at once.
	pendings := int64(1)
	if _, regA := d.Operand(0).Type().(ir.RankedTensorType); regA {
		pendings = 0
	}
	// A sparse dot's metadata registers are reloaded by the next
	// iteration's local_load; ptxas keeps them for a group in flight no more
	// than the A registers (wrong results seen on an H100), so the group
	// retires in its iteration. (The mbarrier pipeline instead reads the
	// next metadata while the group runs: pipeline_mbarrier.go, prefetchMeta.)
	if ttng.WarpGroupDotMeta(d) != nil && elemBits(d.Operand(0).Type()) == 16 {
		pendings = 0 // (8-bit dots: the promotion's own waits, lower/ptx wgmma.go)
	}
	w := b.Create(ttng.WarpGroupDotWait, fwd, ts, ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(pendings)})
	for _, u := range d.Result(0).Uses() {
		if u.Op != w {
			u.Op.SetOperand(u.Index, w.Result(0))
		}
	}
	retireBeforeNestedReads(b, w)
	anchor := w.Next()
	for late[anchor] {
		anchor = anchor.Next()
	}
	for _, op := range append([]*ir.Operation(nil), body.Ops()...) {
		if late[op] {
			op.MoveBefore(anchor)
		}
	}
	var carried []int
	for j, v := range body.Terminator().Operands() {
		if v == w.Result(0) {
			carried = append(carried, j)
		}
	}
	return carried, w
}

// waitBeforeCopies moves the body's async_wait from the head to just after
// the warp_group_dot_wait w, before the copies that refill a ring slot, and
// waits for iteration 0's stage before the loop (async-wait=before-copies).
//
// Why this is race-free with one CTA barrier per iteration. Slots are
// used round robin, iteration i reading slot i mod S. Iteration i runs, in
// every thread of every warpgroup:
//
//  1. ld.shared of i's metadata, wgmma.fence, the wgmma group G(i) of this
//     warpgroup reading slot i, commit_group;
//  2. wgmma.wait_group 1: this warpgroup's G(i-1) has retired;
//  3. cp.async.wait_group S-3: of the groups committed so far (stages
//     0 .. i+S-2) at most S-3 are pending, so this thread's copies for
//     stage i+1 have landed;
//  4. bar.sync 0 (the lowering of async_wait): afterwards (a) every
//     thread's copies for stage i+1 are complete and visible, so iteration
//     i+1 may read slot i+1 with no barrier at its head, and (b) every
//     warpgroup has passed its step 2 of iteration i, so no group G(j),
//     j <= i-1, of any warpgroup is still reading shared memory; the
//     ld.shared of step 1 completed before step 1's wgmma consumed it;
//  5. cp.async into slot (i+S-1) mod S = (i-1) mod S, which by (b) nobody
//     reads any more; the slots still read or being filled are i (G(i)
//     in flight) and i+1 .. i+S-2, all different from i-1 mod S when
//     S >= 3;
//  6. cp.async.commit_group (stage i+S-1).
//
// Before the loop the prologue commits stages 0 .. S-2 and an async_wait
// {num = S-2} (with its barrier) makes stage 0 visible. With the wait at the
// head instead (Triton's placement), step 5 follows step 2 directly and
// (b) does not hold across warpgroups: the lowering then needs a second CTA
// barrier per iteration between the wgmma wait and the copies. S = 2 has
// no slot to spare (stage i+1 would be copied in step 5, after the wait
// for it), so it keeps the head placement.
func (rw *rewriter) waitBeforeCopies(w *ir.Operation) {
	rw.wait.SetAttr("num", ir.I32Attr(int64(rw.S-3)))
	rw.wait.MoveBefore(w.Next())
	b := rw.b
	b.Loc = rw.pl.loop.Loc
	b.SetInsertionPointBefore(rw.pl.loop)
	b.Create(opWait, nil, []ir.Type{ttgpu.AsyncTokenType{}}, ir.NamedAttr{Name: "num", Value: ir.I32Attr(int64(rw.S - 2))})
}

// readsRing reports whether a shared operand of the warp_group_dot is a
// view of one of the loop's ring buffers.
func (rw *rewriter) readsRing(d *ir.Operation) bool {
	for i := 0; i < 2; i++ {
		v := d.Operand(i)
		for v.DefiningOp() != nil && (v.DefiningOp().Name == opSubview || v.DefiningOp().Name == tt.TransOpName) {
			def := v.DefiningOp()
			for _, buf := range rw.bufs {
				if def.Operand(0) == buf {
					return true
				}
			}
			v = def.Operand(0)
		}
	}
	return false
}

// copyOps returns the ops that fill the next stage: stage 0 (minus the
// loads, already replaced), the async copies with the ring views and masks
// built for them, and the commit (or the mbarrier arrival that stands for it).
func (rw *rewriter) copyOps() map[*ir.Operation]bool {
	late := map[*ir.Operation]bool{}
	for op := range rw.pl.stage0 {
		if op.Name != opLoad {
			late[op] = true
		}
	}
	for _, op := range rw.pl.body.Ops() {
		switch op.Name {
		case opAsyncCopy, opCommit, opCopyArrive, opExpect, opTMALoad:
			late[op] = true
			for _, v := range op.Operands() {
				rw.addSlice(v, op, late)
			}
		}
	}
	return late
}

// addSlice adds the body ops computing v for a copy (splat and andi of the
// mask, the ring view), stopping at stage 0 and at values defined outside
// the body or before the loop's index arithmetic.
func (rw *rewriter) addSlice(v *ir.Value, user *ir.Operation, late map[*ir.Operation]bool) {
	def := v.DefiningOp()
	if def == nil || def.Block() != rw.pl.body || late[def] {
		return
	}
	switch def.Name {
	case tt.SplatOpName, arith.AndiOpName, opSubview:
		late[def] = true
		for _, w := range def.Operands() {
			rw.addSlice(w, def, late)
		}
	}
}

// retireBeforeNestedReads protects reads of the accumulator w forwards
// (still written by the group in flight) inside a region of the body, such
// as the epilogue in the scf.if of a flattened persistent loop: each block
// holding such reads starts with a warp_group_dot_wait {pendings = 0} of
// the accumulator, and the reads take its result. The wait runs only when
// the branch does; the next dot, which accumulates into the same
// registers, needs none.
func retireBeforeNestedReads(b *ir.Builder, w *ir.Operation) {
	acc := w.Result(0)
	body := w.Block()
	waits := map[*ir.Block]*ir.Value{}
	for _, u := range append([]ir.Use(nil), acc.Uses()...) {
		blk := blockUnder(u.Op, body)
		if blk == nil {
			continue // a read in the body itself (the next dot, the yield)
		}
		r, ok := waits[blk]
		if !ok {
			b.Loc = w.Loc
			b.SetInsertionPointToStart(blk)
			r = b.Create(ttng.WarpGroupDotWait, []*ir.Value{acc}, []ir.Type{acc.Type()}, ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(0)}).Result(0)
			waits[blk] = r
		}
		u.Op.SetOperand(u.Index, r)
	}
}

// blockUnder returns the block, directly in a region of an op of blk, that
// holds op; nil when op is itself in blk or not inside blk at all.
func blockUnder(op *ir.Operation, blk *ir.Block) *ir.Block {
	for x := op; x != nil && x.Block() != blk; x = x.ParentOp() {
		if p := x.ParentOp(); p != nil && p.Block() == blk {
			return x.Block()
		}
	}
	return nil
}
