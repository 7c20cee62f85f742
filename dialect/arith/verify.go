package arith

import "github.com/sparsetriton/sp/ir"

// checkCounts verifies the operand and result counts.
func checkCounts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpError(op, "expected %d operands, found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpError(op, "expected %d results, found %d", results, op.NumResults())
	}
	return nil
}

// typeCheck names a class of types for verifiers and their messages.
type typeCheck struct {
	ok   func(ir.Type) bool
	desc string
}

var (
	intLike   = typeCheck{isIntLike, "signless-integer-like"}
	fixedInt  = typeCheck{isFixedIntLike, "signless-fixed-width-integer-like"}
	floatLike = typeCheck{ir.IsFloatLike, "floating-point-like"}
	boolLike  = typeCheck{isBoolLike, "bool-like"}
)

// verifyElementwise returns a verifier for ops with n operands of class c
// and one result (type equality is the SameOperandsAndResultType trait).
func verifyElementwise(n int, c typeCheck) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := checkCounts(op, n, 1); err != nil {
			return err
		}
		if t := op.Result(0).Type(); !c.ok(t) {
			return ir.OpError(op, "result #0 must be %s, but got '%s'", c.desc, ir.TypeString(t))
		}
		return nil
	}
}

// verifyFlags checks that the optional flag attribute has the right kind.
func verifyFlags(k flagKind) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if a := op.Attr(FastMathAttrName); a != nil {
			if _, ok := a.(FastMathAttr); !ok || k != fastMathFlags {
				return ir.OpError(op, "attribute 'fastmath' must be #arith.fastmath on a float op")
			}
		}
		if a := op.Attr(OverflowAttrName); a != nil {
			if _, ok := a.(OverflowAttr); !ok || k != overflowFlags {
				return ir.OpError(op, "attribute 'overflowFlags' must be #arith.overflow on an integer op")
			}
		}
		return nil
	}
}

// allOf runs verifiers in order and returns the first failure.
func allOf(fs ...func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		for _, f := range fs {
			if err := f(op); err != nil {
				return err
			}
		}
		return nil
	}
}

// widthOrder says how a cast's result element width relates to its input's.
type widthOrder uint8

const (
	anyWidth widthOrder = iota
	wider
	narrower
	sameWidth
)

// castRule is the verifier data of one cast op.
type castRule struct {
	in, out typeCheck
	order   widthOrder
}

var indexOrInt = typeCheck{func(t ir.Type) bool { return isIntLike(t) }, "signless-integer-like or index"}

// verifyCast checks counts, element classes, equal shapes and width order.
func verifyCast(r castRule) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		if !r.in.ok(in) {
			return ir.OpError(op, "operand #0 must be %s, but got '%s'", r.in.desc, ir.TypeString(in))
		}
		if !r.out.ok(out) {
			return ir.OpError(op, "result #0 must be %s, but got '%s'", r.out.desc, ir.TypeString(out))
		}
		if !sameShape(in, out) {
			return ir.OpError(op, "requires the same shape for all operands and results")
		}
		return checkWidths(op, r.order, bitWidth(in), bitWidth(out))
	}
}

func checkWidths(op *ir.Operation, o widthOrder, in, out int) error {
	switch {
	case o == wider && out <= in:
		return ir.OpError(op, "result type %s must be wider than operand type %s", elemString(op, 0, true), elemString(op, 0, false))
	case o == narrower && out >= in:
		return ir.OpError(op, "result type %s must be shorter than operand type %s", elemString(op, 0, true), elemString(op, 0, false))
	case o == sameWidth && out != in:
		return ir.OpError(op, "operand type %s and result type %s are cast incompatible", elemString(op, 0, false), elemString(op, 0, true))
	}
	return nil
}

func elemString(op *ir.Operation, i int, result bool) string {
	t := operandType(op, i)
	if result {
		t = resultType(op, i)
	}
	return "'" + ir.TypeString(ir.ElementType(t)) + "'"
}

// verifyIndexCast requires exactly one side to be index-like.
func verifyIndexCast(op *ir.Operation) error {
	if isIndexLike(op.Operand(0).Type()) == isIndexLike(op.Result(0).Type()) {
		return ir.OpError(op, "operand type '%s' and result type '%s' are cast incompatible",
			ir.TypeString(op.Operand(0).Type()), ir.TypeString(op.Result(0).Type()))
	}
	return nil
}

// verifyBitcast forbids index and requires equal element widths.
func verifyBitcast(op *ir.Operation) error {
	if isIndexLike(op.Operand(0).Type()) || isIndexLike(op.Result(0).Type()) {
		return ir.OpError(op, "operand type '%s' and result type '%s' are cast incompatible",
			ir.TypeString(op.Operand(0).Type()), ir.TypeString(op.Result(0).Type()))
	}
	return nil
}

var intOrFloat = typeCheck{func(t ir.Type) bool { return isIntLike(t) || ir.IsFloatLike(t) }, "signless-integer-or-float-like"}

// verifyCmp checks operand class, equal operand types and the i1 result
// shaped like the operands; pred is the valid predicate range.
func verifyCmp(c typeCheck, numPreds int) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := checkCounts(op, 2, 1); err != nil {
			return err
		}
		lhs, rhs := op.Operand(0).Type(), op.Operand(1).Type()
		if !c.ok(lhs) {
			return ir.OpError(op, "operand #0 must be %s, but got '%s'", c.desc, ir.TypeString(lhs))
		}
		if !ir.TypeEqual(lhs, rhs) {
			return ir.OpError(op, "requires all operands to have the same type")
		}
		if want := boolLikeOf(lhs); !ir.TypeEqual(want, op.Result(0).Type()) {
			return ir.OpError(op, "result type '%s' must be '%s'", ir.TypeString(op.Result(0).Type()), ir.TypeString(want))
		}
		return checkPredicate(op, numPreds)
	}
}

func checkPredicate(op *ir.Operation, n int) error {
	a, ok := op.Attr(PredicateAttrName).(ir.IntegerAttr)
	if !ok {
		return ir.OpError(op, "requires attribute 'predicate' (an integer)")
	}
	if a.Value < 0 || a.Value >= int64(n) {
		return ir.OpError(op, "predicate %d is out of range [0, %d)", a.Value, n)
	}
	return nil
}

// verifySelect: condition i1 (or i1 tensor of the result's shape), both
// branches and the result of one type.
func verifySelect(op *ir.Operation) error {
	if err := checkCounts(op, 3, 1); err != nil {
		return err
	}
	c, t, f, r := op.Operand(0).Type(), op.Operand(1).Type(), op.Operand(2).Type(), op.Result(0).Type()
	if !ir.TypeEqual(t, r) || !ir.TypeEqual(f, r) {
		return ir.OpError(op, "requires the same type for the true value, false value and result")
	}
	if ir.TypeEqual(c, ir.I1) {
		return nil
	}
	if !isBoolLike(c) {
		return ir.OpError(op, "condition must be i1 or a tensor of i1, but got '%s'", ir.TypeString(c))
	}
	if !sameShape(c, r) {
		return ir.OpError(op, "expected condition type to have the same shape as the result type")
	}
	return nil
}

// verifyConstant: the value is a typed attribute whose type is the result.
func verifyConstant(op *ir.Operation) error {
	if err := checkCounts(op, 0, 1); err != nil {
		return err
	}
	v := op.Attr(ValueAttrName)
	if v == nil {
		return ir.OpError(op, "requires attribute 'value'")
	}
	t := op.Result(0).Type()
	if at := attrType(v); !ir.TypeEqual(at, t) {
		return ir.OpError(op, "value type '%s' must match return type '%s'", ir.TypeString(at), ir.TypeString(t))
	}
	return verifyConstantKind(op, v, t)
}

func verifyConstantKind(op *ir.Operation, v ir.Attribute, t ir.Type) error {
	switch v.(type) {
	case ir.IntegerAttr:
		if !isIntLike(t) {
			return ir.OpError(op, "integer constant must have a signless integer or index type")
		}
	case ir.FloatAttr, ir.DenseElementsAttr, ir.DenseResourceAttr:
	default:
		return ir.OpError(op, "value must be an integer, float or elements attribute")
	}
	return nil
}
