package encoding

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
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
// pendings = 0 after the loop. A loop whose copies cannot move (a value
// they define is read before the wait) keeps its dots synchronous.
func (rw *rewriter) asyncWarpGroupDots() []int {
	pl := rw.pl
	body := pl.body
	var dots []*ir.Operation
	for _, op := range body.Ops() {
		if op.Name == ttng.WarpGroupDot && rw.readsRing(op) {
			dots = append(dots, op)
		}
	}
	if len(dots) != 1 {
		return nil // one group per iteration: pendings = 1 retires exactly the previous one
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
					return nil // read by the compute before the dot: the copies cannot move after it
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
	w := b.Create(ttng.WarpGroupDotWait, fwd, ts, ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(1)})
	for _, u := range d.Result(0).Uses() {
		if u.Op != w {
			u.Op.SetOperand(u.Index, w.Result(0))
		}
	}
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
	return carried
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
// built for them, and the commit.
func (rw *rewriter) copyOps() map[*ir.Operation]bool {
	late := map[*ir.Operation]bool{}
	for op := range rw.pl.stage0 {
		if op.Name != opLoad {
			late[op] = true
		}
	}
	for _, op := range rw.pl.body.Ops() {
		if op.Name != opCommit {
			continue
		}
		late[op] = true
		for _, t := range op.Operands() {
			cp := t.DefiningOp()
			late[cp] = true
			for _, v := range cp.Operands() {
				rw.addSlice(v, cp, late)
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
