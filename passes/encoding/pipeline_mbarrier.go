package encoding

import (
	"github.com/sparsetriton/sp/analysis/roles"
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// Ops of the mbarrier pipeline (triton_nvidia_gpu, canonical spelling).
const (
	opInitBarrier   = "triton_nvidia_gpu.init_barrier"
	opWaitBarrier   = "triton_nvidia_gpu.wait_barrier"
	opArriveBarrier = "triton_nvidia_gpu.arrive_barrier"
	opInvalBarrier  = "triton_nvidia_gpu.inval_barrier"
	opCopyArrive    = "triton_nvidia_gpu.async_copy_mbarrier_arrive"
	opExpect        = "triton_nvidia_gpu.barrier_expect"
	opTMALoad       = "triton_nvidia_gpu.async_tma_copy_global_to_local"
)

// async-wait=mbarrier (wgmma loops). The CTA barriers of the other modes
// make every warpgroup wait for the slowest each iteration. Here each ring
// slot s has two mbarriers, both initialised with the CTA's thread count T:
//
//   - full[s]: every thread arrives (async_copy_mbarrier_arrive
//     {noIncrement}, cp.async.mbarrier.arrive.noinc) once its copies of the
//     stage in slot s have landed; iteration i waits on full[i mod S] with
//     parity (i div S) & 1 before reading the slot.
//   - empty[s]: every thread arrives (arrive_barrier {perThread}) in
//     iteration i+1, after its warp_group_dot_wait {pendings = 1} retired
//     the wgmma group of iteration i (and so, earlier in program order,
//     its local_loads of the slot); the refill of slot s waits on it.
//
// Stage 0 runs P = S-2 iterations ahead: iteration i fills slot
// (i+P) mod S = (i-2) mod S, last read by iteration i-2 and released in
// iteration i-1, so a warpgroup waits only for another that is more than
// one iteration behind. The refill waits on empty[(i-2) mod S] with parity
// floor((i-2)/S) & 1, which for the first uses (i < 2, the slot never read)
// is 1 and passes at once on a fresh barrier. Both parities are carried as
// i32 iter args that flip when their index wraps to 0.
//
// Every thread arrives on full[s] for every stage, also for the stages past
// the loop's end whose copies are masked off, so the phases stay in step.
// The prologue fills slots 0 .. P-1 and arrives on their full barriers.
// After the loop: commit and async_wait {num = 0} (no copy is left in
// flight), then inval_barrier on every slot before the memory is freed.
// The PTX lowering relies on this protocol for the ring slots' hazards
// (lower/ptx doc.go, Barriers): no CTA barrier in the loop.
type mbarriers struct {
	full, empty *ir.Value // !tt.memdesc<S x 1 x i64>
	threads     int
	pe, pw      *ir.Value     // the full wait's and the refill wait's parity (block args)
	headWait    *ir.Operation // the body's wait on full[ext]
	// prefetch: the loop's wgmma is sparse; its metadata is read one
	// iteration ahead into carried registers (see carryMeta), loop result
	// metaResult being the metadata of the last group.
	prefetch   bool
	metaResult int
}

// mbarrierFit says why the loop cannot use async-wait=mbarrier ("" if it can).
func (pl *loopPlan) mbarrierFit(S, threads int) string {
	if S < 3 {
		return "needs num-stages >= 3"
	}
	if threads <= 0 {
		return "the module states no num-warps"
	}
	var dots []*ir.Operation
	for _, op := range pl.body.Ops() {
		if op.Name == ttng.WarpGroupDot && (pl.staged(op.Operand(0)) || pl.staged(op.Operand(1))) {
			dots = append(dots, op)
		}
	}
	if len(dots) != 1 {
		return "needs exactly one warp_group_dot reading the staged tiles"
	}
	if _, regA := dots[0].Operand(0).Type().(ir.RankedTensorType); regA {
		return "A in registers retires each wgmma group in its own iteration"
	}
	return ""
}

// staged reports whether v is one of the loop's staged tiles (or its transpose).
func (pl *loopPlan) staged(v *ir.Value) bool {
	if d := v.DefiningOp(); d != nil && d.Name == tt.TransOpName {
		v = d.Operand(0)
	}
	for _, a := range pl.allocs {
		if v == a.Result(0) {
			return true
		}
	}
	return false
}

func barrierRing(S int) tt.MemDescType {
	return tt.MemDescType{Shape: []int64{int64(S), 1}, Elem: ir.I64, Encoding: barrierLayout(),
		MemorySpace: ttgpu.SharedMemorySpace{}, Mutable: true}
}

func barrierLayout() ttgpu.SharedEncoding {
	return ttgpu.SharedEncoding{Vec: 1, PerPhase: 1, MaxPhase: 1, Order: []int{0}}
}

// view is slot idx of a barrier ring.
func (mb *mbarriers) view(rw *rewriter, ring, idx *ir.Value) *ir.Value {
	t := tt.MemDescType{Shape: []int64{1}, Elem: ir.I64, Encoding: barrierLayout(), MemorySpace: ttgpu.SharedMemorySpace{}, Mutable: true}
	return rw.b.Create(opSubview, []*ir.Value{ring, idx, rw.c0}, []ir.Type{t}).Result(0)
}

// Clusters (sp.cluster_ctas, tritongpu-split-cta-tiles): a TMA load whose
// descriptor and coordinates do not depend on the CTA's rank in its
// cluster reads the same tile in every CTA of the cluster, so each CTA
// copies its share of the tile's boxes into all of them (the copy's
// multicast attribute). A slot may then be refilled only when every CTA
// of the cluster has released it: besides its own threads' arrivals,
// empty[s] counts one arrival from each warp of the other CTA (the
// arrive_barrier's peer attribute), and the rings are set up and torn down
// between cluster barriers, so that no CTA arrives on or copies into
// barriers the other has not initialised or has already invalidated.

// multicastLoads marks the staged loads that are multicast (see above).
func (rw *rewriter) multicastLoads() {
	pl := rw.pl
	rw.ctas = ttng.ClusterCTAs(pl.loop)
	if rw.ctas < 2 || !pl.tma {
		return
	}
	rw.multicast = map[int]bool{}
	for k, l := range pl.loads {
		dep := false
		for _, v := range l.Operands() {
			dep = dep || dependsOnRank(v)
		}
		if !dep {
			rw.multicast[k] = true
		}
	}
	if len(rw.multicast) == 0 {
		rw.multicast = nil
	}
}

// dependsOnRank reports whether v is computed from the CTA's rank in its
// cluster.
func dependsOnRank(v *ir.Value) bool {
	for src := range roles.Sources(v) {
		if d := src.DefiningOp(); d != nil && d.Name == ttng.ClusterCTAIdOpName {
			return true
		}
	}
	return false
}

// clusterSync is a cluster barrier (every thread of every CTA).
func (rw *rewriter) clusterSync() {
	rw.b.Create(ttng.ClusterArriveOpName, nil, nil)
	rw.b.Create(ttng.ClusterWaitOpName, nil, nil)
}

// initBarriers allocates and initialises both rings (before the prologue).
func (rw *rewriter) initBarriers(threads int) *mbarriers {
	b := rw.b
	mb := &mbarriers{threads: threads}
	mb.full = b.Create(opLocalAlloc, nil, []ir.Type{barrierRing(rw.S)}).Result(0)
	mb.empty = b.Create(opLocalAlloc, nil, []ir.Type{barrierRing(rw.S)}).Result(0)
	for i, ring := range []*ir.Value{mb.full, mb.empty} {
		count := threads
		if i == 0 && rw.pl.tma {
			count = 1 // thread 0's barrier_expect; the copies complete the bytes
		}
		if i == 1 && rw.multicast != nil {
			count += (rw.ctas - 1) * threads / 32 // one arrival per warp of the other CTA
		}
		for s := 0; s < rw.S; s++ {
			b.Create(opInitBarrier, []*ir.Value{mb.view(rw, ring, rw.cst(ir.I32, int64(s)))}, nil,
				ir.NamedAttr{Name: "count", Value: ir.I32Attr(int64(count))})
		}
	}
	if rw.multicast != nil {
		rw.clusterSync()
	}
	return mb
}

// expect is thread 0's arrival on full[idx] announcing the bytes of one
// stage's TMA copies (when valid).
func (mb *mbarriers) expect(rw *rewriter, idx, valid *ir.Value) {
	bytes := int64(0)
	for k := range rw.pl.loads {
		t := rw.pl.tileType(k)
		n := int64(1)
		for _, d := range t.Shape {
			n *= d
		}
		bytes += n * int64(tt.BitWidth(t.Elem)) / 8
	}
	rw.b.Create(opExpect, []*ir.Value{mb.view(rw, mb.full, idx), valid}, nil, ir.NamedAttr{Name: "size", Value: ir.I32Attr(bytes)})
}

// tmaCopyInto issues the TMA copy of descriptor load l (operands mapped
// through m) into slot idx of ring k, completing on full[idx].
func (rw *rewriter) tmaCopyInto(l *ir.Operation, m map[*ir.Value]*ir.Value, valid *ir.Value, k int, idx *ir.Value) {
	b, pl := rw.b, rw.pl
	sub := b.Create(opSubview, []*ir.Value{rw.bufs[k], idx, rw.c0, rw.c0}, []ir.Type{slotType(pl.tileType(k))}).Result(0)
	ops := []*ir.Value{l.Operand(0)}
	for _, v := range l.Operands()[1:] {
		ops = append(ops, lookup(m, v))
	}
	ops = append(ops, rw.mb.view(rw, rw.mb.full, idx), sub, valid)
	cp := b.Create(opTMALoad, ops, []ir.Type{})
	for _, name := range []string{"cache", "evict"} {
		if a := l.Attr(name); a != nil {
			cp.SetAttr(name, a)
		}
	}
	if rw.multicast[k] {
		cp.SetAttr("multicast", ir.UnitAttr{})
	}
}

// typeDescriptors gives each TMA-loaded descriptor the shared layout of its
// ring (the layout the tensor map's swizzle must produce).
func (rw *rewriter) typeDescriptors() {
	for k, l := range rw.pl.loads {
		d := l.Operand(0)
		dt, ok := d.Type().(tt.TensorDescType)
		if !ok {
			continue
		}
		blk := dt.Block
		blk.Encoding = rw.pl.tileType(k).Encoding
		d.SetType(tt.TensorDescType{Block: blk})
	}
}

// copiesIssued makes full[idx] track this thread's copies issued so far.
func (mb *mbarriers) copiesIssued(b *ir.Builder, rw *rewriter, idx *ir.Value) {
	b.Create(opCopyArrive, []*ir.Value{mb.view(rw, mb.full, idx)}, nil, ir.NamedAttr{Name: "noIncrement", Value: ir.UnitAttr{}})
}

// wait emits wait_barrier ring[idx], phase.
func (mb *mbarriers) wait(rw *rewriter, ring, idx, phase *ir.Value) *ir.Operation {
	return rw.b.Create(opWaitBarrier, []*ir.Value{mb.view(rw, ring, idx), phase}, nil,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.I32Array(1, 1, 0, 0)})
}

// waitIf emits wait_barrier ring[idx], phase, pred.
func (mb *mbarriers) waitIf(rw *rewriter, ring, idx, phase, pred *ir.Value) *ir.Operation {
	return rw.b.Create(opWaitBarrier, []*ir.Value{mb.view(rw, ring, idx), phase, pred}, nil,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.I32Array(1, 1, 1, 0)})
}

// addIterArg adds an i32 iter arg with initial value init; its yield is
// appended by the caller.
func (rw *rewriter) addIterArg(init *ir.Value) *ir.Value {
	loop := rw.pl.loop
	loop.SetOperands(append(append([]*ir.Value(nil), loop.Operands()...), init))
	loop.AddResult(init.Type())
	return rw.pl.body.AddArg(init.Type())
}

// waitFull adds the two parity iter args and waits for the stage at ext
// (at the body's start).
func (mb *mbarriers) waitFull(rw *rewriter, ext *ir.Value) {
	mb.pe = rw.addIterArg(rw.c0)
	mb.pw = rw.addIterArg(rw.cst(ir.I32, 1))
	mb.headWait = mb.wait(rw, mb.full, ext, mb.pe)
}

// mbarrierSync releases the slot the retired wgmma group read and makes the
// refill wait for every thread's release; it also advances both parities.
// dotWait is the warp_group_dot_wait {pendings = 1} (nil when the dot
// stayed synchronous: its slot is released right after it).
func (rw *rewriter) mbarrierSync(ins, ext *ir.Value, dotWait *ir.Operation) {
	mb, b, pl := rw.mb, rw.b, rw.pl
	var mc *metaCarry
	if mb.prefetch && dotWait != nil {
		mc = rw.carryMeta(dotWait)
	}
	body, lb := pl.body, pl.loop.Operand(0)
	var release *ir.Operation
	for _, op := range body.Ops() {
		if (dotWait != nil && op == dotWait) || (dotWait == nil && op.Name == ttng.WarpGroupDot) {
			release = op
		}
	}
	b.Loc = pl.loop.Loc
	b.SetInsertionPointAfter(release)
	if dotWait != nil {
		// iteration i (> the first) releases slot (i-1) mod S.
		first := arith.BuildCmpI(b, arith.EQ, ext, rw.c0)
		prev := arith.BuildSelect(b, first, rw.cst(ir.I32, int64(rw.S-1)), arith.BuildBinary(b, arith.SubiOpName, ext, rw.cst(ir.I32, 1)))
		notFirst := arith.BuildCmpI(b, arith.NE, body.Arg(0), lb)
		mb.releaseSlot(rw, prev, notFirst)
	} else {
		mb.releaseSlot(rw, ext, nil)
	}
	var carried []*ir.Value
	if mc != nil {
		carried = []*ir.Value{mc.next(rw, ext), mc.cur}
	}
	refill := mb.waitRefill(rw, ins)
	if mc != nil && rw.P <= rw.S-2 {
		rw.refillEarly(refill, dotWait)
	}
	y := body.Terminator()
	b.SetInsertionPointBefore(y)
	ys := append([]*ir.Value(nil), y.Operands()...)
	// (the yield's order follows addIterArg's: the parities, then the metadata)
	ys = append(ys, nextPhase(b, rw.cst, ext, mb.pe, rw.S), nextPhase(b, rw.cst, ins, mb.pw, rw.S))
	y.SetOperands(append(ys, carried...))
}

// nextPhase is x+1 < S ? p : p ^ 1 (the parity flips when the index wraps).
func nextPhase(b *ir.Builder, cst func(ir.Type, int64) *ir.Value, x, p *ir.Value, S int) *ir.Value {
	x1 := arith.BuildBinary(b, arith.AddiOpName, x, cst(ir.I32, 1))
	lt := arith.BuildCmpI(b, arith.SLT, x1, cst(ir.I32, int64(S)))
	return arith.BuildSelect(b, lt, p, arith.BuildBinary(b, arith.XoriOpName, p, cst(ir.I32, 1)))
}

// release invalidates every barrier and frees both rings (after the loop's
// final async_wait).
func (mb *mbarriers) release(rw *rewriter) {
	if rw.multicast != nil {
		rw.clusterSync()
	}
	for _, ring := range []*ir.Value{mb.full, mb.empty} {
		for s := 0; s < rw.S; s++ {
			rw.b.Create(opInvalBarrier, []*ir.Value{mb.view(rw, ring, rw.cst(ir.I32, int64(s)))}, nil)
		}
		rw.b.Create(opLocalDealloc, []*ir.Value{ring}, nil)
	}
}

// sparseStagedDot returns the loop's wgmma when it is sparse with its
// metadata read from a staged ring slot by local_load (nil otherwise).
func (pl *loopPlan) sparseStagedDot() *ir.Operation {
	for _, op := range pl.body.Ops() {
		if op.Name != ttng.WarpGroupDot {
			continue
		}
		if e := ttng.WarpGroupDotMeta(op); e != nil && e.DefiningOp() != nil && e.DefiningOp().Name == opLocalLoad &&
			pl.staged(e.DefiningOp().Operand(0)) {
			return op
		}
	}
	return nil
}

// carryMeta is the metadata part of mbarrierSync for a sparse wgmma. The
// metadata registers of a wgmma.mma_async.sp must keep their value until
// its group retires, and ptxas, which keeps the accumulators of a group in
// flight, does not protect them (a group left in flight across the next
// iteration's reload read the next tile's metadata on an H100). So the
// metadata is carried: iteration i, whose full barrier iteration i-1 waited
// for (the prologue for i = 0), issues its group with the metadata `cur`
// loaded by iteration i-1; its warp_group_dot_wait {pendings = 1} retires
// group i-1 and names that group's metadata `prev` as an operand (the PTX
// lowering reads it after the wait, so ptxas keeps its register until then);
// only then does the iteration wait for stage i+1 and read its metadata,
// and the yield passes (next, cur) on as (cur, prev). The rotation of three
// register sets through one iteration would copy registers at the back
// edge, so the loop is marked tt.loop_unroll_factor = 2
// (triton-loop-unroll): unrolled by two, each set's value stays in the same
// registers from its load until the wait that retires its group.
func (rw *rewriter) carryMeta(dotWait *ir.Operation) *metaCarry {
	mb, b, pl := rw.mb, rw.b, rw.pl
	loop := pl.loop
	lb, ub := loop.Operand(0), loop.Operand(1)
	e := ttng.WarpGroupDotMeta(dotWait.Operand(0).DefiningOp())
	ll := e.DefiningOp()
	sub := ll.Operand(0).DefiningOp() // memdesc_subview %metaRing[%ext, 0, 0]
	mc := &metaCarry{ring: sub.Operand(0), st: sub.Result(0).Type(), t: e.Type()}
	// Before the loop: stage 0's barrier and metadata.
	b.Loc = loop.Loc
	b.SetInsertionPointBefore(loop)
	runs := arith.BuildCmpI(b, arith.SLT, lb, ub)
	mb.waitIf(rw, mb.full, rw.c0, rw.c0, runs)
	e0 := mc.load(rw, rw.c0)
	mc.cur = rw.addIterArg(e0)
	mc.prev = rw.addIterArg(e0)
	mb.metaResult = mc.prev.Index() - 1
	// The head wait moves to the previous iteration.
	mb.headWait.Erase()
	e.ReplaceAllUsesWith(mc.cur)
	ll.Erase()
	if !sub.Result(0).HasUses() {
		sub.Erase()
	}
	for i, o := range dotWait.Operands() {
		if o == mc.cur {
			dotWait.SetOperand(i, mc.prev)
		}
	}
	dotWait.SetAttr("pendings", ir.I32Attr(1))
	loop.SetAttr(attrUnrollFactor, ir.I32Attr(2))
	return mc
}

// attrUnrollFactor asks triton-loop-unroll to unroll an scf.for.
const attrUnrollFactor = "tt.loop_unroll_factor"

// metaCarry is the carried metadata of a sparse wgmma loop (carryMeta).
type metaCarry struct {
	ring      *ir.Value // the metadata ring buffer
	st, t     ir.Type   // a slot's memdesc type, the metadata tensor type
	cur, prev *ir.Value // the iter args: this iteration's and the last one's
}

// load reads the metadata of ring slot idx.
func (mc *metaCarry) load(rw *rewriter, idx *ir.Value) *ir.Value {
	v := rw.b.Create(opSubview, []*ir.Value{mc.ring, idx, rw.c0, rw.c0}, []ir.Type{mc.st}).Result(0)
	return rw.b.Create(opLocalLoad, []*ir.Value{v}, []ir.Type{mc.t}).Result(0)
}

// next waits for stage i+1 (when the loop has one) and reads its metadata,
// at the builder's insertion point.
func (mc *metaCarry) next(rw *rewriter, ext *ir.Value) *ir.Value {
	mb, b, loop := rw.mb, rw.b, rw.pl.loop
	nextExt := nextIndex(b, rw.cst, ext, rw.S)
	more := arith.BuildCmpI(b, arith.SLT, arith.BuildBinary(b, arith.AddiOpName, rw.pl.body.Arg(0), loop.Operand(2)), loop.Operand(1))
	mb.waitIf(rw, mb.full, nextExt, nextPhase(b, rw.cst, ext, mb.pe, rw.S), more)
	return mc.load(rw, nextExt)
}

// releaseSlot is every thread's arrival on empty[slot] (when pred, if given):
// the thread is done reading the slot.
func (mb *mbarriers) releaseSlot(rw *rewriter, slot, pred *ir.Value) {
	ops := []*ir.Value{mb.view(rw, mb.empty, slot)}
	if pred != nil {
		ops = append(ops, pred)
	}
	rw.b.Create(opArriveBarrier, ops, nil,
		ir.NamedAttr{Name: "count", Value: ir.I32Attr(1)}, ir.NamedAttr{Name: "perThread", Value: ir.UnitAttr{}})
	if rw.multicast != nil {
		rw.b.Create(opArriveBarrier, ops, nil,
			ir.NamedAttr{Name: "count", Value: ir.I32Attr(1)}, ir.NamedAttr{Name: "peer", Value: ir.UnitAttr{}})
	}
}

// waitRefill makes the refill of slot ins wait, before the first op that
// fills the next stage, until every thread released the slot; it returns
// the wait.
func (mb *mbarriers) waitRefill(rw *rewriter, ins *ir.Value) *ir.Operation {
	late := rw.copyOps()
	for _, op := range rw.pl.body.Ops() {
		if late[op] {
			rw.b.SetInsertionPointBefore(op)
			break
		}
	}
	return mb.wait(rw, mb.empty, ins, mb.pw)
}

// refillEarly moves the refill of a carried-metadata (2:4) loop (the
// empty-barrier wait, then the copies and what computes their operands)
// from after the warp_group_dot_wait to just before it, right after the
// wgmma issue. The slot it fills, (i+P) mod S with P <= S-2, was released
// in iteration i-1 or earlier, so the refill does not need this
// iteration's wait; moved up, its wait on the other threads' releases
// overlaps two groups in flight instead of one and the copies start a wait
// earlier. Measured on an H100 (TMA, grouped order): 128x256x64 s5 2:4 +6
// to +11 %, 256x128x64 s6 2:4 within noise, the dense 128x256x64 s4 kernel
// 0 to -4 % (so dense loops keep the refill after the wait).
func (rw *rewriter) refillEarly(refill, dotWait *ir.Operation) {
	late := rw.copyOps()
	move := []*ir.Operation{refill.Operand(0).DefiningOp(), refill}
	for _, op := range rw.pl.body.Ops() {
		if late[op] {
			move = append(move, op)
		}
	}
	for _, op := range move {
		op.MoveBefore(dotWait)
	}
}
