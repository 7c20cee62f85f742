package arith

import (
	"math"

	"github.com/sparsetriton/sp/ir"
)

// This file holds the constant-folding machinery: constant operands are
// viewed as element lists (a scalar or a splat is one element), an
// element function is applied lane by lane, and the result is rebuilt as a
// scalar attribute, a splat, or a dense list of the result type.

// elemView is one constant operand seen element-wise.
type elemView struct {
	elems []ir.Attribute
	splat bool // one element stands for all (scalars and splats)
}

// viewOf returns the element view of a constant attribute, or false for
// attributes that cannot be folded (hex blobs, resources, others).
func viewOf(a ir.Attribute) (elemView, bool) {
	switch a := a.(type) {
	case ir.IntegerAttr, ir.FloatAttr:
		return elemView{elems: []ir.Attribute{a}, splat: true}, true
	case ir.DenseElementsAttr:
		if a.Hex != "" || len(a.Elems) == 0 {
			return elemView{}, false
		}
		if a.Splat {
			return elemView{elems: a.Elems[:1], splat: true}, true
		}
		if int64(len(a.Elems)) != a.Type.NumElements() {
			return elemView{}, false
		}
		return elemView{elems: a.Elems}, true
	}
	return elemView{}, false
}

func (v elemView) at(i int) ir.Attribute {
	if v.splat {
		return v.elems[0]
	}
	return v.elems[i]
}

// elemFn computes one result element from one element per operand; it
// returns nil when the lane cannot fold (division by zero, poison).
type elemFn func(elemType ir.Type, xs []ir.Attribute) ir.Attribute

// foldElementwise applies f to constant operands producing a value of type
// rt. It returns nil unless every operand is a foldable constant.
func foldElementwise(rt ir.Type, operands []ir.Attribute, f elemFn) ir.Attribute {
	views := make([]elemView, len(operands))
	allSplat := true
	for i, a := range operands {
		v, ok := viewOf(a)
		if !ok {
			return nil
		}
		views[i], allSplat = v, allSplat && v.splat
	}
	n := 1
	if !allSplat {
		n = int(rt.(ir.RankedTensorType).NumElements())
	}
	out, ok := applyLanes(ir.ElementType(rt), views, n, f)
	if !ok {
		return nil
	}
	return rebuild(rt, out)
}

func applyLanes(et ir.Type, views []elemView, n int, f elemFn) ([]ir.Attribute, bool) {
	out := make([]ir.Attribute, n)
	xs := make([]ir.Attribute, len(views))
	for i := range out {
		for j, v := range views {
			xs[j] = v.at(i)
		}
		if out[i] = f(et, xs); out[i] == nil {
			return nil, false
		}
	}
	return out, true
}

// rebuild makes a scalar attribute, a splat, or a dense list of type rt;
// a list of equal elements becomes a splat, as MLIR's DenseElementsAttr.
func rebuild(rt ir.Type, elems []ir.Attribute) ir.Attribute {
	tt, isTensor := rt.(ir.RankedTensorType)
	if !isTensor {
		return elems[0]
	}
	for _, e := range elems[1:] {
		if !e.Equal(elems[0]) {
			return ir.DenseElementsAttr{Type: tt, Elems: elems}
		}
	}
	return ir.SplatAttr(tt, elems[0])
}

// intWidth is the width used for integer semantics (index: 64).
func intWidth(t ir.Type) int {
	if it, ok := t.(ir.IntegerType); ok {
		return it.Width
	}
	return 64
}

// sext sign-extends the low w bits of v.
func sext(v int64, w int) int64 {
	if w >= 64 || w <= 0 {
		return v
	}
	return v << (64 - w) >> (64 - w)
}

// zext zero-extends the low w bits of v.
func zext(v int64, w int) uint64 {
	if w >= 64 || w <= 0 {
		return uint64(v)
	}
	return uint64(v) & (1<<w - 1)
}

// norm is the canonical stored value of v in integer type t: i1 as 0/1,
// unsigned types zero-extended, others sign-extended (MLIR prints signless
// integers as signed).
func norm(t ir.Type, v int64) int64 {
	w := intWidth(t)
	if it, ok := t.(ir.IntegerType); ok && (w == 1 || it.Sign == ir.Unsigned) {
		return int64(zext(v, w))
	}
	return sext(v, w)
}

// intResult builds an IntegerAttr of element type t holding norm(v).
func intResult(t ir.Type, v int64) ir.Attribute { return ir.IntegerAttr{Type: t, Value: norm(t, v)} }

// IntFn is an integer lane function: a and b are the stored values, w the
// width; ok false leaves the op unfolded.
type intFn func(a, b int64, w int) (int64, bool)

// intBinary lifts f to an elemFn over IntegerAttr lanes.
func intBinary(f intFn) elemFn {
	return func(et ir.Type, xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(ir.IntegerAttr)
		b, bok := xs[1].(ir.IntegerAttr)
		if !aok || !bok {
			return nil
		}
		r, ok := f(a.Value, b.Value, intWidth(et))
		if !ok {
			return nil
		}
		return intResult(et, r)
	}
}

// fitsSigned reports whether v is representable as a w-bit signed integer.
func fitsSigned(v int64, w int) bool { return sext(v, w) == v }

// Integer lane functions, named after their ops.
var (
	addI = func(a, b int64, w int) (int64, bool) { return a + b, true }
	subI = func(a, b int64, w int) (int64, bool) { return a - b, true }
	mulI = func(a, b int64, w int) (int64, bool) { return a * b, true }
	andI = func(a, b int64, w int) (int64, bool) { return a & b, true }
	orI  = func(a, b int64, w int) (int64, bool) { return a | b, true }
	xorI = func(a, b int64, w int) (int64, bool) { return a ^ b, true }
)

// divSI: c1 / c2 (signed, truncating); no fold on /0 or overflow.
func divSI(a, b int64, w int) (int64, bool) {
	sa, sb := sext(a, w), sext(b, w)
	if sb == 0 || (sb == -1 && sa == math.MinInt64) {
		return 0, false
	}
	q := sa / sb
	return q, fitsSigned(q, w)
}

// divUI: c1 / c2 (unsigned); no fold on /0.
func divUI(a, b int64, w int) (int64, bool) {
	ua, ub := zext(a, w), zext(b, w)
	if ub == 0 {
		return 0, false
	}
	return int64(ua / ub), true
}

// remSI: c1 % c2 (sign of the dividend); no fold on %0.
func remSI(a, b int64, w int) (int64, bool) {
	sa, sb := sext(a, w), sext(b, w)
	if sb == 0 {
		return 0, false
	}
	return sa % sb, true
}

// remUI: c1 % c2 (unsigned); no fold on %0.
func remUI(a, b int64, w int) (int64, bool) {
	ua, ub := zext(a, w), zext(b, w)
	if ub == 0 {
		return 0, false
	}
	return int64(ua % ub), true
}

// ceilDivSI: ceil(c1 / c2) (signed).
func ceilDivSI(a, b int64, w int) (int64, bool) {
	q, ok := divSI(a, b, w)
	sa, sb := sext(a, w), sext(b, w)
	if ok && sa%sb != 0 && (sa < 0) == (sb < 0) {
		q++
	}
	return q, ok && fitsSigned(q, w)
}

// floorDivSI: floor(c1 / c2) (signed).
func floorDivSI(a, b int64, w int) (int64, bool) {
	q, ok := divSI(a, b, w)
	sa, sb := sext(a, w), sext(b, w)
	if ok && sa%sb != 0 && (sa < 0) != (sb < 0) {
		q--
	}
	return q, ok
}

// shlI: c1 << c2; shifts of w bits or more are poison (no fold).
func shlI(a, b int64, w int) (int64, bool) {
	s := zext(b, w)
	if s >= uint64(w) {
		return 0, false
	}
	return a << s, true
}

// shrSI: c1 >> c2 (arithmetic).
func shrSI(a, b int64, w int) (int64, bool) {
	s := zext(b, w)
	if s >= uint64(w) {
		return 0, false
	}
	return sext(a, w) >> s, true
}

// shrUI: c1 >> c2 (logical).
func shrUI(a, b int64, w int) (int64, bool) {
	s := zext(b, w)
	if s >= uint64(w) {
		return 0, false
	}
	return int64(zext(a, w) >> s), true
}

func maxSI(a, b int64, w int) (int64, bool) { return max(sext(a, w), sext(b, w)), true }
func minSI(a, b int64, w int) (int64, bool) { return min(sext(a, w), sext(b, w)), true }
func maxUI(a, b int64, w int) (int64, bool) { return int64(max(zext(a, w), zext(b, w))), true }
func minUI(a, b int64, w int) (int64, bool) { return int64(min(zext(a, w), zext(b, w))), true }

// foldableFloat reports whether t's arithmetic is modelled exactly here
// (round-to-nearest-even into t via float64).
func foldableFloat(t ir.Type) bool {
	ft, ok := t.(ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64:
		return true
	}
	return false
}

// floatFn is a float lane function on float64 values.
type floatFn func(xs []float64) float64

// floatLanes lifts f to an elemFn over FloatAttr lanes; the result is
// rounded to the element type. f16/bf16/f32/f64 only.
func floatLanes(f floatFn) elemFn {
	return func(et ir.Type, xs []ir.Attribute) ir.Attribute {
		if !foldableFloat(et) {
			return nil
		}
		vs := make([]float64, len(xs))
		for i, x := range xs {
			fa, ok := x.(ir.FloatAttr)
			if !ok {
				return nil
			}
			vs[i] = fa.Value
		}
		ft := et.(ir.FloatType)
		return ir.FloatAttr{Type: ft, Value: ir.RoundToType(f(vs), ft)}
	}
}

// FloatLanes exposes floatLanes to the math dialect: it folds an op whose
// operands are all float constants (scalars, splats or dense lists) by
// applying f lane-wise, rounding to the element type of rt. It returns nil
// when an operand is not constant or the type is not f16/bf16/f32/f64.
func FloatLanes(rt ir.Type, operands []ir.Attribute, f func(xs []float64) float64) ir.Attribute {
	return foldElementwise(rt, operands, floatLanes(f))
}

// Float lane functions, named after their ops.
var (
	addF = func(x []float64) float64 { return x[0] + x[1] }
	subF = func(x []float64) float64 { return x[0] - x[1] }
	mulF = func(x []float64) float64 { return x[0] * x[1] }
	divF = func(x []float64) float64 { return x[0] / x[1] }
	remF = func(x []float64) float64 { return math.Mod(x[0], x[1]) }
	negF = func(x []float64) float64 { return -x[0] }
)

// maxNumF: IEEE maxNum, a NaN operand yields the other operand.
func maxNumF(x []float64) float64 {
	if math.IsNaN(x[0]) {
		return x[1]
	}
	if math.IsNaN(x[1]) {
		return x[0]
	}
	return math.Max(x[0], x[1])
}

// minNumF: IEEE minNum, a NaN operand yields the other operand.
func minNumF(x []float64) float64 {
	if math.IsNaN(x[0]) {
		return x[1]
	}
	if math.IsNaN(x[1]) {
		return x[0]
	}
	return math.Min(x[0], x[1])
}

// maximumF/minimumF propagate NaN and order -0 < +0 (Go's math.Max/Min).
func maximumF(x []float64) float64 { return math.Max(x[0], x[1]) }
func minimumF(x []float64) float64 { return math.Min(x[0], x[1]) }

// IntLanes folds an op whose operands are all integer constants (scalars,
// splats or dense lists) by applying f lane-wise; f receives the stored
// values (sign-extended from the element width w, i1 as 0/1) and returns
// ok false to leave the op unfolded. The result is normalised to the
// element type of rt.
func IntLanes(rt ir.Type, operands []ir.Attribute, f func(xs []int64, w int) (int64, bool)) ir.Attribute {
	return foldElementwise(rt, operands, func(et ir.Type, xs []ir.Attribute) ir.Attribute {
		vs := make([]int64, len(xs))
		for i, x := range xs {
			ia, ok := x.(ir.IntegerAttr)
			if !ok {
				return nil
			}
			vs[i] = ia.Value
		}
		r, ok := f(vs, intWidth(et))
		if !ok {
			return nil
		}
		return intResult(et, r)
	})
}
