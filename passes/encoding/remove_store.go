package encoding

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// storeInAccumulatorLayout is remove-layout-conversions' rule 6: a tt.store
// of convert_layout(v), v in an nvidia_mma (accumulator) layout, inside an
// scf.for, stores v in its own layout instead: the store's pointers and mask
// are rebuilt in that layout from their defining ops (splat, make_range,
// expand_dims, broadcast, splat constants, elementwise arithmetic and
// addptr, over scalars). A conversion in a loop body needs shared memory of
// its own beside the loop's (pipelined) ring buffers when the loop's body
// itself computes the accumulator (loopWithDot): a flattened persistent
// loop's epilogue, whose tile conversion would otherwise cost the ring its
// stages. Each thread then stores its accumulator fragments
// (two consecutive elements per access) where they are. After the loop
// the ring's memory is free again, so stores there keep the conversion and
// the coalesced layout.
func storeInAccumulatorLayout(b *ir.Builder, st *ir.Operation) bool {
	if st.Name != tt.StoreOpName || st.NumOperands() < 2 || !isTensor(st.Operand(0).Type()) {
		return false
	}
	cv := st.Operand(1).DefiningOp()
	if cv == nil || cv.Name != opConvert || len(cv.Result(0).Uses()) != 1 || !loopWithDot(st.ParentOfName(scf.ForOpName)) {
		return false
	}
	enc, ok := encodingOf(cv.Operand(0).Type()).(ttgpu.NvidiaMmaEncoding)
	if !ok || convertScratchBytes(cv.Result(0).Type()) < accStoreMinScratch {
		return false
	}
	ops := []int{0}
	if st.NumOperands() > 2 {
		ops = append(ops, 2)
	}
	for _, i := range ops {
		if !canRelayout(st.Operand(i), 0) {
			return false
		}
	}
	memo := map[relayoutKey]*ir.Value{}
	b.Loc = st.Loc
	for _, i := range ops {
		b.SetInsertionPointBefore(st)
		st.SetOperand(i, relayout(b, st.Operand(i), enc, memo))
	}
	st.SetOperand(1, cv.Operand(0))
	cv.Erase()
	return true
}

// accStoreMinScratch is the conversion scratch from which rule 6 applies.
// Storing from the accumulator layout moves two elements per access and
// computes an address per pair; measured on an H200 (docs/performance.md),
// it lost to the conversion where both fit (a 128x128 bf16 tile, 34 KB of
// scratch: 0.84-0.88 ms against 0.76-0.77 ms) and won where the scratch cost
// the ring two of its five stages (128x256, 68 KB: 0.69-0.73 ms against
// 1.03 ms).
const accStoreMinScratch = 48 << 10

// convertScratchBytes is the shared memory a conversion to t takes in the
// PTX lowering: its rows, each padded by 16 bytes.
func convertScratchBytes(t ir.Type) int64 {
	rt, ok := t.(ir.RankedTensorType)
	if !ok || len(rt.Shape) != 2 {
		return 0
	}
	b := int64(elemBits(t)+7) / 8
	if b == 0 {
		return 0
	}
	return rt.Shape[0] * (rt.Shape[1]*b + 16)
}

// loopWithDot reports whether loop's body itself holds a dot (tt.dot or
// warp_group_dot): the accumulator is computed in the same loop as the
// store, whose ring buffers stay live around it. A persistent kernel's tile
// loop, whose K loop is nested, does not qualify: its epilogue runs after
// the K loop has released its ring.
func loopWithDot(loop *ir.Operation) bool {
	if loop == nil {
		return false
	}
	for _, op := range loop.Regions[0].Entry().Ops() {
		if op.Name == tt.DotOpName || op.Name == ttng.WarpGroupDot {
			return true
		}
	}
	return false
}

// relayoutable are the ops relayout rebuilds in another layout.
func relayoutable(op *ir.Operation) bool {
	switch op.Name {
	case tt.SplatOpName, tt.MakeRangeOpName, tt.ExpandDimsOpName, tt.BroadcastOpName, opConvert:
		return true
	case opConstant:
		d, ok := op.Attr("value").(ir.DenseElementsAttr)
		return ok && d.Splat
	}
	return op.HasTrait(ir.Elementwise) && op.HasTrait(ir.Pure) && len(op.Regions) == 0 && op.NumResults() == 1
}

// canRelayout reports whether tensor v can be rebuilt in another layout:
// every tensor on its defining chain comes from a relayoutable op.
func canRelayout(v *ir.Value, depth int) bool {
	if !isTensor(v.Type()) {
		return true
	}
	op := v.DefiningOp()
	if op == nil || depth > 64 || !relayoutable(op) {
		return false
	}
	for _, w := range op.Operands() {
		if !canRelayout(w, depth+1) {
			return false
		}
	}
	return true
}

type relayoutKey struct {
	v   *ir.Value
	enc string
}

// relayout rebuilds tensor v in layout enc at b (canRelayout holds):
// expand_dims takes its operand in the slice of enc along its axis, other
// ops take their tensor operands in enc, conversions are looked through.
func relayout(b *ir.Builder, v *ir.Value, enc ir.Attribute, memo map[relayoutKey]*ir.Value) *ir.Value {
	if !isTensor(v.Type()) || ir.AttrString(encodingOf(v.Type())) == ir.AttrString(enc) {
		return v
	}
	key := relayoutKey{v, ir.AttrString(enc)}
	if r, ok := memo[key]; ok {
		return r
	}
	op := v.DefiningOp()
	if op.Name == opConvert {
		r := relayout(b, op.Operand(0), enc, memo)
		memo[key] = r
		return r
	}
	m := map[*ir.Value]*ir.Value{}
	for _, w := range op.Operands() {
		if !isTensor(w.Type()) {
			continue
		}
		we := enc
		if op.Name == tt.ExpandDimsOpName {
			we = ttgpu.SliceEncoding{Dim: int(op.IntAttrOr("axis", 0)), Parent: enc}
		}
		m[w] = relayout(b, w, we, memo)
	}
	c := b.Insert(ir.Clone(op, m))
	setValueType(c.Result(0), withEncoding(v.Type(), enc))
	memo[key] = c.Result(0)
	return c.Result(0)
}
