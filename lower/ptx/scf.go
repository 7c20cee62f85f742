package ptx

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"

	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Structured control flow becomes labels and branches. Loop-carried
// values get fixed registers (the block arguments' registers); scf.yield
// copies into them, through temporaries when a yielded register is itself
// one of the destinations (a parallel copy). Shared-memory hazard state
// is made conservative at loop heads and joins, since the barriers seen on
// one path say nothing about the other.

// argVal allocates registers for a block argument / result of type t.
// Memdesc and fragment values cannot be loop-carried; async tokens carry
// nothing.
func (k *kernel) argVal(t ir.Type) (*val, error) {
	if _, ok := t.(ttgpu.AsyncTokenType); ok {
		return &val{}, nil // an async token (Triton 3.6 carries them through loops) has no registers
	}
	if _, ok := t.(ir.RankedTensorType); !ok {
		if _, err := scalarOf(t); err != nil {
			return nil, fmt.Errorf("loop-carried or yielded value of type %s is not supported", ir.TypeString(t))
		}
	}
	return k.freshVal(t)
}

// argValFor is argVal for a loop-carried value with initial value init: a
// dot-operand tensor (mma fragments, such as wgmma.sp metadata read one
// iteration ahead) gets fresh fragment registers of init's shape.
func (k *kernel) argValFor(t ir.Type, init *ir.Value) (*val, error) {
	if rt, ok := t.(ir.RankedTensorType); ok {
		if _, ok := rt.Encoding.(ttgpu.DotOperandEncoding); ok {
			x, err := k.get(init)
			if err != nil {
				return nil, err
			}
			if x.frag == nil {
				return nil, fmt.Errorf("a loop-carried dot-operand tensor must start as mma fragments (from triton_gpu.local_load)")
			}
			nf := &fragment{opIdx: x.frag.opIdx, meta: x.frag.meta, regs: make([][][]asm.Operand, len(x.frag.regs))}
			for i, ks := range x.frag.regs {
				nf.regs[i] = make([][]asm.Operand, len(ks))
				for j, rs := range ks {
					for range rs {
						nf.regs[i][j] = append(nf.regs[i][j], k.newReg(clsB32))
					}
				}
			}
			return &val{frag: nf}, nil
		}
	}
	return k.argVal(t)
}

// flatRegs is a value's registers, fragments flattened in order.
func flatRegs(x *val) []asm.Operand {
	if x.frag == nil {
		return x.regs
	}
	var out []asm.Operand
	for _, ks := range x.frag.regs {
		for _, rs := range ks {
			out = append(out, rs...)
		}
	}
	return out
}

// moveSource returns the register class and registers that src (of type
// t) moves into dst: its element registers, or its packed .b32 fragment
// registers when dst holds mma fragments.
func (k *kernel) moveSource(t ir.Type, dst *val, src *ir.Value) (scalar, []asm.Operand, error) {
	if dst.frag == nil {
		s, err := elemScalar(t)
		if err != nil {
			return s, nil, err
		}
		regs, err := k.regsOf(src)
		return s, regs, err
	}
	s, err := scalarOf(ir.I32)
	if err != nil {
		return s, nil, err
	}
	x, err := k.get(src)
	if err != nil {
		return s, nil, err
	}
	if x.frag == nil {
		return s, nil, fmt.Errorf("not in mma fragments like its loop-carried destination")
	}
	return s, flatRegs(x), nil
}

// ifResult returns the registers of result i of an scf.if whose then
// branch has been lowered. When both branches yield values in the same
// registers (a dot that accumulated in place in one branch, the value it
// read passed on by the other) the result takes them: no copy, which
// ptxas would have to order after a wgmma group still writing them.
// Otherwise fresh registers, shaped after the then branch's value (a
// dot-operand tensor is mma fragments, whose shape its value knows).
func (k *kernel) ifResult(ifo scf.IfOp, i int, t ir.Type) (*val, error) {
	ty := ifo.ThenYield()
	if ty == nil || i >= ty.NumOperands() {
		return k.argVal(t)
	}
	tv := ty.Operand(i)
	if ey := ifo.ElseYield(); ey != nil && i < ey.NumOperands() && !ifo.IsAncestor(definer(ey.Operand(i))) {
		x, err1 := k.get(tv)
		y, err2 := k.get(ey.Operand(i))
		if err1 == nil && err2 == nil && sameRegs(flatRegs(x), flatRegs(y)) {
			return x, nil
		}
	}
	return k.argValFor(t, tv)
}

// definer is the op that defines v, or the op owning its block.
func definer(v *ir.Value) *ir.Operation {
	if d := v.DefiningOp(); d != nil {
		return d
	}
	return v.OwnerBlock().ParentOp()
}

// sameRegs reports whether a and b are the same registers, in order.
func sameRegs(a, b []asm.Operand) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if _, ok := a[i].(asm.Reg); !ok || a[i] != b[i] {
			return false
		}
	}
	return true
}

// parallelMove copies srcs[i] into dsts[i] (registers of value types).
func (k *kernel) parallelMove(types []ir.Type, dsts []*val, srcs []*ir.Value) error {
	dstSet := map[asm.Operand]bool{}
	for _, d := range dsts {
		for _, r := range flatRegs(d) {
			dstSet[r] = true
		}
	}
	type mv struct {
		s        scalar
		dst, src asm.Operand
	}
	var direct, viaTmp []mv
	for i, src := range srcs {
		if _, ok := types[i].(ttgpu.AsyncTokenType); ok {
			continue
		}
		s, regs, err := k.moveSource(types[i], dsts[i], src)
		if err != nil {
			return fmt.Errorf("yielded value %d: %w", i, err)
		}
		dregs := flatRegs(dsts[i])
		if len(regs) != len(dregs) {
			return fmt.Errorf("yielded value %d has %d registers, destination %d", i, len(regs), len(dregs))
		}
		for j, r := range regs {
			if r == dregs[j] {
				continue
			}
			if dstSet[r] {
				viaTmp = append(viaTmp, mv{s, dregs[j], r})
			} else {
				direct = append(direct, mv{s, dregs[j], r})
			}
		}
	}
	tmps := make([]asm.Operand, len(viaTmp))
	for i, m := range viaTmp {
		tmps[i] = k.newReg(m.s.cls)
		k.mov(m.s, tmps[i], m.src)
	}
	for _, m := range direct {
		k.mov(m.s, m.dst, m.src)
	}
	for i, m := range viaTmp {
		k.mov(m.s, m.dst, tmps[i])
	}
	return nil
}

// forBounds returns the registers of a loop's lower bound, upper bound
// and step.
func (k *kernel) forBounds(f scf.ForOp) (lb, ub, step []asm.Operand, err error) {
	if lb, err = k.regsOf(f.LowerBound()); err != nil {
		return
	}
	if ub, err = k.regsOf(f.UpperBound()); err != nil {
		return
	}
	step, err = k.regsOf(f.Step())
	return
}

// iterArgs gives the loop's region iter args fresh registers (shaped like
// their initial values) and returns them with their types.
func (k *kernel) iterArgs(f scf.ForOp) ([]*val, []ir.Type, error) {
	args, inits := f.RegionIterArgs(), f.InitArgs()
	argVals := make([]*val, len(args))
	types := make([]ir.Type, len(args))
	for i, a := range args {
		v, err := k.argValFor(a.Type(), inits[i])
		if err != nil {
			return nil, nil, err
		}
		argVals[i], types[i] = v, a.Type()
		k.set(a, v)
	}
	return argVals, types, nil
}

func emitFor(k *kernel, op *ir.Operation) error {
	f, ok := scf.AsFor(op)
	if !ok {
		return fmt.Errorf("malformed scf.for")
	}
	is, err := scalarOf(f.InductionVar().Type())
	if err != nil {
		return err
	}
	if is.float || is.cls == clsPred || is.bits < 32 {
		return fmt.Errorf("scf.for induction variable of type %s is not supported", ir.TypeString(f.InductionVar().Type()))
	}
	lb, ub, step, err := k.forBounds(f)
	if err != nil {
		return err
	}
	iv := k.newReg(is.cls)
	k.set(f.InductionVar(), &val{regs: []asm.Operand{iv}})
	argVals, types, err := k.iterArgs(f)
	if err != nil {
		return err
	}
	k.mov(is, iv, lb[0])
	if err := k.parallelMove(types, argVals, f.InitArgs()); err != nil {
		return err
	}
	head, exit := k.newLabel("for_head"), k.newLabel("for_exit")
	p := k.newReg(clsPred)
	mbar, clean := k.enterLoop(f.Body())
	defer func() { k.mbarBody = false }()
	k.startBlock(head)
	k.op(fmt.Sprintf("setp.ge.s%d", is.bits), p, iv, ub[0])
	k.eff("bra", exit).If(p, false)
	if err := k.block(f.Body()); err != nil {
		return err
	}
	if err := k.parallelMove(types, argVals, f.YieldedValues()); err != nil {
		return err
	}
	if err := k.checkLoopBody(mbar); err != nil {
		return err
	}
	if clean && k.accessSinceBar() {
		return fmt.Errorf("internal: the loop body was expected to end with no shared-memory access after its last barrier")
	}
	k.op(fmt.Sprintf("add.s%d", is.bits), iv, iv, step[0])
	k.eff("bra.uni", head)
	k.startBlock(exit)
	k.readSinceBar, k.writeSinceBar, k.wgmmaReads, k.t0Writes = true, true, true, false
	for i, r := range op.Results() {
		k.set(r, argVals[i])
	}
	return nil
}

// loopHead sets the barrier state at a loop head, the join of the entry's
// and the back edge's: clean when both are (the body ends in an
// async_wait's barrier followed by register work and cp.async only, as a
// pipelined loop with async-wait=before-copies does; the caller checks it
// after the body), otherwise unknown. It reports whether it is clean.
func (k *kernel) loopHead(body *ir.Block) bool {
	if !k.accessSinceBar() && endsAtBarrier(body) {
		return true
	}
	k.readSinceBar, k.writeSinceBar, k.wgmmaReads, k.t0Writes = true, true, true, false
	return false
}

// accessSinceBar reports whether shared memory may have been accessed
// since the last barrier.
func (k *kernel) accessSinceBar() bool { return k.readSinceBar || k.writeSinceBar || k.wgmmaReads }

// endsAtBarrier reports whether the last op of b that may touch shared
// memory is an async_wait (cp.async.wait_group and bar.sync) or an
// mbarrier arrival (bar.sync, then the arrival), only ops that work on
// registers, address computations, cp.async copies (whose ordering the
// pipeline guarantees, doc.go) and TMA loads following it.
func endsAtBarrier(b *ir.Block) bool {
	ops := b.Ops()
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		switch {
		case op.Name == ttgpu.AsyncWaitOpName, op.Name == ttng.BarrierExpectOpName, op.Name == ttng.ArriveBarrierOpName:
			return true // each ends in (async_wait) or starts with (tma.go) a bar.sync
		case op.HasTrait(ir.Terminator), registerOnly[op.Name], strings.HasPrefix(op.Name, "arith.") && len(op.Regions) == 0:
		default:
			return false
		}
	}
	return false
}

// registerOnly are ops whose lowering touches no shared memory and emits
// no barrier.
var registerOnly = map[string]bool{
	tt.SplatOpName: true, tt.AddptrOpName: true, tt.BroadcastOpName: true, tt.ExpandDimsOpName: true,
	tt.MakeRangeOpName: true, tt.GetProgramIdOpName: true,
	ttgpu.MemdescSubviewOpName: true, ttgpu.MemdescIndexOpName: true,
	ttgpu.AsyncCopyGlobalToLocalOpName: true, ttgpu.AsyncCommitGroupOpName: true,
	ttng.WarpGroupDotWait: true,
	// TMA loads write shared memory through the async proxy, ordered by
	// their mbarrier, not by bar.sync.
	ttng.AsyncTmaCopyGlobalToLocalOpName: true,
}

func emitIf(k *kernel, op *ir.Operation) error {
	ifo, ok := scf.AsIf(op)
	if !ok {
		return fmt.Errorf("malformed scf.if")
	}
	cond, err := k.regsOf(ifo.Condition())
	if err != nil {
		return err
	}
	results := make([]*val, op.NumResults())
	types := op.ResultTypes()
	hasElse := len(op.Regions) > 1 && len(op.Regions[1].Blocks) > 0
	elseL, end := k.newLabel("if_else"), k.newLabel("if_end")
	c := k.predReg(cond[0])
	k.eff("bra", elseL).If(c, true)
	r0, w0, t0 := k.readSinceBar, k.writeSinceBar, k.t0Writes
	if err := k.block(ifo.ThenBlock()); err != nil {
		return err
	}
	// The results' registers, shaped after what the then branch yields (a
	// dot-operand tensor is mma fragments, whose shape its value knows).
	for i, t := range types {
		if results[i], err = k.ifResult(ifo, i, t); err != nil {
			return err
		}
	}
	if y := ifo.ThenYield(); y != nil && len(results) > 0 {
		if err := k.parallelMove(types, results, y.Operands()); err != nil {
			return err
		}
	}
	r1, w1, t1 := k.readSinceBar, k.writeSinceBar, k.t0Writes
	k.eff("bra.uni", end)
	k.startBlock(elseL)
	k.readSinceBar, k.writeSinceBar, k.t0Writes = r0, w0, t0
	if hasElse {
		if err := k.block(ifo.ElseBlock()); err != nil {
			return err
		}
		if y := ifo.ElseYield(); y != nil && len(results) > 0 {
			if err := k.parallelMove(types, results, y.Operands()); err != nil {
				return err
			}
		}
	}
	k.startBlock(end)
	k.readSinceBar = k.readSinceBar || r1
	k.t0Writes = (!k.writeSinceBar || k.t0Writes) && (!w1 || t1)
	k.writeSinceBar = k.writeSinceBar || w1
	for i, r := range op.Results() {
		k.set(r, results[i])
	}
	return nil
}

// scfOps adds this file's ops to the table.
func scfOps(t *table) {
	t.register(emitFor, scf.ForOpName)
	t.register(emitIf, scf.IfOpName)
}
