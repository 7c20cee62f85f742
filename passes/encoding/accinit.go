package encoding

import (
	"math"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const accInitDoc = `tritongpu-optimize-accumulator-init replaces the zeroing of a loop-carried
wgmma accumulator by the dot's useC flag (wgmma's scale-d), as Triton's pass
of that name does. It matches an scf.for that carries a value acc whose
yielded value is

  scf.if %c -> (...) { ...; scf.yield %zero } else { scf.yield %d }

(either branch order), or arith.select %c, %zero, %d (either order), where
%d is a triton_nvidia_gpu.warp_group_dot of the body without useC whose C
is acc (directly or through one convert_layout) and %zero a splat zero
constant: the pattern of a flattened persistent loop, where the iteration
that ends a tile writes it and starts the next tile from zero (Triton's
tutorial 09). The loop then yields %d for acc, the scf.if loses that
result, and a new carried i1 (true unless acc starts as a zero constant)
becomes the dot's useC: false exactly in the iterations that follow a
reset, where the dot computes C = A·B without reading acc. The tensor
never leaves the accumulator's registers (no zero tensor to carry through
the scf.if, hence no layout conversion of it), and the epilogue inside
the scf.if is the only reader of %d besides the next dot.`

// OptimizeAccumulatorInit is the tritongpu-optimize-accumulator-init pass.
var OptimizeAccumulatorInit = &pass.Pass{
	Name:     "tritongpu-optimize-accumulator-init",
	Title:    "TritonGPUOptimizeAccumulatorInit",
	Summary:  "Turn the zeroing of a loop-carried wgmma accumulator into the dot's useC flag",
	Doc:      accInitDoc,
	Anchor:   builtin.ModuleOpName,
	Requires: []*pass.Pass{AccelerateMatmul},
	Run:      runAccInit,
}

func runAccInit(ctx *pass.Context, module *ir.Operation) error {
	b := ir.NewBuilder(ctx.IR)
	for _, fn := range funcs(module) {
		for _, op := range fn.Collect(scf.ForOpName) {
			f, _ := scf.AsFor(op)
			for j := 0; j < f.NumCarried(); j++ {
				optimizeAccInit(b, f, j)
			}
		}
	}
	return nil
}

// accReset is a matched reset of carried value j: the op yielding it (an
// scf.if or arith.select), the result index, the dot, and whether the
// zero is taken when the condition holds.
type accReset struct {
	op      *ir.Operation
	res     int
	dot     *ir.Operation
	d       *ir.Value // the dot's result, or its conversion to the carried layout
	zeroOnC bool
}

// optimizeAccInit rewrites carried value j of f when it matches.
func optimizeAccInit(b *ir.Builder, f scf.ForOp, j int) {
	c := f.CarriedAt(j)
	r, ok := matchAccReset(f, c)
	if !ok {
		return
	}
	body := f.Body()
	yield := f.Yield()
	// the new carried flag: whether the next dot accumulates
	b.Loc = f.Loc
	b.SetInsertionPointBefore(f.Operation)
	init := !isZeroConst(c.Init)
	f.SetOperands(append(append([]*ir.Value(nil), f.Operands()...), arith.BuildConstantInt(b, ir.I1, boolInt(init))))
	use := body.AddArg(ir.I1)
	f.AddResult(ir.I1)
	r.dot.SetOperands(append(append([]*ir.Value(nil), r.dot.Operands()...), use))
	b.Loc = r.op.Loc
	b.SetInsertionPointAfter(r.op)
	cond := r.op.Operand(0)
	next := cond
	if r.zeroOnC {
		next = arith.BuildBinary(b, arith.XoriOpName, cond, arith.BuildConstantInt(b, ir.I1, 1))
	}
	ys := append([]*ir.Value(nil), yield.Operands()...)
	ys[j] = r.d
	if carryInDotLayout(b, f, j, r) {
		ys[j] = r.dot.Result(0)
	}
	yield.SetOperands(append(ys, next))
	if r.op.Name == scf.IfOpName {
		dropIfResult(b, r.op, r.res)
	}
}

func boolInt(v bool) int64 {
	if v {
		return 1
	}
	return 0
}

// matchAccReset matches the reset of carried value c (accInitDoc).
func matchAccReset(f scf.ForOp, c scf.Carried) (accReset, bool) {
	if c.Yielded == nil || c.Yielded.IsBlockArg() || len(c.Arg.Uses()) != 1 {
		return accReset{}, false
	}
	op := c.Yielded.DefiningOp()
	if op.Block() != f.Body() || len(c.Yielded.Uses()) != 1 {
		return accReset{}, false
	}
	var r accReset
	var a, bv *ir.Value // the value when the condition holds, and when not
	switch op.Name {
	case arith.SelectOpName:
		a, bv = op.Operand(1), op.Operand(2)
	case scf.IfOpName:
		if len(op.Regions) != 2 || len(op.Regions[1].Blocks) == 0 {
			return accReset{}, false
		}
		k := c.Yielded.Index()
		a = op.Regions[0].Entry().Terminator().Operand(k)
		bv = op.Regions[1].Entry().Terminator().Operand(k)
		r.res = k
	default:
		return accReset{}, false
	}
	r.op = op
	d := bv
	switch {
	case isZeroConst(a):
		r.zeroOnC = true
	case isZeroConst(bv):
		d = a
	default:
		return accReset{}, false
	}
	dot := d.DefiningOp()
	if dot != nil && dot.Name == opConvert && dot.Block() == f.Body() {
		dot = dot.Operand(0).DefiningOp() // the dot's result back in the carried layout
	}
	if dot == nil || dot.Name != ttng.WarpGroupDot || dot.Block() != f.Body() || ttng.WarpGroupDotUseC(dot) != nil || !ir.TypeEqual(d.Type(), c.Arg.Type()) {
		return accReset{}, false
	}
	acc := dot.Operand(2)
	if cv := acc.DefiningOp(); cv != nil && cv.Name == opConvert && cv.Block() == f.Body() && len(acc.Uses()) == 1 {
		acc = cv.Operand(0)
	}
	if acc != c.Arg {
		return accReset{}, false
	}
	r.dot, r.d = dot, d
	return r, true
}

// isZeroConst reports whether v is a splat zero constant (+0.0 or integer
// 0), possibly through convert_layout ops.
func isZeroConst(v *ir.Value) bool {
	for v.DefiningOp() != nil && v.DefiningOp().Name == opConvert {
		v = v.DefiningOp().Operand(0)
	}
	a, ok := arith.ConstantOf(v)
	if !ok {
		return false
	}
	d, ok := a.(ir.DenseElementsAttr)
	if !ok || !d.Splat || len(d.Elems) != 1 {
		return false
	}
	switch e := d.Elems[0].(type) {
	case ir.IntegerAttr:
		return e.Value == 0
	case ir.FloatAttr:
		return math.Float64bits(e.Value) == 0
	}
	return false
}

// dropIfResult rebuilds the scf.if op without result k (which has no uses
// left), its regions moved over and their yields trimmed.
func dropIfResult(b *ir.Builder, op *ir.Operation, k int) {
	var ts []ir.Type
	for i, r := range op.Results() {
		if i != k {
			ts = append(ts, r.Type())
		}
	}
	b.Loc = op.Loc
	b.SetInsertionPointBefore(op)
	n := b.CreateWithRegions(scf.IfOpName, op.Operands(), ts, len(op.Regions))
	n.Props, n.Attrs = op.Props, op.Attrs
	for i, r := range op.Regions {
		n.Regions[i].TakeBody(r)
		y := n.Regions[i].Entry().Terminator()
		vs := append([]*ir.Value(nil), y.Operands()...)
		y.SetOperands(append(vs[:k:k], vs[k+1:]...))
	}
	for i, r := range op.Results() {
		switch {
		case i < k:
			r.ReplaceAllUsesWith(n.Result(i))
		case i > k:
			r.ReplaceAllUsesWith(n.Result(i - 1))
		}
	}
	op.Erase()
}

// carryInDotLayout retypes carried value j to the dot's layout when the loop
// carried it in another one (converted into the dot and its result back for
// the yield), as accelerate-matmul does for a plain K loop: the reset that
// kept the chain in the old layout is gone. The loop's result is converted
// back for its users after the loop.
func carryInDotLayout(b *ir.Builder, f scf.ForOp, j int, r accReset) bool {
	c := f.CarriedAt(j)
	in := r.dot.Operand(2).DefiningOp()
	if in == nil || in.Name != opConvert || in.Operand(0) != c.Arg || r.d == r.dot.Result(0) {
		return false
	}
	oldT, newT := c.Arg.Type(), r.dot.Result(0).Type()
	b.Loc = f.Loc
	b.SetInsertionPointBefore(f.Operation)
	f.SetInit(j, convertOrRetype(b, c.Init, newT))
	setValueType(c.Arg, newT)
	r.dot.SetOperand(2, c.Arg)
	in.Erase()
	setValueType(c.Result, newT)
	restoreUses(b, c.Result, oldT, f.Block(), f.Operation, nil)
	return true
}
