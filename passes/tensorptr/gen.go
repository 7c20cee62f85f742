package tensorptr

import (
	"math"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// gen builds the pointer-tensor arithmetic of one load or store. ranges
// caches make_range(0, B_d) per dimension (shared by the pointers and the
// mask).
type gen struct {
	b      *ir.Builder
	ranges []*ir.Value
}

func addI(b *ir.Builder, x, y *ir.Value) *ir.Value {
	return arith.BuildBinary(b, arith.AddiOpName, x, y)
}

func (g *gen) splat(v *ir.Value, t ir.RankedTensorType) *ir.Value {
	return g.b.Create(tt.SplatOpName, []*ir.Value{v}, []ir.Type{t}).Result(0)
}

// rangeOf returns make_range(0, B_d) : tensor<B_d x i32>.
func (g *gen) rangeOf(blk ir.RankedTensorType, d int) *ir.Value {
	if g.ranges == nil {
		g.ranges = make([]*ir.Value, len(blk.Shape))
	}
	if g.ranges[d] == nil {
		n := blk.Shape[d]
		g.ranges[d] = g.b.Create(tt.MakeRangeOpName, nil, []ir.Type{ir.NewTensor([]int64{n}, ir.I32)},
			ir.NamedAttr{Name: "end", Value: ir.I32Attr(n)}, ir.NamedAttr{Name: "start", Value: ir.I32Attr(0)}).Result(0)
	}
	return g.ranges[d]
}

// toI64 sign-extends the scalar integer v to i64 (v itself when it is one).
func (g *gen) toI64(v *ir.Value) *ir.Value {
	if it, ok := v.Type().(ir.IntegerType); ok && it.Width < 64 {
		return arith.BuildCast(g.b, arith.ExtsiOpName, v, ir.I64)
	}
	return v
}

// toFull expands the 1-D tensor v (dimension axis of shape) to rank
// len(shape) with tt.expand_dims and broadcasts it to shape.
func (g *gen) toFull(v *ir.Value, axis int, shape []int64) *ir.Value {
	cur := v
	for j := range shape {
		if j == axis {
			continue
		}
		t, _ := tt.ExpandDimsType(cur.Type().(ir.RankedTensorType), j)
		cur = g.b.Create(tt.ExpandDimsOpName, []*ir.Value{cur}, []ir.Type{t}, ir.NamedAttr{Name: "axis", Value: ir.I32Attr(int64(j))}).Result(0)
	}
	ct := cur.Type().(ir.RankedTensorType)
	if ir.ShapeEqual(ct.Shape, shape) {
		return cur
	}
	return g.b.Create(tt.BroadcastOpName, []*ir.Value{cur}, []ir.Type{ct.WithShape(shape)}).Result(0)
}

// basePointers returns P0 = splat(base) + sum_d broadcast(expand_dims(
// range_d * stride_d)): the pointers of the block at offset zero, which
// depend only on the frame (loop-invariant wherever the frame is). The
// per-element product is i32 when the stride is a constant c with
// |c| * (B_d - 1) < 2^31, i64 otherwise.
func (g *gen) basePointers(f *frame) *ir.Value {
	shape := f.block.Shape
	bt := f.base.Type().(tt.PointerType)
	ptrs := g.splat(f.base, ir.NewTensor(shape, bt))
	for d, n := range shape {
		r := g.rangeOf(f.block, d)
		var scaled *ir.Value
		if c, ok := arith.ConstantInt(f.stride[d]); ok && fitsI32(c, n) {
			t32 := ir.NewTensor([]int64{n}, ir.I32)
			scaled = arith.BuildBinary(g.b, arith.MuliOpName, r, arith.BuildConstantInt(g.b, t32, c))
		} else {
			t64 := ir.NewTensor([]int64{n}, ir.I64)
			r64 := arith.BuildCast(g.b, arith.ExtsiOpName, r, t64)
			scaled = arith.BuildBinary(g.b, arith.MuliOpName, r64, g.splat(g.toI64(f.stride[d]), t64))
		}
		off := g.toFull(scaled, d, shape)
		ptrs = g.b.Create(tt.AddptrOpName, []*ir.Value{ptrs, off}, []ir.Type{ptrs.Type()}).Result(0)
	}
	return ptrs
}

// fitsI32 reports whether c * i fits in i32 for every 0 <= i < n.
func fitsI32(c, n int64) bool {
	if c == math.MinInt64 {
		return false
	}
	if c < 0 {
		c = -c
	}
	return n <= 1 || c <= math.MaxInt32/(n-1)
}

// pointers returns addptr(P0, splat(sum_d extsi(offset_d) * stride_d)):
// only the scalar offset sum depends on the (possibly loop-carried)
// offsets.
func (g *gen) pointers(inf info) *ir.Value {
	p0 := g.basePointers(inf.frame)
	var sum *ir.Value
	for d, o := range inf.offsets {
		if c, ok := arith.ConstantInt(o); ok && c == 0 {
			continue
		}
		term := g.toI64(o)
		if c, ok := arith.ConstantInt(inf.stride[d]); !ok || c != 1 {
			term = arith.BuildBinary(g.b, arith.MuliOpName, term, g.toI64(inf.stride[d]))
		}
		if sum == nil {
			sum = term
		} else {
			sum = addI(g.b, sum, term)
		}
	}
	if sum == nil {
		return p0
	}
	off := g.splat(sum, ir.NewTensor(inf.block.Shape, ir.I64))
	return g.b.Create(tt.AddptrOpName, []*ir.Value{p0, off}, []ir.Type{p0.Type()}).Result(0)
}

// clampBound returns trunci(min(max(v, 0), n)) : i32 for the i64 scalar v.
func (g *gen) clampBound(v *ir.Value, n int64) *ir.Value {
	v = arith.BuildBinary(g.b, arith.MaxsiOpName, v, arith.BuildConstantInt(g.b, ir.I64, 0))
	v = arith.BuildBinary(g.b, arith.MinsiOpName, v, arith.BuildConstantInt(g.b, ir.I64, n))
	return arith.BuildCast(g.b, arith.TrunciOpName, v, ir.I32)
}

// mask returns the and over the checked dimensions d of
//
//	range_d <  splat(clamp(shape_d - offset_d, 0, B_d))   (offset_d + i < shape_d)
//	range_d >= splat(clamp(-offset_d, 0, B_d))            (offset_d + i >= 0)
//
// compared in i32, the second only when offset_d is not known to be
// non-negative (nonNeg). The bounds are computed in i64, so no offset or
// shape overflows. nil when no dimension is checked.
func (g *gen) mask(inf info, dims []int64, nonNeg func(*ir.Value) bool) *ir.Value {
	var mask *ir.Value
	seen := map[int64]bool{}
	for _, d := range dims {
		if d < 0 || int(d) >= len(inf.offsets) || seen[d] {
			continue
		}
		seen[d] = true
		n := inf.block.Shape[d]
		t32 := ir.NewTensor([]int64{n}, ir.I32)
		r := g.rangeOf(inf.block, int(d))
		o64 := g.toI64(inf.offsets[d])
		hiB := g.clampBound(arith.BuildBinary(g.b, arith.SubiOpName, g.toI64(inf.shape[d]), o64), n)
		m := arith.BuildCmpI(g.b, arith.SLT, r, g.splat(hiB, t32))
		if !nonNeg(inf.offsets[d]) {
			loB := g.clampBound(arith.BuildBinary(g.b, arith.SubiOpName, arith.BuildConstantInt(g.b, ir.I64, 0), o64), n)
			lo := arith.BuildCmpI(g.b, arith.SGE, r, g.splat(loB, t32))
			m = arith.BuildBinary(g.b, arith.AndiOpName, lo, m)
		}
		m = g.toFull(m, int(d), inf.block.Shape)
		if mask == nil {
			mask = m
		} else {
			mask = arith.BuildBinary(g.b, arith.AndiOpName, mask, m)
		}
	}
	return mask
}

// other is the padding value of a masked load: zero, or NaN for floats.
func (g *gen) other(op *ir.Operation, blk ir.RankedTensorType, pad tt.PaddingOption) (*ir.Value, error) {
	t := ir.NewTensor(blk.Shape, blk.Elem)
	if _, isFloat := blk.Elem.(ir.FloatType); isFloat {
		v := 0.0
		if pad == tt.PadNaN {
			v = math.NaN()
		}
		return arith.BuildConstantFloat(g.b, t, v), nil
	}
	if pad == tt.PadNaN {
		return nil, ir.Errorf(op.Loc, "%s: padding = nan needs a floating-point element type, got %s", Name, ir.TypeString(blk.Elem))
	}
	return arith.BuildConstantInt(g.b, t, 0), nil
}
