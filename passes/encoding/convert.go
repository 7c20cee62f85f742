package encoding

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// ConvertOptions are the options of convert-triton-to-tritongpu.
type ConvertOptions struct {
	NumWarps       int    `opt:"num-warps" help:"warps per CTA (a power of two)"`
	ThreadsPerWarp int    `opt:"threads-per-warp" help:"threads per warp (32 on NVIDIA GPUs)"`
	NumCTAs        int    `opt:"num-ctas" help:"CTAs per cluster (sp supports 1: with sp-pipeline num-ctas=2, tritongpu-split-cta-tiles has made the IR per-CTA before this pass)"`
	Target         string `opt:"target" help:"GPU target, cuda:<compute capability> (cuda:80, cuda:90)"`
}

const convertDoc = `convert-triton-to-tritongpu gives every tensor of every tt.func a
distributed layout and sets the module attributes triton_gpu.num-warps,
triton_gpu.threads-per-warp, triton_gpu.num-ctas and triton_gpu.target.

Layouts are assigned per layout class: tensors that an op requires to share
one encoding (the operands and results of elementwise ops, tt.addptr,
tt.load, tt.store, tt.broadcast, arith.select, the init/argument/yield/result
of an scf.for or scf.if value) form one class with one blocked layout,
Triton's default for the class's representative shape (the pointer tensor of
its first load or store, else its largest tensor): sizePerThread all 1,
order [rank-1, ..., 0], threads then warps dealt fastest dimension first.
The operand of tt.expand_dims gets #triton_gpu.slice<{dim = axis, parent =
layout of the result}>; a 1-D producer chain (make_range, splat, constants,
elementwise ops) that feeds several expand_dims is cloned per expand_dims
first, so each copy gets its own slice layout without a conversion. The
result of a rank-2 tt.trans (Triton's b.T) takes its operand's blocked
layout with the two dims swapped (every per-dim field swapped, order
renamed), so the transpose moves no data; where the result's class already
has another layout (it holds the operand, as in x + x.T), the operand is
converted first. The results of tt.reduce take the slice of the reduced
operands' layout along the axis (#triton_gpu.slice<{dim = axis, parent =
...}>), as Triton's reduction requires. Where a class would still need two
layouts, a triton_gpu.convert_layout is inserted.
tt.dot operands are converted to #triton_gpu.dot_op<{opIdx, parent =
accumulator layout}>, the sparse values with meta = 0 and the metadata with
{opIdx = sparseIndex, meta = 1}; tritongpu-accelerate-matmul replaces the
parent with an MMA layout.

Rejected with a diagnostic: block pointers (run triton-rewrite-tensor-pointer
first), tensor-typed function arguments or results, num-ctas > 1, and ops
whose layout relation sp does not model (tt.reshape, tt.join, tt.split,
tt.trans of rank 3 or more, ...).`

// Convert is the convert-triton-to-tritongpu pass.
var Convert = &pass.Pass{
	Name:    "convert-triton-to-tritongpu",
	Title:   "ConvertTritonToTritonGPU",
	Summary: "Give every tensor a TritonGPU layout and set the module's GPU attributes",
	Doc:     convertDoc,
	Anchor:  builtin.ModuleOpName,
	Options: &ConvertOptions{NumWarps: 4, ThreadsPerWarp: 32, NumCTAs: 1, Target: "cuda:80"},
	Run:     runConvert,
}

func runConvert(ctx *pass.Context, module *ir.Operation) error {
	o := pass.OptionsOf[ConvertOptions](ctx)
	switch {
	case o.NumWarps < 1 || o.NumWarps&(o.NumWarps-1) != 0:
		return ir.Errorf(module.Loc, "convert-triton-to-tritongpu: num-warps must be a power of two, got %d", o.NumWarps)
	case o.ThreadsPerWarp != 32:
		return ir.Errorf(module.Loc, "convert-triton-to-tritongpu: threads-per-warp must be 32 on NVIDIA GPUs, got %d", o.ThreadsPerWarp)
	case o.NumCTAs != 1:
		return ir.Errorf(module.Loc, "convert-triton-to-tritongpu: num-ctas = %d: sp supports single-CTA kernels only", o.NumCTAs)
	}
	if _, err := parseTarget(o.Target); err != nil {
		return ir.Errorf(module.Loc, "convert-triton-to-tritongpu: %v", err)
	}
	for _, fn := range funcs(module) {
		if err := convertFunc(ctx.IR, fn, o.NumWarps, o.ThreadsPerWarp); err != nil {
			return err
		}
	}
	ttgpu.SetModuleAttrs(module, o.NumWarps, o.ThreadsPerWarp, o.NumCTAs, o.Target)
	return nil
}

// linkedOps are the ops whose tensor operands and results share one layout.
var linkedOps = map[string]bool{
	tt.AddptrOpName: true, tt.LoadOpName: true, tt.StoreOpName: true, tt.BroadcastOpName: true, tt.BitcastOpName: true,
	tt.FpToFpOpName: true, tt.IntToPtrOpName: true, tt.PtrToIntOpName: true, tt.ClampfOpName: true,
	tt.PreciseSqrtOpName: true, tt.PreciseDivfOpName: true, tt.MulhiuiOpName: true, tt.ExternElementwiseOpName: true,
	tt.AtomicRmwOpName: true, tt.AtomicCasOpName: true, tt.PrintOpName: true, tt.AssertOpName: true,
}

// sourceOps define a tensor from scalars; their result joins its users' class.
var sourceOps = map[string]bool{tt.SplatOpName: true, tt.MakeRangeOpName: true, opConstant: true}

func isTensor(t ir.Type) bool { _, ok := t.(ir.RankedTensorType); return ok }

func hasTensor(vs []*ir.Value) bool {
	for _, v := range vs {
		if isTensor(v.Type()) {
			return true
		}
	}
	return false
}

// checkConvertible rejects what the layout assignment does not model.
func checkConvertible(fn *ir.Operation) error {
	if ft, ok := tt.FuncType(fn); ok {
		for _, t := range append(append([]ir.Type(nil), ft.Inputs...), ft.Results...) {
			if isTensor(t) {
				return ir.OpError(fn, "convert-triton-to-tritongpu: tensor-typed function arguments and results are not supported")
			}
		}
	}
	var err error
	fn.WalkOps(func(op *ir.Operation) {
		if err != nil {
			return
		}
		for _, v := range append(append([]*ir.Value(nil), op.Operands()...), op.Results()...) {
			if pt, ok := v.Type().(tt.PointerType); ok && pt.IsBlockPointer() {
				err = ir.OpError(op, "convert-triton-to-tritongpu: block pointers are not supported; run triton-rewrite-tensor-pointer first")
				return
			}
		}
		if !hasTensor(op.Operands()) && !hasTensor(op.Results()) {
			return
		}
		if op.Name == tt.TransOpName && !tt.IsTranspose2D(op) && !isIdentityTrans(op) {
			err = ir.OpError(op, "convert-triton-to-tritongpu: tt.trans of a register tensor must swap the two dims of a rank-2 tensor")
			return
		}
		if op.Name == tt.ReduceOpName && !isTensorReduce(op) {
			err = ir.OpError(op, "convert-triton-to-tritongpu: tt.reduce must reduce tensors of one shape along an axis inside their rank")
			return
		}
		switch {
		case linkedOps[op.Name], sourceOps[op.Name], op.Name == opExpandDims, op.Name == opDot, op.Name == tt.DescriptorLoadOpName, op.Name == tt.TransOpName, op.Name == tt.ReduceOpName,
			op.Name == opFor, op.Name == scf.IfOpName, op.Name == opYield,
			strings.HasPrefix(op.Name, "arith."), strings.HasPrefix(op.Name, "math."):
		default:
			err = ir.OpError(op, "convert-triton-to-tritongpu: sp's layout assignment does not support this op on tensors")
		}
	})
	return err
}

func convertFunc(ctx *ir.Context, fn *ir.Operation, numWarps, tpw int) error {
	if err := checkConvertible(fn); err != nil {
		return err
	}
	cloneExpandTrees(fn)
	c := newClasses()
	c.build(fn)
	c.apply(ctx, fn, numWarps, tpw)
	return nil
}

// classes is a union-find over tensor values.
type classes struct {
	parent     map[*ir.Value]*ir.Value
	values     []*ir.Value
	memOp      map[*ir.Value][]int64 // value -> pointer shape of a load/store using it
	derived    map[*ir.Value][]*ir.Operation
	transposed map[*ir.Value]*ir.Operation // result of a rank-2 tt.trans -> the op
	reduced    map[*ir.Value]*ir.Operation // tensor result of a tt.reduce -> the op
	layouts    map[*ir.Value]ir.Attribute
}

func newClasses() *classes {
	return &classes{parent: map[*ir.Value]*ir.Value{}, memOp: map[*ir.Value][]int64{},
		derived: map[*ir.Value][]*ir.Operation{}, transposed: map[*ir.Value]*ir.Operation{}, reduced: map[*ir.Value]*ir.Operation{},
		layouts: map[*ir.Value]ir.Attribute{}}
}

// isTensorReduce reports whether op (a tt.reduce) reduces ranked tensors
// of one shape along an axis inside their rank.
func isTensorReduce(op *ir.Operation) bool {
	if op.NumOperands() == 0 {
		return false
	}
	rt, ok := op.Operand(0).Type().(ir.RankedTensorType)
	axis := int(op.IntAttrOr("axis", -1))
	if !ok || axis < 0 || axis >= len(rt.Shape) {
		return false
	}
	for _, v := range op.Operands() {
		if t, ok := v.Type().(ir.RankedTensorType); !ok || !ir.ShapeEqual(t.Shape, rt.Shape) {
			return false
		}
	}
	return true
}

// isIdentityTrans reports whether op is a tt.trans whose order is the
// identity (a no-op that shares its operand's layout).
func isIdentityTrans(op *ir.Operation) bool {
	for i, d := range tt.TransOrder(op) {
		if d != int64(i) {
			return false
		}
	}
	return true
}

func (c *classes) add(v *ir.Value) {
	if !isTensor(v.Type()) {
		return
	}
	if _, ok := c.parent[v]; !ok {
		c.parent[v] = v
		c.values = append(c.values, v)
	}
}

func (c *classes) find(v *ir.Value) *ir.Value {
	for c.parent[v] != v {
		c.parent[v] = c.parent[c.parent[v]]
		v = c.parent[v]
	}
	return v
}

func (c *classes) union(vs ...*ir.Value) {
	var first *ir.Value
	for _, v := range vs {
		if v == nil || !isTensor(v.Type()) {
			continue
		}
		c.add(v)
		if first == nil {
			first = v
			continue
		}
		a, b := c.find(first), c.find(v)
		if a != b {
			c.parent[b] = a
		}
	}
}

// build records every tensor value and the same-layout constraints of fn.
func (c *classes) build(fn *ir.Operation) {
	fn.WalkOps(func(op *ir.Operation) {
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for _, a := range b.Args() {
					c.add(a)
				}
			}
		}
		for _, v := range op.Results() {
			c.add(v)
		}
		c.link(op)
	})
}

func (c *classes) link(op *ir.Operation) {
	switch {
	case op.Name == opFor:
		body := op.Regions[0].Entry()
		y := body.Terminator()
		for j, init := range op.Operands()[scf.InitOperandIndex(0):] {
			c.union(init, body.Arg(j+1), op.Result(j), y.Operand(j))
		}
	case op.Name == scf.IfOpName:
		for _, r := range op.Regions {
			if b := r.Entry(); b != nil && b.Terminator() != nil {
				for j, v := range b.Terminator().Operands() {
					c.union(op.Result(j), v)
				}
			}
		}
	case op.Name == tt.PrintOpName: // independent operands of any shapes
	case op.Name == opDot:
		c.union(op.Operand(2), op.Result(0))
	case op.Name == opExpandDims:
		c.add(op.Operand(0))
		c.derived[op.Operand(0)] = append(c.derived[op.Operand(0)], op)
	case op.Name == tt.TransOpName && tt.IsTranspose2D(op): // the result's class takes the operand's layout transposed
		c.add(op.Operand(0))
		c.add(op.Result(0))
		c.transposed[op.Result(0)] = op
	case op.Name == tt.ReduceOpName: // the operands share a class; the results' class is its slice along axis
		c.union(op.Operands()...)
		c.union(op.Results()...)
		for _, r := range op.Results() {
			c.reduced[r] = op
		}
	case op.Name == tt.DescriptorLoadOpName: // a tile of its own class (the descriptor and indices are scalars)
		c.add(op.Result(0))
	case op.Name == opLoad || op.Name == opStore:
		c.union(append(append([]*ir.Value(nil), op.Operands()...), op.Results()...)...)
		if s, ok := tt.ShapeOf(op.Operand(0).Type()); ok {
			c.memOp[op.Operand(0)] = s
		}
	case sourceOps[op.Name] || op.Name == opYield || op.Name == opConvert || strings.HasPrefix(op.Name, "triton_gpu."):
	default:
		c.union(append(append([]*ir.Value(nil), op.Operands()...), op.Results()...)...)
	}
}

// layoutOf returns the layout of v's class, computing it on first use.
func (c *classes) layoutOf(v *ir.Value, numWarps, tpw int) ir.Attribute {
	root := c.find(v)
	if l, ok := c.layouts[root]; ok {
		return l
	}
	// A class derived from an expand_dims result is a slice of its layout
	// (the first expand_dims in program order decides). The default is
	// recorded first so that a malformed cycle cannot recurse forever.
	c.layouts[root] = defaultBlocked(c.representativeShape(root), numWarps, tpw)
	for _, w := range c.values {
		if c.find(w) != root {
			continue
		}
		if eds := c.derived[w]; len(eds) > 0 {
			e := eds[0]
			l := ttgpu.SliceEncoding{Dim: int(e.IntAttrOr("axis", 0)), Parent: c.layoutOf(e.Result(0), numWarps, tpw)}
			c.layouts[root] = l
			return l
		}
	}
	// A class holding a tt.reduce result is the slice of the reduced
	// operands' layout along the axis (Triton's rule), so the reduction's
	// results need no conversion.
	for _, w := range c.values {
		if rd := c.reduced[w]; rd != nil && c.find(w) == root && c.find(rd.Operand(0)) != root {
			l := ttgpu.SliceEncoding{Dim: int(rd.IntAttrOr("axis", 0)), Parent: c.layoutOf(rd.Operand(0), numWarps, tpw)}
			c.layouts[root] = l
			return l
		}
	}
	// A class holding a tt.trans result takes the operand's layout with its
	// dims swapped (the first such result in program order decides), so the
	// transpose moves no data.
	for _, w := range c.values {
		if tr := c.transposed[w]; tr != nil && c.find(w) == root && c.find(tr.Operand(0)) != root {
			if l, ok := transposeBlocked(c.layoutOf(tr.Operand(0), numWarps, tpw)); ok {
				c.layouts[root] = l
				return l
			}
		}
	}
	return c.layouts[root]
}

// representativeShape is the pointer shape of the class's first load or
// store, else its largest tensor shape.
func (c *classes) representativeShape(root *ir.Value) []int64 {
	var best []int64
	bestN := int64(-1)
	for _, w := range c.values {
		if c.find(w) != root {
			continue
		}
		if s, ok := c.memOp[w]; ok {
			return s
		}
		rt := w.Type().(ir.RankedTensorType)
		if n := rt.NumElements(); n > bestN {
			best, bestN = rt.Shape, n
		}
	}
	return best
}

// apply sets every tensor type and inserts the conversions that dots and
// conflicting expand_dims need.
func (c *classes) apply(ctx *ir.Context, fn *ir.Operation, numWarps, tpw int) {
	enc := map[*ir.Value]ir.Attribute{}
	for _, v := range c.values {
		enc[v] = c.layoutOf(v, numWarps, tpw)
	}
	for _, v := range c.values {
		setValueType(v, withEncoding(v.Type(), enc[v]))
	}
	b := ir.NewBuilder(ctx)
	var trans, reduces []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		switch op.Name {
		case opExpandDims:
			want := ttgpu.SliceEncoding{Dim: int(op.IntAttrOr("axis", 0)), Parent: encodingOf(op.Result(0).Type())}
			src := op.Operand(0)
			if !ir.AttrEqual(encodingOf(src.Type()), want) {
				b.Loc = op.Loc
				b.SetInsertionPointBefore(op)
				op.SetOperand(0, newConvert(b, src, withEncoding(src.Type(), want)))
			}
		case opDot:
			convertDotOperands(b, op)
		case tt.TransOpName:
			if tt.IsTranspose2D(op) {
				trans = append(trans, op)
			}
		case tt.ReduceOpName:
			reduces = append(reduces, op)
		}
	})
	for _, op := range reduces {
		fitReduce(b, op)
	}
	for _, op := range trans {
		fitTranspose(b, op, defaultBlocked(op.Operand(0).Type().(ir.RankedTensorType).Shape, numWarps, tpw))
	}
}

// fitReduce makes each tensor result of a tt.reduce the slice of its
// operands' layout along the axis, as the op requires; where the results'
// class has another layout, the result is converted to it for its users.
func fitReduce(b *ir.Builder, op *ir.Operation) {
	want := ttgpu.SliceEncoding{Dim: int(op.IntAttrOr("axis", 0)), Parent: encodingOf(op.Operand(0).Type())}
	for _, r := range op.Results() {
		rt, ok := r.Type().(ir.RankedTensorType)
		if !ok || ir.AttrEqual(rt.Encoding, want) {
			continue
		}
		setValueType(r, withEncoding(rt, want))
		b.Loc = op.Loc
		b.SetInsertionPointAfter(op)
		cv := b.Create(opConvert, []*ir.Value{r}, []ir.Type{rt})
		r.ReplaceUsesWithIf(cv.Result(0), func(u ir.Use) bool { return u.Op != cv })
	}
}

// fitTranspose makes a rank-2 tt.trans's result layout its operand's
// transposed, as the op requires: where the classes chose otherwise (the
// operand and result share a class, or the result's class took its layout
// from elsewhere), the operand is first converted to the blocked layout
// whose transposition is the result's, else the result is converted from
// the transposed default layout.
func fitTranspose(b *ir.Builder, op *ir.Operation, fallback ttgpu.BlockedEncoding) {
	src, res := op.Operand(0), op.Result(0)
	if tb, ok := transposeBlocked(encodingOf(src.Type())); ok && ir.AttrEqual(tb, encodingOf(res.Type())) {
		return
	}
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	v := untransposeTo(b, src, res.Type().(ir.RankedTensorType), fallback)
	res.ReplaceAllUsesWith(v)
	op.Erase()
}

// convertDotOperands converts a, b (and e) of a dot to dot_op encodings
// whose parent is the accumulator layout.
func convertDotOperands(b *ir.Builder, op *ir.Operation) {
	parent := encodingOf(op.Result(0).Type())
	si := tt.DotSparseIndex(op)
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	for i := 0; i < op.NumOperands(); i++ {
		if i == 2 {
			continue
		}
		d := ttgpu.DotOperandEncoding{OpIdx: i, Parent: parent, Meta: ttgpu.MetaNone}
		switch {
		case i == 3:
			d.OpIdx, d.Meta = si, ttgpu.MetaMeta
		case i == si:
			d.Meta = ttgpu.MetaValues
		}
		v := op.Operand(i)
		op.SetOperand(i, newConvert(b, v, withEncoding(v.Type(), d)))
	}
}

// cloneExpandTrees gives each tt.expand_dims its own copy of the pure 1-D
// producer chain of its operand when that chain is shared, so that every
// copy can take the slice layout of its own expand_dims.
func cloneExpandTrees(fn *ir.Operation) {
	cloned := map[*ir.Operation]bool{}
	for _, e := range fn.Collect(opExpandDims) {
		tree, ok := producerTree(e.Operand(0))
		if !ok || !sharedOutside(tree, e) {
			continue
		}
		m := map[*ir.Value]*ir.Value{}
		for _, op := range tree { // tree is in dependency order
			c := ir.Clone(op, m)
			op.Block().InsertAfter(op, c)
			cloned[op] = true
		}
		e.SetOperand(0, m[e.Operand(0)])
	}
	eraseDead(cloned)
}

// producerTree returns the ops defining v's tensor operands transitively, in
// dependency order, when all are pure, region-free op results.
func producerTree(v *ir.Value) ([]*ir.Operation, bool) {
	var order []*ir.Operation
	seen := map[*ir.Operation]bool{}
	var visit func(v *ir.Value) bool
	visit = func(v *ir.Value) bool {
		op := v.DefiningOp()
		if op == nil || !op.HasTrait(ir.Pure) || len(op.Regions) > 0 || op.NumResults() != 1 {
			return false
		}
		if seen[op] {
			return true
		}
		seen[op] = true
		for _, x := range op.Operands() {
			if isTensor(x.Type()) && !visit(x) {
				return false
			}
		}
		order = append(order, op)
		return true
	}
	return order, visit(v)
}

func sharedOutside(tree []*ir.Operation, e *ir.Operation) bool {
	in := map[*ir.Operation]bool{e: true}
	for _, op := range tree {
		in[op] = true
	}
	for _, op := range tree {
		for _, u := range op.Result(0).Users() {
			if !in[u] {
				return true
			}
		}
	}
	return false
}

// eraseDead erases the ops of set whose results became unused, users first.
func eraseDead(set map[*ir.Operation]bool) {
	ops := make([]*ir.Operation, 0, len(set))
	for op := range set {
		ops = append(ops, op)
	}
	for changed := true; changed; {
		changed = false
		for i, op := range ops {
			if op == nil || op.Result(0).HasUses() {
				continue
			}
			op.Erase()
			ops[i] = nil
			changed = true
		}
	}
}
