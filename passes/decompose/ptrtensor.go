package decompose

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Pointer tensors (tensor<MxKx!tt.ptr<T, #tt.sparse<"NV24">>>) are what
// Triton's TTIR holds after make_ttir: the tile of a 2:4 operand is
// addressed as base + offsets, with the offsets built from tt.make_range,
// tt.expand_dims, tt.broadcast, tt.splat and elementwise integer arithmetic.
// The pass re-evaluates that offset arithmetic at the positions each of the
// two new tensors needs (a "view"), so values and metadata pointers derive
// from the same arithmetic as the dense pointer, and masks follow.
//
// With o(i, k) the logical (dense) offset of element (i, k) of the tile,
// c its K coefficient (1 for a loaded A tile), and, for A, o split into its
// row terms R(i) (terms that depend on the row index, or uniform row steps)
// and its K terms T(k) (terms that depend on the K index, or uniform K
// steps):
//
//	A values  [S0, S1/2]  (i, j)  -> o(i, 0)/2 + c*j                  mask at (i, chunk start of 2j)
//	A meta    [S0/16, S1] (b, q)  -> R(16b)/16 + T(q)                 mask at (16b, chunk start of q)
//	B values  [S0/2, S1]  (j, n)  -> K part of o(2j, n) / 2 + the rest  mask at (4*(j/2), n)
//	B meta    [S1/16, S0] (b, q)  -> o(q, 16b) / 16                   mask at (16*(q/16), 16b)
//
// The metadata of operand A is read in the band16 layout (sparse.Band16,
// as block pointers read it; band16k32 for 8-bit elements), with a band
// row length equal to A's row stride (the host pads K to it): word (b, q)
// of a tile at rows [r0, r0+S0), dense columns [k0, k0+S1) is at
// (r0/16 + b)*stride + k0 + q = R(16b)/16 + T(q), so consecutive words of a
// band row are consecutive in memory and load as vectors, as the values do
// (o(i, 0)/2 is constant along j). A row term X * stride is evaluated as
// (X(16b) >> 4) * stride, the band of the row times the stride: the same
// at band starts, and inside the buffer for rows that wrap (Triton's
// (pid * BLOCK_M + arange) % M starts the bands past M at rows that are not
// multiples of 16; their results are masked, their addresses must stay
// valid). A chunk (16 dense columns, 32 for
// 8-bit elements: one metadata word, or pair) is the unit a compressed row
// is stored in, so A's masks are evaluated once per chunk, and the metadata
// mask once per band of 16 rows (the host pads M to 16 and K to the chunk):
// the masks are then uniform over each 16-byte vector. B's metadata is read
// in the band16t layout (the band16 metadata of Bᵀ stored transposed, [K,
// N/16]), linear in o.
//
// A row term is told from a K term by the index it depends on; a uniform
// term (a loop increment, a scalar offset of the base pointer) is a row
// step when it is a multiple of a row stride (a factor of a row term's
// product, or a constant multiple of a constant one) or is scaled by a
// kernel argument (a batch stride), and a K step otherwise (a constant such
// as BLOCK_K * stride_ak with stride_ak specialized to 1, or a multiple of a
// loop index or program id). Terms that depend on both indices (offsets
// not a sum of a row part and a K part) are an error. For B a uniform
// offset is a K step when it is a multiple of the K stride.

// Metadata layouts of decomposed arguments (sparse.Layout names).
const (
	layoutPtrA = "band16"
	// layoutPtrA8 is layoutPtrA for 8-bit elements.
	layoutPtrA8 = "band16k32"
	layoutPtrB  = "band16t"
	// layoutPtrB8 is layoutPtrB for 8-bit elements.
	layoutPtrB8 = "band16k32t"
)

// AttrMetadataLayout is the argument attribute that records the layout in
// which a decomposed kernel reads a metadata argument.
const AttrMetadataLayout = tt.AttrMetadataLayout

type viewKind uint8

const (
	valsOff viewKind = iota
	valsMask
	metaOff
	metaMask
	valsBase // A values at K index 0: o(i, 0)
	valsCol  // A values at their own column j
)

// view is one of the two tensors a logical S0 x S1 tile becomes.
type view struct {
	role role
	kind viewKind
	full [2]int64 // the logical tile
	w8   bool     // 8-bit elements: band16k32 metadata tile
}

// is8Bit reports whether the pointer tensor type t points to 8-bit elements.
func is8Bit(t ir.Type) bool {
	if pt, ok := tt.ElemOf(t).(tt.PointerType); ok {
		return tt.BitWidth(pt.Pointee) == 8
	}
	return false
}

func (v view) meta() bool { return v.kind == metaOff || v.kind == metaMask }

// target is the shape of the whole view.
func (v view) target() [2]int64 {
	s0, s1 := v.full[0], v.full[1]
	switch {
	case v.role == roleA && !v.meta():
		return [2]int64{s0, s1 / 2}
	case v.role == roleA:
		return [2]int64{s0 / 16, s1}
	case !v.meta():
		return [2]int64{s0 / 2, s1}
	}
	return [2]int64{s1 / 16, s0}
}

// deps lists the target dimensions the logical index d depends on.
func (v view) deps(d int) []int {
	switch {
	case v.role == roleB && v.meta():
		return []int{1 - d}
	}
	return []int{d}
}

// shapeFor is the shape of a value of logical shape l (dimensions of size 1
// broadcast) in this view.
func (v view) shapeFor(l []int64) []int64 {
	t := v.target()
	out := []int64{1, 1}
	for d := 0; d < 2; d++ {
		if l[d] == 1 {
			continue
		}
		for _, j := range v.deps(d) {
			out[j] = t[j]
		}
	}
	return out
}

// indexKey memoizes index tensors.
type indexKey struct {
	v     view
	d     int
	shape [2]int64
}

type reKey struct {
	v    *ir.Value
	view view
	d1   int // logical dimension of a rank-1 value, -1 for rank 2
}

// ptrState is the per-function state of the pointer-tensor rewrite.
type ptrState struct {
	idxB   *ir.Builder // inserts index tensors before the original first op
	index  map[indexKey]*ir.Value
	re     map[reKey]*ir.Value
	kConst map[int64]bool     // constant K strides of B tiles
	kVals  map[*ir.Value]bool // scalar K strides of B tiles
	mConst map[int64]bool     // constant row strides of A tiles
	mVals  map[*ir.Value]bool // scalar row strides of A tiles
	coefs  map[*ir.Value]coef // K coefficient of offsets and pointers
}

func (s *state) ptrs() *ptrState {
	if s.pt == nil {
		b := ir.NewBuilder(s.ctx)
		b.SetInsertionPointBefore(s.consts.entry.Ops()[0])
		s.pt = &ptrState{idxB: b, index: map[indexKey]*ir.Value{}, re: map[reKey]*ir.Value{},
			kConst: map[int64]bool{}, kVals: map[*ir.Value]bool{}, mConst: map[int64]bool{}, mVals: map[*ir.Value]bool{}, coefs: map[*ir.Value]coef{}}
	}
	return s.pt
}

// logical returns the rank-2 logical shape of a value (rank 1: along d1).
func logical(t ir.Type, d1 int) ([]int64, bool) {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	switch {
	case len(rt.Shape) == 2:
		return rt.Shape, true
	case len(rt.Shape) == 1 && d1 == 0:
		return []int64{rt.Shape[0], 1}, true
	case len(rt.Shape) == 1 && d1 == 1:
		return []int64{1, rt.Shape[0]}, true
	}
	return nil, false
}

func shape2(s []int64) [2]int64 { return [2]int64{s[0], s[1]} }

// indexTensor returns the i32 tensor of the given view shape holding the
// logical index along d.
func (s *state) indexTensor(v view, d int, shape []int64) *ir.Value {
	ps := s.ptrs()
	k := indexKey{v, d, shape2(shape)}
	if x, ok := ps.index[k]; ok {
		return x
	}
	b := ps.idxB
	t := v.target()
	i32 := func(c int64) *ir.Value { return arith.BuildConstantInt(b, ir.NewTensor(shape, ir.I32), c) }
	rng := func(j int) *ir.Value { // target index along j, broadcast to shape
		r := b.Create("tt.make_range", nil, []ir.Type{ir.NewTensor([]int64{t[j]}, ir.I32)},
			ir.NamedAttr{Name: "start", Value: ir.I32Attr(0)}, ir.NamedAttr{Name: "end", Value: ir.I32Attr(t[j])}).Result(0)
		es := []int64{1, 1}
		es[j] = t[j]
		e := b.Create("tt.expand_dims", []*ir.Value{r}, []ir.Type{ir.NewTensor(es, ir.I32)}, ir.NamedAttr{Name: "axis", Value: ir.I32Attr(int64(1 - j))}).Result(0)
		if es[0] != shape[0] || es[1] != shape[1] {
			e = b.Create("tt.broadcast", []*ir.Value{e}, []ir.Type{ir.NewTensor(shape, ir.I32)}).Result(0)
		}
		return e
	}
	op := func(name string, x *ir.Value, c int64) *ir.Value { return arith.BuildBinary(b, name, x, i32(c)) }
	add := func(x, y *ir.Value) *ir.Value { return arith.BuildBinary(b, "arith.addi", x, y) }
	var x *ir.Value
	mask := v.kind == valsMask || v.kind == metaMask
	switch {
	case v.role == roleA && !v.meta() && d == 0, v.role == roleB && !v.meta() && d == 1:
		x = rng(d)
	case v.role == roleA && v.kind == valsBase: // K of o(i, 0)
		x = i32(0)
	case v.role == roleA && v.kind == valsCol:
		x = rng(1)
	case v.role == roleA && !v.meta(): // K of A values
		if mask { // chunk start of 2j: 16(j/8), 8-bit: 32(j/16)
			x = op("arith.shli", op("arith.andi", rng(1), -chunkVals(v.w8)), 1)
		} else {
			x = op("arith.shli", rng(1), 1)
		}
	case v.role == roleB && !v.meta(): // K of B values
		if mask {
			x = op("arith.shli", op("arith.shrsi", rng(0), 1), 2)
		} else {
			x = op("arith.shli", rng(0), 1)
		}
	case v.role == roleA && d == 0: // row of A metadata: band start 16b
		x = op("arith.shli", rng(0), 4)
	case v.role == roleA && mask: // K of A metadata mask: chunk start
		x = op("arith.andi", rng(1), -2*chunkVals(v.w8))
	case v.role == roleA: // K of A metadata: the word column q
		x = rng(1)
	case v.role == roleB && d == 0 && mask && v.w8: // K-chunk start, 8-bit: 32(q/32) + 16(q%2)
		q := rng(1)
		x = add(op("arith.andi", q, -32), op("arith.shli", op("arith.andi", q, 1), 4))
	case d == 0: // K of B metadata
		if mask {
			x = op("arith.andi", rng(1), -16)
		} else {
			x = rng(1)
		}
	default: // N of B metadata: band start
		x = op("arith.shli", rng(0), 4)
	}
	ps.index[k] = x
	return x
}

// chunkVals is the number of A values per chunk of the compressed row (one
// metadata word: 16 dense columns; a word pair for 8-bit elements).
func chunkVals(w8 bool) int64 {
	if w8 {
		return 16
	}
	return 8
}

// reindex evaluates the integer (or i1) tensor x at the positions of view
// v: the result has shape v.shapeFor(logical shape of x).
func (s *state) reindex(user *ir.Operation, x *ir.Value, v view, d1 int) (*ir.Value, error) {
	ps := s.ptrs()
	key := reKey{x, v, d1}
	if r, ok := ps.re[key]; ok {
		return r, nil
	}
	l, ok := logical(x.Type(), d1)
	if !ok {
		return nil, ir.Errorf(user.Loc, "%s: the offsets of a 2:4 pointer tensor must be rank-2 tensors (or rank-1 tensors expanded with tt.expand_dims), got %s", Name, ir.TypeString(x.Type()))
	}
	shape := v.shapeFor(l)
	rt := x.Type().(ir.RankedTensorType)
	nt := ir.NewTensor(shape, rt.Elem)
	def := x.DefiningOp()
	if def == nil {
		return nil, ir.Errorf(user.Loc, "%s: an offset of a 2:4 pointer comes from a block argument (%s); carry the pointer tensor through scf.for instead of its offsets", Name, ir.TypeString(x.Type()))
	}
	b := ir.NewBuilder(s.ctx)
	b.Loc = def.Loc
	b.SetInsertionPointAfter(def)
	var r *ir.Value
	switch {
	case def.Name == arith.ConstantOpName:
		a, _ := arith.ConstantValue(def)
		d, ok := a.(ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return nil, ir.Errorf(def.Loc, "%s: a non-uniform constant offset of a 2:4 pointer (a lookup table) cannot be decomposed: the offsets must be affine in the K index", Name)
		}
		r = arith.BuildConstant(b, ir.SplatAttr(nt, d.Elems[0]))
	case def.Name == tt.SplatOpName:
		r = b.Create("tt.splat", []*ir.Value{def.Operand(0)}, []ir.Type{nt}).Result(0)
	case def.Name == tt.MakeRangeOpName:
		if d1 < 0 {
			return nil, ir.Errorf(def.Loc, "%s: tt.make_range used as a 2-D offset", Name)
		}
		r = s.indexTensor(v, d1, shape)
		if start := def.IntAttrOr("start", 0); start != 0 {
			r = arith.BuildBinary(b, "arith.addi", r, arith.BuildConstantInt(b, nt, start))
		}
	case def.Name == tt.ExpandDimsOpName:
		if len(rt.Shape) != 2 {
			return nil, ir.Errorf(def.Loc, "%s: offsets of 2:4 pointers are rank 2", Name)
		}
		axis := int(def.IntAttrOr("axis", 0))
		var err error
		if r, err = s.reindex(user, def.Operand(0), v, 1-axis); err != nil {
			return nil, err
		}
	case def.Name == tt.BroadcastOpName:
		src, err := s.reindex(user, def.Operand(0), v, d1)
		if err != nil {
			return nil, err
		}
		r = s.broadcastTo(b, src, shape)
	case def.Name == tt.LoadOpName:
		return nil, ir.Errorf(def.Loc, "%s: the offsets of a 2:4 pointer are loaded from memory (a gather); values and metadata can only be addressed by offsets computed from tt.make_range (affine in the K index)", Name)
	case def.HasTrait(ir.Elementwise) && def.NumResults() == 1 && len(def.Regions) == 0:
		var ops []*ir.Value
		for _, o := range def.Operands() {
			ro, err := s.reindex(user, o, v, d1)
			if err != nil {
				return nil, err
			}
			ops = append(ops, s.broadcastTo(b, ro, shape))
		}
		n := b.Create(def.Name, ops, []ir.Type{nt})
		n.Props, n.Attrs = def.Props, def.Attrs
		r = n.Result(0)
	default:
		return nil, ir.Errorf(def.Loc, "%s: an offset or mask of a 2:4 pointer is computed by '%s', which cannot be re-evaluated for the values and metadata tensors (supported: tt.make_range, tt.splat, tt.expand_dims, tt.broadcast, constants and elementwise arithmetic)", Name, def.Name)
	}
	ps.re[key] = r
	return r, nil
}

func (s *state) broadcastTo(b *ir.Builder, x *ir.Value, shape []int64) *ir.Value {
	rt := x.Type().(ir.RankedTensorType)
	if rt.Shape[0] == shape[0] && rt.Shape[1] == shape[1] {
		return x
	}
	return b.Create("tt.broadcast", []*ir.Value{x}, []ir.Type{rt.WithShape(shape)}).Result(0)
}

// tileOf returns the logical tile of the class of sparse pointer tensor p.
func (s *state) tileOf(op *ir.Operation, p *ir.Value) ([2]int64, error) {
	t, ok := s.roles.tile[s.roles.find(p)]
	if !ok {
		return t, ir.Errorf(op.Loc, "%s: this 2:4 pointer tensor is never loaded, so its tile shape is unknown", Name)
	}
	return t, nil
}

// ptrTensorTypes returns the values and metadata pointer tensor types of
// the sparse pointer tensor type t (logical shape l) in role r.
func ptrTensorTypes(t ir.RankedTensorType, r role, tile [2]int64) (ir.Type, ir.Type) {
	pt := t.Elem.(tt.PointerType)
	vp, mp := splitScalarPtr(pt)
	vv, mv := view{role: r, kind: valsOff, full: tile}, view{role: r, kind: metaOff, full: tile}
	return ir.NewTensor(vv.shapeFor(t.Shape), vp), ir.NewTensor(mv.shapeFor(t.Shape), mp)
}

func isPtrTensor(t ir.Type) (ir.RankedTensorType, bool) {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return rt, false
	}
	pt, ok := rt.Elem.(tt.PointerType)
	return rt, ok && tt.IsSparsePointer(pt)
}

// splatPtr splits tt.splat of a scalar 2:4 pointer.
func (s *state) splatPtr(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt, ok := isPtrTensor(op.Result(0).Type())
	if !ok || len(rt.Shape) != 2 {
		return ir.Errorf(op.Loc, "%s: a 2:4 pointer can only be splat to a rank-2 tensor of pointers (the tile or a [M, 1] / [1, K] part of it), got %s", Name, ir.TypeString(op.Result(0).Type()))
	}
	r := s.roles.of(op.Result(0))
	tile, err := s.tileOf(op, op.Result(0))
	if err != nil {
		return err
	}
	vt, mt := ptrTensorTypes(rt, r, tile)
	b := s.builderAt(op)
	v := b.Create("tt.splat", []*ir.Value{p.vals}, []ir.Type{vt}).Result(0)
	m := b.Create("tt.splat", []*ir.Value{p.meta}, []ir.Type{mt}).Result(0)
	s.usePtr(op.Operand(0))
	s.ptrs().coefs[op.Result(0)] = cst(0)
	s.replaceBy(op, pair{v, m})
	return nil
}

// broadcastPtr splits tt.broadcast of a 2:4 pointer tensor.
func (s *state) broadcastPtr(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt, _ := isPtrTensor(op.Result(0).Type())
	tile, err := s.tileOf(op, op.Result(0))
	if err != nil {
		return err
	}
	vt, mt := ptrTensorTypes(rt, s.roles.of(op.Result(0)), tile)
	b := s.builderAt(op)
	s.ptrs().coefs[op.Result(0)] = s.ptrs().coefs[op.Operand(0)]
	s.replaceBy(op, pair{s.broadcastTo(b, p.vals, vt.(ir.RankedTensorType).Shape), s.broadcastTo(b, p.meta, mt.(ir.RankedTensorType).Shape)})
	return nil
}

// addPtr splits tt.addptr of a 2:4 pointer (scalar or tensor).
func (s *state) addPtr(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	r := s.roles.of(op.Result(0))
	off := op.Operand(1)
	b := s.builderAt(op)
	if _, isT := op.Result(0).Type().(ir.RankedTensorType); !isT {
		s.usePtr(op.Operand(0))
		vo, err := s.scalarValuesOffset(op, off, r)
		if err != nil {
			return err
		}
		mo := arith.BuildBinary(b, "arith.shrsi", off, arith.BuildConstantInt(b, off.Type(), 4))
		if r == roleA {
			mo = s.scalarMetaOffsetA(b, off)
		}
		s.replaceBy(op, pair{b.Create("tt.addptr", []*ir.Value{p.vals, vo}, []ir.Type{p.vals.Type()}).Result(0),
			b.Create("tt.addptr", []*ir.Value{p.meta, mo}, []ir.Type{p.meta.Type()}).Result(0)})
		return nil
	}
	tile, err := s.tileOf(op, op.Result(0))
	if err != nil {
		return err
	}
	c, err := s.coefOf(op, off, r)
	if err != nil {
		return err
	}
	ps := s.ptrs()
	ps.coefs[op.Result(0)] = ps.coefs[op.Operand(0)].add(c)
	w8 := is8Bit(op.Operand(0).Type())
	mv := view{role: r, kind: metaOff, full: tile, w8: w8}
	var mo *ir.Value
	if r == roleA {
		mo, err = s.metaOffsetA(op, off, mv)
	} else {
		mo, err = s.reindex(op, off, mv, -1)
		if err == nil {
			mo = arith.BuildBinary(b, "arith.shrsi", mo, arith.BuildConstantInt(b, mo.Type(), 4))
		}
	}
	if err != nil {
		return err
	}
	vo, err := s.valuesOffset(op, off, view{role: r, kind: valsOff, full: tile, w8: w8}, c)
	if err != nil {
		return err
	}
	s.replaceBy(op, pair{b.Create("tt.addptr", []*ir.Value{p.vals, vo}, []ir.Type{p.vals.Type()}).Result(0),
		b.Create("tt.addptr", []*ir.Value{p.meta, mo}, []ir.Type{p.meta.Type()}).Result(0)})
	return nil
}

// valuesOffset is the values offset tensor for offset off (K coefficient
// c): o(i, 0)/2 + c*j for A (o(i, 2j)/2 when c is not a constant); for B
// the K part of o(2j, n) halved plus the rest.
func (s *state) valuesOffset(op *ir.Operation, off *ir.Value, v view, c coef) (*ir.Value, error) {
	b := s.builderAt(op)
	if v.role == roleA {
		exact := c.affine && !c.symbolic && !c.arg
		if exact {
			v.kind = valsBase
		}
		x, err := s.reindex(op, off, v, -1)
		if err != nil {
			return nil, err
		}
		x = arith.BuildBinary(b, "arith.shrsi", x, arith.BuildConstantInt(b, x.Type(), 1))
		if !exact || c.c == 0 {
			return x, nil
		}
		// o(i, 2j)/2 = o(i, 0)/2 + c*j: constant along j plus a range, which
		// the axis analysis sees as contiguous (a halved o(i, 2j) is not)
		t := v.target()
		j := s.indexTensor(view{role: roleA, kind: valsCol, full: v.full, w8: v.w8}, 1, t[:])
		if xe := x.Type().(ir.RankedTensorType).Elem; !ir.TypeEqual(xe, ir.I32) {
			// i64 offsets (Triton's rewrite of block pointers): the range widened to match
			j = b.Create("arith.extsi", []*ir.Value{j}, []ir.Type{j.Type().(ir.RankedTensorType).WithElem(xe)}).Result(0)
		}
		if c.c != 1 {
			j = arith.BuildBinary(b, "arith.muli", j, arith.BuildConstantInt(b, j.Type(), c.c))
		}
		return arith.BuildBinary(b, "arith.addi", s.broadcastTo(b, x, t[:]), j), nil
	}
	l, _ := logical(off.Type(), -1)
	shape := v.shapeFor(l)
	var k, rest *ir.Value
	acc := func(sum, t *ir.Value, neg bool) *ir.Value {
		t = s.broadcastTo(b, t, shape)
		switch {
		case sum == nil && !neg:
			return t
		case sum == nil:
			return arith.BuildBinary(b, "arith.subi", arith.BuildConstantInt(b, t.Type(), 0), t)
		case neg:
			return arith.BuildBinary(b, "arith.subi", sum, t)
		}
		return arith.BuildBinary(b, "arith.addi", sum, t)
	}
	var sums splatSums
	defer sums.done()
	var walk func(x *ir.Value, d1 int, neg bool) error
	walk = func(x *ir.Value, d1 int, neg bool) error {
		if def := x.DefiningOp(); def != nil {
			switch def.Name {
			case arith.AddiOpName, arith.SubiOpName:
				if err := walk(def.Operand(0), d1, neg); err != nil {
					return err
				}
				return walk(def.Operand(1), d1, neg != (def.Name == arith.SubiOpName))
			case tt.BroadcastOpName:
				return walk(def.Operand(0), d1, neg)
			case tt.SplatOpName:
				if l, r, sub, ok := sums.split(b, x); ok { // k0 * stride_k + n0: halve the K step only
					if err := walk(l, d1, neg); err != nil {
						return err
					}
					return walk(r, d1, neg != sub)
				}
			}
		}
		t, err := s.reindex(op, x, v, d1)
		if err != nil {
			return err
		}
		isK, err := s.isKTerm(op, x, d1)
		if err != nil {
			return err
		}
		if isK {
			k = acc(k, t, neg)
		} else {
			rest = acc(rest, t, neg)
		}
		return nil
	}
	if err := walk(off, -1, false); err != nil {
		return nil, err
	}
	if k != nil {
		k = arith.BuildBinary(b, "arith.shrsi", k, arith.BuildConstantInt(b, k.Type(), 1))
		if rest == nil {
			return k, nil
		}
		return arith.BuildBinary(b, "arith.addi", k, rest), nil
	}
	return rest, nil
}

// metaOffsetA is the band16 metadata offset tensor of A for offset off:
// R(16b)/16 + T(q), the row terms evaluated at the band start and divided
// by 16, the K terms evaluated at the word column (see the comment at the
// top of this file).
func (s *state) metaOffsetA(op *ir.Operation, off *ir.Value, v view) (*ir.Value, error) {
	b := s.builderAt(op)
	l, ok := logical(off.Type(), -1)
	if !ok {
		return nil, ir.Errorf(op.Loc, "%s: the offsets of a 2:4 pointer tensor must be rank-2 tensors, got %s", Name, ir.TypeString(off.Type()))
	}
	shape := v.shapeFor(l)
	type term struct {
		x   *ir.Value
		neg bool
		dep int
	}
	var terms []term
	var sums splatSums
	defer sums.done()
	var walk func(x *ir.Value, neg bool) error
	walk = func(x *ir.Value, neg bool) error {
		if def := x.DefiningOp(); def != nil {
			switch def.Name {
			case arith.AddiOpName, arith.SubiOpName:
				if err := walk(def.Operand(0), neg); err != nil {
					return err
				}
				return walk(def.Operand(1), neg != (def.Name == arith.SubiOpName))
			case tt.BroadcastOpName:
				return walk(def.Operand(0), neg)
			case tt.SplatOpName: // a uniform sum m0 * stride + k0: each term is a row or a K step
				if l, r, sub, ok := sums.split(b, x); ok {
					if err := walk(l, neg); err != nil {
						return err
					}
					return walk(r, neg != sub)
				}
			}
		}
		if _, err := s.reindex(op, x, v, -1); err != nil {
			return err
		}
		dep := depends(x, -1, map[*ir.Value]bool{})
		if dep == 3 {
			return ir.Errorf(x.DefiningOp().Loc, "%s: an offset term of this 2:4 operand A depends on both the row and the K index; band16 metadata addresses need offsets that are a sum of row terms and K terms (such as rows[:, None] * stride + ks[None, :])", Name)
		}
		if dep == 1 {
			s.noteMStride(x)
		}
		terms = append(terms, term{x, neg, dep})
		return nil
	}
	if err := walk(off, false); err != nil {
		return nil, err
	}
	var rows, ks *ir.Value
	acc := func(sum, t *ir.Value, neg bool) *ir.Value {
		t = s.broadcastTo(b, t, shape)
		switch {
		case sum == nil && !neg:
			return t
		case sum == nil:
			return arith.BuildBinary(b, "arith.subi", arith.BuildConstantInt(b, t.Type(), 0), t)
		case neg:
			return arith.BuildBinary(b, "arith.subi", sum, t)
		}
		return arith.BuildBinary(b, "arith.addi", sum, t)
	}
	var bands *ir.Value // row products, already in bands
	for _, t := range terms {
		if t.dep == 1 {
			if x, ok, err := s.bandProduct(op, b, t.x, v); err != nil {
				return nil, err
			} else if ok {
				bands = acc(bands, x, t.neg)
				continue
			}
		}
		x, err := s.reindex(op, t.x, v, -1)
		if err != nil {
			return nil, err
		}
		if t.dep == 2 || (t.dep == 0 && s.uniformIsKA(t.x)) {
			ks = acc(ks, x, t.neg)
		} else {
			rows = acc(rows, x, t.neg)
		}
	}
	if rows != nil {
		rows = arith.BuildBinary(b, "arith.shrsi", rows, arith.BuildConstantInt(b, rows.Type(), 4))
	}
	sum := func(x, y *ir.Value) *ir.Value {
		switch {
		case x == nil:
			return y
		case y == nil:
			return x
		}
		return arith.BuildBinary(b, "arith.addi", x, y)
	}
	return sum(sum(bands, rows), ks), nil
}

// splatSums splits the splat of a uniform scalar sum (m0 * stride + k0,
// what block-pointer offsets become) into splats of its two terms, for the
// offset walks that classify additive terms; the splats are only read by
// reindex, so done erases them.
type splatSums struct{ made []*ir.Operation }

// split returns splat(l), splat(r) when x = splat(l ± r) (sub: l - r).
func (ss *splatSums) split(b *ir.Builder, x *ir.Value) (l, r *ir.Value, sub, ok bool) {
	sl, sr, sub, ok := scalarSum(x.DefiningOp().Operand(0))
	if !ok {
		return nil, nil, false, false
	}
	mk := func(t *ir.Value) *ir.Value {
		sp := b.Create(tt.SplatOpName, []*ir.Value{t}, []ir.Type{x.Type()})
		ss.made = append(ss.made, sp)
		return sp.Result(0)
	}
	return mk(sl), mk(sr), sub, true
}

func (ss *splatSums) done() {
	for _, op := range ss.made {
		if !op.Result(0).HasUses() {
			op.Erase()
		}
	}
}

// scalarMetaOffsetA is the metadata offset of a scalar offset u of a 2:4
// operand A: a row step in bands (u >> 4), a K step as is, and a sum
// (m0 * stride + k0) term by term.
func (s *state) scalarMetaOffsetA(b *ir.Builder, u *ir.Value) *ir.Value {
	if l, r, sub, ok := scalarSum(u); ok {
		op := arith.AddiOpName
		if sub {
			op = arith.SubiOpName
		}
		return arith.BuildBinary(b, op, s.scalarMetaOffsetA(b, l), s.scalarMetaOffsetA(b, r))
	}
	if s.uniformIsKA(u) {
		return u
	}
	return arith.BuildBinary(b, "arith.shrsi", u, arith.BuildConstantInt(b, u.Type(), 4))
}

// scalarSum returns the operands of a scalar integer sum or difference
// x = l + r (sub: l - r).
func scalarSum(x *ir.Value) (l, r *ir.Value, sub, ok bool) {
	def := x.DefiningOp()
	if def == nil || (def.Name != arith.AddiOpName && def.Name != arith.SubiOpName) {
		return nil, nil, false, false
	}
	if _, isT := x.Type().(ir.RankedTensorType); isT {
		return nil, nil, false, false
	}
	return def.Operand(0), def.Operand(1), def.Name == arith.SubiOpName, true
}

// bandProduct rewrites a row term X * Y (Y uniform, X the row index
// expression; X << c likewise) as (X(16b) >> 4) * Y: the band of the row
// times the stride, which for a band start (X a multiple of 16) is
// X(16b) * Y / 16 and otherwise still a band of the matrix. Rows that
// wrap (Triton's (pid * BLOCK_M + arange) % M) start bands that are not
// multiples of 16; those rows are outside the matrix and their results
// masked, but their metadata addresses must stay inside the buffer, which
// X * Y / 16 would not.
func (s *state) bandProduct(op *ir.Operation, b *ir.Builder, t *ir.Value, v view) (*ir.Value, bool, error) {
	def := t.DefiningOp()
	for def != nil && def.Name == tt.BroadcastOpName {
		def = def.Operand(0).DefiningOp()
	}
	if def == nil || (def.Name != arith.MuliOpName && def.Name != arith.ShliOpName) {
		return nil, false, nil
	}
	x, y := def.Operand(0), def.Operand(1)
	dep := func(z *ir.Value) int { return depends(z, -1, map[*ir.Value]bool{}) }
	if def.Name == arith.MuliOpName && dep(x) == 0 && dep(y) == 1 {
		x, y = y, x
	}
	if dep(x) != 1 || dep(y) != 0 {
		return nil, false, nil
	}
	rx, err := s.reindex(op, x, v, -1)
	if err != nil {
		return nil, false, err
	}
	ry, err := s.reindex(op, y, v, -1)
	if err != nil {
		return nil, false, err
	}
	band := arith.BuildBinary(b, "arith.shrsi", rx, arith.BuildConstantInt(b, rx.Type(), 4))
	l, _ := logical(t.Type(), -1)
	shape := v.shapeFor(l)
	r := arith.BuildBinary(b, def.Name, s.broadcastTo(b, band, shape), s.broadcastTo(b, ry, shape))
	return r, true, nil
}

// noteMStride records the uniform factors of a row term i * stride of A.
func (s *state) noteMStride(x *ir.Value) { noteStride(x, s.ptrs().mConst, s.ptrs().mVals) }

// noteStride records in consts and vals the uniform factors (constants,
// scalars) of a stride product x = a * b, seen through broadcasts and
// expand_dims.
func noteStride(x *ir.Value, consts map[int64]bool, vals map[*ir.Value]bool) {
	def := x.DefiningOp()
	for def != nil && (def.Name == tt.BroadcastOpName || def.Name == tt.ExpandDimsOpName) {
		def = def.Operand(0).DefiningOp()
	}
	if def == nil || def.Name != arith.MuliOpName {
		return
	}
	for _, o := range def.Operands() {
		if c, ok := uniformConst(o); ok {
			consts[c] = true
		} else if sc := uniformScalar(o); sc != nil {
			vals[sc] = true
		}
	}
}

// uniformIsKA decides a uniform offset u of a 2:4 operand A: a row step
// (false) when it is a nonzero multiple of a constant row stride, has a
// row stride among its factors, or is scaled by a kernel argument (a batch
// stride); a K step otherwise.
func (s *state) uniformIsKA(u *ir.Value) bool {
	ps := s.ptrs()
	if c, ok := uniformConst(u); ok {
		for m := range ps.mConst {
			if m != 0 && c != 0 && c%m == 0 {
				return false
			}
		}
		return true
	}
	return !rowScaled(u, ps.mVals, 8)
}

// rowScaled reports whether the uniform value x (a scalar, or a tensor
// splat or computed from scalars) has a factor that is a row stride of fs
// or a kernel argument.
func rowScaled(x *ir.Value, fs map[*ir.Value]bool, depth int) bool {
	if fs[x] {
		return true
	}
	def := x.DefiningOp()
	if def == nil {
		// a block argument: a kernel argument, or a loop index (K steps
		// such as k * BLOCK_K are multiples of those)
		blk := x.ParentBlock()
		return blk != nil && blk.ParentOp() != nil && blk.ParentOp().Name == tt.FuncOpName
	}
	if depth == 0 {
		return false
	}
	switch def.Name {
	case tt.SplatOpName, tt.BroadcastOpName, tt.ExpandDimsOpName, arith.ExtsiOpName, arith.ExtuiOpName, arith.TrunciOpName, arith.ShliOpName:
		return rowScaled(def.Operand(0), fs, depth-1)
	case arith.MuliOpName:
		return rowScaled(def.Operand(0), fs, depth-1) || rowScaled(def.Operand(1), fs, depth-1)
	}
	return false
}

// isKTerm reports whether the additive term x of a B offset moves along K
// (dimension 0): it depends on the K index, or it is uniform and a
// multiple of the tile's K stride.
func (s *state) isKTerm(op *ir.Operation, x *ir.Value, d1 int) (bool, error) {
	dep := depends(x, d1, map[*ir.Value]bool{})
	if dep&1 != 0 {
		s.noteKStride(x)
		return true, nil
	}
	if dep != 0 {
		return false, nil
	}
	return s.uniformIsK(op, x)
}

// noteKStride records the uniform factor of a K term k * stride.
func (s *state) noteKStride(x *ir.Value) { noteStride(x, s.ptrs().kConst, s.ptrs().kVals) }

// uniformIsK decides a uniform term of a B offset.
func (s *state) uniformIsK(op *ir.Operation, x *ir.Value) (bool, error) {
	ps := s.ptrs()
	if c, ok := uniformConst(x); ok {
		if c == 0 {
			return false, nil
		}
		for k := range ps.kConst {
			if k != 0 && c%k == 0 {
				return true, nil
			}
		}
		if len(ps.kConst) == 0 && len(ps.kVals) == 0 {
			return false, ir.Errorf(op.Loc, "%s: cannot tell whether the uniform offset %d of a 2:4 operand B moves along K or N: no K stride is known yet (address the tile with k * stride_k + n offsets first)", Name, c)
		}
		return false, nil
	}
	sc := uniformScalar(x)
	if sc != nil && hasFactor(sc, ps.kVals, 8) {
		return true, nil
	}
	if sc != nil && len(ps.kConst) == 0 && len(ps.kVals) == 0 {
		// No K stride seen yet (the base moves before the tile's offsets
		// are built): a step scaled by a kernel argument (stride_bk, N, a
		// batch stride) moves along K, as uniformIsKA takes it for A's rows.
		return rowScaled(sc, ps.kVals, 8), nil
	}
	return false, nil
}

// scalarValuesOffset is the values offset of a scalar addptr on a 2:4
// pointer: u/2 for A; for B, u/2 when u is a K step, else u.
func (s *state) scalarValuesOffset(op *ir.Operation, u *ir.Value, r role) (*ir.Value, error) {
	b := s.builderAt(op)
	half := func() *ir.Value {
		return arith.BuildBinary(b, "arith.shrsi", u, arith.BuildConstantInt(b, u.Type(), 1))
	}
	if r == roleA {
		return half(), nil
	}
	if l, rr, sub, ok := scalarSum(u); ok { // k0 * stride_k + n0: halve the K step only
		x, err := s.scalarValuesOffset(op, l, r)
		if err != nil {
			return nil, err
		}
		y, err := s.scalarValuesOffset(op, rr, r)
		if err != nil {
			return nil, err
		}
		name := arith.AddiOpName
		if sub {
			name = arith.SubiOpName
		}
		return arith.BuildBinary(b, name, x, y), nil
	}
	isK, err := s.uniformIsK(op, u)
	if err != nil {
		return nil, err
	}
	if isK {
		return half(), nil
	}
	return u, nil
}

func uniformConst(x *ir.Value) (int64, bool) {
	if c, ok := arith.ConstantInt(x); ok {
		return c, true
	}
	if a, ok := arith.ConstantOf(x); ok {
		if d, ok := a.(ir.DenseElementsAttr); ok && d.Splat {
			if i, ok := d.Elems[0].(ir.IntegerAttr); ok {
				return i.Value, true
			}
		}
	}
	if def := x.DefiningOp(); def != nil && (def.Name == tt.SplatOpName || def.Name == tt.BroadcastOpName || def.Name == tt.ExpandDimsOpName) {
		return uniformConst(def.Operand(0))
	}
	return 0, false
}

// uniformScalar returns the scalar a uniform tensor is splat from (x
// itself for a scalar).
func uniformScalar(x *ir.Value) *ir.Value {
	if _, ok := x.Type().(ir.RankedTensorType); !ok {
		return x
	}
	if def := x.DefiningOp(); def != nil && (def.Name == tt.SplatOpName || def.Name == tt.BroadcastOpName || def.Name == tt.ExpandDimsOpName) {
		return uniformScalar(def.Operand(0))
	}
	return nil
}

// hasFactor reports whether scalar x is one of fs or a product containing one.
func hasFactor(x *ir.Value, fs map[*ir.Value]bool, depth int) bool {
	if fs[x] {
		return true
	}
	def := x.DefiningOp()
	if depth == 0 || def == nil || (def.Name != arith.MuliOpName && def.Name != arith.ExtsiOpName && def.Name != arith.ShliOpName) {
		return false
	}
	if def.Name == arith.ShliOpName {
		return hasFactor(def.Operand(0), fs, depth-1)
	}
	for _, o := range def.Operands() {
		if hasFactor(o, fs, depth-1) {
			return true
		}
	}
	return false
}

// depends returns the logical dimensions (bit 0: dim 0, bit 1: dim 1) that
// the offset x depends on.
func depends(x *ir.Value, d1 int, seen map[*ir.Value]bool) int {
	if seen[x] {
		return 0
	}
	seen[x] = true
	def := x.DefiningOp()
	if def == nil {
		return 3
	}
	switch def.Name {
	case arith.ConstantOpName, tt.SplatOpName:
		return 0
	case tt.MakeRangeOpName:
		if d1 < 0 {
			return 3
		}
		return 1 << d1
	case tt.ExpandDimsOpName:
		return depends(def.Operand(0), 1-int(def.IntAttrOr("axis", 0)), seen)
	}
	dep := 0
	for _, o := range def.Operands() {
		dep |= depends(o, d1, seen)
	}
	return dep
}

// coef is the coefficient of the K index in an offset: a constant, a
// symbolic stride, or not affine.
type coef struct {
	c        int64
	symbolic bool
	affine   bool
	arg      bool // a block argument was reached (offsets carried by a loop)
}

func cst(c int64) coef { return coef{c: c, affine: true} }

func (a coef) add(b coef) coef {
	if a.arg || b.arg {
		return coef{arg: true}
	}
	if !a.affine || !b.affine {
		return coef{}
	}
	if a.symbolic || b.symbolic {
		if (a.symbolic && (b.symbolic || b.c != 0)) || (b.symbolic && a.c != 0) {
			return coef{} // two different strides: not checkable, treat as not affine
		}
		return coef{symbolic: true, affine: true}
	}
	return cst(a.c + b.c)
}

func (a coef) zero() bool { return a.affine && !a.symbolic && a.c == 0 }

// coefOf computes the coefficient of the K index (dimension 1 for A, 0
// for B) in offset x.
func (s *state) coefOf(op *ir.Operation, x *ir.Value, r role) (coef, error) {
	k := 1
	if r == roleB {
		k = 0
	}
	c := kCoef(x, -1, k, 0)
	if c.arg {
		return c, ir.Errorf(op.Loc, "%s: an offset of a 2:4 pointer comes from a block argument (offsets carried by scf.for); carry the pointer tensor through the loop and advance it with tt.addptr instead", Name)
	}
	if !c.affine {
		return c, ir.Errorf(op.Loc, "%s: the offsets of this 2:4 pointer are not affine in the K index (dimension %d of the tile): values and metadata addresses cannot be derived from them", Name, k)
	}
	return c, nil
}

func kCoef(x *ir.Value, d1, k, depth int) coef {
	def := x.DefiningOp()
	if depth > 64 {
		return coef{}
	}
	if def == nil {
		return coef{arg: true}
	}
	switch def.Name {
	case arith.ConstantOpName, tt.SplatOpName:
		return cst(0)
	case tt.MakeRangeOpName:
		if d1 == k {
			return cst(1)
		}
		return cst(0)
	case tt.ExpandDimsOpName:
		return kCoef(def.Operand(0), 1-int(def.IntAttrOr("axis", 0)), k, depth+1)
	case tt.BroadcastOpName, arith.ExtsiOpName, arith.TrunciOpName:
		return kCoef(def.Operand(0), d1, k, depth+1)
	case arith.AddiOpName:
		return kCoef(def.Operand(0), d1, k, depth+1).add(kCoef(def.Operand(1), d1, k, depth+1))
	case arith.SubiOpName:
		b := kCoef(def.Operand(1), d1, k, depth+1)
		if b.affine && !b.symbolic && !b.arg {
			b.c = -b.c
		}
		return kCoef(def.Operand(0), d1, k, depth+1).add(b)
	case arith.MuliOpName, arith.ShliOpName:
		a, b := kCoef(def.Operand(0), d1, k, depth+1), kCoef(def.Operand(1), d1, k, depth+1)
		if a.arg || b.arg {
			return coef{arg: true}
		}
		if !a.affine || !b.affine {
			return coef{}
		}
		if def.Name == arith.ShliOpName {
			if sh, ok := uniformConst(def.Operand(1)); ok && b.zero() {
				if a.symbolic {
					return a
				}
				return cst(a.c << sh)
			}
			if a.zero() && b.zero() {
				return cst(0)
			}
			return coef{}
		}
		if a.zero() && b.zero() {
			return cst(0)
		}
		if !a.zero() && !b.zero() {
			return coef{}
		}
		kc, other := a, def.Operand(1) // the K-carrying side and the uniform side
		if a.zero() {
			kc, other = b, def.Operand(0)
		}
		if c, ok := uniformConst(other); ok && !kc.symbolic {
			return cst(kc.c * c)
		}
		return coef{symbolic: true, affine: true}
	}
	// any other op: constant in K when its operands are
	for _, o := range def.Operands() {
		if c := kCoef(o, d1, k, depth+1); c.arg {
			return c
		} else if !c.zero() {
			return coef{}
		}
	}
	return cst(0)
}

// loadPtr splits a (masked) load through a 2:4 pointer tensor.
func (s *state) loadPtr(op *ir.Operation) error {
	p, err := s.pairOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	r := s.roles.of(op.Result(0))
	tile, err := s.tileOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	c := s.ptrs().coefs[op.Operand(0)]
	if r == roleA && (!c.affine || c.symbolic || c.c != 1) {
		return ir.Errorf(op.Loc, "%s: a 2:4 operand A must be contiguous along K: the offsets of this tile must grow by exactly 1 per K index (a K stride of 1, as Triton specializes it)", Name)
	}
	if r == roleB && (!c.affine || c.zero()) {
		return ir.Errorf(op.Loc, "%s: the offsets of this 2:4 operand B tile do not move along K (dimension 0)", Name)
	}
	b := s.builderAt(op)
	mask, other := tt.LoadMask(op), tt.LoadOther(op)
	var vm, mm, vo, mo *ir.Value
	w8 := is8Bit(op.Operand(0).Type())
	if mask != nil {
		if vm, err = s.reindex(op, mask, view{role: r, kind: valsMask, full: tile, w8: w8}, -1); err != nil {
			return err
		}
		if mm, err = s.reindex(op, mask, view{role: r, kind: metaMask, full: tile, w8: w8}, -1); err != nil {
			return err
		}
		vm = s.broadcastTo(b, vm, view{role: r, kind: valsMask, full: tile}.shapeFor(tile[:]))
		mm = s.broadcastTo(b, mm, view{role: r, kind: metaMask, full: tile}.shapeFor(tile[:]))
		mt := view{role: r, kind: metaOff, full: tile}.target()
		mo = arith.BuildConstantInt(b, ir.NewTensor(mt[:], tt.MetadataElem), 0)
		if other != nil {
			if vo, err = s.reindex(op, other, view{role: r, kind: valsOff, full: tile, w8: w8}, -1); err != nil {
				return err
			}
		}
	}
	copyAttrs := func(n *ir.Operation) {
		seg := n.Attr(tt.AttrOperandSegmentSizes)
		n.Props, n.Attrs = op.Props, op.Attrs
		if seg != nil {
			n.SetAttr(tt.AttrOperandSegmentSizes, seg)
		}
	}
	v := tt.NewLoad(b, p.vals, vm, vo)
	copyAttrs(v)
	m := tt.NewLoad(b, p.meta, mm, mo)
	copyAttrs(m)
	s.replaceBy(op, pair{v.Result(0), m.Result(0)})
	return nil
}

// usePtr marks the argument class of a scalar 2:4 pointer as addressed
// through pointer tensors (its metadata layout is natural / band16t).
func (s *state) usePtr(v *ir.Value) { s.ptrMode[s.roles.find(v)] = true }
