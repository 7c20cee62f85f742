package encoding

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"sort"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding/axisinfo"
	"github.com/sparsetriton/sp/passes/tensorptr"
)

const coalesceDoc = `tritongpu-coalesce gives global loads and stores of pointer tensors
layouts whose threads access memory in vectors of up to 16 bytes, where the
axis-info analysis (passes/encoding/axisinfo) proves it safe.

For each tt.load / tt.store of a tensor of pointers: order = the dimensions
by decreasing pointer contiguity (ties keep the current order); along the
fastest dimension o each thread takes

  perThread = min(128 / elemBits,
                  max(1, divisibility[o] / elemBytes),  (alignment of each run)
                  min(contiguity[o], shape[o]),
                  constancy[o] of the mask,              (masked accesses)
                  max(1, numel / (numWarps * threadsPerWarp)))

elements, and the blocked layout is Triton's for (shape, sizePerThread,
order, num-warps, threads-per-warp). The layout is applied to the whole
layout class of the access (the tensors convert-triton-to-tritongpu tied to
one layout) and to the slice layouts derived from it through
tt.expand_dims, so no conversion is needed; dot operand conversions follow
their new parent. A tt.reduce's results move with its operands (the slice
along the axis), or, moved on their own, are converted from that slice.
A rank-2 tt.trans keeps its result the operand's layout
transposed: a moved operand moves the result's class with it, a moved result
whose operand stayed is converted from the transposed layout. When a class holds several accesses, the one with the
most elements decides (the first in program order on ties).`

// Coalesce is the tritongpu-coalesce pass.
var Coalesce = &pass.Pass{
	Name:     "tritongpu-coalesce",
	Title:    "TritonGPUCoalesce",
	Summary:  "Give global loads and stores layouts with 16-byte accesses where provably safe",
	Doc:      coalesceDoc,
	Anchor:   builtin.ModuleOpName,
	Requires: []*pass.Pass{Convert},
	Run:      runCoalesce,
}

func runCoalesce(ctx *pass.Context, module *ir.Operation) error {
	cfg, err := readModuleConfig(module, "tritongpu-coalesce")
	if err != nil {
		return err
	}
	for _, fn := range funcs(module) {
		coalesceFunc(ctx.IR, fn, cfg)
	}
	return nil
}

// coalescedLayout computes the layout of one memory access.
func coalescedLayout(a *axisinfo.Analysis, op *ir.Operation, cfg moduleConfig) (ttgpu.BlockedEncoding, bool) {
	ptr := op.Operand(0)
	rt, ok := ptr.Type().(ir.RankedTensorType)
	if !ok {
		return ttgpu.BlockedEncoding{}, false
	}
	cur, ok := rt.Encoding.(ttgpu.BlockedEncoding)
	if !ok {
		return ttgpu.BlockedEncoding{}, false
	}
	info := a.Get(ptr)
	order := append([]int(nil), cur.Order...)
	sort.SliceStable(order, func(i, j int) bool { return info.Contiguity[order[i]] > info.Contiguity[order[j]] })
	o := order[0]
	bits := tt.BitWidth(pointee(rt.Elem))
	if bits < 8 {
		return ttgpu.BlockedEncoding{}, false
	}
	per := a.AccessElems(ptr, maskOf(op), o, int64(bits/8))
	per = min(per, rt.Shape[o])
	per = min(per, max(1, rt.NumElements()/int64(cfg.numWarps*cfg.threadsPerWarp)))
	spt := make([]int, len(rt.Shape))
	for i := range spt {
		spt[i] = 1
	}
	spt[o] = int(max(1, per))
	return blockedFor(rt.Shape, spt, order, cfg.numWarps, cfg.threadsPerWarp), true
}

// columnMajorDescriptorLayout is the layout of a rank-2 descriptor load
// whose descriptor (a tt.make_tensor_descriptor in the function) has the
// constant stride 1 along dimension 0: order [0, 1], 16 bytes per thread
// along it, so that the tile is staged K-contiguous (an 8-bit wgmma's B).
// Row-major descriptors keep the default layout.
func columnMajorDescriptorLayout(op *ir.Operation, cfg moduleConfig) (ttgpu.BlockedEncoding, bool) {
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	mk := op.Operand(0).DefiningOp()
	if !ok || len(rt.Shape) != 2 || mk == nil || mk.Name != tt.MakeTensorDescriptorOpName || mk.NumOperands() != 5 ||
		tensorptr.UnitStrideDim(mk.Operands()[3:5]) != 0 {
		return ttgpu.BlockedEncoding{}, false
	}
	bits := tt.BitWidth(rt.Elem)
	if bits < 8 {
		return ttgpu.BlockedEncoding{}, false
	}
	per := min(int64(128/bits), rt.Shape[0], max(1, rt.NumElements()/int64(cfg.numWarps*cfg.threadsPerWarp)))
	return blockedFor(rt.Shape, []int{int(per), 1}, []int{0, 1}, cfg.numWarps, cfg.threadsPerWarp), true
}

func pointee(t ir.Type) ir.Type {
	p, _ := tt.PointeeOf(t)
	return p
}

func maskOf(op *ir.Operation) *ir.Value {
	if op.Name == opLoad {
		return tt.LoadMask(op)
	}
	if op.NumOperands() > 2 {
		return op.Operand(2)
	}
	return nil
}

func coalesceFunc(ctx *ir.Context, fn *ir.Operation, cfg moduleConfig) {
	a := axisinfo.Analyze(fn)
	c := newClasses()
	c.build(fn)
	type choice struct {
		layout ttgpu.BlockedEncoding
		numel  int64
	}
	best := map[*ir.Value]choice{}
	var roots []*ir.Value
	fn.WalkOps(func(op *ir.Operation) {
		var l ttgpu.BlockedEncoding
		var v *ir.Value
		ok := false
		switch op.Name {
		case opLoad, opStore:
			l, ok = coalescedLayout(a, op, cfg)
			v = op.Operand(0)
		case tt.DescriptorLoadOpName:
			l, ok = columnMajorDescriptorLayout(op, cfg)
			v = op.Result(0)
		}
		if !ok {
			return
		}
		root := c.find(v)
		n := v.Type().(ir.RankedTensorType).NumElements()
		if prev, seen := best[root]; !seen || n > prev.numel {
			if !seen {
				roots = append(roots, root)
			}
			best[root] = choice{l, n}
		}
	})
	params := map[*ir.Value]bool{}
	if entry := fn.Regions[0].Entry(); entry != nil {
		for _, v := range entry.Args() {
			if _, ok := c.parent[v]; ok {
				params[c.find(v)] = true
			}
		}
	}
	for _, root := range roots {
		if params[root] { // the signature fixes a parameter's layout
			continue
		}
		old := encodingOf(root.Type())
		c.relayout(ctx, fn, root, old, best[root].layout)
	}
	// A reduction whose results' class was moved on its own (a store of the
	// reduced values) reads its operand's slice and converts.
	b := ir.NewBuilder(ctx)
	for _, op := range fn.Collect(tt.ReduceOpName) {
		if isTensorReduce(op) {
			fitReduce(b, op)
		}
	}
}

// relayout gives every value of root's class whose layout is old the layout
// nw, and recurses into the slice classes derived through tt.expand_dims.
func (c *classes) relayout(ctx *ir.Context, fn *ir.Operation, root *ir.Value, old, nw ir.Attribute) {
	if ir.AttrEqual(old, nw) {
		return
	}
	root = c.find(root)
	members := map[*ir.Value]bool{}
	for _, v := range c.values {
		if c.find(v) == root && ir.AttrEqual(encodingOf(v.Type()), old) {
			members[v] = true
			setValueType(v, withEncoding(v.Type(), nw))
		}
	}
	fn.WalkOps(func(op *ir.Operation) {
		switch {
		case op.Name == opExpandDims && members[op.Result(0)]:
			axis := int(op.IntAttrOr("axis", 0))
			src := op.Operand(0)
			from, to := ttgpu.SliceEncoding{Dim: axis, Parent: old}, ttgpu.SliceEncoding{Dim: axis, Parent: nw}
			if !ir.AttrEqual(encodingOf(src.Type()), from) {
				return // already moved (another member expanded the same value)
			}
			if c.sliceShared(src, from, members) {
				// The 1-D value also feeds expand_dims of another class (cse
				// merges equal ranges), which keeps its layout: convert for
				// this one instead of relayouting the shared value.
				b := ir.NewBuilder(ctx)
				b.Loc = op.Loc
				b.SetInsertionPointBefore(op)
				cv := b.Create(opConvert, []*ir.Value{src}, []ir.Type{withEncoding(src.Type(), to)})
				op.SetOperand(0, cv.Result(0))
				return
			}
			c.relayout(ctx, fn, src, from, to)
		case op.Name == tt.ReduceOpName && members[op.Operand(0)]:
			axis := int(op.IntAttrOr("axis", 0))
			from, to := ttgpu.SliceEncoding{Dim: axis, Parent: old}, ttgpu.SliceEncoding{Dim: axis, Parent: nw}
			for _, r := range op.Results() {
				if ir.AttrEqual(encodingOf(r.Type()), from) {
					c.relayout(ctx, fn, r, from, to)
				}
			}
		case op.Name == tt.TransOpName && tt.IsTranspose2D(op) && (members[op.Operand(0)] || members[op.Result(0)]):
			c.relayoutTranspose(ctx, fn, op, members)
		case op.Name == opDot && members[op.Result(0)]:
			for i, v := range op.Operands() {
				if d, ok := encodingOf(v.Type()).(ttgpu.DotOperandEncoding); ok && i != 2 && ir.AttrEqual(d.Parent, old) {
					d.Parent = nw
					setValueType(v, withEncoding(v.Type(), d))
				}
			}
		}
	})
}

// relayoutTranspose keeps a rank-2 tt.trans's result layout its operand's
// transposed after relayout moved one of them: a moved operand moves the
// result's class with it (the transpose stays free); a moved result whose
// operand stayed takes the operand's transposed layout back and is
// converted to the new layout for its users.
func (c *classes) relayoutTranspose(ctx *ir.Context, fn *ir.Operation, op *ir.Operation, members map[*ir.Value]bool) {
	src, res := op.Operand(0), op.Result(0)
	want, ok := transposeBlocked(encodingOf(src.Type()))
	if !ok || ir.AttrEqual(want, encodingOf(res.Type())) {
		return
	}
	if members[src] && !members[res] {
		c.relayout(ctx, fn, res, encodingOf(res.Type()), want)
		return
	}
	nw := encodingOf(res.Type())
	setValueType(res, withEncoding(res.Type(), want))
	b := ir.NewBuilder(ctx)
	b.Loc = op.Loc
	b.SetInsertionPointAfter(op)
	cv := b.Create(opConvert, []*ir.Value{res}, []ir.Type{withEncoding(res.Type(), nw)})
	res.ReplaceUsesWithIf(cv.Result(0), func(u ir.Use) bool { return u.Op != cv })
}

// sliceShared reports whether a value of src's class with layout enc feeds
// a tt.expand_dims whose result is not among members.
func (c *classes) sliceShared(src *ir.Value, enc ir.Attribute, members map[*ir.Value]bool) bool {
	root := c.find(src)
	for _, v := range c.values {
		if c.find(v) != root || !ir.AttrEqual(encodingOf(v.Type()), enc) {
			continue
		}
		for _, u := range v.Uses() {
			if u.Op.Name == opExpandDims && !members[u.Op.Result(0)] {
				return true
			}
		}
	}
	return false
}
