package encoding

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"
	"strconv"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// PipelinerOptions are the options of tritongpu-pipeline.
type PipelinerOptions struct {
	NumStages int `opt:"num-stages" help:"number of pipeline stages (1: no pipelining)"`
	// AsyncWait places the async_wait of loops whose wgmma stays in
	// flight (doc: "Where the async_wait goes").
	AsyncWait string `opt:"async-wait" help:"how a wgmma loop waits for its copies: head (Triton's place: async_wait at the body's start), before-copies (after warp_group_dot_wait, one CTA barrier per iteration; needs num-stages >= 3) or mbarrier (per-slot full/empty mbarriers, no CTA barrier in the loop; num-stages >= 3, num-stages - 2 stages in flight)"`
}

// Values of PipelinerOptions.AsyncWait.
const (
	AsyncWaitHead         = "head"
	AsyncWaitBeforeCopies = "before-copies"
	AsyncWaitMbarrier     = "mbarrier"
)

// checkAsyncWait returns an error for an unknown async-wait value ("" is
// the default, head).
func checkAsyncWait(v string) error {
	if v != "" && v != AsyncWaitHead && v != AsyncWaitBeforeCopies && v != AsyncWaitMbarrier {
		return fmt.Errorf("async-wait must be %s, %s or %s, got %q", AsyncWaitHead, AsyncWaitBeforeCopies, AsyncWaitMbarrier, v)
	}
	return nil
}

const pipelinerDoc = `tritongpu-pipeline software-pipelines the global loads of scf.for loops
into multi-buffered shared memory with asynchronous copies (Triton 3.1's
shape, ir-syntax.md §6), for dense and sparse operands alike.

A load is pipelined when it is a tt.load of a tensor of pointers directly
in the body of an innermost scf.for whose only user is a
triton_gpu.local_alloc (as tritongpu-stage-dot-operands leaves dot operands)
read only by triton_gpu.local_load, or a tt.trans{order = [1, 0]} whose only
user is such a local_alloc (the operands of a sparse-B dot computed as the
transposed product): the ring buffer then holds the loaded tile with the
transposed shared order (the same bytes) and the loop reads it through
tt.trans of the memdesc view. The ops computing its pointer, mask and
other operands (and the loop-carried values they read, with the yields
that advance them) form stage 0; they must be pure (or scalar loads
without mask or volatility in a loop that stores nothing, such as the
block column a block-sparse loop reads, which then run ahead too; or
scf.if ops whose regions hold only such ops, the tile change of a
flattened persistent loop). Where the rest of the loop also reads a
stage-0 value, or a loop result of a carried one is used, the compute
gets its own copy: the pure stage-0 ops are cloned at the head of the
body with second iter args of the same inits (decouple, pipeline_decouple.go),
since stage 0 runs ahead. Everything else is the last stage. With S = num-stages ≥ 2, for each such load:

  %buf = triton_gpu.local_alloc : () -> !tt.memdesc<S x tile, #shared, #triton_gpu.shared_memory, mutable>

(#shared is the staged layout), then a prologue runs stage 0 for iterations
0 .. S-2, each copying into buffer s under the mask "lb + s*step < ub"
(and the load's own mask) and committing one group per iteration:

  %v = triton_gpu.memdesc_subview %buf[%c_s, %c0, %c0] : … -> !tt.memdesc<tile, #shared, #triton_gpu.shared_memory, mutable>
  %t = triton_gpu.async_copy_global_to_local %ptrs, %v mask %m [other %o] : tensor<…x!tt.ptr<…>> -> <…>
  %g = triton_gpu.async_commit_group %t …

The loop gets two i32 iter args, the insert index (initially S-1) and the
extract index (initially 0), each advancing as (x+1 < S ? x+1 : 0); the
carried stage-0 values start S-1 iterations ahead. The body begins with
triton_gpu.async_wait {num = S-2} (at most S-2 groups in flight: the copy
of the current iteration has landed) and a memdesc_subview at the extract
index that replaces the local_alloc; stage 0 runs for iteration i+S-1
(induction variable iv + (S-1)*step) and copies into the buffer at the
insert index under the mask iv + (S-1)*step < ub; one async_commit_group
follows the last copy. After the loop: triton_gpu.async_wait {num = 0} and a
triton_gpu.local_dealloc per buffer.

Printed in the Triton 3.6 spelling (--triton-version=3.6), these subviews
are written ttg.memdesc_index %buf[%s], the op Triton 3.5+ has in their
place; it parses back to memdesc_index, which the PTX lowering (the same
PTX) and the CPU interpreter treat like the subview.

A staged tile may also be read directly by triton_nvidia_gpu.warp_group_dot
(operand A or B, MMA v3). A loop with one such wgmma keeps one wgmma group
in flight (a dense or 8-bit one; a 16-bit 2:4 dot retires its group in its
iteration, pendings = 0, because the next iteration reloads the metadata
registers, which ptxas does not keep for a group in flight): the dot gets
isAsync = true and is followed by

  %w:n = triton_nvidia_gpu.warp_group_dot_wait %d, %a, %b[, %e] {pendings = 1 : i32}

(the previous iteration's group has retired, so its ring slot may be
refilled; the in-flight group's operands are forwarded to stay live), the
stage-0 ops, copies and commit move after that wait, the loop yields %w#0,
and a warp_group_dot_wait {pendings = 0} on the loop result follows the
loop.

The lowering must order an iteration's reads (local_loads, and the
wgmma reads retired by the wait) before the next copies into the same
buffer with a CTA barrier (the copy at the insert index overwrites the
buffer read one iteration earlier; with several warpgroups each wait only
covers its own), as Triton's membar analysis does, and must not reuse the
registers of the in-flight group's metadata %e before the next wait
(double-buffered metadata registers). A warp_group_dot whose A is a
register tensor (wgmma-a=registers) waits with pendings = 0 instead: the
next iteration's local_load rewrites the A registers, which PTX forbids
while a wgmma reading them is in flight.

Where the async_wait goes (option async-wait, loops with a wgmma in
flight). head (the default, Triton's placement): at the body's start, as
above; with several warpgroups the lowering then needs a second CTA
barrier per iteration, between the wgmma wait and the copies.
before-copies (num-stages >= 3): an async_wait {num = S-2} before the
loop, and in the body triton_gpu.async_wait {num = S-3} right after the
warp_group_dot_wait, before the stage-0 ops and copies. Its barrier then
does both jobs: the next stage's copies have landed and are visible, and
every warpgroup has retired the group that read the slot being refilled
(the argument is spelled out in pipeline_wgmma.go). The copies are issued
as early as before relative to their use, so the latency hidden is the
same. With two stages the wait stays at the head (remark).

Loops that do not match are left unchanged with a remark saying why.`

// Pipeline is the tritongpu-pipeline pass.
var Pipeline = &pass.Pass{
	Name:     "tritongpu-pipeline",
	Title:    "TritonGPUPipeline",
	Summary:  "Software-pipeline loop loads into multi-buffered shared memory with async copies",
	Doc:      pipelinerDoc,
	Anchor:   builtin.ModuleOpName,
	Options:  &PipelinerOptions{NumStages: 3, AsyncWait: AsyncWaitHead},
	Requires: []*pass.Pass{StageDotOperands},
	Run:      runPipeline,
}

func runPipeline(ctx *pass.Context, module *ir.Operation) error {
	o := pass.OptionsOf[PipelinerOptions](ctx)
	if o.NumStages < 1 {
		return ir.Errorf(module.Loc, "tritongpu-pipeline: num-stages must be at least 1, got %d", o.NumStages)
	}
	if err := checkAsyncWait(o.AsyncWait); err != nil {
		return ir.Errorf(module.Loc, "tritongpu-pipeline: %v", err)
	}
	if o.NumStages == 1 {
		return nil
	}
	for _, fn := range funcs(module) {
		for _, loop := range fn.Collect(opFor) {
			if len(loop.Collect(opFor)) > 0 {
				continue // innermost loops only
			}
			pl, why := analyzeLoop(loop)
			if pl == nil {
				if why != "" {
					ctx.Remarkf(loop, "tritongpu-pipeline: loop not pipelined: %s", why)
				}
				continue
			}
			nw, _ := ttgpu.NumWarps(module)
			note, ok := pl.rewrite(ir.NewBuilder(ctx.IR), o.NumStages, o.AsyncWait, 32*nw)
			if !ok {
				ctx.Remarkf(loop, "tritongpu-pipeline: loop not pipelined: %s", note)
				continue
			}
			ctx.Remarkf(loop, "tritongpu-pipeline: %d loads pipelined with %d stages%s", len(pl.loads), o.NumStages, note)
		}
	}
	return nil
}

// loopPlan is what analyzeLoop found in one loop.
type loopPlan struct {
	loop   *ir.Operation
	body   *ir.Block
	loads  []*ir.Operation // tt.load, in body order
	allocs []*ir.Operation // the local_alloc reading each load
	trans  []*ir.Operation // the tt.trans between load and local_alloc, or nil
	stage0 map[*ir.Operation]bool
	carry  map[int]bool // iter arg positions advanced by stage 0
	tma    bool         // the loads are tt.descriptor_load (TMA copies into the ring)
}

// analyzeLoop returns a plan, or nil and why not ("" when there is nothing to do).
func analyzeLoop(loop *ir.Operation) (*loopPlan, string) {
	body := loop.Regions[0].Entry()
	pl := &loopPlan{loop: loop, body: body, stage0: map[*ir.Operation]bool{}, carry: map[int]bool{}}
	nDesc := 0
	for _, op := range body.Ops() {
		desc := op.Name == tt.DescriptorLoadOpName
		if !desc && (op.Name != opLoad || !isTensor(op.Operand(0).Type())) || len(op.Result(0).Uses()) != 1 {
			continue
		}
		a := op.Result(0).Uses()[0].Op
		var tr *ir.Operation
		if tt.IsTranspose2D(a) && len(a.Result(0).Uses()) == 1 {
			tr, a = a, a.Result(0).Uses()[0].Op
		}
		if a.Name != opLocalAlloc || a.Block() != body || !onlyReaders(a.Result(0)) {
			continue
		}
		if _, ok := a.Result(0).Type().(tt.MemDescType).Encoding.(ttgpu.SharedEncoding); tr != nil && !ok {
			continue
		}
		pl.loads = append(pl.loads, op)
		pl.allocs = append(pl.allocs, a)
		pl.trans = append(pl.trans, tr)
		if desc {
			nDesc++
		}
	}
	if len(pl.loads) == 0 {
		return nil, ""
	}
	if nDesc > 0 && nDesc < len(pl.loads) {
		return nil, "the loop mixes TMA descriptor loads and pointer loads"
	}
	pl.tma = nDesc > 0
	if why := pl.gatherStage0(); why != "" {
		return nil, why
	}
	if pl.decouple() {
		pl.stage0, pl.carry = map[*ir.Operation]bool{}, map[int]bool{}
		if why := pl.gatherStage0(); why != "" {
			return nil, why
		}
	}
	if why := pl.checkStage0(); why != "" {
		return nil, why
	}
	return pl, ""
}

// onlyReaders reports whether v (a staged tile) is only read: by
// local_load, or as a shared-memory operand (A or B) of warp_group_dot.
func onlyReaders(v *ir.Value) bool {
	for _, u := range v.Uses() {
		if u.Op.Name != opLocalLoad && !(u.Op.Name == ttng.WarpGroupDot && u.Index < 2) {
			return false
		}
	}
	return true
}

// gatherStage0 collects the ops the loads depend on in the body and the
// carried values they advance (stage 0). Its ops are pure: arithmetic,
// read-only scalar loads, and scf.if whose regions hold only such ops
// (the tile change of a flattened persistent loop).
func (pl *loopPlan) gatherStage0() string {
	var work []*ir.Value
	for _, l := range pl.loads {
		pl.stage0[l] = true
		work = append(work, l.Operands()...)
	}
	yield := pl.body.Terminator()
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if blk := v.OwnerBlock(); blk == pl.body {
			if j := v.Index() - 1; j >= 0 && !pl.carry[j] {
				pl.carry[j] = true
				work = append(work, yield.Operand(j))
			}
			continue
		}
		op := v.DefiningOp()
		if op == nil || op.Block() != pl.body || pl.stage0[op] {
			continue
		}
		if len(op.Regions) > 0 {
			if !pureRegions(op) {
				return "the address computation of a load has side effects or regions (" + op.Name + ")"
			}
			work = append(work, capturedValues(op)...)
		} else if !op.HasTrait(ir.Pure) && !pl.readOnlyScalarLoad(op) {
			return "the address computation of a load has side effects or regions (" + op.Name + ")"
		}
		pl.stage0[op] = true
		work = append(work, op.Operands()...)
	}
	return ""
}

// checkStage0 checks that stage 0 is self-contained: its values and the
// carried values it advances feed only stage 0 (decouple has given the
// compute its own copy of any it shared).
func (pl *loopPlan) checkStage0() string {
	for op := range pl.stage0 {
		if pl.loadIndex(op) >= 0 {
			continue
		}
		for _, r := range op.Results() {
			for _, u := range r.Uses() {
				if pl.shared(u) {
					return "a value of the address computation is also used by the loop's compute (" + op.Name + ")"
				}
			}
		}
	}
	for j := range pl.carry {
		for _, u := range pl.body.Arg(j + 1).Uses() {
			if pl.shared(u) {
				return "a loop-carried pointer is also used outside the address computation"
			}
		}
		if pl.loop.Result(j).HasUses() {
			return "the final value of a loop-carried pointer is used after the loop"
		}
	}
	return ""
}

// memoryWriters are the ops after which a load may not be moved: global
// stores, atomics and calls.
var memoryWriters = map[string]bool{tt.StoreOpName: true, tt.AtomicRmwOpName: true, tt.AtomicCasOpName: true, tt.CallOpName: true}

// readOnlyScalarLoad reports whether op is a scalar tt.load (no mask, not
// volatile) in a loop that writes no global memory: it may run iterations
// ahead in stage 0 like a pure op (e.g. the block column a block-sparse
// loop reads from its indices buffer). Reading ahead past the last
// iteration must stay in bounds; that is the address computation's
// contract (decompose-sparse-tensors clamps its index reads).
func (pl *loopPlan) readOnlyScalarLoad(op *ir.Operation) bool {
	if op.Name != opLoad || op.NumOperands() != 1 || isTensor(op.Result(0).Type()) {
		return false
	}
	if v, ok := op.Attr("isVolatile").(ir.IntegerAttr); ok && v.Value != 0 {
		return false
	}
	writes := false
	pl.loop.Walk(func(o *ir.Operation) ir.WalkResult {
		if memoryWriters[o.Name] {
			writes = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	return !writes
}

// stage0Ops returns the stage-0 ops other than the loads, in body order.
func (pl *loopPlan) stage0Ops() []*ir.Operation {
	var ops []*ir.Operation
	for _, op := range pl.body.Ops() {
		if pl.stage0[op] {
			ops = append(ops, op)
		}
	}
	return ops
}

// rewriter holds what the parts of one loop's rewrite share.
type rewriter struct {
	pl *loopPlan
	b  *ir.Builder
	S  int
	// ctas is the module's sp.cluster_ctas; multicast the staged loads
	// (by index) that every CTA of the cluster reads alike (nil if none).
	ctas      int
	multicast map[int]bool
	// P is the prefetch distance: stage 0 runs P iterations ahead, P
	// stages are in flight (S-1, or S-2 with mbarriers).
	P    int
	bufs []*ir.Value   // one ring buffer per load
	wait *ir.Operation // the async_wait at the body's start (nil with mbarriers)
	cst  func(ir.Type, int64) *ir.Value
	c0   *ir.Value
	mb   *mbarriers // the full/empty barrier rings (async-wait=mbarrier), or nil
}

// rewrite pipelines the loop with S stages; asyncWait is the
// PipelinerOptions value, threads the CTA's thread count. It returns a note
// for the remark ("" or why the async_wait stayed at the head), and false
// (with why) when the loop is left alone: TMA loads only pipeline with
// mbarriers.
func (pl *loopPlan) rewrite(b *ir.Builder, S int, asyncWait string, threads int) (string, bool) {
	b.Loc = pl.loop.Loc
	b.SetInsertionPointBefore(pl.loop)
	rw := &rewriter{pl: pl, b: b, S: S, P: S - 1, bufs: make([]*ir.Value, len(pl.loads)), cst: constantsAtEntry(b.Ctx, pl.loop)}
	rw.c0 = rw.cst(ir.I32, 0)
	note, useMB, prefetch := "", false, false
	if asyncWait == AsyncWaitMbarrier || pl.tma {
		why := pl.mbarrierFit(S, threads)
		switch {
		case why != "" && pl.tma:
			return "TMA loads are pipelined on mbarriers, which " + why, false
		case why != "":
			note = " (async-wait=mbarrier: " + why + "; the wait stays at the head)"
		default:
			useMB, prefetch = true, pl.sparseStagedDot() != nil
			rw.P = S - 2
			if prefetch && S == 3 {
				// carryMeta waits for stage i+1 in iteration i, before that
				// iteration's refill: stage i+1 must have been issued earlier
				// (P >= 2). Iteration i then refills slot i-1, which it
				// released itself after its warp_group_dot_wait.
				rw.P = 2
			}
		}
	}
	for k := range pl.allocs {
		rw.bufs[k] = b.Create(opLocalAlloc, nil, []ir.Type{ringType(pl.tileType(k), S)}).Result(0)
	}
	if useMB {
		rw.multicastLoads()
		rw.mb = rw.initBarriers(threads)
		rw.mb.prefetch = prefetch
	}
	if pl.tma {
		rw.typeDescriptors()
	}
	rw.prologue()
	ins, ext := rw.addIndices()
	rw.body(ins, ext)
	waits, dotWait := rw.asyncWarpGroupDots()
	if rw.mb != nil {
		rw.mbarrierSync(ins, ext, dotWait)
		note = ", full/empty mbarriers per slot"
	}
	if asyncWait == AsyncWaitBeforeCopies && dotWait != nil {
		if S < 3 {
			note = " (async-wait=before-copies needs num-stages >= 3: the wait stays at the head)"
		} else {
			rw.waitBeforeCopies(dotWait)
			note = ", async_wait before the copies"
		}
	}
	// Epilogue: retire the last wgmma groups, drain the copies and free.
	b.Loc = pl.loop.Loc
	b.SetInsertionPointAfter(pl.loop)
	for _, j := range waits {
		r := pl.loop.Result(j)
		ops := []*ir.Value{r}
		if rw.mb != nil && rw.mb.prefetch && dotWait != nil {
			ops = append(ops, pl.loop.Result(rw.mb.metaResult)) // the last group's metadata (carryMeta)
		}
		var ts []ir.Type
		for _, o := range ops {
			ts = append(ts, o.Type())
		}
		w := b.Create(ttng.WarpGroupDotWait, ops, ts, ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(0)})
		for _, u := range r.Uses() {
			if u.Op != w {
				u.Op.SetOperand(u.Index, w.Result(0))
			}
		}
	}
	if rw.mb != nil {
		b.Create(opCommit, nil, []ir.Type{ttgpu.AsyncTokenType{}}) // the copies issued past the last stage
	}
	b.Create(opWait, nil, []ir.Type{ttgpu.AsyncTokenType{}}, ir.NamedAttr{Name: "num", Value: ir.I32Attr(0)})
	if rw.mb != nil {
		rw.mb.release(rw)
	}
	for _, buf := range rw.bufs {
		b.Create(opLocalDealloc, []*ir.Value{buf}, nil)
	}
	return note, true
}

// prologue runs stage 0 of iterations 0 .. P-1 into buffers 0 .. P-1 and
// makes the carried stage-0 values start at iteration P.
func (rw *rewriter) prologue() {
	pl, b := rw.pl, rw.b
	loop, body := pl.loop, pl.body
	lb, ub, step := loop.Operand(0), loop.Operand(1), loop.Operand(2)
	cur := map[int]*ir.Value{}
	for j := range pl.carry {
		cur[j] = loop.Operand(scf.InitOperandIndex(j))
	}
	for s := 0; s < rw.P; s++ {
		ivs := lb
		if s > 0 {
			ivs = arith.BuildBinary(b, arith.AddiOpName, lb, arith.BuildBinary(b, arith.MuliOpName, step, rw.cst(lb.Type(), int64(s))))
		}
		valid := arith.BuildCmpI(b, arith.SLT, ivs, ub)
		m := map[*ir.Value]*ir.Value{body.Arg(0): ivs}
		for j, v := range cur {
			m[body.Arg(j+1)] = v
		}
		idx := rw.cst(ir.I32, int64(s))
		var toks []*ir.Value
		expected := false
		for _, op := range pl.stage0Ops() {
			if k := pl.loadIndex(op); k >= 0 {
				if pl.tma {
					if !expected {
						rw.mb.expect(rw, idx, valid)
						expected = true
					}
					rw.tmaCopyInto(op, m, valid, k, idx)
					continue
				}
				toks = append(toks, pl.copyInto(b, op, m, valid, rw.bufs[k], idx, rw.c0))
				continue
			}
			b.Insert(ir.Clone(op, m))
		}
		if pl.tma {
			// the expect is the stage's one arrival
		} else if rw.mb != nil {
			rw.mb.copiesIssued(b, rw, idx)
		} else {
			b.Create(opCommit, toks, []ir.Type{ttgpu.AsyncTokenType{}})
		}
		next := map[int]*ir.Value{}
		for j := range pl.carry {
			next[j] = lookup(m, body.Terminator().Operand(j))
		}
		cur = next
	}
	for j, v := range cur {
		loop.SetOperand(scf.InitOperandIndex(j), v)
	}
}

// addIndices adds the insert (initially P) and extract (initially 0)
// indices as i32 iter args and returns their block arguments.
func (rw *rewriter) addIndices() (ins, ext *ir.Value) {
	loop, body := rw.pl.loop, rw.pl.body
	loop.SetOperands(append(append([]*ir.Value(nil), loop.Operands()...), rw.cst(ir.I32, int64(rw.P)), rw.c0))
	ins, ext = body.AddArg(ir.I32), body.AddArg(ir.I32)
	loop.AddResult(ir.I32)
	loop.AddResult(ir.I32)
	return ins, ext
}

// body waits for the current stage, reads it through views at the extract
// index, runs stage 0 for iteration i+P into the insert index and
// advances both indices.
func (rw *rewriter) body(ins, ext *ir.Value) {
	pl, b := rw.pl, rw.b
	body, step, ub := pl.body, pl.loop.Operand(2), pl.loop.Operand(1)
	b.SetInsertionPointToStart(body)
	if rw.mb != nil {
		rw.mb.waitFull(rw, ext)
	} else {
		rw.wait = b.Create(opWait, nil, []ir.Type{ttgpu.AsyncTokenType{}}, ir.NamedAttr{Name: "num", Value: ir.I32Attr(int64(rw.P - 1))})
	}
	for k, a := range pl.allocs {
		sub := b.Create(opSubview, []*ir.Value{rw.bufs[k], ext, rw.c0, rw.c0}, []ir.Type{slotType(pl.tileType(k))}).Result(0)
		if pl.trans[k] != nil { // a transposed view of the loaded tile
			md := a.Result(0).Type().(tt.MemDescType)
			sub = b.Create(tt.TransOpName, []*ir.Value{sub}, []ir.Type{slotType(md)}, ir.NamedAttr{Name: "order", Value: ir.I32Array(1, 0)}).Result(0)
		}
		a.Result(0).ReplaceAllUsesWith(sub)
	}
	ivn := arith.BuildBinary(b, arith.AddiOpName, body.Arg(0), arith.BuildBinary(b, arith.MuliOpName, step, rw.cst(step.Type(), int64(rw.P))))
	validn := arith.BuildCmpI(b, arith.SLT, ivn, ub)
	for op := range pl.stage0 {
		for i, v := range op.Operands() {
			if v == body.Arg(0) {
				op.SetOperand(i, ivn)
			}
		}
	}
	var toks []*ir.Value
	for k, l := range pl.loads {
		b.Loc = l.Loc
		b.SetInsertionPointBefore(l)
		if pl.tma {
			if k == 0 {
				rw.mb.expect(rw, ins, validn)
			}
			rw.tmaCopyInto(l, map[*ir.Value]*ir.Value{}, validn, k, ins)
			continue
		}
		toks = append(toks, pl.copyInto(b, l, map[*ir.Value]*ir.Value{}, validn, rw.bufs[k], ins, rw.c0))
	}
	if pl.tma {
		// the expect is the stage's one arrival
	} else if b.SetInsertionPointAfter(toks[len(toks)-1].DefiningOp()); rw.mb != nil {
		rw.mb.copiesIssued(b, rw, ins)
	} else {
		b.Create(opCommit, toks, []ir.Type{ttgpu.AsyncTokenType{}})
	}
	for k, l := range pl.loads {
		pl.allocs[k].Erase()
		if pl.trans[k] != nil {
			pl.trans[k].Erase()
		}
		l.Erase()
	}
	y := body.Terminator()
	b.Loc = pl.loop.Loc
	b.SetInsertionPointBefore(y)
	y.SetOperands(append(append([]*ir.Value(nil), y.Operands()...), nextIndex(b, rw.cst, ins, rw.S), nextIndex(b, rw.cst, ext, rw.S)))
}

func (pl *loopPlan) loadIndex(op *ir.Operation) int {
	for k, l := range pl.loads {
		if l == op {
			return k
		}
	}
	return -1
}

func lookup(m map[*ir.Value]*ir.Value, v *ir.Value) *ir.Value {
	if w, ok := m[v]; ok {
		return w
	}
	return v
}

// copyInto emits the async copy of load l (operands mapped through m) into
// slot idx of buf, masked by valid (and l's own mask).
func (pl *loopPlan) copyInto(b *ir.Builder, l *ir.Operation, m map[*ir.Value]*ir.Value, valid, buf, idx, c0 *ir.Value) *ir.Value {
	ptr := lookup(m, l.Operand(0))
	val := l.Result(0).Type()
	mask := b.Create(tt.SplatOpName, []*ir.Value{valid}, []ir.Type{tt.MaskType(val)}).Result(0)
	if lm := tt.LoadMask(l); lm != nil {
		mask = arith.BuildBinary(b, arith.AndiOpName, lookup(m, lm), mask)
	}
	sub := b.Create(opSubview, []*ir.Value{buf, idx, c0, c0}, []ir.Type{slotType(pl.tileType(pl.loadIndex(l)))}).Result(0)
	operands := []*ir.Value{ptr, sub, mask}
	if o := tt.LoadOther(l); o != nil {
		operands = append(operands, lookup(m, o))
	}
	cp := b.Create(opAsyncCopy, operands, []ir.Type{ttgpu.AsyncTokenType{}})
	for _, name := range []string{"cache", "evict", "isVolatile"} {
		if a := l.Attr(name); a != nil {
			cp.SetAttr(name, a)
		}
	}
	return cp.Result(0)
}

// tileType is the shared tile the copies of load k write: the staged
// local_alloc's type, or for a load staged through tt.trans the loaded
// (untransposed) shape with the transposed shared order, which is the same
// memory layout viewed the other way round.
func (pl *loopPlan) tileType(k int) tt.MemDescType {
	md := pl.allocs[k].Result(0).Type().(tt.MemDescType)
	if pl.trans[k] == nil {
		return md
	}
	sh := md.Encoding.(ttgpu.SharedEncoding)
	sh.Order = []int{1 - sh.Order[0], 1 - sh.Order[1]}
	return tt.MemDescType{Shape: []int64{md.Shape[1], md.Shape[0]}, Elem: md.Elem, Encoding: sh, MemorySpace: md.MemorySpace}
}

func ringType(md tt.MemDescType, S int) tt.MemDescType {
	return tt.MemDescType{Shape: append([]int64{int64(S)}, md.Shape...), Elem: md.Elem, Encoding: md.Encoding,
		MemorySpace: md.MemorySpace, Mutable: true}
}

func slotType(md tt.MemDescType) tt.MemDescType {
	return tt.MemDescType{Shape: md.Shape, Elem: md.Elem, Encoding: md.Encoding, MemorySpace: md.MemorySpace, Mutable: true}
}

// nextIndex is x+1 < S ? x+1 : 0.
func nextIndex(b *ir.Builder, cst func(ir.Type, int64) *ir.Value, x *ir.Value, S int) *ir.Value {
	x1 := arith.BuildBinary(b, arith.AddiOpName, x, cst(ir.I32, 1))
	lt := arith.BuildCmpI(b, arith.SLT, x1, cst(ir.I32, int64(S)))
	return arith.BuildSelect(b, lt, x1, cst(ir.I32, 0))
}

// constantsAtEntry returns a maker of scalar integer constants placed at
// the start of the entry block of the function containing op, one per
// (type, value).
func constantsAtEntry(ctx *ir.Context, op *ir.Operation) func(ir.Type, int64) *ir.Value {
	fn := op.ParentOfName(opFunc)
	cb := ir.NewBuilder(ctx)
	cb.Loc = op.Loc
	made := map[string]*ir.Value{}
	return func(t ir.Type, v int64) *ir.Value {
		key := ir.TypeString(t) + ":" + strconv.FormatInt(v, 10)
		if c, ok := made[key]; ok {
			return c
		}
		if fn != nil {
			cb.SetInsertionPointToStart(fn.Regions[0].Entry())
		} else {
			cb.SetInsertionPointBefore(op)
		}
		c := arith.BuildConstantInt(cb, t, v)
		made[key] = c
		return c
	}
}
