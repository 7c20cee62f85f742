package encoding

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// transposeBlocked is the layout tt.trans{order = [1, 0]} gives a rank-2
// tensor in layout l: every per-dimension field swapped, the order renamed,
// so each thread keeps the same elements. Other layouts are returned as is
// with ok = false.
func transposeBlocked(l ir.Attribute) (ttgpu.BlockedEncoding, bool) {
	b, ok := l.(ttgpu.BlockedEncoding)
	if !ok || b.Rank() != 2 || !b.CTA.IsDefault(2) {
		return ttgpu.BlockedEncoding{}, false
	}
	sw := func(x []int) []int { return []int{x[1], x[0]} }
	return ttgpu.BlockedEncoding{SizePerThread: sw(b.SizePerThread), ThreadsPerWarp: sw(b.ThreadsPerWarp),
		WarpsPerCTA: sw(b.WarpsPerCTA), Order: []int{1 - b.Order[0], 1 - b.Order[1]}}, true
}

// transposeValue inserts tt.trans{order = [1, 0]} of the rank-2 tensor v
// at b, with result layout enc.
func transposeValue(b *ir.Builder, v *ir.Value, enc ir.Attribute) *ir.Value {
	rt := v.Type().(ir.RankedTensorType)
	out := ir.RankedTensorType{Shape: []int64{rt.Shape[1], rt.Shape[0]}, Elem: rt.Elem, Encoding: enc}
	return b.Create(tt.TransOpName, []*ir.Value{v}, []ir.Type{out}, ir.NamedAttr{Name: "order", Value: ir.I32Array(1, 0)}).Result(0)
}

// transposeBlockedValue transposes v in registers: v is first converted to
// fallback unless it is in a rank-2 blocked layout, and the result takes
// the transposed blocked layout (no data moves).
func transposeBlockedValue(b *ir.Builder, v *ir.Value, fallback ttgpu.BlockedEncoding) *ir.Value {
	if def := v.DefiningOp(); def != nil && def.Name == tt.TransOpName && tt.IsTranspose2D(def) {
		// transposing a transpose (a 2:4 weight read as w.T): its operand,
		// whose layout is the transposed one (convert-triton-to-tritongpu)
		if tb, ok := transposeBlocked(encodingOf(v.Type())); ok && ir.AttrEqual(tb, encodingOf(def.Operand(0).Type())) {
			return def.Operand(0)
		}
	}
	tb, ok := transposeBlocked(encodingOf(v.Type()))
	if !ok {
		v = newConvert(b, v, withEncoding(v.Type(), fallback))
		tb, _ = transposeBlocked(fallback)
	}
	return transposeValue(b, v, tb)
}

// untransposeTo turns v (N x M, any layout) into want (M x N): a conversion
// to the blocked layout whose transposition is want's, then tt.trans (and a
// last conversion when want is not blocked).
func untransposeTo(b *ir.Builder, v *ir.Value, want ir.RankedTensorType, fallback ttgpu.BlockedEncoding) *ir.Value {
	back, ok := transposeBlocked(want.Encoding)
	if !ok {
		back, _ = transposeBlocked(fallback)
	}
	tb, _ := transposeBlocked(back)
	tr := transposeValue(b, newConvert(b, v, withEncoding(v.Type(), back)), tb)
	if !ir.AttrEqual(tb, want.Encoding) {
		tr = newConvert(b, tr, want)
	}
	return tr
}

// rewriteSparseB rewrites d = dot(a, bv, c, e, sparseIndex = 1) as
// dᵀ = dot(trans(bv), trans(a), cᵀ, e, sparseIndex = 0) on mma (sized for
// N x M), keeping a loop-carried accumulator transposed through the loop.
func rewriteSparseB(b *ir.Builder, d *ir.Operation, mma ttgpu.NvidiaMmaEncoding) {
	transposeSparseB(b, d, mma, product(mma.WarpsPerCTA), 2)
}

// transposeSparseB is rewriteSparseB with the new dot's parent layout
// given: an MMA layout, or (for the wgmma route) the blocked layout of the
// transposed accumulator, which leaves a dot in convert-triton-to-tritongpu's
// form for the v3 rewrite. It returns the new dot.
func transposeSparseB(b *ir.Builder, d *ir.Operation, parent ir.Attribute, numWarps, kWidth int) *ir.Operation {
	b.Loc = d.Loc
	b.SetInsertionPointBefore(d)
	src := func(i int) *ir.Value {
		v := d.Operand(i)
		if def := v.DefiningOp(); def != nil && def.Name == opConvert {
			return def.Operand(0)
		}
		return v
	}
	resT := d.Result(0).Type().(ir.RankedTensorType)
	fallback := defaultBlocked(resT.Shape, numWarps, 32)
	src0, src1 := src(0), src(1)
	opA := transposeBlockedValue(b, src1, fallback)
	opB := transposeBlockedValue(b, src0, fallback)
	xe := src(3)
	dot := func(i, meta int) ttgpu.DotOperandEncoding {
		return ttgpu.DotOperandEncoding{OpIdx: i, Parent: parent, KWidth: kWidth, Meta: meta}
	}
	a2 := newConvert(b, opA, withEncoding(opA.Type(), dot(0, ttgpu.MetaValues)))
	b2 := newConvert(b, opB, withEncoding(opB.Type(), dot(1, ttgpu.MetaNone)))
	e2 := newConvert(b, xe, withEncoding(xe.Type(), dot(0, ttgpu.MetaMeta)))
	accT := ir.RankedTensorType{Shape: []int64{resT.Shape[1], resT.Shape[0]}, Elem: resT.Elem, Encoding: parent}
	c := d.Operand(2)
	var cT *ir.Value
	loop, j, carried := carriedBy(c, d.Result(0))
	carried = carried && len(c.Uses()) == 1 && len(d.Result(0).Uses()) == 1
	if carried {
		cT = c
	} else {
		cT = newConvert(b, transposeBlockedValue(b, c, fallback), accT)
	}
	nd := tt.NewDot(b, a2, b2, cT, e2, tt.SparseIndexA, tt.DotPrecision(d))
	if v := d.Attr("maxNumImpreciseAcc"); v != nil {
		nd.SetAttr("maxNumImpreciseAcc", v)
	}
	nd.Result(0).SetType(accT)
	oldUses := append([]ir.Use(nil), d.Result(0).Uses()...)
	if carried {
		init := loop.Operand(scf.InitOperandIndex(j))
		b.SetInsertionPointBefore(loop)
		loop.SetOperand(scf.InitOperandIndex(j), transposedInit(b, init, accT, fallback))
		setValueType(c, accT)
		res := loop.Result(j)
		oldT := res.Type().(ir.RankedTensorType)
		setValueType(res, accT)
		d.Result(0).ReplaceAllUsesWith(nd.Result(0))
		if uses := append([]ir.Use(nil), res.Uses()...); len(uses) > 0 {
			b.SetInsertionPointAfter(loop)
			v := untransposeTo(b, res, oldT, fallback)
			for _, u := range uses {
				u.Op.SetOperand(u.Index, v)
			}
		}
	} else {
		b.SetInsertionPointAfter(nd)
		v := untransposeTo(b, nd.Result(0), resT, fallback)
		for _, u := range oldUses {
			u.Op.SetOperand(u.Index, v)
		}
	}
	eraseWithDeadConverts(d)
	for _, v := range []*ir.Value{src0, src1} {
		if def := v.DefiningOp(); def != nil && def.Name == tt.TransOpName && !v.HasUses() {
			def.Erase() // a transpose the rewrite cancelled
		}
	}
	return nd
}

// transposedInit returns the transposed initial accumulator: a splat
// constant used once is rebuilt transposed, anything else is transposed and
// converted.
func transposedInit(b *ir.Builder, init *ir.Value, accT ir.RankedTensorType, fallback ttgpu.BlockedEncoding) *ir.Value {
	if def := init.DefiningOp(); def != nil && def.Name == opConstant && len(init.Uses()) == 1 {
		if dv, ok := def.Attr("value").(ir.DenseElementsAttr); ok && dv.Splat {
			setValueType(init, accT)
			return init
		}
	}
	return newConvert(b, transposeBlockedValue(b, init, fallback), accT)
}

// eraseWithDeadConverts erases d and the operand conversions left unused.
func eraseWithDeadConverts(d *ir.Operation) {
	ops := append([]*ir.Value(nil), d.Operands()...)
	d.Erase()
	for _, v := range ops {
		if def := v.DefiningOp(); def != nil && def.Name == opConvert && !v.HasUses() {
			def.Erase()
		}
	}
}

func product(xs []int) int {
	p := 1
	for _, x := range xs {
		p *= x
	}
	return p
}
