package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Hopper TMA and mbarriers (hopper.md §4), as Triton 3.6 lowers them
// (TMAToLLVM.cpp, BarrierOpToLLVM.cpp, LoadStoreOpToLLVM.cpp).
//
// Global scratch. global_scratch_alloc ops get byte offsets in one
// per-program slice (each aligned to its op's alignment; the slice size is
// the sum rounded up to the largest alignment). The kernel takes the
// scratch buffer as one extra trailing .u64 parameter, listed in the
// manifest as globalScratch {bytes, align}, not among params: the
// launcher allocates grid size x bytes and passes it last. Program
// (x, y, z) of a grid (nx, ny, nz) owns the slice at
// ((z*ny + y)*nx + x) * bytes.
//
// Tensor maps. tensormap_create builds the 128-byte map in a shared-memory
// scratch: warp 0 zeroes it, thread 0 sets each field with
// tensormap.replace.tile.<field>.shared::cta.b1024, and warp 0 copies it
// to desc_ptr with tensormap.cp_fenceproxy (release, gpu scope).
// tensormap_fenceproxy_acquire is warp 0's fence.proxy.tensormap::generic
// .acquire followed by a CTA barrier; reinterpret_tensor_descriptor is the
// pointer itself. PTX before 8.6 (ptxas through CUDA 12.6) reads a
// global_stride operand in 16-byte units, so the stride is shifted right
// by 4 there, as Triton does.
//
// mbarriers. init_barrier and inval_barrier are issued by thread 0;
// barrier_expect and arrive_barrier wait at a CTA barrier first (all
// threads are done with what the arrival releases), then thread 0 (and the
// op's predicate) arrives (mbarrier.arrive[.expect_tx]); wait_barrier is a
// mbarrier.try_wait.parity loop in every thread (skipped where its
// predicate is false).
//
// TMA copies. A tile splits into boxes of getTMABlockShape: every dimension
// at most 256, the contiguous one exactly the swizzle width (SW / element
// bytes) when swizzled, whole otherwise (then at most 256 elements and a
// multiple of 16 bytes). Box (i, j) lands at shared byte offset
// j*lines*SW + i*256*SW (NVMMA column blocks, memRef.blockLen) or
// i*256*rowLen*eb (unswizzled, row-major) and reads global coordinates
// (col + j*boxCols, row + i*boxRows), innermost first. Box b is issued by
// lane 0 of warp b % numWarps (cp.async.bulk.tensor.Nd ... mbarrier::
// complete_tx::bytes for loads, .bulk_group for stores, then
// cp.async.bulk.commit_group); async_tma_store_wait is
// cp.async.bulk.wait_group.read N.

// tmaVersion is the PTX ISA version the ops need: tensormap.replace is
// PTX 8.3 (sm_90a).
const tmaVersion = "8.3"

// globalScratch is the plan of a kernel's global_scratch_alloc ops.
type globalScratch struct {
	offset      map[*ir.Operation]int64
	bytes       int64
	align       int64
	param, base asm.Operand // the parameter's register; this program's slice
}

// planGlobalScratch assigns each global_scratch_alloc of fn its offset.
func planGlobalScratch(fn *ir.Operation) (*globalScratch, error) {
	gs := &globalScratch{offset: map[*ir.Operation]int64{}, align: 1}
	var err error
	fn.WalkOps(func(op *ir.Operation) {
		if err != nil || op.Name != ttgpu.GlobalScratchAllocOpName {
			return
		}
		n, a := op.IntAttrOr("nbytes", -1), op.IntAttrOr("alignment", -1)
		if n < 0 || a <= 0 || !isPow2(a) {
			err = ir.OpError(op, "global_scratch_alloc needs nbytes >= 0 and a power-of-two alignment, got nbytes = %d, alignment = %d", n, a)
			return
		}
		off := (gs.bytes + a - 1) / a * a
		gs.offset[op] = off
		gs.bytes = off + n
		gs.align = max(gs.align, a)
	})
	gs.bytes = (gs.bytes + gs.align - 1) / gs.align * gs.align
	return gs, err
}

// scratchParam declares the trailing global-scratch parameter when the
// kernel allocates any, and records it in the manifest.
func (k *kernel) scratchParam(e *asm.Entry, man *KernelManifest) error {
	gs, err := planGlobalScratch(k.fn)
	if err != nil {
		return err
	}
	k.gscratch = gs
	if gs.bytes == 0 && len(gs.offset) == 0 {
		return nil
	}
	name := asm.Sym(fmt.Sprintf("%s_param_%d", k.name, len(e.Params)))
	e.Params = append(e.Params, asm.Param{Type: "u64", Name: name})
	r := k.newReg(clsB64)
	k.proOp("ld.param.u64", r, asm.Addr{Base: name})
	gs.param = r
	man.GlobalScratch = &ScratchManifest{Bytes: gs.bytes, Align: gs.align}
	return nil
}

// programSlice returns this program's slice of the global scratch (a
// prologue register).
func (k *kernel) programSlice() asm.Operand {
	gs := k.gscratch
	if gs.base != nil {
		return gs.base
	}
	id := [5]asm.Reg{}
	for i, s := range []string{"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y"} {
		id[i] = k.newReg(clsB32)
		k.proOp("mov.u32", id[i], asm.Special(s))
	}
	lin := k.newReg(clsB32)
	k.proOp("mad.lo.u32", lin, id[2], id[4], id[1])
	k.proOp("mad.lo.u32", lin, lin, id[3], id[0])
	off := k.newReg(clsB64)
	k.proOp("mul.wide.u32", off, lin, imm(gs.bytes))
	base := k.newReg(clsB64)
	k.proOp("add.s64", base, gs.param, off)
	gs.base = base
	return base
}

func emitGlobalScratchAlloc(k *kernel, op *ir.Operation) error {
	off, ok := k.gscratch.offset[op]
	if !ok {
		return fmt.Errorf("internal: global_scratch_alloc without an offset")
	}
	var r asm.Operand = k.programSlice()
	if off != 0 {
		t := k.newReg(clsB64)
		k.op("add.s64", t, r, imm(off))
		r = t
	}
	k.set(op.Result(0), &val{regs: []asm.Operand{r}})
	return nil
}

// proPred returns a prologue predicate register "tid <cmp> n" (cached).
func (k *kernel) proPred(cmp string, n int64) asm.Reg {
	key := fmt.Sprintf("pred:tid:%s:%d", cmp, n)
	if r, ok := k.layouts.pro[key]; ok {
		return r.(asm.Reg)
	}
	p := k.newReg(clsPred)
	k.proOp("setp."+cmp+".u32", p, k.tid, imm(n))
	k.layouts.pro[key] = p
	return p
}

// multicastMask is the ctaMask of a multicast TMA copy: every CTA of the
// cluster. The tile is the same in all of them: box n is copied by CTA
// n mod ctas into each (the same offsets, each CTA's own full barrier
// completing on its bytes).
func (k *kernel) multicastMask() (asm.Operand, error) {
	if k.clusterCTAs < 2 {
		return nil, fmt.Errorf("a multicast TMA copy in a kernel without clusters (sp.cluster_ctas)")
	}
	if r, ok := k.layouts.pro["cluster:mask"]; ok {
		return r, nil
	}
	m := k.newReg(clsB16)
	k.proOp("mov.b16", m, imm(int64(1)<<k.clusterCTAs-1))
	k.layouts.pro["cluster:mask"] = m
	return m, nil
}

// boxOwner narrows the issuing predicate p of multicast box n to the CTA
// that copies it.
func (k *kernel) boxOwner(p asm.Reg, n int64) asm.Reg {
	q := k.newReg(clsPred)
	k.op("and.pred", q, p, k.rankIs(n%int64(k.clusterCTAs)))
	return q
}

// rank is the prologue register of the CTA's rank in its cluster.
func (k *kernel) rank() asm.Reg {
	if r, ok := k.layouts.pro["cluster:rank"]; ok {
		return r.(asm.Reg)
	}
	r := k.newReg(clsB32)
	k.proOp("mov.u32", r, asm.Special("%cluster_ctarank"))
	k.layouts.pro["cluster:rank"] = r
	return r
}

// rankIs is a prologue predicate "this CTA has rank n in its cluster".
func (k *kernel) rankIs(n int64) asm.Reg { return k.proEq("rank", k.rank(), n) }

// peerArrive is arrive_barrier {peer}: lane 0 of every warp arrives (count
// times) on the barrier at the same offset in the other CTA of its cluster
// of two, guarded by the optional i1 operand.
func (k *kernel) peerArrive(op *ir.Operation, bar asm.Addr, count int64) error {
	if k.clusterCTAs != 2 {
		return fmt.Errorf("arrive_barrier {peer} needs a cluster of 2 CTAs (sp.cluster_ctas)")
	}
	p := k.lane0()
	if op.NumOperands() > 1 {
		var live bool
		var err error
		if p, live, err = k.andPred(p, op.Operand(1)); err != nil || !live {
			return err
		}
	}
	k.beforeRead()
	peer := k.peerRank()
	local := k.newReg(clsB32)
	k.op("add.u32", local, bar.Base, imm(bar.Disp))
	remote := k.newReg(clsB32)
	k.op("mapa.shared::cluster.u32", remote, local, peer)
	args := []asm.Operand{asm.Sym("_"), asm.Addr{Base: remote}}
	if count > 1 {
		args = append(args, imm(count))
	}
	// The default .release.cta semantics, as CUTLASS's cluster barriers use:
	// the warp's reads of the slot were wgmma's, retired by its wait.
	k.eff("mbarrier.arrive.shared::cluster.b64", args...).If(p, false)
	return nil
}

// lane0 is a prologue predicate "this thread is lane 0 of its warp".
func (k *kernel) lane0() asm.Reg { return k.proEq("lane", k.lane, 0) }

// peerRank is the prologue register of the other CTA's rank (clusters of 2).
func (k *kernel) peerRank() asm.Reg {
	if r, ok := k.layouts.pro["cluster:peer"]; ok {
		return r.(asm.Reg)
	}
	r := k.newReg(clsB32)
	k.proOp("xor.b32", r, k.rank(), imm(1))
	k.layouts.pro["cluster:peer"] = r
	return r
}

// thread0 is the predicate of the CTA's first thread; warp0 of its first warp.
func (k *kernel) thread0() asm.Reg { return k.proPred("eq", 0) }
func (k *kernel) warp0() asm.Reg   { return k.proPred("lt", 32) }

// andPred returns p && the i1 value v; false when v is the constant false
// (the op is then dropped).
func (k *kernel) andPred(p asm.Reg, v *ir.Value) (asm.Reg, bool, error) {
	if c, ok := constBool(v); ok {
		return p, c, nil
	}
	o, err := k.scalarReg(v)
	if err != nil {
		return p, false, err
	}
	r := k.newReg(clsPred)
	k.op("and.pred", r, p, o)
	return r, true, nil
}

// constBool returns the value of an i1 arith.constant.
func constBool(v *ir.Value) (bool, bool) {
	op := v.DefiningOp()
	if op == nil || op.Name != arith.ConstantOpName {
		return false, false
	}
	switch a := op.Attr("value").(type) {
	case ir.IntegerAttr:
		return a.Value != 0, true
	}
	return false, false
}

// reg returns o in a register of class c (an immediate is moved into one).
func (k *kernel) reg(c class, o asm.Operand) asm.Operand {
	if _, isImm := o.(asm.Imm); !isImm {
		return o
	}
	r := k.newReg(c)
	k.op("mov."+map[class]string{clsB32: "u32", clsB64: "u64"}[c], r, o)
	return r
}

// scalarReg returns the register (or immediate) of scalar SSA value v.
func (k *kernel) scalarReg(v *ir.Value) (asm.Operand, error) {
	r, err := k.regsOf(v)
	if err != nil {
		return nil, err
	}
	if len(r) != 1 {
		return nil, fmt.Errorf("expected a scalar, got a value of type %s", ir.TypeString(v.Type()))
	}
	return r[0], nil
}

// ---- tensor maps ---------------------------------------------------------

// tensormapFields are the operand groups of tensormap_create after desc_ptr
// and global_address, with their tensormap.replace field names.
var tensormapFields = []struct {
	name string
	cls  class
}{{"box_dim", clsB32}, {"global_dim", clsB32}, {"global_stride", clsB64}, {"element_stride", clsB32}}

// strideInUnits reports whether the PTX version reads global_stride in
// 16-byte units. Triton gates its workaround for ptxas through CUDA 12.6 on
// the PTX version it emits (<= 8.5), which its bundled ptxas decides; a
// driver JIT newer than the PTX may read bytes at any version, so PTX for
// such a driver is best emitted with Options.PTXVersion >= 8.6 (sp-opt
// --ptx-version=8.7), which reads bytes everywhere.
func strideInUnits(version string) bool { return version < "8.6" }

func emitTensormapCreate(k *kernel, op *ir.Operation) error {
	groups, err := tensormapGroups(op)
	if err != nil {
		return err
	}
	attrs, err := tensormapAttrs(op)
	if err != nil {
		return err
	}
	desc, err := k.scalarReg(op.Operand(0))
	if err != nil {
		return err
	}
	gaddr, err := k.scalarReg(op.Operand(1))
	if err != nil {
		return err
	}
	base := k.newReg(clsB32)
	k.op("add.u32", base, k.smemBase, imm(k.smem.offset[op]))
	k.beforeWrite()
	// Warp 0 zeroes the 128 bytes, one word per lane.
	lane4 := k.newReg(clsB32)
	k.op("mad.lo.u32", lane4, k.lane, imm(4), base)
	k.eff("st.shared.b32", asm.Addr{Base: lane4}, zero).If(k.warp0(), false)
	k.eff("bar.warp.sync", imm(-1))
	if err := k.replaceFields(base, gaddr, groups, attrs); err != nil {
		return err
	}
	k.eff("bar.warp.sync", imm(-1))
	k.eff("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned",
		asm.Addr{Base: desc}, asm.Addr{Base: base}, imm(128)).If(k.warp0(), false)
	k.afterWrite()
	k.afterRead()
	return nil
}

// tensormapAttrs reads the enum attributes of a tensormap_create, by
// their tensormap.replace field names.
func tensormapAttrs(op *ir.Operation) (map[string]int64, error) {
	attrs := map[string]int64{}
	for _, a := range []struct {
		name, field string
		max         int64
	}{{"elem_type", "elemtype", 12}, {"interleave_layout", "interleave_layout", 0}, {"swizzle_mode", "swizzle_mode", 3}, {"fill_mode", "fill_mode", 1}} {
		v := op.IntAttrOr(a.name, -1)
		if v < 0 || v > a.max {
			return nil, fmt.Errorf("tensormap_create %s = %d is not supported (0..%d)", a.name, v, a.max)
		}
		attrs[a.field] = v
	}
	return attrs, nil
}

// replaceFields sets every field of the map at shared address base from
// thread 0: the global address, the rank, the operand groups, the enums.
func (k *kernel) replaceFields(base, gaddr asm.Operand, groups [][]*ir.Value, attrs map[string]int64) error {
	t0 := k.thread0()
	rep := func(field, ty string, args ...asm.Operand) {
		k.eff("tensormap.replace.tile."+field+".shared::cta.b1024."+ty, append([]asm.Operand{asm.Addr{Base: base}}, args...)...).If(t0, false)
	}
	rep("global_address", "b64", k.reg(clsB64, gaddr))
	rep("rank", "b32", imm(len(groups[0])-1))
	for g, f := range tensormapFields {
		for i, v := range groups[g] {
			x, err := k.scalarReg(v)
			if err != nil {
				return err
			}
			x = k.reg(f.cls, x)
			ty := "b32"
			if f.cls == clsB64 {
				ty = "b64"
			}
			if f.name == "global_stride" && strideInUnits(k.version) {
				t := k.newReg(clsB64)
				k.op("shr.s64", t, x, imm(4))
				x = t
			}
			rep(f.name, ty, imm(i), x)
		}
	}
	for _, f := range []string{"elemtype", "interleave_layout", "swizzle_mode", "fill_mode"} {
		rep(f, "b32", imm(attrs[f]))
	}
	return nil
}

// tensormapGroups splits tensormap_create's operands after desc_ptr and
// global_address into box_dim, global_dim, global_stride and
// element_stride.
func tensormapGroups(op *ir.Operation) ([][]*ir.Value, error) {
	seg, _ := op.Attr("operandSegmentSizes").(ir.DenseArrayAttr)
	if len(seg.Ints) != 6 || seg.Ints[0] != 1 || seg.Ints[1] != 1 {
		return nil, fmt.Errorf("tensormap_create without its operand segment sizes")
	}
	rank := seg.Ints[2]
	if rank < 1 || rank > 5 || seg.Ints[3] != rank || seg.Ints[4] != rank-1 || seg.Ints[5] != rank {
		return nil, fmt.Errorf("tensormap_create operand groups %v do not fit a rank-%d map", seg.Ints[2:], rank)
	}
	ops := op.Operands()[2:]
	var out [][]*ir.Value
	for _, n := range seg.Ints[2:] {
		out = append(out, ops[:n])
		ops = ops[n:]
	}
	return out, nil
}

func emitTensormapFenceproxyAcquire(k *kernel, op *ir.Operation) error {
	desc, err := k.scalarReg(op.Operand(0))
	if err != nil {
		return err
	}
	// Every thread acquires: any warp's lane 0 may issue a TMA copy through
	// the map, and a thread that did not acquire may use a stale map from
	// the SM's descriptor cache (a previous launch's map at this address).
	k.eff("fence.proxy.tensormap::generic.acquire.gpu", asm.Addr{Base: desc}, imm(128))
	k.bar()
	return nil
}

func emitReinterpretTensorDesc(k *kernel, op *ir.Operation) error {
	x, err := k.scalarReg(op.Operand(0))
	if err != nil {
		return err
	}
	k.set(op.Result(0), &val{regs: []asm.Operand{x}})
	return nil
}

// ---- mbarriers -------------------------------------------------------------

// barrierAddr returns the shared address of an mbarrier memdesc (one i64).
func (k *kernel) barrierAddr(v *ir.Value) (asm.Addr, error) {
	x, err := k.get(v)
	if err != nil {
		return asm.Addr{}, err
	}
	m := x.mem
	if m == nil || m.elem.bits != 64 || m.rows*m.cols != 1 || len(m.lead) != 0 {
		return asm.Addr{}, fmt.Errorf("an mbarrier must be a memdesc of one i64, got %s", ir.TypeString(v.Type()))
	}
	return asm.Addr{Base: m.base, Disp: (m.r0*m.rowLen + m.c0) * 8}, nil
}

func emitInitBarrier(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	count := op.IntAttrOr("count", 0)
	if count < 1 || count > 1<<20-1 {
		return fmt.Errorf("init_barrier count %d is not in 1..%d", count, 1<<20-1)
	}
	k.beforeWriteT0()
	k.eff("mbarrier.init.shared::cta.b64", bar, imm(count)).If(k.thread0(), false)
	k.afterWriteT0()
	return nil
}

func emitInvalBarrier(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	k.beforeWriteT0()
	k.eff("mbarrier.inval.shared::cta.b64", bar).If(k.thread0(), false)
	k.afterWriteT0()
	return nil
}

// arrive emits thread 0's arrival on bar (after a CTA barrier), guarded by
// the i1 value pred (nil: always).
func (k *kernel) arrive(bar asm.Addr, pred *ir.Value, name string, args ...asm.Operand) error {
	if k.mbarBody {
		k.beforeRead() // an mbarrier pipeline's slots are ordered by its barriers
	} else {
		k.bar() // unconditional: loop heads rely on it (endsAtBarrier)
	}
	p := k.thread0()
	if pred != nil {
		var live bool
		var err error
		if p, live, err = k.andPred(p, pred); err != nil || !live {
			return err
		}
	}
	k.eff(name, append([]asm.Operand{asm.Sym("_"), bar}, args...)...).If(p, false)
	return nil
}

func emitBarrierExpect(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	size := op.IntAttrOr("size", -1)
	if size < 0 || size > 1<<20-1 {
		return fmt.Errorf("barrier_expect size %d is not in 0..%d (the mbarrier's tx-count range)", size, 1<<20-1)
	}
	return k.arrive(bar, op.Operand(1), "mbarrier.arrive.expect_tx.shared::cta.b64", imm(size))
}

func emitArriveBarrier(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	count := op.IntAttrOr("count", 0)
	if count < 1 || count > 1<<20-1 {
		return fmt.Errorf("arrive_barrier count %d is not in 1..%d", count, 1<<20-1)
	}
	if _, ok := op.Attr("perThread").(ir.UnitAttr); ok {
		return k.perThreadArrive(op, bar, count)
	}
	if _, ok := op.Attr("peer").(ir.UnitAttr); ok {
		return k.peerArrive(op, bar, count)
	}
	var pred *ir.Value
	if op.NumOperands() > 1 {
		pred = op.Operand(1)
	}
	var args []asm.Operand
	if count > 1 {
		args = append(args, imm(count))
	}
	return k.arrive(bar, pred, "mbarrier.arrive.shared::cta.b64", args...)
}

func emitWaitBarrier(k *kernel, op *ir.Operation) error {
	bar, err := k.barrierAddr(op.Operand(0))
	if err != nil {
		return err
	}
	phase, err := k.scalarReg(op.Operand(1))
	if err != nil {
		return err
	}
	phase = k.reg(clsB32, phase)
	var skip asm.Label
	if op.NumOperands() > 2 && ir.IsInteger(op.Operand(2).Type(), 1) {
		if c, ok := constBool(op.Operand(2)); ok && !c {
			return nil
		} else if !ok {
			c, err := k.scalarReg(op.Operand(2))
			if err != nil {
				return err
			}
			skip = k.newLabel("wait_skip")
			k.eff("bra.uni", skip).If(k.predReg(c), true)
		}
	}
	loop := k.newLabel("wait")
	k.startBlock(loop)
	done := k.newReg(clsPred)
	w := k.op("mbarrier.try_wait.parity.shared::cta.b64", done, bar, phase)
	w.Effect = true
	k.eff("bra.uni", loop).If(done, true)
	if skip != "" {
		k.startBlock(skip)
	}
	k.afterRead()
	return nil
}

// ---- TMA copies ------------------------------------------------------------

// tmaBox is how a shared tile splits into TMA boxes.
type tmaBox struct {
	rank       int
	rows, cols int64 // the box (rows = 1 for rank 1)
	nr, nc     int64 // boxes along rows and columns
	eb         int64
	m          *memRef
}

// boxBytes is the size of one box.
func (b *tmaBox) boxBytes() int64 { return b.rows * b.cols * b.eb }

// smemOffset is the byte offset of box (i, j) in the tile.
func (b *tmaBox) smemOffset(i, j int64) int64 {
	m := b.m
	if m.blockLen > 0 {
		return j*m.lines*m.blockLen*b.eb + i*b.rows*m.blockLen*b.eb
	}
	return i*b.rows*m.rowLen*b.eb + j*b.cols*b.eb
}

// tmaBoxes checks the shared tile m (of memdesc type md) that a TMA copy
// fills or reads and splits it into boxes.
func tmaBoxes(m *memRef, md tt.MemDescType, rank int) (*tmaBox, error) {
	shape := md.Shape
	if rank < 1 || rank > 2 || len(shape) != rank {
		return nil, fmt.Errorf("TMA copies of rank %d (a %s tile) are not supported: 1-D and 2-D boxes are", rank, ir.ShapeString(shape))
	}
	if m.r0 != 0 || m.c0 != 0 {
		return nil, fmt.Errorf("TMA copies into or from a view at an offset inside its tile are not supported")
	}
	if m.contig != 1 && rank != 2 {
		return nil, fmt.Errorf("TMA copies of a 1-D tile need it contiguous in shared memory")
	}
	if m.maxPhase > 1 && m.blockLen == 0 {
		return nil, fmt.Errorf("shared layout %s: TMA writes the NVMMA swizzles or none; this swizzle is neither", ir.AttrString(md.Encoding))
	}
	b := &tmaBox{rank: rank, eb: int64(m.elem.bytes()), m: m, rows: 1, nr: 1, nc: 1}
	// cols: the contiguous dimension (the tensor map's innermost), rows the
	// other: dimension 1 and 0 of a row-major tile, 0 and 1 of a
	// column-major one (contig 0).
	rows, cols := int64(1), shape[rank-1]
	if rank == 2 {
		rows, cols = shape[m.contig^1], shape[m.contig]
	}
	b.rows, b.cols = min(rows, 256), min(cols, 256)
	if m.blockLen > 0 {
		b.cols = m.blockLen // the swizzle width
	} else if cols > 256 {
		return nil, fmt.Errorf("an unswizzled TMA tile's contiguous dimension (%d elements) must be at most 256", cols)
	}
	if b.cols*b.eb%16 != 0 {
		return nil, fmt.Errorf("a TMA box's inner extent must be a multiple of 16 bytes, got %d elements of %d bytes", b.cols, b.eb)
	}
	if rows%b.rows != 0 || cols%b.cols != 0 {
		return nil, fmt.Errorf("a %dx%d tile does not split into %dx%d TMA boxes", rows, cols, b.rows, b.cols)
	}
	b.nr, b.nc = rows/b.rows, cols/b.cols
	return b, nil
}

// tmaCopy checks the operands shared by both copy directions and returns
// the descriptor register, the innermost-first coordinates and the boxes.
func (k *kernel) tmaCopy(op *ir.Operation, tile *ir.Value, coords []*ir.Value) (asm.Operand, []asm.Operand, *tmaBox, error) {
	if s := tmaUnsupportedAttr(op); s != "" {
		return nil, nil, nil, fmt.Errorf("%s: %s is not supported", op.Name, s)
	}
	desc, err := k.scalarReg(op.Operand(0))
	if err != nil {
		return nil, nil, nil, err
	}
	x, err := k.get(tile)
	if err != nil {
		return nil, nil, nil, err
	}
	md, ok := tile.Type().(tt.MemDescType)
	if !ok || x.mem == nil {
		return nil, nil, nil, fmt.Errorf("the TMA tile must be a shared-memory memdesc")
	}
	dt, ok := op.Operand(0).Type().(tt.TensorDescType)
	if !ok {
		return nil, nil, nil, fmt.Errorf("the descriptor must be a !tt.tensordesc")
	}
	if blk := dt.Block; !ir.ShapeEqual(blk.Shape, md.Shape) || !ir.TypeEqual(blk.Elem, md.Elem) {
		return nil, nil, nil, fmt.Errorf("the descriptor's block %s differs from the shared tile %s", ir.TypeString(blk), ir.TypeString(md))
	}
	box, err := tmaBoxes(x.mem, md, len(coords))
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkMapBox(op.Operand(0), box); err != nil {
		return nil, nil, nil, err
	}
	c := make([]asm.Operand, len(coords))
	for i, v := range coords { // innermost first: the contiguous dimension's first
		r, err := k.scalarReg(v)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(coords) == 2 && x.mem.contig == 0 {
			c[i] = r
		} else {
			c[len(coords)-1-i] = r
		}
	}
	return desc, c, box, nil
}

// checkMapBox compares the box a copy splits its tile into with the map
// it reads, where the descriptor is a reinterpret_tensor_descriptor of a
// pointer that a tensormap_create with constant box dims fills (the form
// Triton 3.6 makes): a mismatch would copy the wrong bytes on the GPU.
func checkMapBox(desc *ir.Value, b *tmaBox) error {
	def := desc.DefiningOp()
	if def == nil || def.Name != ttng.ReinterpretTensorDescOpName {
		return nil
	}
	for _, u := range def.Operand(0).Uses() {
		if u.Op.Name != ttng.TensormapCreateOpName || u.Index != 0 {
			continue
		}
		groups, err := tensormapGroups(u.Op)
		if err != nil || len(groups[0]) != b.rank {
			return err
		}
		want := []int64{b.cols, b.rows}[:b.rank]
		for i, v := range groups[0] {
			if c, ok := constInt(v); ok && c != want[i] {
				return fmt.Errorf("the tensor map's box (tensormap_create at %s) has box_dim[%d] = %d; this tile of %s takes boxes of %v (innermost first)",
					opPos(u.Op), i, c, ir.TypeString(desc.Type()), want)
			}
		}
		if sw := u.Op.IntAttrOr("swizzle_mode", -1); sw >= 0 && b.m.blockLen*b.eb != [...]int64{0, 32, 64, 128, -1}[min(sw, 4)] {
			return fmt.Errorf("the tensor map (tensormap_create at %s) has swizzle_mode %d; the shared tile's layout needs %d-byte swizzling",
				opPos(u.Op), sw, b.m.blockLen*b.eb)
		}
	}
	return nil
}

// opPos is op's file:line:col, or its location as printed.
func opPos(op *ir.Operation) string {
	if p, ok := op.Loc.Pos(); ok {
		return p.String()
	}
	return ir.LocString(op.Loc)
}

// tmaUnsupportedAttr names a cache, eviction or volatile attribute of a
// TMA copy that Triton's lowering rejects too ("" when none).
func tmaUnsupportedAttr(op *ir.Operation) string {
	if c, ok := tt.EnumProp(op, "cache", tt.CacheModifier(0)); ok && c > tt.CacheNone {
		return "a cache modifier"
	}
	if e, ok := tt.EnumProp(op, "evict", tt.EvictNormal); ok && e != tt.EvictNormal {
		return "an eviction policy"
	}
	if a, ok := op.Attr("isVolatile").(ir.IntegerAttr); ok && a.Value != 0 {
		return "isVolatile"
	}
	return ""
}

// boxCoords returns the coordinates of box (i, j), innermost first.
func (k *kernel) boxCoords(c []asm.Operand, b *tmaBox, i, j int64) asm.Vec {
	out := make(asm.Vec, len(c))
	for d, x := range c {
		off := j * b.cols
		if d == 1 {
			off = i * b.rows
		}
		if off != 0 {
			t := k.newReg(clsB32)
			k.op("add.s32", t, x, imm(off))
			x = t
		}
		out[d] = k.reg(clsB32, x)
	}
	return out
}

// leader is the predicate of lane 0 of the warp that issues box n.
func (k *kernel) leader(n int64) asm.Reg { return k.proPred("eq", 32*(n%int64(k.numWarps))) }

// elected returns, at the current point, the predicate of one active lane
// of the warp (elect.sync over activemask).
func (k *kernel) elected() asm.Reg {
	m := k.newReg(clsB32)
	k.op("activemask.b32", m)
	p := k.newReg(clsPred)
	k.eff("elect.sync", asm.ElectDst{Pred: p}, m)
	return p
}

// warpIs is a prologue predicate "this thread's warp is w" (warp-uniform).
func (k *kernel) warpIs(w int64) asm.Reg { return k.proEq("warp", k.warp, w) }

// proEq is the prologue predicate "x == n", computed once per (what, n).
func (k *kernel) proEq(what string, x asm.Operand, n int64) asm.Reg {
	key := fmt.Sprintf("pred:%s:%d", what, n)
	if r, ok := k.layouts.pro[key]; ok {
		return r.(asm.Reg)
	}
	p := k.newReg(clsPred)
	k.proOp("setp.eq.u32", p, x, imm(n))
	k.layouts.pro[key] = p
	return p
}

func emitTMALoad(k *kernel, op *ir.Operation) error {
	nOps := op.NumOperands()
	coords := op.Operands()[1 : nOps-3]
	desc, c, box, err := k.tmaCopy(op, op.Operand(nOps-2), coords)
	if err != nil {
		return err
	}
	bar, err := k.barrierAddr(op.Operand(nOps - 3))
	if err != nil {
		return err
	}
	pred := op.Operand(nOps - 1)
	if c, ok := constBool(pred); ok && !c {
		return nil
	}
	if k.accessSinceBar() && !k.mbarBody {
		k.bar() // every thread is done with what the copy overwrites
	}
	dst := k.get0(op.Operand(nOps - 2)).mem.base
	name := fmt.Sprintf("cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes", box.rank)
	_, multicast := op.Attr("multicast").(ir.UnitAttr)
	var mask asm.Operand
	if multicast {
		if mask, err = k.multicastMask(); err != nil {
			return err
		}
		name += ".multicast::cluster"
	}
	// Box n is issued by warp n mod numWarps, each issuing warp's boxes
	// under one warp-uniform branch that the other warps jump over.
	nw := min(box.nr*box.nc, int64(k.numWarps))
	for w := int64(0); w < nw; w++ {
		skip := k.newLabel("tma_skip")
		k.eff("bra.uni", skip).If(k.warpIs(w), true)
		n := int64(0)
		for i := int64(0); i < box.nr; i++ {
			for j := int64(0); j < box.nc; j++ {
				if n%int64(k.numWarps) == w {
					xy := k.boxCoords(c, box, i, j)
					p, _, err := k.andPred(k.elected(), pred)
					if err != nil {
						return err
					}
					args := []asm.Operand{asm.Addr{Base: dst, Disp: box.smemOffset(i, j)}, tensorOperand(desc, xy), bar}
					if multicast {
						p = k.boxOwner(p, n)
						args = append(args, mask)
					}
					k.eff(name, args...).If(p, false)
				}
				n++
			}
		}
		k.startBlock(skip)
	}
	return nil
}

// get0 is get for a value known to be lowered.
func (k *kernel) get0(v *ir.Value) *val {
	x, _ := k.get(v)
	return x
}

// tensorOperand is the [tensorMap, {coords}] operand of cp.async.bulk.tensor.
func tensorOperand(desc asm.Operand, xy asm.Vec) asm.Operand {
	return asm.TensorAddr{Map: desc, Coords: xy}
}

func emitTMAStore(k *kernel, op *ir.Operation) error {
	nOps := op.NumOperands()
	desc, c, box, err := k.tmaCopy(op, op.Operand(nOps-1), op.Operands()[1:nOps-1])
	if err != nil {
		return err
	}
	k.beforeRead() // other threads' st.shared of the tile
	src := k.get0(op.Operand(nOps - 1)).mem.base
	name := fmt.Sprintf("cp.async.bulk.tensor.%dd.global.shared::cta.bulk_group", box.rank)
	n := int64(0)
	for i := int64(0); i < box.nr; i++ {
		for j := int64(0); j < box.nc; j++ {
			xy := k.boxCoords(c, box, i, j)
			k.eff(name, tensorOperand(desc, xy), asm.Addr{Base: src, Disp: box.smemOffset(i, j)}).If(k.leader(n), false)
			n++
		}
	}
	k.eff("cp.async.bulk.commit_group")
	k.afterRead()
	return nil
}

func emitTMAStoreWait(k *kernel, op *ir.Operation) error {
	n := op.IntAttrOr("pendings", -1)
	if n < 0 || n > 63 {
		return fmt.Errorf("async_tma_store_wait pendings = %d is not in 0..63", n)
	}
	k.eff("cp.async.bulk.wait_group.read", imm(n))
	return nil
}

// tmaOps adds this file's ops to the table.
func tmaOps(t *table) {
	t.register(emitGlobalScratchAlloc, ttgpu.GlobalScratchAllocOpName)
	t.register(emitTensormapCreate, ttng.TensormapCreateOpName)
	t.register(emitTensormapFenceproxyAcquire, ttng.TensormapFenceproxyAcquireOpName)
	t.register(emitReinterpretTensorDesc, ttng.ReinterpretTensorDescOpName)
	t.register(emitInitBarrier, ttng.InitBarrierOpName)
	t.register(emitInvalBarrier, ttng.InvalBarrierOpName)
	t.register(emitBarrierExpect, ttng.BarrierExpectOpName)
	t.register(emitArriveBarrier, ttng.ArriveBarrierOpName)
	t.register(emitWaitBarrier, ttng.WaitBarrierOpName)
	t.register(emitTMALoad, ttng.AsyncTmaCopyGlobalToLocalOpName)
	t.register(emitTMAStore, ttng.AsyncTmaCopyLocalToGlobalOpName)
	t.register(emitTMAStoreWait, ttng.AsyncTmaStoreWaitOpName)
	t.scratch[ttng.TensormapCreateOpName] = func(*kernel, *ir.Operation) (int64, error) { return 128, nil }
}

// usesTMA reports whether the module has an op of this file other than
// global_scratch_alloc (they need sm_90a and PTX 8.3).
func usesTMA(module *ir.Operation) (found *ir.Operation) {
	t := &table{emit: map[string]emitFn{}, scratch: map[string]scratchFn{}}
	tmaOps(t)
	module.WalkOps(func(op *ir.Operation) {
		if _, ok := t.emit[op.Name]; ok && found == nil && op.Name != ttgpu.GlobalScratchAllocOpName {
			found = op
		}
	})
	return found
}
