package arith

import (
	"math"

	"github.com/sparsetriton/sp/ir"
)

// This file holds the per-op Fold hooks. A hook receives the constant
// value of each operand (nil where not constant) and returns one
// FoldResult, or nil when the op does not fold. Each rule carries its
// algebraic identity as a comment.

type foldFn = func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult

// rule is an identity that folds an op to an existing value or constant.
type rule func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool)

// foldWith folds constants lane-wise first, then tries the rules in order.
func foldWith(lanes elemFn, rules ...rule) foldFn {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		if op.NumResults() != 1 || len(c) != op.NumOperands() {
			return nil
		}
		if a := foldElementwise(op.Result(0).Type(), c, lanes); a != nil {
			return []ir.FoldResult{{Attr: a}}
		}
		for _, r := range rules {
			if res, ok := r(op, c); ok {
				return []ir.FoldResult{res}
			}
		}
		return nil
	}
}

// splatElem returns the single element of a scalar or splat constant.
func splatElem(a ir.Attribute) (ir.Attribute, bool) {
	v, ok := viewOf(a)
	if !ok || !v.splat {
		return nil, false
	}
	return v.elems[0], true
}

// isIntConst reports whether a is the integer v (scalar or splat), compared
// in a's element type (so -1 matches all-ones).
func isIntConst(a ir.Attribute, v int64) bool {
	e, ok := splatElem(a)
	ia, isInt := e.(ir.IntegerAttr)
	return ok && isInt && ia.Value == norm(ia.Type, v)
}

// isFloatConst reports whether a is the float v bit for bit (so -0.0 and
// +0.0 differ), scalar or splat.
func isFloatConst(a ir.Attribute, v float64) bool {
	e, ok := splatElem(a)
	fa, isFloat := e.(ir.FloatAttr)
	return ok && isFloat && math.Float64bits(fa.Value) == math.Float64bits(v)
}

func valueResult(v *ir.Value) (ir.FoldResult, bool) { return ir.FoldResult{Value: v}, true }

// rhsInt: op(x, k) -> x.
func rhsInt(k int64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isIntConst(c[1], k) {
			return valueResult(op.Operand(0))
		}
		return ir.FoldResult{}, false
	}
}

// lhsInt: op(k, x) -> x (commutative ops).
func lhsInt(k int64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isIntConst(c[0], k) {
			return valueResult(op.Operand(1))
		}
		return ir.FoldResult{}, false
	}
}

// absorbInt: op(x, k) -> k and op(k, x) -> k (muli by 0, andi with 0).
func absorbInt(k int64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		for _, a := range c {
			if isIntConst(a, k) {
				return ir.FoldResult{Attr: a}, true
			}
		}
		return ir.FoldResult{}, false
	}
}

// rhsIntGives: op(x, k) -> r (remsi x, 1 -> 0).
func rhsIntGives(k, r int64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isIntConst(c[1], k) {
			return ir.FoldResult{Attr: intConstOf(op.Result(0).Type(), r)}, true
		}
		return ir.FoldResult{}, false
	}
}

// idempotent: op(x, x) -> x.
func idempotent(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if op.Operand(0) == op.Operand(1) {
		return valueResult(op.Operand(0))
	}
	return ir.FoldResult{}, false
}

// selfZero: op(x, x) -> 0 (subi, xori).
func selfZero(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if op.Operand(0) == op.Operand(1) {
		return ir.FoldResult{Attr: intConstOf(op.Result(0).Type(), 0)}, true
	}
	return ir.FoldResult{}, false
}

// rhsFloat: op(x, k) -> x, k compared bit for bit.
func rhsFloat(k float64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isFloatConst(c[1], k) {
			return valueResult(op.Operand(0))
		}
		return ir.FoldResult{}, false
	}
}

// lhsFloat: op(k, x) -> x.
func lhsFloat(k float64) rule {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isFloatConst(c[0], k) {
			return valueResult(op.Operand(1))
		}
		return ir.FoldResult{}, false
	}
}

// intConstOf returns the integer v of type t (a splat for tensors).
func intConstOf(t ir.Type, v int64) ir.Attribute {
	e := intResult(ir.ElementType(t), v)
	if tt, ok := t.(ir.RankedTensorType); ok {
		return ir.SplatAttr(tt, e)
	}
	return e
}

// boolConstOf returns the i1 constant b shaped like t.
func boolConstOf(t ir.Type, b bool) ir.Attribute {
	if b {
		return intConstOf(t, 1)
	}
	return intConstOf(t, 0)
}

// foldCmpI: cmpi(c1, c2) -> c; cmpi(x, x) -> true for eq/sle/sge/ule/uge,
// false otherwise.
func foldCmpI(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 || op.NumResults() != 1 || len(c) != 2 {
		return nil
	}
	pred := CmpIPredicate(op.IntAttrOr(PredicateAttrName, -1))
	if pred.String() == "" {
		return nil
	}
	rt := op.Result(0).Type()
	if op.Operand(0) == op.Operand(1) {
		return []ir.FoldResult{{Attr: boolConstOf(rt, pred == EQ || pred == SLE || pred == SGE || pred == ULE || pred == UGE)}}
	}
	lanes := func(et ir.Type, xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(ir.IntegerAttr)
		b, bok := xs[1].(ir.IntegerAttr)
		if !aok || !bok {
			return nil
		}
		return ir.BoolAttr(CompareInts(pred, a.Value, b.Value, intWidth(a.Type)))
	}
	if a := foldElementwise(rt, c, lanes); a != nil {
		return []ir.FoldResult{{Attr: a}}
	}
	return nil
}

// CompareInts evaluates pred on two w-bit integers.
func CompareInts(pred CmpIPredicate, a, b int64, w int) bool {
	sa, sb, ua, ub := sext(a, w), sext(b, w), zext(a, w), zext(b, w)
	switch pred {
	case EQ:
		return ua == ub
	case NE:
		return ua != ub
	case SLT:
		return sa < sb
	case SLE:
		return sa <= sb
	case SGT:
		return sa > sb
	case SGE:
		return sa >= sb
	case ULT:
		return ua < ub
	case ULE:
		return ua <= ub
	case UGT:
		return ua > ub
	}
	return ua >= ub
}

// foldCmpF: cmpf(c1, c2) -> c; cmpf true/false -> the constant.
func foldCmpF(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 || op.NumResults() != 1 || len(c) != 2 {
		return nil
	}
	pred := CmpFPredicate(op.IntAttrOr(PredicateAttrName, -1))
	rt := op.Result(0).Type()
	switch {
	case pred.String() == "":
		return nil
	case pred == FFalse || pred == FTrue:
		return []ir.FoldResult{{Attr: boolConstOf(rt, pred == FTrue)}}
	}
	lanes := func(et ir.Type, xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(ir.FloatAttr)
		b, bok := xs[1].(ir.FloatAttr)
		if !aok || !bok {
			return nil
		}
		return ir.BoolAttr(CompareFloats(pred, a.Value, b.Value))
	}
	if a := foldElementwise(rt, c, lanes); a != nil {
		return []ir.FoldResult{{Attr: a}}
	}
	return nil
}

// CompareFloats evaluates pred with IEEE ordered/unordered semantics.
func CompareFloats(pred CmpFPredicate, a, b float64) bool {
	unordered := math.IsNaN(a) || math.IsNaN(b)
	switch pred {
	case FFalse:
		return false
	case FTrue:
		return true
	case FORD:
		return !unordered
	case FUNO:
		return unordered
	}
	var rel bool
	switch pred {
	case FOEQ, FUEQ:
		rel = a == b
	case FOGT, FUGT:
		rel = a > b
	case FOGE, FUGE:
		rel = a >= b
	case FOLT, FULT:
		rel = a < b
	case FOLE, FULE:
		rel = a <= b
	case FONE, FUNE:
		rel = a != b
	}
	if pred >= FUEQ {
		return unordered || rel
	}
	return !unordered && rel
}

// foldSelect: select(true, a, b) -> a; select(false, a, b) -> b;
// select(c, x, x) -> x; select(c, true, false) -> c for i1 results.
func foldSelect(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 3 || op.NumResults() != 1 || len(c) != 3 {
		return nil
	}
	switch {
	case isIntConst(c[0], 1):
		return []ir.FoldResult{{Value: op.Operand(1)}}
	case isIntConst(c[0], 0):
		return []ir.FoldResult{{Value: op.Operand(2)}}
	case op.Operand(1) == op.Operand(2):
		return []ir.FoldResult{{Value: op.Operand(1)}}
	case isBoolLike(op.Result(0).Type()) && ir.TypeEqual(op.Operand(0).Type(), op.Result(0).Type()) &&
		isIntConst(c[1], 1) && isIntConst(c[2], 0):
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

// foldCast folds a constant operand lane-wise with conv; conv receives the
// input element and the result element type.
func foldCast(conv func(x ir.Attribute, et ir.Type) ir.Attribute, rules ...rule) foldFn {
	return foldWith(func(et ir.Type, xs []ir.Attribute) ir.Attribute { return conv(xs[0], et) }, rules...)
}

// intIn adapts an integer conversion: f(value, input width).
func intIn(f func(v int64, w int, et ir.Type) ir.Attribute) func(ir.Attribute, ir.Type) ir.Attribute {
	return func(x ir.Attribute, et ir.Type) ir.Attribute {
		ia, ok := x.(ir.IntegerAttr)
		if !ok {
			return nil
		}
		return f(ia.Value, intWidth(ia.Type), et)
	}
}

// floatIn adapts a float conversion: f(value, input type).
func floatIn(f func(v float64, ft ir.FloatType, et ir.Type) ir.Attribute) func(ir.Attribute, ir.Type) ir.Attribute {
	return func(x ir.Attribute, et ir.Type) ir.Attribute {
		fa, ok := x.(ir.FloatAttr)
		if !ok || !foldableFloat(fa.Type) {
			return nil
		}
		return f(fa.Value, fa.Type, et)
	}
}

// Cast lane conversions: extsi(c), extui(c), trunci(c), index_cast(c), ...
var (
	convExtSI = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return intResult(et, sext(v, w)) })
	convExtUI = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return intResult(et, int64(zext(v, w))) })
	convTrunc = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return intResult(et, v) })
	convIdxS  = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return intResult(et, sext(v, w)) })
	convIdxU  = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return intResult(et, int64(zext(v, w))) })
	convSIToF = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return floatOf(et, float64(sext(v, w))) })
	convUIToF = intIn(func(v int64, w int, et ir.Type) ir.Attribute { return floatOf(et, float64(zext(v, w))) })
	convExtF  = floatIn(func(v float64, _ ir.FloatType, et ir.Type) ir.Attribute { return floatOf(et, v) })
	convFToSI = floatIn(func(v float64, _ ir.FloatType, et ir.Type) ir.Attribute { return fpToInt(v, et, true) })
	convFToUI = floatIn(func(v float64, _ ir.FloatType, et ir.Type) ir.Attribute { return fpToInt(v, et, false) })
)

// floatOf rounds v into float type et; nil when et is not foldable or a
// finite v overflows to infinity.
func floatOf(et ir.Type, v float64) ir.Attribute {
	if !foldableFloat(et) {
		return nil
	}
	ft := et.(ir.FloatType)
	r := ir.RoundToType(v, ft)
	if math.IsInf(r, 0) && !math.IsInf(v, 0) {
		return nil
	}
	return ir.FloatAttr{Type: ft, Value: r}
}

// fpToInt truncates v toward zero; nil when v is NaN or out of range.
func fpToInt(v float64, et ir.Type, signed bool) ir.Attribute {
	w := intWidth(et)
	t := math.Trunc(v)
	lo, hi := -math.Ldexp(1, w-1), math.Ldexp(1, w-1)
	if !signed {
		lo, hi = 0, math.Ldexp(1, w)
	}
	if math.IsNaN(t) || t < lo || t >= hi {
		return nil
	}
	if !signed && t >= math.Ldexp(1, 63) {
		return intResult(et, int64(uint64(t)))
	}
	return intResult(et, int64(t))
}

// convIndexCast: index_cast sign-extends into index and truncates out of it.
func convIndexCast(signed bool) func(ir.Attribute, ir.Type) ir.Attribute {
	return func(x ir.Attribute, et ir.Type) ir.Attribute {
		if _, toIndex := et.(ir.IndexType); toIndex && signed {
			return convIdxS(x, et)
		} else if toIndex {
			return convIdxU(x, et)
		}
		return convTrunc(x, et)
	}
}

// convBitcast reinterprets the bits of an int or float lane.
func convBitcast(x ir.Attribute, et ir.Type) ir.Attribute {
	var bits uint64
	switch x := x.(type) {
	case ir.IntegerAttr:
		bits = zext(x.Value, intWidth(x.Type))
	case ir.FloatAttr:
		if !foldableFloat(x.Type) {
			return nil
		}
		bits, _ = ir.FloatBits(x.Value, x.Type)
	default:
		return nil
	}
	if ft, ok := et.(ir.FloatType); ok {
		if !foldableFloat(ft) {
			return nil
		}
		return ir.FloatAttr{Type: ft, Value: ir.FloatFromBits(bits, ft)}
	}
	return intResult(et, int64(bits))
}

// truncOfExt: trunci(extsi(x)) -> x and trunci(extui(x)) -> x when x has
// the result type.
func truncOfExt(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || (def.Name != "arith.extsi" && def.Name != "arith.extui") || def.NumOperands() != 1 {
		return ir.FoldResult{}, false
	}
	if src := def.Operand(0); ir.TypeEqual(src.Type(), op.Result(0).Type()) {
		return valueResult(src)
	}
	return ir.FoldResult{}, false
}

// bitcastOfBitcast: bitcast(bitcast(x)) -> x when x has the result type.
func bitcastOfBitcast(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name != "arith.bitcast" || def.NumOperands() != 1 {
		return ir.FoldResult{}, false
	}
	if src := def.Operand(0); ir.TypeEqual(src.Type(), op.Result(0).Type()) {
		return valueResult(src)
	}
	return ir.FoldResult{}, false
}
