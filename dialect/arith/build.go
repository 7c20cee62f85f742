package arith

import "github.com/sparsetriton/sp/ir"

// ConstantValue returns the `value` of a constant-like op (arith.constant).
func ConstantValue(op *ir.Operation) (ir.Attribute, bool) {
	if op == nil || !op.HasTrait(ir.ConstantLike) {
		return nil, false
	}
	a := op.Attr(ValueAttrName)
	return a, a != nil
}

// ConstantOf returns the constant attribute v is defined by, if any.
func ConstantOf(v *ir.Value) (ir.Attribute, bool) {
	if v == nil {
		return nil, false
	}
	return ConstantValue(v.DefiningOp())
}

// ConstantInt returns the integer of a scalar or splat integer constant,
// sign-extended from its width (i1 true is 1).
func ConstantInt(v *ir.Value) (int64, bool) {
	a, ok := ConstantOf(v)
	if !ok {
		return 0, false
	}
	e, ok := splatElem(a)
	ia, isInt := e.(ir.IntegerAttr)
	if !ok || !isInt {
		return 0, false
	}
	return ia.Value, true
}

// ConstantFloat returns the value of a scalar or splat float constant.
func ConstantFloat(v *ir.Value) (float64, bool) {
	a, ok := ConstantOf(v)
	if !ok {
		return 0, false
	}
	e, ok := splatElem(a)
	fa, isFloat := e.(ir.FloatAttr)
	if !ok || !isFloat {
		return 0, false
	}
	return fa.Value, true
}

// ConstantOperands returns, for each operand of op, the attribute of the
// constant defining it (nil where not constant): the input Fold expects.
func ConstantOperands(op *ir.Operation) []ir.Attribute {
	out := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		out[i], _ = ConstantOf(v)
	}
	return out
}

// BuildConstant inserts `arith.constant attr` and returns its result; the
// result type is the attribute's type.
func BuildConstant(b *ir.Builder, attr ir.Attribute) *ir.Value {
	return b.Create(opName("constant"), nil, []ir.Type{attrType(attr)}, ir.NamedAttr{Name: ValueAttrName, Value: attr}).Result(0)
}

// BuildConstantInt inserts an integer (or index, or splat tensor) constant
// v of type t.
func BuildConstantInt(b *ir.Builder, t ir.Type, v int64) *ir.Value {
	return BuildConstant(b, intConstOf(t, v))
}

// BuildConstantFloat inserts a float constant v (rounded to the element
// type) of scalar or tensor type t.
func BuildConstantFloat(b *ir.Builder, t ir.Type, v float64) *ir.Value {
	ft, _ := ir.ElementType(t).(ir.FloatType)
	var e ir.Attribute = ir.FloatAttr{Type: ft, Value: ir.RoundToType(v, ft)}
	if tt, ok := t.(ir.RankedTensorType); ok {
		e = ir.SplatAttr(tt, e)
	}
	return BuildConstant(b, e)
}

// BuildIndex inserts `arith.constant v : index`.
func BuildIndex(b *ir.Builder, v int64) *ir.Value { return BuildConstantInt(b, ir.IndexType{}, v) }

// BuildBinary inserts a same-typed binary op such as "arith.addi"; the
// result has lhs's type. Flag properties get their default (none).
func BuildBinary(b *ir.Builder, name string, lhs, rhs *ir.Value) *ir.Value {
	return WithDefaultFlags(b.Create(name, []*ir.Value{lhs, rhs}, []ir.Type{lhs.Type()})).Result(0)
}

// BuildUnary inserts a same-typed unary op such as "arith.negf" or
// "math.exp", with default flag properties.
func BuildUnary(b *ir.Builder, name string, x *ir.Value) *ir.Value {
	return WithDefaultFlags(b.Create(name, []*ir.Value{x}, []ir.Type{x.Type()})).Result(0)
}

// WithDefaultFlags sets the `fastmath` and `overflowFlags` properties that
// op's definition declares but op lacks to `none` (MLIR's defaults, which
// its generic form prints), and returns op.
func WithDefaultFlags(op *ir.Operation) *ir.Operation {
	if op.Def == nil {
		return op
	}
	if op.Def.IsInherent(FastMathAttrName) && op.Attr(FastMathAttrName) == nil {
		op.SetAttr(FastMathAttrName, FastMathAttr{})
	}
	if op.Def.IsInherent(OverflowAttrName) && op.Attr(OverflowAttrName) == nil {
		op.SetAttr(OverflowAttrName, OverflowAttr{})
	}
	return op
}

// BuildCast inserts a cast op such as "arith.extsi" from x to type to.
func BuildCast(b *ir.Builder, name string, x *ir.Value, to ir.Type) *ir.Value {
	return b.Create(name, []*ir.Value{x}, []ir.Type{to}).Result(0)
}

// BuildCmpI inserts `arith.cmpi pred, lhs, rhs`.
func BuildCmpI(b *ir.Builder, pred CmpIPredicate, lhs, rhs *ir.Value) *ir.Value {
	return b.Create(opName("cmpi"), []*ir.Value{lhs, rhs}, []ir.Type{boolLikeOf(lhs.Type())},
		ir.NamedAttr{Name: PredicateAttrName, Value: ir.IntAttr(ir.I64, int64(pred))}).Result(0)
}

// BuildCmpF inserts `arith.cmpf pred, lhs, rhs`.
func BuildCmpF(b *ir.Builder, pred CmpFPredicate, lhs, rhs *ir.Value) *ir.Value {
	return WithDefaultFlags(b.Create(opName("cmpf"), []*ir.Value{lhs, rhs}, []ir.Type{boolLikeOf(lhs.Type())},
		ir.NamedAttr{Name: PredicateAttrName, Value: ir.IntAttr(ir.I64, int64(pred))})).Result(0)
}

// BuildSelect inserts `arith.select cond, t, f`.
func BuildSelect(b *ir.Builder, cond, t, f *ir.Value) *ir.Value {
	return b.Create(opName("select"), []*ir.Value{cond, t, f}, []ir.Type{t.Type()}).Result(0)
}

// CmpIPredicateOf returns the predicate of an arith.cmpi.
func CmpIPredicateOf(op *ir.Operation) (CmpIPredicate, bool) {
	p := CmpIPredicate(op.IntAttrOr(PredicateAttrName, -1))
	return p, op.Name == opName("cmpi") && p.String() != ""
}

// CmpFPredicateOf returns the predicate of an arith.cmpf.
func CmpFPredicateOf(op *ir.Operation) (CmpFPredicate, bool) {
	p := CmpFPredicate(op.IntAttrOr(PredicateAttrName, -1))
	return p, op.Name == opName("cmpf") && p.String() != ""
}

// FastMath returns the fast-math flags of op (FastMathNone when absent).
func FastMath(op *ir.Operation) FastMathFlags {
	a, _ := op.Attr(FastMathAttrName).(FastMathAttr)
	return a.Flags
}

// SetFastMath sets the fast-math flags of op.
func SetFastMath(op *ir.Operation, f FastMathFlags) { op.SetAttr(FastMathAttrName, FastMathAttr{f}) }

// SetOverflow sets the overflow flags of op.
func SetOverflow(op *ir.Operation, f OverflowFlags) { op.SetAttr(OverflowAttrName, OverflowAttr{f}) }

// Overflow returns the overflow flags of op (OverflowNone when absent).
func Overflow(op *ir.Operation) OverflowFlags {
	a, _ := op.Attr(OverflowAttrName).(OverflowAttr)
	return a.Flags
}
