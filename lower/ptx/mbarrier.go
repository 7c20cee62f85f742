package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// The mbarrier pipeline of tritongpu-pipeline{async-wait=mbarrier}
// (passes/encoding/pipeline_mbarrier.go): copies tracked by per-slot
// mbarriers instead of commit groups and CTA barriers.

const (
	opCopyArrive = "triton_nvidia_gpu.async_copy_mbarrier_arrive"
	opArriveBar  = "triton_nvidia_gpu.arrive_barrier"
)

// emitCopyArrive makes the barrier track the thread's cp.async copies
// issued so far: cp.async.mbarrier.arrive(.noinc). With noIncrement the
// arrival counts against the barrier's expected count (one per thread).
func emitCopyArrive(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	k.beforeRead() // the barrier's init (thread 0's write) is visible
	name := "cp.async.mbarrier.arrive.shared::cta.b64"
	if _, ok := op.Attr("noIncrement").(ir.UnitAttr); ok {
		name = "cp.async.mbarrier.arrive.noinc.shared::cta.b64"
	}
	k.eff(name, bar)
	return nil
}

// perThreadArrive is arrive_barrier {perThread}: every thread arrives (with
// release semantics: its earlier shared-memory accesses happen before any
// waiter's later ones), guarded by the optional i1 operand.
func (k *kernel) perThreadArrive(op *ir.Operation, bar asm.Addr, count int64) error {
	var pred asm.Reg
	hasPred := false
	if op.NumOperands() > 1 {
		if c, ok := constBool(op.Operand(1)); ok && !c {
			return nil
		} else if !ok {
			p, err := k.scalarReg(op.Operand(1))
			if err != nil {
				return err
			}
			pred, hasPred = k.predReg(p), true
		}
	}
	k.beforeRead()
	args := []asm.Operand{asm.Sym("_"), bar}
	if count > 1 {
		args = append(args, imm(count))
	}
	in := k.eff("mbarrier.arrive.shared::cta.b64", args...)
	if hasPred {
		in.If(pred, false)
	}
	return nil
}

// mbarrierCopy reports whether the async copy op is tracked by an mbarrier
// (an async_copy_mbarrier_arrive follows it in its block): the pipeline's
// empty barriers then order the refill after every warpgroup's reads of
// the slot, and no CTA barrier is needed before it.
func mbarrierCopy(op *ir.Operation) bool {
	for n := op.Next(); n != nil; n = n.Next() {
		if n.Name == opCopyArrive {
			return true
		}
	}
	return false
}

// mbarrierLoop reports whether a loop body is an mbarrier pipeline (every
// thread releases the ring slots it read with arrive_barrier {perThread}):
// its ring slots are ordered by mbarriers, not by CTA barriers.
func mbarrierLoop(body *ir.Block) bool {
	for _, op := range body.Ops() {
		if _, ok := op.Attr("perThread").(ir.UnitAttr); ok && op.Name == opArriveBar {
			return true
		}
	}
	return false
}

// mbarrierLoopHead sets the barrier state at the head of an mbarrier
// pipeline loop: no shared-memory write is pending (a barrier first if the
// entry has one), reads (local_load, wgmma) may be, since the mbarriers
// and not CTA barriers order them against the ring's refills. The caller
// checks after the body that the back edge brings no pending write either.
func (k *kernel) mbarrierLoopHead() {
	if k.writeSinceBar {
		k.bar()
	}
	k.readSinceBar, k.wgmmaReads = true, true
}

// enterLoop sets the barrier state at a loop head: mbarrierLoopHead for
// an mbarrier pipeline (mbar), else loopHead (clean: the body must end at a
// barrier).
func (k *kernel) enterLoop(body *ir.Block) (mbar, clean bool) {
	if mbarrierLoop(body) {
		k.mbarrierLoopHead()
		k.mbarBody = true
		return true, false
	}
	return false, k.loopHead(body)
}

// checkLoopBody is the back-edge check of mbarrierLoopHead (mbar loops).
func (k *kernel) checkLoopBody(mbar bool) error {
	if mbar && k.writeSinceBar {
		return fmt.Errorf("internal: an mbarrier pipeline loop writes shared memory outside its tracked copies")
	}
	return nil
}

// mbarrierOps adds this file's ops to the table.
func mbarrierOps(t *table) {
	t.register(emitCopyArrive, opCopyArrive)
}
