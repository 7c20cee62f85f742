package ptx

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/arith"
	"sort"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// memRef is a lowered !tt.memdesc: a 32-bit shared-memory address plus the
// swizzle of the 2-D tile it views.
type memRef struct {
	base asm.Operand // u32 register: address of the view's first element
	elem scalar
	// Leading (buffer/stage) dims of the view and their byte strides.
	lead, leadStride []int64
	// The 2-D tile: rows x cols are the view's last two dims (a 1-D view
	// has rows = 1); r0, c0 the view's offset inside its allocation's
	// tile; rowLen the allocation's elements per stored row (along the
	// contiguous dim, padding included).
	rows, cols int64
	r0, c0     int64
	rowLen     int64
	// Swizzle (Triton #shared): contiguous dim (0 = rows contiguous, 1 =
	// cols contiguous); phase = (line / perPhase) % maxPhase; the vec-wide
	// group index along the contiguous dim is XORed with phase.
	contig                  int
	vec, perPhase, maxPhase int64
	// NVMMA layouts (hasLeadingOffset, wgmma operands): a stored row is
	// split into column blocks of blockLen elements (the swizzle width);
	// block b of all lines lines precedes block b+1 (hopper.md §2.3).
	// rowLen is then blockLen. blockLen 0: unsplit rows.
	blockLen, lines int64
	// tile1D: the tile is 1-D (a rank-1 buffer, or a rank-1 encoding
	// over buffers such as Triton's 3x1xi64 mbarrier arrays): rows = 1
	// and every dimension before the last is a leading one.
	tile1D bool
}

// tileRank is the rank of the view's tile (1 or 2).
func (m *memRef) tileRank() int {
	if m.tile1D {
		return 1
	}
	return 2
}

// line/pos map tile coordinates to (stored row, position in the row).
func (m *memRef) linePos(r, c int64) (int64, int64) {
	if m.contig == 1 {
		return r, c
	}
	return c, r
}

// swizzle returns the element offset of stored (line, pos).
func (m *memRef) swizzle(line, pos int64) int64 {
	blk := int64(0)
	if m.blockLen > 0 {
		blk, pos = pos/m.blockLen*m.lines*m.blockLen, pos%m.blockLen
	}
	phase := (line / m.perPhase) % m.maxPhase
	return blk + line*m.rowLen + ((pos/m.vec)^phase)*m.vec + pos%m.vec
}

// affine is a coordinate reg + off (reg zero for a constant).
type affine struct {
	reg asm.Operand
	off int64
}

// addr returns a register and a byte displacement such that the shared
// address of view element (r, c) is base + reg + disp. The register is a
// prologue value: all the lane-dependent swizzle arithmetic is done once
// per kernel. Offsets are reduced modulo the swizzle period (perPhase*
// maxPhase lines, vec*maxPhase positions), the rest is a constant.
func (ly *layouts) smemAddr(m *memRef, r, c affine) (asm.Operand, int64) {
	r.off += m.r0
	c.off += m.c0
	line, pos := r, c
	if m.contig == 0 {
		line, pos = c, r
	}
	eb := int64(m.elem.bytes())
	P, Q := m.perPhase*m.maxPhase, m.vec*m.maxPhase
	if m.maxPhase == 1 {
		P, Q = 1, 1
	}
	lo, po := line.off%P, pos.off%Q
	disp := ((line.off-lo)*m.rowLen + (pos.off - po)) * eb
	if m.blockLen > 0 { // Q == blockLen: whole column blocks
		disp = ((line.off-lo)*m.rowLen + (pos.off-po)/m.blockLen*m.lines*m.blockLen) * eb
	}
	key := fmt.Sprintf("smem:%v:%d:%v:%d:%d:%d:%d:%d:%d:%d:%d", line.reg, lo, pos.reg, po, m.rowLen, m.vec, m.perPhase, m.maxPhase, eb, m.blockLen, m.lines)
	if reg, ok := ly.pro[key]; ok {
		return reg, disp
	}
	if line.reg == zero && pos.reg == zero {
		// Fully constant: fold into the displacement.
		return zero, disp + m.swizzle(lo, po)*eb
	}
	reg := ly.newReg(clsB32)
	ln, ps := ly.newReg(clsB32), ly.newReg(clsB32)
	ly.proOp("add.u32", ln, line.reg, imm(lo))
	ly.proOp("add.u32", ps, pos.reg, imm(po))
	var blk asm.Operand = zero
	if m.blockLen > 0 {
		b := ly.newReg(clsB32)
		ly.proOp("shr.u32", b, ps, imm(log2(m.blockLen)))
		ly.proOp("mul.lo.u32", b, b, imm(m.lines*m.blockLen))
		ly.proOp("and.b32", ps, ps, imm(m.blockLen-1))
		blk = b
	}
	if m.maxPhase > 1 {
		ph := ly.newReg(clsB32)
		ly.proOp("shr.u32", ph, ln, imm(log2(m.perPhase)))
		ly.proOp("and.b32", ph, ph, imm(m.maxPhase-1))
		ly.proOp("shl.b32", ph, ph, imm(log2(m.vec)))
		ly.proOp("xor.b32", ps, ps, ph)
	}
	ly.proOp("mad.lo.u32", reg, ln, imm(m.rowLen), ps)
	if blk != zero {
		ly.proOp("add.u32", reg, reg, blk)
	}
	if eb > 1 {
		ly.proOp("shl.b32", reg, reg, imm(log2(eb)))
	}
	ly.pro[key] = reg
	return reg, disp
}

// elemAddr emits base + reg and returns the address operand [a+disp].
func (ly *layouts) elemAddr(m *memRef, r, c affine) asm.Addr {
	reg, disp := ly.smemAddr(m, r, c)
	a := m.base
	if reg != zero {
		t := ly.newReg(clsB32)
		ly.op("add.u32", t, m.base, reg)
		a = t
	}
	return asm.Addr{Base: a, Disp: disp}
}

// newMemRef builds the view of a whole allocation of type md at base.
func newMemRef(md tt.MemDescType, base asm.Operand) (*memRef, error) {
	s, err := scalarOf(md.Elem)
	if err != nil {
		return nil, err
	}
	if s.cls == clsPred {
		return nil, fmt.Errorf("i1 shared-memory buffers are not supported")
	}
	shape := md.Shape
	if len(md.AllocShape) > 0 {
		shape = md.AllocShape
	}
	m := &memRef{base: base, elem: s, vec: 1, perPhase: 1, maxPhase: 1, contig: 1}
	n := len(shape)
	order, err := m.readSwizzle(md.Encoding, s)
	if err != nil {
		return nil, err
	}
	switch {
	case n == 1 || len(order) == 1:
		m.rows, m.cols, m.tile1D = 1, shape[n-1], true
		m.lead = append([]int64(nil), shape[:n-1]...)
	default:
		m.rows, m.cols = shape[n-2], shape[n-1]
		m.lead = append([]int64(nil), shape[:n-2]...)
	}
	if len(order) > 1 && n >= 2 {
		// The fastest dim among the tile's two (orders may be 2-D for a
		// 3-D buffer, or full rank).
		f := order[0] - (len(order) - 2)
		if f == 0 {
			m.contig = 0
		}
	}
	for _, x := range []int64{m.vec, m.perPhase, m.maxPhase} {
		if !isPow2(x) {
			return nil, fmt.Errorf("shared layout %s: vec, perPhase and maxPhase must be powers of two", ir.AttrString(md.Encoding))
		}
	}
	if m.contig == 1 {
		m.rowLen, m.lines = m.cols, m.rows
	} else {
		m.rowLen, m.lines = m.rows, m.cols
	}
	if m.blockLen > 0 {
		if m.rowLen%m.blockLen != 0 || m.lines%8 != 0 {
			return nil, fmt.Errorf("NVMMA shared tile %dx%d: the contiguous extent must be a multiple of the %d-byte swizzle and the other of 8", m.rows, m.cols, m.blockLen*int64(s.bytes()))
		}
		m.rowLen = m.blockLen
	}
	tile := m.rows * m.cols * int64(s.bytes())
	m.leadStride = make([]int64, len(m.lead))
	stride := tile
	for i := len(m.lead) - 1; i >= 0; i-- {
		m.leadStride[i] = stride
		stride *= m.lead[i]
	}
	return m, nil
}

// readSwizzle reads the vec / perPhase / maxPhase swizzle (and, for NVMMA
// tiles, the swizzle block) of shared encoding enc into m, for elements
// s, and returns the encoding's dimension order.
func (m *memRef) readSwizzle(enc ir.Attribute, s scalar) ([]int, error) {
	var order []int
	nv, isNVMMA := ttgpu.AsNVMMAShared(enc)
	switch e := enc.(type) {
	case ttgpu.SharedEncoding:
		m.vec, m.perPhase, m.maxPhase, order = int64(e.Vec), int64(e.PerPhase), int64(e.MaxPhase), e.Order
	case ttgpu.SwizzledSharedEncoding:
		m.vec, m.perPhase, m.maxPhase, order = int64(e.Vec), int64(e.PerPhase), int64(e.MaxPhase), e.Order
	case ttgpu.NVMMASharedEncoding:
		order = []int{nv.Contig, 1 - nv.Contig}
	default:
		return nil, fmt.Errorf("shared layout %s is not supported (want #triton_gpu.shared)", ir.AttrString(enc))
	}
	if _, ok := enc.(ttgpu.SharedEncoding); ok && !isNVMMA && enc.(ttgpu.SharedEncoding).HasLeadingOffset {
		return nil, fmt.Errorf("shared layout %s: hasLeadingOffset needs vec * element bytes = 16 and a 32/64/128-byte swizzle", ir.AttrString(enc))
	}
	if isNVMMA && nv.SwizzleBytes == 0 {
		// Unswizzled NVMMA tiles (TMA boxes with swizzle none): row-major.
		m.vec, m.perPhase, m.maxPhase = 1, 1, 1
	} else if isNVMMA {
		m.vec, m.maxPhase = int64(16/s.bytes()), int64(nv.SwizzleBytes/16)
		m.perPhase = 128 / int64(nv.SwizzleBytes)
		m.blockLen = int64(nv.SwizzleBytes / s.bytes())
	}
	return order, nil
}

func memBytes(md tt.MemDescType) (int64, error) {
	s, err := scalarOf(md.Elem)
	if err != nil {
		return 0, err
	}
	n := int64(s.bytes())
	shape := md.Shape
	if len(md.AllocShape) > 0 {
		shape = md.AllocShape
	}
	for _, d := range shape {
		n *= d
	}
	return n, nil
}

// ---- shared-memory plan ----------------------------------------------

// smemPlan assigns byte offsets in the dynamic shared buffer to every
// local_alloc and to the scratch of ops that exchange data between
// threads (convert_layout, cross-warp reductions). Buffers whose live
// ranges (in program order, loops extended to their end) overlap get
// disjoint ranges; the rest share space (first fit).
type smemPlan struct {
	offset map[*ir.Operation]int
	size   int
}

type smemBuf struct {
	op         *ir.Operation
	start, end int
	bytes      int
	align      int
}

// nvmmaAlign is the alignment of NVMMA (wgmma operand) buffers: the
// 1024-byte repeat of the 128B swizzle, so that every tile starts at swizzle
// phase 0 (descriptor base offset 0, hopper.md §2.2).
const nvmmaAlign = 1024

func planShared(k *kernel) (*smemPlan, error) {
	pos := numberOps(k.fn)
	var bufs []smemBuf
	var err error
	k.fn.WalkOps(func(op *ir.Operation) {
		if err != nil {
			return
		}
		var b *smemBuf
		if op.Name == ttgpu.LocalAllocOpName {
			b, err = allocBuf(k.fn, op, pos)
		} else if f, ok := k.tab.scratch[op.Name]; ok {
			b, err = scratchBuf(k, op, f, pos)
		}
		if b != nil {
			bufs = append(bufs, *b)
		}
	})
	if err != nil {
		return nil, err
	}
	return fitShared(k, bufs), nil
}

// fitShared places bufs; while the plan is over the target's shared
// memory per block, it splits the largest convert_layout scratch that
// can still be split into twice as many windows (convertWindows, columns
// first, then rows) and places again. A conversion beside live buffers
// (a pipelined ring around a flattened loop's epilogue) then goes through
// a tile a fraction of its size, a window at a time, where it would
// otherwise leave the kernel over the limit. Kernels that fit are placed
// as they are, and so are kernels no split makes fit (the launch check
// refuses them with the size of the unsplit plan).
func fitShared(k *kernel, bufs []smemBuf) *smemPlan {
	limit := 0
	if t, ok := limits.Targets[k.sm]; ok {
		limit = t.MaxShared
	}
	plan := placeBuffers(bufs)
	if limit == 0 || plan.size <= limit {
		return plan
	}
	split := append([]smemBuf(nil), bufs...)
	for splitLargestConvert(k, split) {
		if p := placeBuffers(split); p.size <= limit {
			return p
		}
	}
	// No split fits: lower as planned (the launch check refuses the kernel).
	clear(k.cvtChunks)
	return plan
}

// splitLargestConvert doubles the windows of the largest splittable
// convert_layout scratch in bufs (updating its size); false when none
// can be split further.
func splitLargestConvert(k *kernel, bufs []smemBuf) bool {
	best, bestSplit := -1, cvtSplit{}
	for i, b := range bufs {
		if b.op.Name != ttgpu.ConvertLayoutOpName || (best >= 0 && b.bytes <= bufs[best].bytes) {
			continue
		}
		if s, ok := nextSplit(k, b.op); ok {
			best, bestSplit = i, s
		}
	}
	if best < 0 {
		return false
	}
	op := bufs[best].op
	k.cvtChunks[op] = bestSplit
	_, n, _ := convertScratch(k, op)
	bufs[best].bytes = int(n)
	return true
}

// nextSplit is the split with twice the windows of op's current one: along
// the same dimension, or, for an unsplit conversion, columns if they can
// be split and rows otherwise.
func nextSplit(k *kernel, op *ir.Operation) (cvtSplit, bool) {
	cur := k.cvtChunks[op]
	dims := []int{cur.dim}
	if cur.n <= 1 {
		dims = []int{1, 0}
	}
	for _, d := range dims {
		s := cvtSplit{dim: d, n: 2 * max(1, cur.n)}
		if _, _, ok := convertWindows(k, op, s); ok {
			return s, true
		}
	}
	return cvtSplit{}, false
}

// opPositions numbers the ops of a function in program order: index is
// an op's number, end the last number inside its regions.
type opPositions struct {
	index, end map[*ir.Operation]int
}

func numberOps(fn *ir.Operation) opPositions {
	p := opPositions{index: map[*ir.Operation]int{}, end: map[*ir.Operation]int{}}
	n := 0
	var number func(op *ir.Operation)
	number = func(op *ir.Operation) {
		p.index[op] = n
		n++
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for _, o := range b.Ops() {
					number(o)
				}
			}
		}
		p.end[op] = n - 1
	}
	for _, o := range fn.Regions[0].Blocks[0].Ops() {
		number(o)
	}
	return p
}

// allocBuf is the buffer of a local_alloc: live until its last
// (transitive, through memdesc views) use; a use inside a loop that does
// not contain the alloc keeps it live to the loop's end.
func allocBuf(fn, op *ir.Operation, pos opPositions) (*smemBuf, error) {
	md, ok := op.Result(0).Type().(tt.MemDescType)
	if !ok {
		return nil, ir.OpError(op, "local_alloc must produce a !tt.memdesc")
	}
	size, err := memBytes(md)
	if err != nil {
		return nil, ir.OpError(op, "%v", err)
	}
	end := pos.index[op]
	var visit func(v *ir.Value)
	visit = func(v *ir.Value) {
		for _, u := range v.Uses() {
			e := pos.index[u.Op]
			for p := u.Op.ParentOp(); p != nil && p != fn; p = p.ParentOp() {
				if !p.IsAncestor(op) {
					e = max(e, pos.end[p])
				}
			}
			end = max(end, e)
			if u.Op.NumResults() == 1 {
				if _, ok := u.Op.Result(0).Type().(tt.MemDescType); ok {
					visit(u.Op.Result(0))
				}
			}
		}
	}
	visit(op.Result(0))
	align := 128
	if _, ok := ttgpu.AsNVMMAShared(md.Encoding); ok {
		align = nvmmaAlign // swizzle repeat: base offset 0 in descriptors
	}
	return &smemBuf{op, pos.index[op], end, int(size), align}, nil
}

// scratchBuf is the scratch of an op that exchanges data between threads
// (nil when it needs none). Scratch is written and read by the op itself
// (each iteration anew): its own position is its live range.
func scratchBuf(k *kernel, op *ir.Operation, f scratchFn, pos opPositions) (*smemBuf, error) {
	size, err := f(k, op)
	if err != nil {
		if _, isDiag := err.(*ir.Diagnostic); !isDiag {
			err = ir.OpError(op, "%v", err)
		}
		return nil, err
	}
	if size == 0 {
		return nil, nil
	}
	return &smemBuf{op, pos.index[op], pos.index[op], int(size), 128}, nil
}

// placeBuffers gives each buffer, in order of first use, the lowest
// offset aligned to the buffer's alignment (128 bytes, 1024 for NVMMA
// tiles) not used by a buffer whose live range overlaps.
func placeBuffers(bufs []smemBuf) *smemPlan {
	sort.SliceStable(bufs, func(i, j int) bool { return bufs[i].start < bufs[j].start })
	plan := &smemPlan{offset: map[*ir.Operation]int{}}
	var placed []smemBuf
	for _, b := range bufs {
		type iv struct{ lo, hi int }
		var busy []iv
		for _, p := range placed {
			if p.start <= b.end && b.start <= p.end {
				busy = append(busy, iv{plan.offset[p.op], plan.offset[p.op] + p.bytes})
			}
		}
		sort.Slice(busy, func(i, j int) bool { return busy[i].lo < busy[j].lo })
		off := 0
		for _, x := range busy {
			if off+b.bytes <= x.lo {
				break
			}
			off = max(off, (x.hi+b.align-1)/b.align*b.align)
		}
		plan.offset[b.op] = off
		placed = append(placed, b)
		plan.size = max(plan.size, off+b.bytes)
	}
	plan.size = (plan.size + 127) &^ 127
	return plan
}

// ---- barriers ----------------------------------------------------------

// bar emits a CTA-wide barrier and clears the hazard state.
func (sh *sharedState) bar() {
	sh.eff("bar.sync", zero)
	sh.synced()
}

// synced clears the hazard state after a barrier that every thread of the
// CTA passed (bar.sync, or a cluster barrier's wait).
func (sh *sharedState) synced() {
	sh.readSinceBar, sh.writeSinceBar, sh.wgmmaReads, sh.t0Writes = false, false, false, false
}

// beforeWrite/beforeRead insert the barrier that orders this access after
// other threads' earlier accesses (RAW, WAR, WAW) to shared memory.
func (sh *sharedState) beforeWrite() {
	if sh.readSinceBar || sh.writeSinceBar {
		sh.bar()
	}
}

func (sh *sharedState) afterWrite() { sh.writeSinceBar, sh.t0Writes = true, false }

// beforeWriteT0/afterWriteT0 bracket a write by thread 0 alone (mbarrier
// init and inval): after reads, or after other threads' writes, it needs a
// barrier; after thread 0's own writes it does not, so a run of barrier
// inits costs one bar.sync before its first reader, not one per barrier.
// The barrier it needs is preceded by fence.proxy.async in every thread:
// the mbarriers about to be set up track TMA copies (async proxy) that may
// land where those generic-proxy accesses were (a persistent kernel's
// next-tile loads over the last tile's epilogue scratch).
func (sh *sharedState) beforeWriteT0() {
	if sh.readSinceBar || sh.wgmmaReads || (sh.writeSinceBar && !sh.t0Writes) {
		sh.eff("fence.proxy.async.shared::cta")
		sh.bar()
	}
}

func (sh *sharedState) afterWriteT0() {
	sh.t0Writes = !sh.writeSinceBar || sh.t0Writes
	sh.writeSinceBar = true
}

func (sh *sharedState) beforeRead() {
	if sh.writeSinceBar {
		sh.bar()
	}
}

func (sh *sharedState) afterRead() { sh.readSinceBar = true }

// ---- ops ---------------------------------------------------------------

func emitLocalAlloc(k *kernel, op *ir.Operation) error {
	md := op.Result(0).Type().(tt.MemDescType)
	off := k.smem.offset[op]
	base := k.newReg(clsB32)
	k.op("add.u32", base, k.smemBase, imm(off))
	m, err := newMemRef(md, base)
	if err != nil {
		return err
	}
	k.set(op.Result(0), &val{mem: m})
	if op.NumOperands() == 1 {
		return k.storeDist(m, op.Operand(0))
	}
	return nil
}

func emitNop(k *kernel, op *ir.Operation) error { return nil }

func emitSubview(k *kernel, op *ir.Operation) error {
	src, err := k.get(op.Operand(0))
	if err != nil || src.mem == nil {
		return fmt.Errorf("memdesc_subview of a value that is not a shared-memory buffer")
	}
	sm := src.mem
	idx := op.Operands()[1:]
	srcRank := len(sm.lead) + sm.tileRank()
	dt, ok := op.Result(0).Type().(tt.MemDescType)
	if !ok {
		return fmt.Errorf("%s must produce a !tt.memdesc", op.Name)
	}
	if len(idx) > srcRank || (op.Name == ttgpu.MemdescSubviewOpName && len(idx) != srcRank) {
		return fmt.Errorf("%s has %d offsets for a rank-%d buffer", op.Name, len(idx), srcRank)
	}
	drop := srcRank - len(dt.Shape)
	if drop > len(sm.lead) {
		return fmt.Errorf("memdesc_subview may only drop leading (buffer) dimensions")
	}
	m, err := k.subviewOffsets(sm, idx, srcRank)
	if err != nil {
		return err
	}
	m.lead = sm.lead[drop:]
	m.leadStride = sm.leadStride[drop:]
	if n := len(dt.Shape); n >= 2 {
		m.rows, m.cols = dt.Shape[n-2], dt.Shape[n-1]
	} else if n == 1 {
		m.rows, m.cols = 1, dt.Shape[0]
	}
	k.set(op.Result(0), &val{mem: m})
	return nil
}

// subviewOffsets applies the offsets of a view to a copy of sm: leading
// (buffer) indices move the base address (a register may select the
// buffer), offsets inside the 2-D tile must be constants and move the
// view's origin.
func (k *kernel) subviewOffsets(sm *memRef, idx []*ir.Value, srcRank int) (*memRef, error) {
	m := *sm
	for i, v := range idx {
		c, isConst := constInt(v)
		switch {
		case i < len(sm.lead) && isConst:
			if c != 0 {
				nb := k.newReg(clsB32)
				k.op("add.u32", nb, m.base, imm(c*sm.leadStride[i]))
				m.base = nb
			}
		case i < len(sm.lead):
			x, err := k.regsOf(v)
			if err != nil {
				return nil, err
			}
			nb := k.newReg(clsB32)
			k.op("mad.lo.u32", nb, x[0], imm(sm.leadStride[i]), m.base)
			m.base = nb
		case !isConst:
			return nil, fmt.Errorf("memdesc_subview offsets inside the 2-D tile must be constants")
		case i == srcRank-2 && !sm.tile1D:
			m.r0 += c
		default:
			m.c0 += c
		}
	}
	return &m, nil
}

// constInt returns the value of an arith.constant integer scalar.
func constInt(v *ir.Value) (int64, bool) {
	op := v.DefiningOp()
	if op == nil || op.Name != arith.ConstantOpName {
		return 0, false
	}
	a, ok := op.Attr("value").(ir.IntegerAttr)
	return a.Value, ok
}

// storeDist writes a distributed tensor into a view (one st.shared per
// element or vector run).
func (k *kernel) storeDist(m *memRef, v *ir.Value) error {
	rt, ok := v.Type().(ir.RankedTensorType)
	if !ok {
		return fmt.Errorf("expected a tensor to store into shared memory")
	}
	tm, err := k.threadMap(rt)
	if err != nil {
		return err
	}
	regs, err := k.regsOf(v)
	if err != nil {
		return err
	}
	k.storeRegs(m, tm, regs, nil)
	return nil
}

// storeRegs writes the elements of regs (laid out by tm) that sel selects
// (every one when sel is nil).
func (k *kernel) storeRegs(m *memRef, tm *threadMap, regs []asm.Operand, sel *winSel) {
	k.beforeWrite()
	vec := k.sharedVec(m, tm)
	ty, lanes := accessType(m.elem, vec)
	for i := 0; i < len(regs); i += vec {
		in, p := k.member(tm, i, sel)
		if !in {
			continue
		}
		r, c := sel.coord(k.layouts, tm, i)
		addr := k.elemAddr(m, r, c)
		src := k.packWords(m.elem, regs[i:i+vec])
		if m.elem.bits == 8 {
			src = regs[i : i+1]
			ty = "u8"
		}
		if ty == "b16" {
			src = regs[i : i+1]
		}
		st := k.eff("st.shared"+vecSuffix(lanes)+"."+ty, addr, braceList(src, lanes > 1))
		if p != nil {
			st.If(*p, false)
		}
	}
	k.afterWrite()
}

// loadDist reads a distributed tensor of type rt from a view.
func (k *kernel) loadDist(m *memRef, rt ir.RankedTensorType) (*val, error) {
	tm, err := k.threadMap(rt)
	if err != nil {
		return nil, err
	}
	res, err := k.freshVal(rt)
	if err != nil {
		return nil, err
	}
	k.loadRegs(m, tm, res.regs, nil)
	return res, nil
}

// loadRegs reads the elements of regs (laid out by tm) that sel selects.
func (k *kernel) loadRegs(m *memRef, tm *threadMap, regs []asm.Operand, sel *winSel) {
	k.beforeRead()
	vec := k.sharedVec(m, tm)
	ty, lanes := accessType(m.elem, vec)
	for i := 0; i < len(regs); i += vec {
		in, p := k.member(tm, i, sel)
		if !in {
			continue
		}
		r, c := sel.coord(k.layouts, tm, i)
		addr := k.elemAddr(m, r, c)
		run := regs[i : i+vec]
		var ins []*asm.Instr
		switch {
		case m.elem.bits == 8:
			ins = append(ins, k.op("ld.shared.s8", run[0], addr))
		case ty == "b32" && m.elem.bits == 16:
			words := make([]asm.Operand, lanes)
			for j := range words {
				words[j] = k.newReg(clsB32)
			}
			ins = append(ins, k.op("ld.shared"+vecSuffix(lanes)+".b32", braceList(words, lanes > 1), addr))
			for j, w := range words {
				ins = append(ins, k.op("mov.b32", asm.Vec{run[2*j], run[2*j+1]}, w))
			}
		default:
			ins = append(ins, k.op("ld.shared"+vecSuffix(lanes)+"."+ty, braceList(run, lanes > 1), addr))
		}
		for _, in := range ins {
			if p != nil {
				in.If(*p, false)
			}
		}
	}
	k.afterRead()
}

// tileCoord returns the (row, col) tile coordinates of element i.
func (ly *layouts) tileCoord(tm *threadMap, i int) (affine, affine) {
	if tm.rank() == 1 {
		return affine{zero, 0}, affine{tm.base[0], tm.offs[i][0]}
	}
	return affine{tm.base[0], tm.offs[i][0]}, affine{tm.base[1], tm.offs[i][1]}
}

// sharedVec is the widest run of a thread's elements that is contiguous
// both in the layout and in the swizzled buffer.
func (ly *layouts) sharedVec(m *memRef, tm *threadMap) int {
	if m.elem.bits < 16 {
		return 1 // register stores and loads of 8-bit values go byte by byte
	}
	return ly.sharedVecRaw(m, tm)
}

// sharedVecRaw is sharedVec for copies that move bytes without registers
// (cp.async), where 8-bit elements get vectors too.
func (ly *layouts) sharedVecRaw(m *memRef, tm *threadMap) int {
	if m.elem.bits < 8 || tm.rank() > 2 {
		return 1
	}
	dim := m.contig
	if tm.rank() == 1 {
		dim = 0
		if m.contig == 0 {
			return 1
		}
	}
	vec := int64(16 / m.elem.bytes())
	if m.maxPhase > 1 {
		vec = min(vec, m.vec)
	}
	vec = min(vec, m.rowLen)
	for vec > 1 && !runsContiguous(tm, dim, int(vec)) {
		vec /= 2
	}
	return int(vec)
}

func emitLocalStore(k *kernel, op *ir.Operation) error {
	dst, err := k.get(op.Operand(1))
	if err != nil || dst.mem == nil {
		return fmt.Errorf("local_store into a value that is not a shared-memory buffer")
	}
	return k.storeDist(dst.mem, op.Operand(0))
}

func emitLocalLoad(k *kernel, op *ir.Operation) error {
	src, err := k.get(op.Operand(0))
	if err != nil || src.mem == nil {
		return fmt.Errorf("local_load from a value that is not a shared-memory buffer")
	}
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok {
		return fmt.Errorf("local_load must produce a tensor")
	}
	if d, ok := rt.Encoding.(ttgpu.DotOperandEncoding); ok {
		return k.loadDotOperand(op, src.mem, rt, d)
	}
	res, err := k.loadDist(src.mem, rt)
	if err != nil {
		return err
	}
	k.set(op.Result(0), res)
	return nil
}

// convert_layout: identical thread maps reuse the registers; otherwise
// the tensor goes through a padded row-major scratch tile in shared
// memory (row pitch + 16 bytes keeps the mma-fragment stores free of
// bank conflicts), with barriers before and after the writes. A
// conversion split into n windows (k.cvtChunks, set by fitShared when
// the kernel's shared memory would not fit otherwise) goes through a
// tile of 1/n of the rows or columns (convertWindows), n times.
func convertScratch(k *kernel, op *ir.Operation) (*memRef, int64, error) {
	return splitScratch(k, op, k.cvtChunks[op])
}

// splitScratch is convertScratch's tile for the split s of op.
func splitScratch(k *kernel, op *ir.Operation, s cvtSplit) (*memRef, int64, error) {
	st := op.Operand(0).Type().(ir.RankedTensorType)
	dt := op.Result(0).Type().(ir.RankedTensorType)
	if _, ok := dt.Encoding.(ttgpu.DotOperandEncoding); ok {
		return nil, 0, fmt.Errorf("convert_layout to a dot operand is not supported: stage the operand through local_alloc + local_load")
	}
	sm, err := k.threadMap(st)
	if err != nil {
		return nil, 0, err
	}
	dm, err := k.threadMap(dt)
	if err != nil {
		return nil, 0, err
	}
	if sameMap(sm, dm) {
		return nil, 0, nil
	}
	el, err := scalarOf(st.Elem)
	if err != nil {
		return nil, 0, err
	}
	if len(st.Shape) > 2 {
		return nil, 0, fmt.Errorf("convert_layout of rank-%d tensors is not supported", len(st.Shape))
	}
	if el.cls == clsPred {
		return nil, 0, fmt.Errorf("convert_layout of i1 tensors is not supported")
	}
	m := &memRef{elem: el, vec: 1, perPhase: 1, maxPhase: 1, contig: 1}
	if len(st.Shape) == 1 {
		m.rows, m.cols = 1, st.Shape[0]
	} else {
		m.rows, m.cols = st.Shape[0], st.Shape[1]
		if s.n > 1 && s.dim == 0 {
			m.rows /= int64(s.n)
		} else if s.n > 1 {
			m.cols /= int64(s.n)
		}
	}
	m.rowLen = m.cols
	if m.rows > 1 {
		m.rowLen += int64(16 / el.bytes())
	}
	return m, m.rows * m.rowLen * int64(el.bytes()), nil
}

// cvtSplit is a conversion's split: n windows along dim.
type cvtSplit struct{ dim, n int }

// window is one window of a split conversion: the elements whose
// coordinate in dim lies in [lo, lo+w), moved by -lo into the scratch tile.
type window struct {
	dim   int
	lo, w int64
}

// winSel selects one window's elements of a thread map. Membership comes
// from an element's compile-time offset (threadMap.span), or, where the
// map is an mma accumulator windowed by rows (mma != nil), from the
// warp's first row, a warp-uniform predicate: a warp holds whole 16-row
// blocks of the accumulator.
type winSel struct {
	window
	// mma, for a side selected by warp: its layout and rows, from which
	// member computes warpRow (emitted on first use, not while planning).
	mma     *ttgpu.NvidiaMmaEncoding
	rows    int64
	warpRow asm.Operand
	preds   map[int64]*asm.Reg
}

// coord is the scratch coordinate of element i (tileCoord moved by -lo).
func (sel *winSel) coord(ly *layouts, tm *threadMap, i int) (affine, affine) {
	r, c := ly.tileCoord(tm, i)
	if sel != nil {
		if sel.dim == 0 {
			r.off -= sel.lo
		} else {
			c.off -= sel.lo
		}
	}
	return r, c
}

// member says whether element i of tm is in sel's window: statically, or
// under the predicate p.
func (k *kernel) member(tm *threadMap, i int, sel *winSel) (bool, *asm.Reg) {
	if sel == nil {
		return true, nil
	}
	off := tm.offs[i][sel.dim]
	if sel.mma == nil {
		return off >= sel.lo && off < sel.lo+sel.w, nil
	}
	if sel.warpRow == nil {
		sel.warpRow = k.mmaWarpRow(*sel.mma, sel.rows)
	}
	blk := off &^ 15
	if p, ok := sel.preds[blk]; ok {
		return true, p
	}
	// warpRow + blk in [lo, lo+w)  <=>  warpRow + blk - lo < w (unsigned)
	t := k.newReg(clsB32)
	if d := blk - sel.lo; d >= 0 {
		k.op("add.u32", t, sel.warpRow, imm(d))
	} else {
		k.op("sub.u32", t, sel.warpRow, imm(-d))
	}
	p := k.newReg(clsPred)
	k.op("setp.lt.u32", p, t, imm(sel.w))
	sel.preds[blk] = &p
	return true, &p
}

// convertWindows returns the windows of a conversion split s (nil when
// s.n <= 1), or ok = false when that split is not possible. Each of the
// two layouts must place every element (and every vector run of its
// shared-memory accesses) in one window whatever its thread: by its
// compile-time offset (windowed), or, for an mma accumulator split by
// rows into windows of whole 16-row blocks, by its warp.
func convertWindows(k *kernel, op *ir.Operation, s cvtSplit) (src, dst []winSel, ok bool) {
	if s.n <= 1 {
		return nil, nil, true
	}
	st := op.Operand(0).Type().(ir.RankedTensorType)
	dt := op.Result(0).Type().(ir.RankedTensorType)
	if len(st.Shape) != 2 || st.Shape[s.dim]%int64(s.n) != 0 {
		return nil, nil, false
	}
	w := st.Shape[s.dim] / int64(s.n)
	m, _, err := splitScratch(k, op, s)
	if err != nil || m == nil {
		return nil, nil, false
	}
	sides := [2][]winSel{}
	for j, t := range []ir.RankedTensorType{st, dt} {
		tm, err := k.threadMap(t)
		if err != nil {
			return nil, nil, false
		}
		var mma *ttgpu.NvidiaMmaEncoding
		if !windowed(tm, s.dim, w, k.sharedVec(m, tm)) {
			l, isMma := t.Encoding.(ttgpu.NvidiaMmaEncoding)
			if !isMma || s.dim != 0 || w%16 != 0 {
				return nil, nil, false
			}
			mma = &l
		}
		for i := 0; i < s.n; i++ {
			sides[j] = append(sides[j], winSel{window: window{s.dim, int64(i) * w, w}, mma: mma, rows: t.Shape[0], preds: map[int64]*asm.Reg{}})
		}
	}
	return sides[0], sides[1], true
}

// windowed reports whether tm's elements, in runs of vec, each lie within
// one window of w along dim for every thread: offset o and base b < span
// put an element in window o/w exactly when o%w + span-1 < w.
func windowed(tm *threadMap, dim int, w int64, vec int) bool {
	for i := 0; i < len(tm.offs); i += vec {
		if i+vec > len(tm.offs) {
			return false
		}
		first, last := tm.offs[i][dim], tm.offs[i+vec-1][dim]
		if first/w != last/w || last%w+tm.span[dim]-1 >= w {
			return false
		}
	}
	return true
}

func sameMap(a, b *threadMap) bool {
	if len(a.offs) != len(b.offs) || fmt.Sprint(a.base) != fmt.Sprint(b.base) {
		return false
	}
	for i := range a.offs {
		if fmt.Sprint(a.offs[i]) != fmt.Sprint(b.offs[i]) {
			return false
		}
	}
	return true
}

func emitConvertLayout(k *kernel, op *ir.Operation) error {
	m, _, err := convertScratch(k, op)
	if err != nil {
		return err
	}
	if m == nil {
		x, err := k.get(op.Operand(0))
		if err != nil {
			return err
		}
		k.set(op.Result(0), x)
		return nil
	}
	base := k.newReg(clsB32)
	k.op("add.u32", base, k.smemBase, imm(k.smem.offset[op]))
	m.base = base
	st := op.Operand(0).Type().(ir.RankedTensorType)
	dt := op.Result(0).Type().(ir.RankedTensorType)
	sm, err := k.threadMap(st)
	if err != nil {
		return err
	}
	dm, err := k.threadMap(dt)
	if err != nil {
		return err
	}
	src, err := k.regsOf(op.Operand(0))
	if err != nil {
		return err
	}
	srcWins, dstWins, ok := convertWindows(k, op, k.cvtChunks[op])
	if !ok {
		return fmt.Errorf("convert_layout: the %d-way split planned for it is not possible", k.cvtChunks[op].n)
	}
	var res *val
	for i := 0; i < max(1, len(srcWins)); i++ {
		var ss, ds *winSel
		if srcWins != nil {
			ss, ds = &srcWins[i], &dstWins[i]
		}
		k.storeRegs(m, sm, src, ss)
		if res == nil {
			if res, err = k.freshVal(dt); err != nil {
				return err
			}
		}
		k.loadRegs(m, dm, res.regs, ds)
	}
	k.set(op.Result(0), res)
	return nil
}

// ---- asynchronous copies -------------------------------------------------

// async_copy_global_to_local: each thread copies its elements of the
// pointer tensor into their (swizzled) places with cp.async; 16-byte
// runs use .cg (L2 only), shorter ones (4 or 8 bytes) .ca. A mask becomes
// the src-size operand (0 bytes read, destination zero-filled).
func emitAsyncCopy(k *kernel, op *ir.Operation) error {
	ptr := op.Operand(0)
	dst, err := k.get(op.Operand(1))
	if err != nil || dst.mem == nil {
		return fmt.Errorf("async_copy_global_to_local into a value that is not a shared-memory buffer")
	}
	m := dst.mem
	var mask *ir.Value
	if op.NumOperands() > 2 {
		mask = op.Operand(2)
	}
	if op.NumOperands() > 3 {
		if !isZeroConst(op.Operand(3)) {
			return fmt.Errorf("async_copy_global_to_local with a non-zero `other` is not supported (cp.async zero-fills)")
		}
	}
	tm, vec, err := k.vecWidthRaw(ptr, mask, m.elem)
	if err != nil {
		return err
	}
	if tm == nil {
		return fmt.Errorf("async_copy_global_to_local needs a tensor of pointers")
	}
	vec = min(vec, k.sharedVecRaw(m, tm))
	bytes := vec * m.elem.bytes()
	ptrs, err := k.regsOf(ptr)
	if err != nil {
		return err
	}
	var masks []asm.Operand
	if mask != nil {
		if masks, err = k.regsOf(mask); err != nil {
			return err
		}
	}
	k.vecOf[op] = vec
	if k.wgmmaReads && k.numWarps > 4 && !k.mbarBody {
		// Another warpgroup's wgmma may still read the slot this copy
		// refills: its warp_group_dot_wait only retired this group's.
		k.bar()
	}
	if bytes < 4 && mbarrierCopy(op) {
		return fmt.Errorf("a copy tracked by an mbarrier moves %d-byte runs; cp.async needs 4, 8 or 16 bytes", bytes)
	}
	if bytes < 4 {
		// cp.async moves 4, 8 or 16 bytes: narrower (unaligned or
		// non-contiguous) elements are copied synchronously; the
		// async_wait barrier orders them like the asynchronous ones.
		if err := k.syncCopy(m, tm, ptrs, masks); err != nil {
			return err
		}
	} else {
		k.asyncCopy(m, tm, ptrs, masks, vec, k.l2Policy(op))
	}
	k.set(op.Result(0), &val{})
	return nil
}

// asyncCopy issues one cp.async per run of vec elements: .cg for 16
// bytes, .ca for 4 or 8; a mask becomes the src-size operand; a policy
// (l2Policy) adds the .L2::cache_hint operand.
func (k *kernel) asyncCopy(m *memRef, tm *threadMap, ptrs, masks []asm.Operand, vec int, policy asm.Operand) {
	bytes := vec * m.elem.bytes()
	cache := "ca"
	if bytes == 16 {
		cache = "cg"
	}
	name := "cp.async." + cache + ".shared.global"
	if policy != nil {
		name += ".L2::cache_hint"
	}
	for i := 0; i < len(ptrs); i += vec {
		r, c := k.tileCoord(tm, i)
		addr := k.elemAddr(m, r, c)
		args := []asm.Operand{addr, asm.Addr{Base: ptrs[i]}, imm(bytes)}
		if masks != nil {
			sz := k.newReg(clsB32)
			k.op("selp.u32", sz, imm(bytes), zero, masks[i])
			args = append(args, sz)
		}
		if policy != nil {
			args = append(args, policy)
		}
		k.eff(name, args...)
	}
}

// l2Policy returns the L2 cache-policy register of a copy whose
// evictionPolicy is evict_first or evict_last (createpolicy.fractional,
// made once in the prologue: streamed data such as decode weights leaves
// L2 first), or nil.
func (k *kernel) l2Policy(op *ir.Operation) asm.Operand {
	ev, ok := tt.EnumProp(op, "evict", tt.EvictNormal)
	if !ok || ev == tt.EvictNormal {
		return nil
	}
	kind := map[tt.EvictionPolicy]string{tt.EvictFirst: "evict_first", tt.EvictLast: "evict_last"}[ev]
	key := "l2policy:" + kind
	if r, ok := k.layouts.pro[key]; ok {
		return r
	}
	r := k.newReg(clsB64)
	k.proOp("createpolicy.fractional.L2::"+kind+".b64", r)
	k.layouts.pro[key] = r
	return r
}

func (k *kernel) syncCopy(m *memRef, tm *threadMap, ptrs, masks []asm.Operand) error {
	ty := "b16"
	cls := clsB16
	switch m.elem.bytes() {
	case 1:
		ty = "u8"
	case 4:
		ty, cls = "b32", clsB32
	case 8:
		ty, cls = "b64", clsB64
	}
	for i := range ptrs {
		r, c := k.tileCoord(tm, i)
		addr := k.elemAddr(m, r, c)
		t := k.newReg(cls)
		if masks != nil {
			k.op("mov."+zeroType(ty), t, zero)
		}
		ld := k.op("ld.global."+ty, t, asm.Addr{Base: ptrs[i]})
		if masks != nil {
			ld.If(k.predReg(masks[i]), false)
		}
		k.eff("st.shared."+ty, addr, t)
	}
	return nil
}

func isZeroConst(v *ir.Value) bool {
	op := v.DefiningOp()
	if op == nil || op.Name != arith.ConstantOpName {
		return false
	}
	switch c := op.Attr("value").(type) {
	case ir.DenseElementsAttr:
		if c.Splat && len(c.Elems) == 1 {
			switch e := c.Elems[0].(type) {
			case ir.IntegerAttr:
				return e.Value == 0
			case ir.FloatAttr:
				return e.Value == 0
			}
		}
	case ir.IntegerAttr:
		return c.Value == 0
	case ir.FloatAttr:
		return c.Value == 0
	}
	return false
}

func emitCommitGroup(k *kernel, op *ir.Operation) error {
	k.eff("cp.async.commit_group")
	if op.NumResults() > 0 {
		k.set(op.Result(0), &val{})
	}
	return nil
}

// async_wait: wait for this thread's groups, then a barrier so that the
// data other threads copied is visible (ptx.md §3).
func emitAsyncWait(k *kernel, op *ir.Operation) error {
	k.eff("cp.async.wait_group", imm(op.IntAttrOr("num", 0)))
	k.bar()
	if op.NumResults() > 0 {
		k.set(op.Result(0), &val{})
	}
	return nil
}

// sharedOps adds this file's ops to the table.
func sharedOps(t *table) {
	t.register(emitLocalAlloc, ttgpu.LocalAllocOpName)
	t.register(emitNop, ttgpu.LocalDeallocOpName)
	t.register(emitSubview, ttgpu.MemdescSubviewOpName, ttgpu.MemdescIndexOpName)
	t.register(emitLocalStore, ttgpu.LocalStoreOpName)
	t.register(emitLocalLoad, ttgpu.LocalLoadOpName)
	t.register(emitConvertLayout, ttgpu.ConvertLayoutOpName)
	t.register(emitAsyncCopy, ttgpu.AsyncCopyGlobalToLocalOpName)
	t.register(emitCommitGroup, ttgpu.AsyncCommitGroupOpName)
	t.register(emitAsyncWait, ttgpu.AsyncWaitOpName)
	t.scratch[ttgpu.ConvertLayoutOpName] = func(k *kernel, op *ir.Operation) (int64, error) {
		_, n, err := convertScratch(k, op)
		return n, err
	}
}
