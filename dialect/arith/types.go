package arith

import "github.com/sparsetriton/sp/ir"

// isIntLike reports whether t is a signless integer or index, or a tensor
// of them (MLIR's SignlessIntegerOrIndexLike).
func isIntLike(t ir.Type) bool {
	switch e := ir.ElementType(t).(type) {
	case ir.IntegerType:
		return e.Sign == ir.Signless
	case ir.IndexType:
		return true
	}
	return false
}

// isFixedIntLike is isIntLike without index (ext/trunc operands).
func isFixedIntLike(t ir.Type) bool {
	e, ok := ir.ElementType(t).(ir.IntegerType)
	return ok && e.Sign == ir.Signless
}

// isIndexLike reports whether t is index or a tensor of index.
func isIndexLike(t ir.Type) bool {
	_, ok := ir.ElementType(t).(ir.IndexType)
	return ok
}

// isBoolLike reports whether t is i1 or a tensor of i1.
func isBoolLike(t ir.Type) bool { return ir.IsInteger(ir.ElementType(t), 1) }

// sameShape reports whether a and b are both scalars, or both tensors with
// equal shapes and encodings.
func sameShape(a, b ir.Type) bool {
	ta, aok := a.(ir.RankedTensorType)
	tb, bok := b.(ir.RankedTensorType)
	if aok != bok {
		return false
	}
	return !aok || (ir.ShapeEqual(ta.Shape, tb.Shape) && ir.AttrEqual(ta.Encoding, tb.Encoding))
}

// withElem returns t's shape (scalar or tensor) with element type e.
func withElem(t, e ir.Type) ir.Type {
	if tt, ok := t.(ir.RankedTensorType); ok {
		return tt.WithElem(e)
	}
	return e
}

// boolLikeOf returns i1 shaped like t (the result type of comparisons).
func boolLikeOf(t ir.Type) ir.Type { return withElem(t, ir.I1) }

// bitWidth returns the width of an integer or float element type; index
// counts as 64 bits.
func bitWidth(t ir.Type) int {
	switch e := ir.ElementType(t).(type) {
	case ir.IntegerType:
		return e.Width
	case ir.FloatType:
		return e.Width()
	case ir.IndexType:
		return 64
	}
	return 0
}

// operandType returns the type of operand i, or nil when absent.
func operandType(op *ir.Operation, i int) ir.Type {
	if i >= op.NumOperands() || op.Operand(i) == nil {
		return nil
	}
	return op.Operand(i).Type()
}

// resultType returns the type of result i, or nil when absent.
func resultType(op *ir.Operation, i int) ir.Type {
	if i >= op.NumResults() {
		return nil
	}
	return op.Result(i).Type()
}

// attrType returns the type a typed attribute carries, or nil.
func attrType(a ir.Attribute) ir.Type {
	switch a := a.(type) {
	case ir.IntegerAttr:
		return a.Type
	case ir.FloatAttr:
		return a.Type
	case ir.DenseElementsAttr:
		return a.Type
	case ir.DenseResourceAttr:
		return a.Type
	}
	return nil
}
