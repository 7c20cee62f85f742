package decompose

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
)

// expandTypes returns ts with each sparse type replaced by its values and
// metadata types, in the role of the matching value in vs.
func (s *state) expandTypes(op *ir.Operation, vs []*ir.Value) ([]ir.Type, error) {
	var out []ir.Type
	for _, v := range vs {
		t := v.Type()
		if !isSparse(t) {
			out = append(out, t)
			continue
		}
		vt, mt, ok := s.splitOf(v)
		if !ok {
			return nil, ir.Errorf(op.Loc, "%s: '%s' carries %s, which has no decomposition; %s", Name, op.Name, ir.TypeString(t), supported)
		}
		out = append(out, vt, mt)
	}
	return out, nil
}

func anySparse(vs []*ir.Value) bool {
	for _, v := range vs {
		if isSparse(v.Type()) {
			return true
		}
	}
	return false
}

// splitOf returns the values and metadata types of sparse value v.
func (s *state) splitOf(v *ir.Value) (vals, meta ir.Type, ok bool) {
	if rt, pt := isPtrTensor(v.Type()); pt && len(rt.Shape) == 2 {
		tile, has := s.roles.tile[s.roles.find(v)]
		if !has {
			return nil, nil, false
		}
		vt, mt := ptrTensorTypes(rt, s.roles.of(v), tile)
		return vt, mt, true
	}
	return splitType(v.Type(), s.roles.of(v))
}

// rebuild creates, before old, an op like old (same name, attributes and
// operands ops) with result types ts, and moves old's regions into it.
func (s *state) rebuild(old *ir.Operation, ops []*ir.Value, ts []ir.Type) *ir.Operation {
	b := s.builderAt(old)
	n := b.CreateWithRegions(old.Name, ops, ts, len(old.Regions))
	n.Props, n.Attrs = old.Props, old.Attrs
	for i, r := range old.Regions {
		n.Regions[i].TakeBody(r)
	}
	return n
}

// mapResults maps old's results to the results of n (expanded in order).
func (s *state) mapResults(old, n *ir.Operation) {
	k := 0
	for _, r := range old.Results() {
		if isSparse(r.Type()) {
			s.pairs[r] = pair{n.Result(k), n.Result(k + 1)}
			k += 2
			continue
		}
		r.ReplaceAllUsesWith(n.Result(k))
		k++
	}
	s.dead = append(s.dead, old)
}

// forLoop splits the sparse iter args of an scf.for; a loop carrying
// nothing sparse is returned unchanged.
func (s *state) forLoop(op *ir.Operation) (*ir.Operation, error) {
	f, ok := scf.AsFor(op)
	if !ok || !anySparse(f.InitArgs()) {
		return op, nil
	}
	ts, err := s.expandTypes(op, f.InitArgs())
	if err != nil {
		return nil, err
	}
	ops := []*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}
	for _, v := range f.InitArgs() {
		if !isSparse(v.Type()) {
			ops = append(ops, v)
			continue
		}
		p, err := s.pairOf(op, v)
		if err != nil {
			return nil, err
		}
		ops = append(ops, p.vals, p.meta)
	}
	iter := append([]*ir.Value(nil), f.RegionIterArgs()...)
	n := s.rebuild(op, ops, ts)
	for j, a := range iter {
		if isSparse(a.Type()) {
			vt, mt, _ := s.splitOf(a)
			s.splitBlockArg(a, vt, mt)
			if _, pt := isPtrTensor(a.Type()); pt {
				c := s.ptrs().coefs[f.InitArgs()[j]]
				s.ptrs().coefs[a], s.ptrs().coefs[op.Result(j)] = c, c
			}
		}
	}
	s.mapResults(op, n)
	return n, nil
}

// ifElse splits the sparse results of an scf.if (its yields are split when
// the walk reaches them).
func (s *state) ifElse(op *ir.Operation) (*ir.Operation, error) {
	if !anySparse(op.Results()) {
		return op, s.other(op)
	}
	ts, err := s.expandTypes(op, op.Results())
	if err != nil {
		return nil, err
	}
	n := s.rebuild(op, op.Operands(), ts)
	s.mapResults(op, n)
	return n, nil
}

// yield expands sparse operands to (values, meta), matching the split
// results of the parent scf.for / scf.if.
func (s *state) yield(op *ir.Operation) error {
	if !anySparse(op.Operands()) {
		return nil
	}
	if p := op.ParentOp(); p == nil || (p.Name != forOp && p.Name != ifOp) {
		return s.other(op)
	}
	var ops []*ir.Value
	for _, v := range op.Operands() {
		if !isSparse(v.Type()) {
			ops = append(ops, v)
			continue
		}
		p, err := s.pairOf(op, v)
		if err != nil {
			return err
		}
		ops = append(ops, p.vals, p.meta)
	}
	op.SetOperands(ops)
	return nil
}
