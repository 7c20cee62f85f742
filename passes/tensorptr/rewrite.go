package tensorptr

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// rewrite handles op and returns the op whose regions the walk descends into.
func (s *state) rewrite(op *ir.Operation) (*ir.Operation, error) {
	var err error
	switch op.Name {
	case tt.MakeTensorPtrOpName:
		err = s.makeTensorPtr(op)
	case tt.AdvanceOpName:
		err = s.advance(op)
	case tt.LoadOpName:
		err = s.load(op)
	case tt.StoreOpName:
		err = s.store(op)
	case scf.ForOpName:
		return s.forLoop(op)
	case scf.IfOpName:
		return s.ifElse(op)
	case scf.YieldOpName:
		err = s.yield(op)
	default:
		err = s.reject(op)
	}
	return op, err
}

func (s *state) builderAt(op *ir.Operation) *ir.Builder {
	b := ir.NewBuilder(s.ctx)
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	return b
}

func (s *state) infoOf(user *ir.Operation, v *ir.Value) (info, error) {
	if tt.IsSparseTensorPointer(v.Type()) {
		return info{}, ir.Errorf(user.Loc, "%s: '%s' uses the sparse block pointer %s; run decompose-sparse-tensors first", Name, user.Name, ir.TypeString(v.Type()))
	}
	inf, ok := s.infos[v]
	if !ok || inf.frame == nil || inf.base == nil {
		return info{}, ir.Errorf(user.Loc, "%s: the block pointer operand of '%s' (%s) does not come from tt.make_tensor_ptr, tt.advance, scf.for or scf.if; %s", Name, user.Name, ir.TypeString(v.Type()), supported)
	}
	return inf, nil
}

// reject reports ops without a rewrite that touch block pointers.
func (s *state) reject(op *ir.Operation) error {
	for _, v := range op.Operands() {
		if hasBlockPtr(v.Type()) {
			return ir.Errorf(op.Loc, "%s: '%s' cannot take the block pointer %s; %s", Name, op.Name, ir.TypeString(v.Type()), supported)
		}
	}
	for _, r := range op.Results() {
		if hasBlockPtr(r.Type()) {
			return ir.Errorf(op.Loc, "%s: '%s' cannot produce the block pointer %s; %s", Name, op.Name, ir.TypeString(r.Type()), supported)
		}
	}
	return nil
}

// makeTensorPtr records the frame and the offsets; the op goes away.
func (s *state) makeTensorPtr(op *ir.Operation) error {
	if op.NumResults() != 1 {
		return nil
	}
	if tt.IsSparseTensorPointer(op.Result(0).Type()) {
		return ir.Errorf(op.Loc, "%s: sparse block pointer %s: run decompose-sparse-tensors first", Name, ir.TypeString(op.Result(0).Type()))
	}
	base, shape, strides, offsets := tt.MakeTensorPtrOperands(op)
	blk := op.Result(0).Type().(tt.PointerType).Pointee.(ir.RankedTensorType)
	f := &frame{base: base, shape: shape, stride: strides, block: blk, def: op}
	s.infos[op.Result(0)] = info{frame: f, offsets: append([]*ir.Value(nil), offsets...)}
	s.dead = append(s.dead, op)
	return nil
}

// advance: offsets_d += delta_d (i32); a constant-zero delta keeps the offset.
func (s *state) advance(op *ir.Operation) error {
	inf, err := s.infoOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	b := s.builderAt(op)
	offs := make([]*ir.Value, len(inf.offsets))
	for d, o := range inf.offsets {
		if c, ok := arith.ConstantInt(op.Operand(1 + d)); ok && c == 0 {
			offs[d] = o // unchanged: keeps a loop-carried offset recognisably invariant
			continue
		}
		offs[d] = addI(b, o, op.Operand(1+d))
	}
	s.infos[op.Result(0)] = info{frame: inf.frame, offsets: offs}
	s.dead = append(s.dead, op)
	return nil
}

// load through a block pointer becomes a masked load of a pointer tensor.
// The checks run now; the pointer and mask arithmetic is built after the
// walk (emit), when the loops' yields are rewritten and the offsets'
// signs can be analysed.
func (s *state) load(op *ir.Operation) error {
	if op.NumOperands() == 0 || !isBlockPtr(op.Operand(0).Type()) {
		return s.reject(op)
	}
	inf, err := s.infoOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if op.NumOperands() != 1 {
		return ir.Errorf(op.Loc, "%s: tt.load of a block pointer takes no mask or other (use boundaryCheck and padding)", Name)
	}
	s.pending = append(s.pending, func() error {
		inf := s.resolve(inf)
		if s.descriptorFit(op, inf) == "" {
			s.descriptorLoad(op, inf)
			return nil
		}
		g := &gen{b: s.builderAt(op)}
		ptrs := g.pointers(inf)
		mask := g.mask(inf, boundaryCheck(op), s.nonNeg)
		var other *ir.Value
		if pad, ok := tt.EnumProp(op, "padding", tt.PadZero); ok && mask != nil && op.Attr("padding") != nil {
			var err error
			if other, err = g.other(op, inf.block, pad); err != nil {
				return err
			}
		}
		nl := tt.NewLoad(g.b, ptrs, mask, other)
		copyAttrs(nl, op, "cache", "evict", "isVolatile")
		op.Result(0).ReplaceAllUsesWith(nl.Result(0))
		return nil
	})
	s.dead = append(s.dead, op)
	return nil
}

// store through a block pointer becomes a masked store to a pointer tensor
// (built after the walk, as for load).
func (s *state) store(op *ir.Operation) error {
	if op.NumOperands() < 2 || !isBlockPtr(op.Operand(0).Type()) {
		return s.reject(op)
	}
	inf, err := s.infoOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	if op.NumOperands() != 2 {
		return ir.Errorf(op.Loc, "%s: tt.store through a block pointer takes no mask (use boundaryCheck)", Name)
	}
	s.pending = append(s.pending, func() error {
		inf := s.resolve(inf)
		g := &gen{b: s.builderAt(op)}
		ops := []*ir.Value{g.pointers(inf), op.Operand(1)}
		if m := g.mask(inf, boundaryCheck(op), s.nonNeg); m != nil {
			ops = append(ops, m)
		}
		ns := g.b.Create(tt.StoreOpName, ops, nil)
		copyAttrs(ns, op, "cache", "evict")
		return nil
	})
	s.dead = append(s.dead, op)
	return nil
}

func boundaryCheck(op *ir.Operation) []int64 {
	if a, ok := op.Attr("boundaryCheck").(ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

func copyAttrs(to, from *ir.Operation, names ...string) {
	for _, n := range names {
		if a := from.Attr(n); a != nil {
			to.SetAttr(n, a)
		}
	}
	to.Attrs = from.Attrs
}

// expand returns vs with every block pointer replaced by its offsets, and
// the frame of each original position (nil where not a block pointer).
func (s *state) expand(user *ir.Operation, vs []*ir.Value) ([]*ir.Value, []*frame, error) {
	var out []*ir.Value
	frames := make([]*frame, len(vs))
	for i, v := range vs {
		if !isBlockPtr(v.Type()) {
			out = append(out, v)
			continue
		}
		inf, err := s.infoOf(user, v)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, inf.offsets...)
		frames[i] = inf.frame
	}
	return out, frames, nil
}

// offsetTypes returns the result types with each block pointer replaced by
// one i32 per dimension.
func offsetTypes(ts []ir.Type) []ir.Type {
	var out []ir.Type
	for _, t := range ts {
		if pt, ok := t.(tt.PointerType); ok && pt.IsBlockPointer() {
			for range pt.Pointee.(ir.RankedTensorType).Shape {
				out = append(out, ir.I32)
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

func rank(t ir.Type) int { return len(t.(tt.PointerType).Pointee.(ir.RankedTensorType).Shape) }

// rebuild creates an op like old with operands ops and result types ts,
// taking over old's regions and attributes.
func (s *state) rebuild(old *ir.Operation, ops []*ir.Value, ts []ir.Type) *ir.Operation {
	n := s.builderAt(old).CreateWithRegions(old.Name, ops, ts, len(old.Regions))
	n.Props, n.Attrs = old.Props, old.Attrs
	for i, r := range old.Regions {
		n.Regions[i].TakeBody(r)
	}
	return n
}

// mapResults maps old's results onto n's (block pointers to offsets).
func (s *state) mapResults(old, n *ir.Operation, frames []*frame) {
	k := 0
	for i, r := range old.Results() {
		if !isBlockPtr(r.Type()) {
			r.ReplaceAllUsesWith(n.Result(k))
			k++
			continue
		}
		d := rank(r.Type())
		s.infos[r] = info{frame: frames[i], offsets: n.Results()[k : k+d]}
		k += d
	}
	s.slots[n] = frames
	s.dead = append(s.dead, old)
}

// forLoop replaces block-pointer iter args by their offsets.
func (s *state) forLoop(op *ir.Operation) (*ir.Operation, error) {
	f, ok := scf.AsFor(op)
	if !ok || !anyBlockPtr(f.InitArgs()) {
		return op, s.reject(op)
	}
	for _, v := range f.InitArgs() {
		if hasBlockPtr(v.Type()) && !isBlockPtr(v.Type()) {
			return nil, s.reject(op)
		}
	}
	inits, frames, err := s.expand(op, f.InitArgs())
	if err != nil {
		return nil, err
	}
	iter := append([]*ir.Value(nil), f.RegionIterArgs()...)
	ops := append([]*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}, inits...)
	n := s.rebuild(op, ops, offsetTypes(op.ResultTypes()))
	for i, a := range iter {
		if frames[i] == nil {
			continue
		}
		blk, at := a.OwnerBlock(), a.Index()
		offs := make([]*ir.Value, rank(a.Type()))
		for d := range offs {
			offs[d] = blk.InsertArg(at+d, ir.I32)
			offs[d].Loc = a.Loc
			s.carried = append(s.carried, carried{loop: n, arg: offs[d]})
		}
		s.infos[a] = info{frame: frames[i], offsets: offs}
		s.deadArgs = append(s.deadArgs, a)
		s.deadArg[a] = true
	}
	s.mapResults(op, n, frames)
	return n, nil
}

// ifElse replaces block-pointer results by their offsets; the frames are
// set by the first yield (they must be defined outside the scf.if).
func (s *state) ifElse(op *ir.Operation) (*ir.Operation, error) {
	if !anyBlockPtr(op.Results()) {
		return op, s.reject(op)
	}
	for _, r := range op.Results() {
		if hasBlockPtr(r.Type()) && !isBlockPtr(r.Type()) {
			return nil, s.reject(op)
		}
	}
	frames := make([]*frame, op.NumResults())
	for i, r := range op.Results() {
		if isBlockPtr(r.Type()) {
			frames[i] = &frame{}
		}
	}
	n := s.rebuild(op, op.Operands(), offsetTypes(op.ResultTypes()))
	s.mapResults(op, n, frames)
	return n, nil
}

// yield expands block pointers to their offsets and checks that each one
// keeps the frame of its slot.
func (s *state) yield(op *ir.Operation) error {
	if !anyBlockPtr(op.Operands()) {
		return nil
	}
	parent := op.ParentOp()
	slots, ok := s.slots[parent]
	if !ok {
		return s.reject(op)
	}
	ops, frames, err := s.expand(op, op.Operands())
	if err != nil {
		return err
	}
	for i, f := range frames {
		if f == nil || i >= len(slots) || slots[i] == nil {
			continue
		}
		slot := slots[i]
		if slot.base == nil { // first yield of an scf.if
			if !definedOutside(parent, f) {
				return ir.Errorf(op.Loc, "%s: the block pointer yielded by scf.if must be made (tt.make_tensor_ptr) outside the scf.if; only its offsets may differ between the branches", Name)
			}
			*slot = *f
			continue
		}
		if !slot.same(f) {
			return ir.Errorf(op.Loc, "%s: the block pointer yielded as result #%d of '%s' has a different base, shape or strides than the one it replaces; only tt.advance may change a loop-carried or if-yielded block pointer", Name, i, parent.Name).
				Note(f.def.Loc, "yielded pointer made here").Note(slot.def.Loc, "expected the pointer made here")
		}
	}
	op.SetOperands(ops)
	return nil
}

// definedOutside reports whether the frame's values are defined outside op.
func definedOutside(op *ir.Operation, f *frame) bool {
	for _, v := range append(append([]*ir.Value{f.base}, f.shape...), f.stride...) {
		def := v.DefiningOp()
		if def == nil && v.OwnerBlock() != nil {
			def = v.OwnerBlock().ParentOp()
		}
		if def != nil && def != op && op.IsAncestor(def) {
			return false
		}
	}
	return true
}

func anyBlockPtr(vs []*ir.Value) bool {
	for _, v := range vs {
		if isBlockPtr(v.Type()) {
			return true
		}
	}
	return false
}
