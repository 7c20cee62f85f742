package cpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// Hopper TMA ops and mbarriers (Triton 3.6's TMA form).
//
// global_scratch_alloc returns a pointer into the program's own scratch
// (buffer scratchBuf, which loads and stores cannot reach); tensormap_create
// records, under that pointer, a tensor map: a view of the global tensor
// (base, dims and byte strides innermost first, the box, element type,
// swizzle and fill mode), checked as cuTensorMapEncodeTiled checks it;
// reinterpret_tensor_descriptor looks the map up. A TMA load copies the
// tile at the coordinates (outer to inner, as written) from that view into
// shared memory, elements outside the tensor reading as zero (NaN with
// fill_mode 1), completing when issued; a TMA store writes the in-bounds
// part of the tile. The tile must be a whole number of boxes.
//
// mbarriers model the hardware's phases: init sets the arrival count;
// barrier_expect arrives once and adds to the expected transaction bytes,
// each TMA load subtracts its tile's bytes, arrive_barrier arrives count
// times; a phase completes when all arrivals are in and the byte count is
// back to zero. wait_barrier with parity p passes when the current phase's
// parity differs from p; a wait that would block is an error (the
// program's own ops are the only arrivals, so the GPU would hang there).
// A barrier used before init_barrier or after inval_barrier is an error.

// scratchBuf is the buffer index of global-scratch pointers.
const scratchBuf = -1

// tmaDesc is a tensor map made by tensormap_create.
type tmaDesc struct {
	base    Ptr
	elem    int64   // element bytes
	dims    []int64 // innermost first
	strides []int64 // bytes, innermost first (strides[0] = elem)
	box     []int64 // innermost first
	fillNaN bool
}

// mbar is the state of one mbarrier.
type mbar struct {
	count, pending int64 // arrivals per phase, still to come in this one
	tx             int64 // transaction bytes still expected
	phase          int64 // phases completed
	dead           bool  // invalidated
}

type barKey struct {
	buf *Value
	i   int
}

func addTMA(m map[string]handler) {
	m[ttgpu.GlobalScratchAllocOpName] = globalScratchAlloc
	m[ttng.TensormapCreateOpName] = tensormapCreate
	m[ttng.TensormapFenceproxyAcquireOpName] = func(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		_, err := f.desc(in[0])
		return nil, err
	}
	m[ttng.ReinterpretTensorDescOpName] = func(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		d, err := f.desc(in[0])
		if err != nil {
			return nil, err
		}
		return []*Value{{D: d}}, nil
	}
	// Cluster barriers: the interpreter runs a cluster's CTAs one after
	// the other (interp.go), so there is no other CTA to wait for.
	m[ttng.ClusterArriveOpName] = func(*frame, *ir.Operation, []*Value) ([]*Value, error) { return nil, nil }
	m[ttng.ClusterWaitOpName] = func(*frame, *ir.Operation, []*Value) ([]*Value, error) { return nil, nil }
	m[ttng.InitBarrierOpName] = initBarrier
	m[ttng.InvalBarrierOpName] = func(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		b, err := f.barrier(in[0])
		if err == nil {
			b.dead = true
		}
		return nil, err
	}
	m[ttng.BarrierExpectOpName] = barrierExpect
	m[ttng.ArriveBarrierOpName] = arriveBarrier
	m[ttng.WaitBarrierOpName] = waitBarrier
	m[ttng.AsyncTmaCopyGlobalToLocalOpName] = tmaLoad
	m[ttng.AsyncTmaCopyLocalToGlobalOpName] = tmaStore
	m[ttng.AsyncTmaStoreWaitOpName] = func(*frame, *ir.Operation, []*Value) ([]*Value, error) { return nil, nil }
}

func globalScratchAlloc(f *frame, op *ir.Operation, _ []*Value) ([]*Value, error) {
	n, a := op.IntAttrOr("nbytes", -1), op.IntAttrOr("alignment", -1)
	if n < 0 || a <= 0 || a&(a-1) != 0 {
		return nil, fmt.Errorf("nbytes = %d, alignment = %d: want nbytes >= 0 and a power-of-two alignment", n, a)
	}
	off := (f.scratchEnd + a - 1) / a * a
	f.scratchEnd = off + max(n, 1)
	return []*Value{{P: []Ptr{{Buf: scratchBuf, Off: off}}}}, nil
}

// desc returns the tensor map recorded at pointer v.
func (f *frame) desc(v *Value) (*tmaDesc, error) {
	if len(v.P) != 1 {
		return nil, errors.New("the descriptor operand must be a scalar pointer")
	}
	d := f.descs[v.P[0]]
	if d == nil {
		return nil, errors.New("no tensor map was made at this pointer by tensormap_create in this program (host-made tensor maps are not supported by the CPU interpreter)")
	}
	return d, nil
}

// tensormapElemBytes are the element sizes of the tensormap elem_type codes
// (PTX tensormap.replace .elemtype: u8, u16, u32, s32, u64, s64, f16, f32,
// f32.ftz, f64, bf16, tf32, tf32.ftz).
var tensormapElemBytes = []int64{1, 2, 4, 4, 8, 8, 2, 4, 4, 8, 2, 4, 4}

func tensormapCreate(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	seg, _ := op.Attr("operandSegmentSizes").(ir.DenseArrayAttr)
	if len(seg.Ints) != 6 {
		return nil, errors.New("missing operand segment sizes")
	}
	rank := int(seg.Ints[2])
	if rank < 1 || rank > 5 || seg.Ints[3] != int64(rank) || seg.Ints[4] != int64(rank-1) || seg.Ints[5] != int64(rank) {
		return nil, fmt.Errorf("operand groups %v do not fit a rank-%d map", seg.Ints[2:], rank)
	}
	if len(in[0].P) != 1 || in[0].P[0].Buf != scratchBuf {
		return nil, errors.New("the map must be written to global scratch (a ttg.global_scratch_alloc pointer) in the CPU interpreter")
	}
	if len(in[1].P) != 1 {
		return nil, errors.New("the global address must be a scalar pointer")
	}
	et, sw, fill := op.IntAttrOr("elem_type", -1), op.IntAttrOr("swizzle_mode", -1), op.IntAttrOr("fill_mode", -1)
	if et < 0 || int(et) >= len(tensormapElemBytes) {
		return nil, fmt.Errorf("elem_type %d is not supported", et)
	}
	if il := op.IntAttrOr("interleave_layout", -1); il != 0 {
		return nil, fmt.Errorf("interleave_layout %d is not supported (0: none)", il)
	}
	if sw < 0 || sw > 3 || fill < 0 || fill > 1 {
		return nil, fmt.Errorf("swizzle_mode %d (0..3) or fill_mode %d (0..1) is not supported", sw, fill)
	}
	d := &tmaDesc{base: in[1].P[0], elem: tensormapElemBytes[et], fillNaN: fill == 1}
	if pt, ok := op.Operand(1).Type().(tt.PointerType); ok {
		if n, err := elemSize(pt.Pointee); err == nil && n != d.elem {
			return nil, fmt.Errorf("elem_type %d has %d-byte elements, the global address points to %s", et, d.elem, ir.TypeString(pt.Pointee))
		}
	}
	if d.base.Off%16 != 0 {
		return nil, fmt.Errorf("the global address (byte %d of its buffer) must be 16-byte aligned", d.base.Off)
	}
	ints := in[2:]
	for i := 0; i < rank; i++ {
		box, dim := ints[i].I[0], ints[rank+i].I[0]
		if box < 1 || box > 256 {
			return nil, fmt.Errorf("box_dim[%d] = %d is not in 1..256", i, box)
		}
		if dim < 1 || dim > 1<<32 {
			return nil, fmt.Errorf("global_dim[%d] = %d is not in 1..2^32", i, dim)
		}
		if es := ints[3*rank-1+i].I[0]; es != 1 {
			return nil, fmt.Errorf("element_stride[%d] = %d: only 1 is supported", i, es)
		}
		d.box, d.dims = append(d.box, box), append(d.dims, dim)
	}
	d.strides = []int64{d.elem}
	for i := 0; i < rank-1; i++ {
		s := ints[2*rank+i].I[0]
		if s <= 0 || s%16 != 0 || s >= 1<<40 {
			return nil, fmt.Errorf("global_stride[%d] = %d bytes must be a positive multiple of 16 below 2^40", i, s)
		}
		d.strides = append(d.strides, s)
	}
	inner := d.box[0] * d.elem
	if inner%16 != 0 {
		return nil, fmt.Errorf("the box's inner extent (%d bytes) must be a multiple of 16", inner)
	}
	if span := [...]int64{0, 32, 64, 128}[sw]; span != 0 && inner > span {
		return nil, fmt.Errorf("the box's inner extent (%d bytes) exceeds the %d-byte swizzle span", inner, span)
	}
	f.descs[in[0].P[0]] = d
	return nil, nil
}

// barrier returns the state of the mbarrier view v (created on first use).
func (f *frame) barrier(v *Value) (*mbar, error) {
	m := v.M
	if m == nil || numElems(m.shape) != 1 {
		return nil, errors.New("an mbarrier must be a memdesc of one i64")
	}
	key := barKey{m.buf, m.index(0)}
	b := f.bars[key]
	if b == nil {
		return nil, errors.New("the mbarrier is used before init_barrier")
	}
	if b.dead {
		return nil, errors.New("the mbarrier is used after inval_barrier")
	}
	return b, nil
}

func initBarrier(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	m := in[0].M
	if m == nil || numElems(m.shape) != 1 {
		return nil, errors.New("an mbarrier must be a memdesc of one i64")
	}
	n := op.IntAttrOr("count", 0)
	if n < 1 {
		return nil, fmt.Errorf("count %d must be positive", n)
	}
	f.bars[barKey{m.buf, m.index(0)}] = &mbar{count: n, pending: n}
	return nil, nil
}

// settle completes the current phase when its arrivals and bytes are in.
func (b *mbar) settle() {
	if b.pending <= 0 && b.tx == 0 {
		b.phase++
		b.pending = b.count
	}
}

func predOn(v *Value) bool { return len(v.I) == 1 && v.I[0] != 0 }

func barrierExpect(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	b, err := f.barrier(in[0])
	if err != nil || !predOn(in[1]) {
		return nil, err
	}
	b.tx += op.IntAttrOr("size", 0)
	b.pending--
	b.settle()
	return nil, nil
}

func arriveBarrier(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	b, err := f.barrier(in[0])
	if err != nil || (len(in) > 1 && !predOn(in[1])) {
		return nil, err
	}
	n := op.IntAttrOr("count", 1)
	_, perThread := op.Attr("perThread").(ir.UnitAttr)
	_, peer := op.Attr("peer").(ir.UnitAttr)
	if perThread || peer {
		t, err := ctaThreads(op)
		if err != nil {
			return nil, err
		}
		if peer {
			// One arrival per warp on the other CTA's barrier. The
			// interpreter runs a cluster's CTAs one after the other, each
			// with every tile in its own slots (a multicast copy fills
			// only the copying CTA), so the arrival counts on the CTA's
			// own barrier, where the other CTA's would have come from.
			t /= 32
		}
		n *= t
	}
	return nil, b.arriveAll(n)
}

func waitBarrier(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	b, err := f.barrier(in[0])
	if err != nil {
		return nil, err
	}
	if len(in) > 2 && ir.IsInteger(op.Operand(2).Type(), 1) && !predOn(in[2]) {
		return nil, nil
	}
	if p := in[1].I[0] & 1; b.phase&1 == p {
		return nil, fmt.Errorf("waiting for the phase of parity %d, which never completes: %d phases of the barrier have completed, the current one (parity %d) still expects %d arrivals and %d transaction bytes (the GPU would hang here)", p, b.phase, p, b.pending, b.tx)
	}
	return nil, nil
}

// tmaCoords are a TMA copy's coordinates in the tile's dimension order,
// with the tensor map dimension (innermost first) of each tile dimension:
// rank-1-k for tile dimension k, except in a rank-2 tile stored
// column-major (shared order [0, 1]), whose dimension 0 is innermost.
type tmaCoords struct {
	c   []int64
	dim []int
}

// mapDims is the tensor map dimension of each tile dimension of a tile of
// the given type and rank.
func mapDims(tileType ir.Type, rank int) []int {
	dim := make([]int, rank)
	for k := range dim {
		dim[k] = rank - 1 - k
	}
	if mt, ok := tileType.(tt.MemDescType); ok && rank == 2 {
		if o, ok := ttgpu.Order(mt.Encoding); ok && len(o) == 2 && o[0] == 0 {
			dim[0], dim[1] = 0, 1
		}
	}
	return dim
}

// tmaTile checks a TMA copy's descriptor against its tile and returns the
// map and the tile's coordinates.
func tmaTile(op *ir.Operation, descV *Value, coords []*Value, tile *Value, tileType ir.Type) (*tmaDesc, tmaCoords, error) {
	d := descV.D
	if d == nil {
		return nil, tmaCoords{}, errors.New("the descriptor has no tensor map")
	}
	shape := tile.M.shape
	rank := len(d.dims)
	if len(coords) != rank || len(shape) != rank {
		return nil, tmaCoords{}, fmt.Errorf("%d coordinates and a rank-%d tile for a rank-%d tensor map", len(coords), len(shape), rank)
	}
	if mt, ok := tileType.(tt.MemDescType); ok {
		if n, err := elemSize(mt.Elem); err == nil && n != d.elem {
			return nil, tmaCoords{}, fmt.Errorf("the tile's %s elements do not match the map's %d-byte elements", ir.TypeString(mt.Elem), d.elem)
		}
	}
	tc := tmaCoords{c: make([]int64, rank), dim: mapDims(tileType, rank)}
	for i, v := range coords {
		tc.c[i] = v.I[0]
		if s, b := int64(shape[i]), d.box[tc.dim[i]]; s%b != 0 {
			return nil, tmaCoords{}, fmt.Errorf("the tile's dimension %d (%d) is not a whole number of the map's boxes (%d)", i, s, b)
		}
	}
	return d, tc, nil
}

// addr returns the pointer of tile element i (outer-to-inner index
// into shape) at coordinates tc, and whether it is inside the tensor.
func (d *tmaDesc) addr(shape []int, tc tmaCoords, i int) (Ptr, bool) {
	rank := len(d.dims)
	p := d.base
	for k := rank - 1; k >= 0; k-- { // k: outer-to-inner dimension
		x := tc.c[k] + int64(i%shape[k])
		i /= shape[k]
		inner := tc.dim[k]
		if x < 0 || x >= d.dims[inner] {
			return Ptr{}, false
		}
		p.Off += x * d.strides[inner]
	}
	return p, true
}

func tmaLoad(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	n := len(in)
	d, c, err := tmaTile(op, in[0], in[1:n-3], in[n-2], op.Operand(n-2).Type())
	if err != nil {
		return nil, err
	}
	b, err := f.barrier(in[n-3])
	if err != nil || !predOn(in[n-1]) {
		return nil, err
	}
	m := in[n-2].M
	mt := op.Operand(n - 2).Type().(tt.MemDescType)
	ei, err := classify(mt.Elem)
	if err != nil {
		return nil, err
	}
	tmp := newValue(ir.NewTensor(int64s(m.shape), mt.Elem), ei)
	for i := range tmp.len() {
		p, ok := d.addr(m.shape, c, i)
		switch {
		case ok:
			if err := f.mem.loadElem(p, ei, d.elem, tmp, i); err != nil {
				return nil, fmt.Errorf("element %d: %v", i, err)
			}
		case d.fillNaN && tmp.F != nil:
			tmp.F[i] = math.NaN()
		}
		setLane(m.buf, m.index(i), lane(tmp, i))
	}
	b.tx -= int64(tmp.len()) * d.elem
	b.settle()
	return nil, nil
}

func tmaStore(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	n := len(in)
	d, c, err := tmaTile(op, in[0], in[1:n-1], in[n-1], op.Operand(n-1).Type())
	if err != nil {
		return nil, err
	}
	m := in[n-1].M
	mt := op.Operand(n - 1).Type().(tt.MemDescType)
	ei, err := classify(mt.Elem)
	if err != nil {
		return nil, err
	}
	tmp := newValue(ir.NewTensor(int64s(m.shape), mt.Elem), ei)
	gather(m.buf, tmp, m.index)
	for i := range tmp.len() {
		if p, ok := d.addr(m.shape, c, i); ok {
			if err := f.mem.storeElem(p, ei, d.elem, tmp, i); err != nil {
				return nil, fmt.Errorf("element %d: %v", i, err)
			}
		}
	}
	return nil, nil
}
