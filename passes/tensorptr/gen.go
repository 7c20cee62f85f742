package tensorptr

import (
	"math"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// gen builds the pointer-tensor arithmetic of one load or store.
type gen struct{ b *ir.Builder }

func addI(b *ir.Builder, x, y *ir.Value) *ir.Value { return arith.BuildBinary(b, "arith.addi", x, y) }

func (g gen) splat(v *ir.Value, t ir.RankedTensorType) *ir.Value {
	return g.b.Create("tt.splat", []*ir.Value{v}, []ir.Type{t}).Result(0)
}

// index returns extsi(splat(off) + make_range(0, n)) : tensor<n x i64>.
func (g gen) index(off *ir.Value, n int64) *ir.Value {
	t32 := ir.NewTensor([]int64{n}, ir.I32)
	r := g.b.Create("tt.make_range", nil, []ir.Type{t32},
		ir.NamedAttr{Name: "end", Value: ir.I32Attr(n)}, ir.NamedAttr{Name: "start", Value: ir.I32Attr(0)}).Result(0)
	sum := addI(g.b, g.splat(off, t32), r)
	return arith.BuildCast(g.b, "arith.extsi", sum, ir.NewTensor([]int64{n}, ir.I64))
}

// toFull expands the 1-D tensor v (dimension axis of shape) to rank
// len(shape) with tt.expand_dims and broadcasts it to shape.
func (g gen) toFull(v *ir.Value, axis int, shape []int64) *ir.Value {
	cur := v
	for j := range shape {
		if j == axis {
			continue
		}
		t, _ := tt.ExpandDimsType(cur.Type().(ir.RankedTensorType), j)
		cur = g.b.Create("tt.expand_dims", []*ir.Value{cur}, []ir.Type{t}, ir.NamedAttr{Name: "axis", Value: ir.I32Attr(int64(j))}).Result(0)
	}
	ct := cur.Type().(ir.RankedTensorType)
	if ir.ShapeEqual(ct.Shape, shape) {
		return cur
	}
	return g.b.Create("tt.broadcast", []*ir.Value{cur}, []ir.Type{ct.WithShape(shape)}).Result(0)
}

// pointers returns the pointer tensor of the block and the i64 index of
// each dimension.
func (g gen) pointers(inf info) (*ir.Value, []*ir.Value) {
	shape := inf.block.Shape
	bt := inf.base.Type().(tt.PointerType)
	ptrs := g.splat(inf.base, ir.NewTensor(shape, bt))
	idx := make([]*ir.Value, len(shape))
	for d, n := range shape {
		idx[d] = g.index(inf.offsets[d], n)
		t64 := ir.NewTensor([]int64{n}, ir.I64)
		scaled := arith.BuildBinary(g.b, "arith.muli", idx[d], g.splat(inf.stride[d], t64))
		off := g.toFull(scaled, d, shape)
		ptrs = g.b.Create("tt.addptr", []*ir.Value{ptrs, off}, []ir.Type{ptrs.Type()}).Result(0)
	}
	return ptrs, idx
}

// mask returns the and of 0 <= idx_d < shape_d over the checked
// dimensions, or nil when none is checked.
func (g gen) mask(inf info, idx []*ir.Value, dims []int64) *ir.Value {
	var mask *ir.Value
	seen := map[int64]bool{}
	for _, d := range dims {
		if d < 0 || int(d) >= len(idx) || seen[d] {
			continue
		}
		seen[d] = true
		n := inf.block.Shape[d]
		t64 := ir.NewTensor([]int64{n}, ir.I64)
		lo := arith.BuildCmpI(g.b, arith.SGE, idx[d], arith.BuildConstantInt(g.b, t64, 0))
		hi := arith.BuildCmpI(g.b, arith.SLT, idx[d], g.splat(inf.shape[d], t64))
		m := g.toFull(arith.BuildBinary(g.b, "arith.andi", lo, hi), int(d), inf.block.Shape)
		if mask == nil {
			mask = m
		} else {
			mask = arith.BuildBinary(g.b, "arith.andi", mask, m)
		}
	}
	return mask
}

// other is the padding value of a masked load: zero, or NaN for floats.
func (g gen) other(op *ir.Operation, blk ir.RankedTensorType, pad tt.PaddingOption) (*ir.Value, error) {
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
