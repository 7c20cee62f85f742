package decompose

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Block-sparse operands (#tt.sparse<"BSR24", block = [BM, BK]>,
// docs/sparse.md §10) are rewritten first, into the NV24 form that the rest
// of the pass already splits: the stored blocks, stacked, are one 2:4
// matrix [nnzb*BM, BK], and each K loop becomes a loop over the stored
// blocks of its block row.
//
//	argument A            -> A' (NV24, the stacked blocks), indptr, indices (!tt.ptr<i32>)
//	make_tensor_ptr A, [S0, S1], [R0, R1], [O0, 0]   (r = O0 / BM)
//	    start = indptr[r], end = indptr[r+1], first = indices[start]
//	    -> make_tensor_ptr A', [end*BM, BK], [BK, 1], [start*BM, 0]
//	scf.for %iv = lb to ub step st (advancing A by [0, BK])
//	    -> scf.for %j = start to end step 1, with one more iter arg cur
//	       (= indices[j], initially first); %iv becomes lb + cur*st, A's
//	       advance [BM, 0], every other carried block pointer advanced by
//	       D per iteration starts at init + first*D and advances by
//	       (indices[j+1] - cur)*D; indices[min(j+1, end)] is read at the
//	       top of the body (the trailing entry of indices keeps it in
//	       bounds, also when a pipeline reads it iterations ahead).
//
// A skipped iteration must be the identity, so the loop may carry only the
// BSR24 pointer, accumulators of its tt.dot (yielded as dot(load A, _, acc)),
// block pointers advanced by loop-invariant offsets, and values it does not
// change; its body must not store.

// blockSparse rewrites every BSR24 argument of fn. Its loops are rebuilt
// before the NV24 split runs.
func blockSparse(ctx *ir.Context, fn *ir.Operation) error {
	ft, ok := tt.FuncType(fn)
	if !ok || len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
		return blockSparseDecl(fn)
	}
	entry := fn.Regions[0].Entry()
	var ins []ir.Type
	var attrs []ir.DictAttr
	changed := false
	bs := &bsr{ctx: ctx, consts: constants{ctx: ctx, entry: entry}}
	for i, t := range ft.Inputs {
		a := tt.ArgAttrs(fn, i)
		enc, isB := tt.SparseEncodingOf(t)
		if !isB || !enc.IsBlock() {
			ins, attrs = append(ins, t), append(attrs, a)
			continue
		}
		pt, scalar := t.(tt.PointerType)
		if !scalar || pt.IsBlockPointer() {
			return ir.Errorf(fn.Loc, "%s: argument #%d of type %s: only scalar pointers !tt.ptr<T, %s> may be function arguments", Name, i, ir.TypeString(t), ir.AttrString(enc))
		}
		changed = true
		nv := tt.PointerType{Pointee: pt.Pointee, AddrSpace: pt.AddrSpace, Encoding: tt.Sparse()}
		idx := tt.PointerType{Pointee: ir.I32, AddrSpace: pt.AddrSpace}
		ins, attrs = append(ins, nv, idx, idx), append(attrs, bsrAttrs(a, enc)...)
	}
	if !changed {
		return nil
	}
	// Split the entry arguments in place (A' reuses the argument's slot).
	args := append([]*ir.Value(nil), entry.Args()...)
	for i, t := range ft.Inputs {
		enc, isB := tt.SparseEncodingOf(t)
		if !isB || !enc.IsBlock() {
			continue
		}
		old := args[i]
		pos := old.Index()
		arg := &bsrArg{enc: enc, old: old}
		arg.vals = entry.InsertArg(pos, tt.PointerType{Pointee: t.(tt.PointerType).Pointee, AddrSpace: t.(tt.PointerType).AddrSpace, Encoding: tt.Sparse()})
		arg.indptr = entry.InsertArg(pos+1, ins[pos+1])
		arg.indices = entry.InsertArg(pos+2, ins[pos+2])
		arg.vals.Loc, arg.indptr.Loc, arg.indices.Loc = old.Loc, old.Loc, old.Loc
		if err := bs.argument(arg); err != nil {
			return err
		}
		if old.HasUses() {
			return leftoverBlockUse(old)
		}
		entry.EraseArg(old.Index())
	}
	fn.SetAttr(tt.AttrFunctionType, ir.TypeAttr{Type: ir.FunctionType{Inputs: ins, Results: ft.Results}})
	tt.SetArgAttrs(fn, attrs)
	return nil
}

// blockSparseDecl splits the BSR24 arguments of a declaration.
func blockSparseDecl(fn *ir.Operation) error {
	ft, ok := tt.FuncType(fn)
	if !ok {
		return nil
	}
	var ins []ir.Type
	var attrs []ir.DictAttr
	changed := false
	for i, t := range ft.Inputs {
		a := tt.ArgAttrs(fn, i)
		pt, isPtr := t.(tt.PointerType)
		if enc, ok := pt.Encoding.(tt.SparseAttr); isPtr && ok && enc.IsBlock() {
			idx := tt.PointerType{Pointee: ir.I32, AddrSpace: pt.AddrSpace}
			ins = append(ins, tt.PointerType{Pointee: pt.Pointee, AddrSpace: pt.AddrSpace, Encoding: tt.Sparse()}, idx, idx)
			attrs, changed = append(attrs, bsrAttrs(a, enc)...), true
			continue
		}
		ins, attrs = append(ins, t), append(attrs, a)
	}
	if changed {
		fn.SetAttr(tt.AttrFunctionType, ir.TypeAttr{Type: ir.FunctionType{Inputs: ins, Results: ft.Results}})
		tt.SetArgAttrs(fn, attrs)
	}
	return nil
}

// bsrAttrs are the attributes of the three arguments a BSR24 argument
// with attributes a becomes: its own, plus the block on the (future)
// values argument and the index kind on indptr and indices.
func bsrAttrs(a ir.DictAttr, enc tt.SparseAttr) []ir.DictAttr {
	return []ir.DictAttr{
		a.With(tt.AttrBlockShape, ir.I32Array(enc.Block[0], enc.Block[1])),
		a.With(tt.AttrBlockSparse, ir.StringAttr{Value: "indptr"}),
		a.With(tt.AttrBlockSparse, ir.StringAttr{Value: "indices"}),
	}
}

type bsr struct {
	ctx    *ir.Context
	consts constants
}

// bsrArg is one BSR24 argument being rewritten.
type bsrArg struct {
	enc                   tt.SparseAttr
	old                   *ir.Value
	vals, indptr, indices *ir.Value
}

func leftoverBlockUse(v *ir.Value) error {
	u := v.Uses()[0].Op
	return ir.Errorf(u.Loc, "%s: '%s' uses the block-sparse value %s; a BSR24 operand is read through tt.make_tensor_ptr (offsets [row, 0]) carried by the scf.for over K that advances it by [0, BK], loaded and used as operand A of tt.dot", Name, u.Name, ir.TypeString(v.Type()))
}

// argument rewrites the block pointers made from one BSR24 argument.
func (bs *bsr) argument(a *bsrArg) error {
	for _, u := range a.old.Users() {
		if u.Name != tt.MakeTensorPtrOpName || u.Operand(0) != a.old {
			return leftoverBlockUse(a.old)
		}
		if err := bs.makePtr(a, u); err != nil {
			return err
		}
	}
	return nil
}

func (bs *bsr) builder(at *ir.Operation) *ir.Builder {
	b := ir.NewBuilder(bs.ctx)
	b.SetInsertionPointBefore(at)
	b.Loc = at.Loc
	return b
}

func (bs *bsr) cst(user *ir.Operation, t ir.Type, v int64) *ir.Value {
	return bs.consts.get(user, t, v)
}

// loadAt loads p[i] (a scalar i32).
func loadAt(b *ir.Builder, p, i *ir.Value) *ir.Value {
	q := b.Create(tt.AddptrOpName, []*ir.Value{p, i}, []ir.Type{p.Type()}).Result(0)
	return tt.NewLoad(b, q, nil, nil).Result(0)
}

// nvBlockPtr is the NV24 block pointer type of a BSR24 one.
func nvBlockPtr(t ir.Type) ir.Type {
	pt := t.(tt.PointerType)
	rt := pt.Pointee.(ir.RankedTensorType)
	return tt.PointerType{Pointee: rt.WithEncoding(tt.Sparse()), AddrSpace: pt.AddrSpace}
}

// makePtr rewrites one tt.make_tensor_ptr of a BSR24 argument and the K
// loop that carries it.
func (bs *bsr) makePtr(a *bsrArg, mk *ir.Operation) error {
	_, _, _, offs := tt.MakeTensorPtrOperands(mk)
	if len(offs) != 2 {
		return ir.Errorf(mk.Loc, "%s: a BSR24 block pointer is rank 2", Name)
	}
	if c, ok := arith.ConstantInt(offs[1]); !ok || c != 0 {
		return ir.Errorf(mk.Loc, "%s: the K offset of a BSR24 block pointer must be the constant 0 (the loop over K visits the row's stored blocks from the first)", Name)
	}
	bm, bk := a.enc.Block[0], a.enc.Block[1]
	b := bs.builder(mk)
	i32, i64 := ir.Type(ir.I32), ir.Type(ir.I64)
	if !ir.TypeEqual(offs[0].Type(), i32) {
		return ir.Errorf(mk.Loc, "%s: tt.make_tensor_ptr offsets must be i32", Name)
	}
	row := arith.BuildBinary(b, arith.DivsiOpName, offs[0], bs.cst(mk, i32, bm))
	start := loadAt(b, a.indptr, row)
	end := loadAt(b, a.indptr, arith.BuildBinary(b, arith.AddiOpName, row, bs.cst(mk, i32, 1)))
	first := loadAt(b, a.indices, start)
	end64 := arith.BuildCast(b, arith.ExtsiOpName, end, i64)
	ops := []*ir.Value{a.vals,
		arith.BuildBinary(b, arith.MuliOpName, end64, bs.cst(mk, i64, bm)), bs.cst(mk, i64, bk),
		bs.cst(mk, i64, bk), bs.cst(mk, i64, 1),
		arith.BuildBinary(b, arith.MuliOpName, start, bs.cst(mk, i32, bm)), bs.cst(mk, i32, 0)}
	n := b.Create(tt.MakeTensorPtrOpName, ops, []ir.Type{nvBlockPtr(mk.Result(0).Type())})
	n.Props, n.Attrs = mk.Props, mk.Attrs
	res := mk.Result(0)
	uses := res.Uses()
	if len(uses) != 1 || uses[0].Op.Name != scf.ForOpName || uses[0].Index < 3 {
		return ir.Errorf(mk.Loc, "%s: a BSR24 block pointer must have one use, as an iter arg of the scf.for over its K blocks (which advances it by [0, %d])", Name, bk)
	}
	loop := uses[0].Op
	if err := bs.loop(a, loop, uses[0].Index-3, n.Result(0), row, start, end, first); err != nil {
		return err
	}
	mk.Erase()
	return nil
}

// sideEffects are the ops a skipped iteration would lose.
var sideEffects = map[string]bool{
	tt.StoreOpName: true, tt.AtomicRmwOpName: true, tt.AtomicCasOpName: true,
	tt.PrintOpName: true, tt.AssertOpName: true, tt.CallOpName: true,
}

// carried classifies the iter args of the K loop.
type carried int

const (
	carriedSame    carried = iota // yielded unchanged
	carriedA                      // the BSR24 pointer
	carriedAcc                    // accumulator of the 2:4 dot
	carriedAdvance                // block pointer advanced by invariant offsets
)

// loop rebuilds the scf.for over K that carries the BSR24 pointer as iter
// arg k (initial value now the NV24 pointer nv).
func (bs *bsr) loop(a *bsrArg, op *ir.Operation, k int, nv, row, start, end, first *ir.Value) error {
	f, _ := scf.AsFor(op)
	body := f.Body()
	if len(op.Regions[0].Blocks) != 1 {
		return ir.Errorf(op.Loc, "%s: the K loop of a BSR24 operand must have one block", Name)
	}
	iters := f.RegionIterArgs()
	yield := f.Yield()
	ys := f.YieldedValues()
	bk := a.enc.Block[1]
	var bad error
	op.Walk(func(o *ir.Operation) ir.WalkResult {
		if sideEffects[o.Name] {
			bad = ir.Errorf(o.Loc, "%s: '%s' in the loop over the K blocks of a BSR24 operand: the loop skips the zero blocks, so its body may not have side effects", Name, o.Name)
			return ir.Interrupt
		}
		return ir.Advance
	})
	if bad != nil {
		return bad
	}
	if op.Result(k).HasUses() {
		return ir.Errorf(op.Loc, "%s: result #%d of the K loop (the BSR24 block pointer) is used after the loop", Name, k)
	}
	aArg := iters[k]
	kinds := make([]carried, len(iters))
	for i, it := range iters {
		kind, err := bs.classify(op, a, aArg, it, ys[i], i == k, bk)
		if err != nil {
			return err
		}
		kinds[i] = kind
	}
	// Retype the NV24 chain: the iter arg, its loads and its advance.
	aArg.SetType(nv.Type())
	adv := ys[k].DefiningOp()
	adv.Result(0).SetType(nv.Type())
	bm := a.enc.Block[0]
	adv.SetOperand(1, bs.cst(adv, ir.I32, bm))
	adv.SetOperand(2, bs.cst(adv, ir.I32, 0))
	for _, u := range aArg.Users() {
		if u.Name == tt.LoadOpName {
			u.Result(0).SetType(nv.Type().(tt.PointerType).Pointee)
		}
	}
	// Loop bounds and the extra iter arg.
	b := bs.builder(op)
	ivT := f.InductionVar().Type()
	cast := func(bb *ir.Builder, v *ir.Value) (*ir.Value, error) {
		switch {
		case ir.TypeEqual(ivT, ir.I32):
			return v, nil
		case ir.TypeEqual(ivT, ir.I64):
			return arith.BuildCast(bb, arith.ExtsiOpName, v, ivT), nil
		case ir.TypeEqual(ivT, ir.IndexType{}):
			return arith.BuildCast(bb, arith.IndexCastOpName, v, ivT), nil
		}
		return nil, ir.Errorf(op.Loc, "%s: the K loop's induction variable has type %s; i32, i64 or index expected", Name, ir.TypeString(ivT))
	}
	lb, err := cast(b, start)
	if err != nil {
		return err
	}
	ub, _ := cast(b, end)
	inits := append([]*ir.Value(nil), f.InitArgs()...)
	inits[k] = nv
	for i, kind := range kinds {
		if kind == carriedAdvance {
			inits[i] = bs.scaledAdvance(b, op, ys[i].DefiningOp(), inits[i], first)
		}
	}
	ops := append([]*ir.Value{lb, ub, bs.cst(op, ivT, 1)}, inits...)
	ops = append(ops, first)
	ts := make([]ir.Type, 0, len(ops)-3)
	for _, v := range ops[3:] {
		ts = append(ts, v.Type())
	}
	n := b.CreateWithRegions(scf.ForOpName, ops, ts, 1)
	n.Props, n.Attrs = op.Props, op.Attrs
	oldLB, oldStep := f.LowerBound(), f.Step()
	n.Regions[0].TakeBody(op.Regions[0])
	cur := body.AddArg(ir.I32)
	cur.Loc = op.Loc
	// The old induction variable: lb + cur*step.
	iv := body.Arg(0)
	bb := ir.NewBuilder(bs.ctx)
	bb.SetInsertionPointToStart(body)
	bb.Loc = op.Loc
	curIV, _ := cast(bb, cur)
	oldIV := arith.BuildBinary(bb, arith.AddiOpName, oldLB, arith.BuildBinary(bb, arith.MuliOpName, curIV, oldStep))
	iv.ReplaceUsesWithIf(oldIV, func(u ir.Use) bool { return u.Op != oldIV.DefiningOp() })
	// The next stored block, read first (its latency overlaps the body),
	// and the advance of the other pointers at the end.
	j32 := iv
	if !ir.TypeEqual(ivT, ir.I32) {
		name := arith.TrunciOpName
		if ir.TypeEqual(ivT, ir.IndexType{}) {
			name = arith.IndexCastOpName
		}
		j32 = arith.BuildCast(bb, name, iv, ir.I32)
	}
	// min(j+1, end): in bounds even when a software pipeline runs this
	// read ahead of the loop's last iteration.
	nj := arith.BuildBinary(bb, arith.MinsiOpName, arith.BuildBinary(bb, arith.AddiOpName, j32, bs.cst(yield, ir.I32, 1)), end)
	next := loadAt(bb, a.indices, nj)
	bb.SetInsertionPointBefore(yield)
	delta := arith.BuildBinary(bb, arith.SubiOpName, next, cur)
	for i, kind := range kinds {
		if kind == carriedAdvance {
			d := ys[i].DefiningOp()
			nd := bs.scaledAdvance(bb, op, d, iters[i], delta)
			yield.SetOperand(i, nd)
			d.Erase()
		}
	}
	yield.SetOperands(append(append([]*ir.Value(nil), yield.Operands()...), next))
	for i := range iters {
		if i != k {
			op.Result(i).ReplaceAllUsesWith(n.Result(i))
		}
	}
	op.Erase()
	return nil
}

// scaledAdvance builds tt.advance p, [o_i * s] for the offsets o_i of adv.
func (bs *bsr) scaledAdvance(b *ir.Builder, loop, adv *ir.Operation, p, s *ir.Value) *ir.Value {
	ops := []*ir.Value{p}
	for _, o := range adv.Operands()[1:] {
		if c, ok := arith.ConstantInt(o); ok && c == 0 {
			ops = append(ops, o)
			continue
		}
		ops = append(ops, arith.BuildBinary(b, arith.MuliOpName, o, s))
	}
	return b.Create(tt.AdvanceOpName, ops, []ir.Type{p.Type()}).Result(0)
}

// classify checks iter arg it of the K loop (yielded as y).
func (bs *bsr) classify(loop *ir.Operation, a *bsrArg, aArg, it, y *ir.Value, isA bool, bk int64) (carried, error) {
	n := it.Index() - 1
	if isA {
		d := y.DefiningOp()
		if d == nil || d.Name != tt.AdvanceOpName || d.Operand(0) != it || d.NumOperands() != 3 || len(y.Uses()) != 1 {
			return 0, ir.Errorf(loop.Loc, "%s: the K loop must yield the BSR24 block pointer (iter arg #%d) advanced by [0, %d]: tt.advance %%p, [0, %d]", Name, n, bk, bk)
		}
		c0, ok0 := arith.ConstantInt(d.Operand(1))
		c1, ok1 := arith.ConstantInt(d.Operand(2))
		if !ok0 || !ok1 || c0 != 0 || c1 != bk {
			return 0, ir.Errorf(d.Loc, "%s: a BSR24 block pointer advances by one block per iteration, [0, %d]", Name, bk)
		}
		for _, u := range it.Users() {
			if u != d && u.Name != tt.LoadOpName {
				return 0, ir.Errorf(u.Loc, "%s: '%s' uses the BSR24 block pointer; only tt.load and its tt.advance may", Name, u.Name)
			}
			if u.Name == tt.LoadOpName && u.NumOperands() != 1 {
				return 0, ir.Errorf(u.Loc, "%s: a BSR24 block load takes no mask", Name)
			}
			if u.Name != tt.LoadOpName {
				continue
			}
			for _, lu := range u.Result(0).Uses() {
				if lu.Op.Name != tt.DotOpName || lu.Index != 0 {
					return 0, ir.Errorf(lu.Op.Loc, "%s: a loaded BSR24 block can only be operand A of tt.dot (the zero blocks it skips contribute nothing there), not an operand of '%s'", Name, lu.Op.Name)
				}
			}
		}
		return carriedA, nil
	}
	if y == it {
		return carriedSame, nil
	}
	d := y.DefiningOp()
	switch {
	case d != nil && d.Name == tt.DotOpName && d.Operand(2) == it && isLoadOf(d.Operand(0), aArg):
		return carriedAcc, nil
	case d != nil && d.Name == tt.AdvanceOpName && d.Operand(0) == it && len(y.Uses()) == 1 && invariant(d.Operands()[1:], loop):
		return carriedAdvance, nil
	}
	return 0, ir.Errorf(loop.Loc, "%s: the K loop of a BSR24 operand carries iter arg #%d (%s), which is neither an accumulator of its 2:4 tt.dot, nor a block pointer advanced by loop-invariant offsets, nor unchanged: skipping the zero blocks would change it", Name, n, ir.TypeString(it.Type()))
}

func isLoadOf(v, p *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name == tt.LoadOpName && d.Operand(0) == p
}

// invariant reports whether every v is defined outside loop.
func invariant(vs []*ir.Value, loop *ir.Operation) bool {
	for _, v := range vs {
		for blk := v.ParentBlock(); blk != nil; {
			p := blk.ParentOp()
			if p == nil {
				break
			}
			if p == loop {
				return false
			}
			blk = p.Block()
		}
	}
	return true
}
