package math

import (
	gomath "math"
	"math/bits"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
)

// Dialect returns a fresh math dialect. Float ops carry the optional
// `fastmath` property (#arith.fastmath, printed `fastmath<...>`).
func Dialect() *ir.Dialect {
	var ops []*ir.OpDef
	for _, s := range floatOps {
		ops = append(ops, floatDef(s))
	}
	for _, s := range intOps {
		ops = append(ops, intDef(s))
	}
	return &ir.Dialect{Name: "math", Ops: ops}
}

// floatSpec is one row of the float-op table: arity and the lane function
// used for constant folding (nil: no folder).
type floatSpec struct {
	name, summary string
	arity         int
	fold          func(xs []float64) float64
}

func unary(f func(float64) float64) func([]float64) float64 {
	return func(xs []float64) float64 { return f(xs[0]) }
}

func binary(f func(float64, float64) float64) func([]float64) float64 {
	return func(xs []float64) float64 { return f(xs[0], xs[1]) }
}

// floatOps are `math.<op> %x[, %y[, %z]] [fastmath<..>] : T` on floats.
var floatOps = []floatSpec{
	{"absf", "floating-point absolute value", 1, unary(gomath.Abs)},
	{"acos", "arccosine", 1, unary(gomath.Acos)},
	{"asin", "arcsine", 1, unary(gomath.Asin)},
	{"atan", "arctangent", 1, unary(gomath.Atan)},
	{"atan2", "two-argument arctangent", 2, binary(gomath.Atan2)},
	{"cbrt", "cube root", 1, unary(gomath.Cbrt)},
	{"ceil", "round up to an integral value", 1, unary(gomath.Ceil)},
	{"copysign", "magnitude of the first operand, sign of the second", 2, binary(gomath.Copysign)},
	{"cos", "cosine", 1, unary(gomath.Cos)},
	{"cosh", "hyperbolic cosine", 1, unary(gomath.Cosh)},
	{"erf", "error function", 1, unary(gomath.Erf)},
	{"erfc", "complementary error function", 1, unary(gomath.Erfc)},
	{"exp", "base-e exponential", 1, unary(gomath.Exp)},
	{"exp2", "base-2 exponential", 1, unary(gomath.Exp2)},
	{"expm1", "exp(x) - 1", 1, unary(gomath.Expm1)},
	{"floor", "round down to an integral value", 1, unary(gomath.Floor)},
	{"fma", "fused multiply-add a*b+c", 3, func(xs []float64) float64 { return gomath.FMA(xs[0], xs[1], xs[2]) }},
	{"log", "natural logarithm", 1, unary(gomath.Log)},
	{"log10", "base-10 logarithm", 1, unary(gomath.Log10)},
	{"log1p", "log(1 + x)", 1, unary(gomath.Log1p)},
	{"log2", "base-2 logarithm", 1, unary(gomath.Log2)},
	{"powf", "x raised to the power y", 2, binary(gomath.Pow)},
	{"round", "round to nearest, ties away from zero", 1, unary(gomath.Round)},
	{"roundeven", "round to nearest, ties to even", 1, unary(gomath.RoundToEven)},
	{"rsqrt", "reciprocal square root", 1, unary(func(x float64) float64 { return 1 / gomath.Sqrt(x) })},
	{"sin", "sine", 1, unary(gomath.Sin)},
	{"sinh", "hyperbolic sine", 1, unary(gomath.Sinh)},
	{"sqrt", "square root", 1, unary(gomath.Sqrt)},
	{"tan", "tangent", 1, unary(gomath.Tan)},
	{"tanh", "hyperbolic tangent", 1, unary(gomath.Tanh)},
	{"trunc", "round toward zero to an integral value", 1, unary(gomath.Trunc)},
}

// intSpec is one row of the integer-op table.
type intSpec struct {
	name, summary string
	fold          func(v int64, w int) int64
}

// intOps are `math.<op> %x : T` on signless integers.
var intOps = []intSpec{
	{"absi", "integer absolute value", func(v int64, w int) int64 { return absi(v) }},
	{"ctlz", "count leading zero bits", func(v int64, w int) int64 { return int64(bits.LeadingZeros64(zext(v, w)) - (64 - w)) }},
	{"cttz", "count trailing zero bits", cttz},
	{"ctpop", "count set bits", func(v int64, w int) int64 { return int64(bits.OnesCount64(zext(v, w))) }},
}

func absi(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func cttz(v int64, w int) int64 {
	if n := bits.TrailingZeros64(zext(v, w)); n < w {
		return int64(n)
	}
	return int64(w)
}

// zext zero-extends the low w bits of v.
func zext(v int64, w int) uint64 {
	if w >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<w - 1)
}

const elementwise = ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType

func floatDef(s floatSpec) *ir.OpDef {
	d := &ir.OpDef{
		Name: "math." + s.name, Summary: s.summary, Traits: elementwise, Inherent: []string{arith.FastMathAttrName},
		Parse:  func(p ir.OpParser, st *ir.OpState) error { return arith.ParseSameTyped(p, st, s.arity, true) },
		Print:  func(p *ir.Printer, op *ir.Operation) { arith.PrintSameTyped(p, op, true) },
		Verify: verifyOperands(s.arity, ir.IsFloatLike, "floating-point-like"),
	}
	if s.fold != nil {
		d.Fold = func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			return attrResult(op, c, func(rt ir.Type) ir.Attribute { return arith.FloatLanes(rt, c, s.fold) })
		}
	}
	return d
}

func intDef(s intSpec) *ir.OpDef {
	return &ir.OpDef{
		Name: "math." + s.name, Summary: s.summary, Traits: elementwise,
		Parse:  func(p ir.OpParser, st *ir.OpState) error { return arith.ParseSameTyped(p, st, 1, false) },
		Print:  func(p *ir.Printer, op *ir.Operation) { arith.PrintSameTyped(p, op, false) },
		Verify: verifyOperands(1, isSignlessIntLike, "signless-integer-like"),
		Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			return attrResult(op, c, func(rt ir.Type) ir.Attribute {
				return arith.IntLanes(rt, c, func(xs []int64, w int) (int64, bool) { return s.fold(xs[0], w), true })
			})
		},
	}
}

// attrResult runs fold on the result type of a well-formed single-result
// op and wraps a non-nil attribute.
func attrResult(op *ir.Operation, c []ir.Attribute, fold func(ir.Type) ir.Attribute) []ir.FoldResult {
	if op.NumResults() != 1 || len(c) != op.NumOperands() {
		return nil
	}
	if a := fold(op.Result(0).Type()); a != nil {
		return []ir.FoldResult{{Attr: a}}
	}
	return nil
}

func isSignlessIntLike(t ir.Type) bool {
	it, ok := ir.ElementType(t).(ir.IntegerType)
	return ok && it.Sign == ir.Signless
}

// verifyOperands checks the operand count, the type class of the result
// (equal types are the SameOperandsAndResultType trait) and the fastmath
// attribute's kind.
func verifyOperands(n int, ok func(ir.Type) bool, desc string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() != n || op.NumResults() != 1 {
			return ir.OpError(op, "expected %d operands and 1 result", n)
		}
		if t := op.Result(0).Type(); !ok(t) {
			return ir.OpError(op, "result #0 must be %s, but got '%s'", desc, ir.TypeString(t))
		}
		if a := op.Attr(arith.FastMathAttrName); a != nil {
			if _, isFM := a.(arith.FastMathAttr); !isFM || !ir.IsFloatLike(op.Result(0).Type()) {
				return ir.OpError(op, "attribute 'fastmath' must be #arith.fastmath on a float op")
			}
		}
		return nil
	}
}
