package transform

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// UnrollFactorAttr is the loop attribute that asks triton-loop-unroll to
// unroll an scf.for (Triton's spelling).
const UnrollFactorAttr = "tt.loop_unroll_factor"

const unrollDoc = `triton-loop-unroll unrolls every scf.for that carries
tt.loop_unroll_factor = f (2 <= f <= 64; 1 only drops the attribute, other
values are an error), as Triton's pass of that name: the loop
from lb to ub by s becomes a main loop from lb to lb + (trips - trips mod f)*s
by f*s whose body is f copies of the old one (copy j at iv + j*s, each
taking the iter args the previous one yields), followed by the leftover
iterations with the main loop's results as their iter args: for f = 2 one
copy of the body under scf.if (lb' < ub), for f > 2 an scf.for from lb' to ub
by s. trips is ceil((ub - lb) / s), and a loop that runs no iteration runs
neither part. The attribute is dropped; the loop's other attributes stay on
the main loop.

tritongpu-pipeline marks the sparse wgmma loops of its mbarrier pipeline:
unrolled by two, the metadata register sets that alternate between
iterations stay in the same registers from their load until the wait that
retires their wgmma group (passes/encoding, carryMeta).`

// LoopUnroll is the triton-loop-unroll pass.
var LoopUnroll = &pass.Pass{
	Name:    "triton-loop-unroll",
	Title:   "LoopUnroll",
	Summary: "Unroll the scf.for loops marked tt.loop_unroll_factor",
	Doc:     unrollDoc,
	Anchor:  pass.AnyOp,
	Run: func(ctx *pass.Context, op *ir.Operation) error {
		var loops []*ir.Operation
		op.Walk(func(o *ir.Operation) ir.WalkResult {
			if o.Name == scf.ForOpName && o.Attr(UnrollFactorAttr) != nil {
				loops = append(loops, o)
			}
			return ir.Advance
		})
		for _, l := range loops {
			if err := unrollLoop(ir.NewBuilder(ctx.IR), l); err != nil {
				return err
			}
		}
		return nil
	},
}

// maxUnrollFactor bounds the copies of a body one loop may get.
const maxUnrollFactor = 64

// unrollLoop unrolls loop by its tt.loop_unroll_factor (see unrollDoc).
func unrollLoop(b *ir.Builder, loop *ir.Operation) error {
	fa, ok := loop.Attr(UnrollFactorAttr).(ir.IntegerAttr)
	if !ok || fa.Value < 1 || fa.Value > maxUnrollFactor {
		return ir.OpError(loop, "%s must be an integer from 1 to %d, got %s", UnrollFactorAttr, maxUnrollFactor, ir.AttrString(loop.Attr(UnrollFactorAttr)))
	}
	f := fa.Value
	loop.RemoveAttr(UnrollFactorAttr)
	if f == 1 {
		return nil
	}
	fl, _ := scf.AsFor(loop)
	lb, ub, step := fl.LowerBound(), fl.UpperBound(), fl.Step()
	t := lb.Type()
	b.Loc = loop.Loc
	b.SetInsertionPointBefore(loop)
	cf := arith.BuildConstantInt(b, t, f)
	// lb' = lb + (trips / f) * f * s, trips = (ub - lb + s - 1) / s
	span := arith.BuildBinary(b, arith.SubiOpName, ub, lb)
	num := arith.BuildBinary(b, arith.SubiOpName, arith.BuildBinary(b, arith.AddiOpName, span, step), arith.BuildConstantInt(b, t, 1))
	trips := arith.BuildBinary(b, arith.DivsiOpName, num, step)
	bigStep := arith.BuildBinary(b, arith.MuliOpName, step, cf)
	mainUB := arith.BuildBinary(b, arith.AddiOpName, lb,
		arith.BuildBinary(b, arith.MuliOpName, arith.BuildBinary(b, arith.DivsiOpName, trips, cf), bigStep))
	offs := make([]*ir.Value, f) // j*s, computed before the loop
	for j := int64(1); j < f; j++ {
		offs[j] = arith.BuildBinary(b, arith.MuliOpName, step, arith.BuildConstantInt(b, t, j))
	}
	main := scf.BuildFor(b, lb, mainUB, bigStep, fl.InitArgs(), func(ib *ir.Builder, args []*ir.Value) []*ir.Value {
		iv, carried := args[0], args[1:]
		for j := int64(0); j < f; j++ {
			at := iv
			if j > 0 {
				at = arith.BuildBinary(ib, arith.AddiOpName, iv, offs[j])
			}
			carried = cloneBody(ib, fl, at, carried)
		}
		return carried
	})
	main.Attrs = loop.Attrs
	results := main.Results()
	if len(results) != loop.NumResults() {
		return ir.OpError(loop, "triton-loop-unroll: %d results, %d yielded", loop.NumResults(), len(results))
	}
	var rest []*ir.Value
	if f == 2 {
		more := arith.BuildCmpI(b, arith.SLT, mainUB, ub)
		rif := scf.BuildIf(b, more, loop.ResultTypes(),
			func(ib *ir.Builder) []*ir.Value { return cloneBody(ib, fl, mainUB, results) },
			func(*ir.Builder) []*ir.Value { return results })
		rest = rif.Results()
	} else {
		tail := scf.BuildFor(b, mainUB, ub, step, results, func(ib *ir.Builder, args []*ir.Value) []*ir.Value {
			return cloneBody(ib, fl, args[0], args[1:])
		})
		rest = tail.Results()
	}
	for i, r := range loop.Results() {
		r.ReplaceAllUsesWith(rest[i])
	}
	loop.Erase()
	return nil
}

// cloneBody inserts a copy of fl's body (its yield left out) with the
// induction variable iv and iter args carried, and returns what it yields.
func cloneBody(b *ir.Builder, fl scf.ForOp, iv *ir.Value, carried []*ir.Value) []*ir.Value {
	m := map[*ir.Value]*ir.Value{fl.InductionVar(): iv}
	for i, a := range fl.RegionIterArgs() {
		m[a] = carried[i]
	}
	y := fl.Yield()
	for _, op := range fl.Body().Ops() {
		if op == y {
			break
		}
		b.Insert(ir.Clone(op, m))
	}
	out := make([]*ir.Value, y.NumOperands())
	for i, v := range y.Operands() {
		if w, ok := m[v]; ok {
			out[i] = w
		} else {
			out[i] = v
		}
	}
	return out
}
