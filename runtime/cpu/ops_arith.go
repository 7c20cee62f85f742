package cpu

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
)

// intBinary are the arith integer ops on sign-extended lanes of width w.
var intBinary = map[string]func(a, b int64, w int) (int64, error){
	"addi": func(a, b int64, _ int) (int64, error) { return a + b, nil },
	"subi": func(a, b int64, _ int) (int64, error) { return a - b, nil },
	"muli": func(a, b int64, _ int) (int64, error) { return a * b, nil },
	"divsi": func(a, b int64, w int) (int64, error) {
		if b == 0 {
			return 0, errors.New("integer division by zero")
		}
		if b == -1 {
			return -a, nil
		}
		return a / b, nil
	},
	"remsi": func(a, b int64, _ int) (int64, error) {
		if b == 0 {
			return 0, errors.New("integer remainder by zero")
		}
		if b == -1 {
			return 0, nil
		}
		return a % b, nil
	},
	"divui": func(a, b int64, w int) (int64, error) {
		if zext(b, w) == 0 {
			return 0, errors.New("integer division by zero")
		}
		return int64(zext(a, w) / zext(b, w)), nil
	},
	"remui": func(a, b int64, w int) (int64, error) {
		if zext(b, w) == 0 {
			return 0, errors.New("integer remainder by zero")
		}
		return int64(zext(a, w) % zext(b, w)), nil
	},
	"ceildivsi": func(a, b int64, _ int) (int64, error) {
		if b == 0 {
			return 0, errors.New("integer division by zero")
		}
		q := a / b
		if a%b != 0 && (a < 0) == (b < 0) {
			q++
		}
		return q, nil
	},
	"floordivsi": func(a, b int64, _ int) (int64, error) {
		if b == 0 {
			return 0, errors.New("integer division by zero")
		}
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q, nil
	},
	"andi": func(a, b int64, _ int) (int64, error) { return a & b, nil },
	"ori":  func(a, b int64, _ int) (int64, error) { return a | b, nil },
	"xori": func(a, b int64, _ int) (int64, error) { return a ^ b, nil },
	"shli": func(a, b int64, w int) (int64, error) {
		if zext(b, w) >= uint64(w) {
			return 0, nil
		}
		return a << uint(b), nil
	},
	"shrsi": func(a, b int64, w int) (int64, error) {
		if zext(b, w) >= uint64(w) {
			return a >> 63, nil
		}
		return a >> uint(b), nil
	},
	"shrui": func(a, b int64, w int) (int64, error) {
		if zext(b, w) >= uint64(w) {
			return 0, nil
		}
		return int64(zext(a, w) >> uint(b)), nil
	},
	"maxsi": func(a, b int64, _ int) (int64, error) { return max(a, b), nil },
	"minsi": func(a, b int64, _ int) (int64, error) { return min(a, b), nil },
	"maxui": func(a, b int64, w int) (int64, error) {
		if zext(a, w) >= zext(b, w) {
			return a, nil
		}
		return b, nil
	},
	"minui": func(a, b int64, w int) (int64, error) {
		if zext(a, w) <= zext(b, w) {
			return a, nil
		}
		return b, nil
	},
}

// floatBinary are the arith float ops, computed in float64 and rounded to
// the result type.
var floatBinary = map[string]func(a, b float64) float64{
	"addf": func(a, b float64) float64 { return a + b },
	"subf": func(a, b float64) float64 { return a - b },
	"mulf": func(a, b float64) float64 { return a * b },
	"divf": func(a, b float64) float64 { return a / b },
	"remf": math.Mod,
	"maxnumf": func(a, b float64) float64 {
		if math.IsNaN(a) {
			return b
		}
		if math.IsNaN(b) {
			return a
		}
		return math.Max(a, b)
	},
	"minnumf": func(a, b float64) float64 {
		if math.IsNaN(a) {
			return b
		}
		if math.IsNaN(b) {
			return a
		}
		return math.Min(a, b)
	},
	"maximumf": math.Max,
	"minimumf": math.Min,
}

func addArith(m map[string]handler) {
	for name, fn := range intBinary {
		m["arith."+name] = intBinaryHandler(fn)
	}
	for name, fn := range floatBinary {
		m["arith."+name] = floatMap(func(x []float64) float64 { return fn(x[0], x[1]) })
	}
	m[arith.NegfOpName] = floatMap(func(x []float64) float64 { return -x[0] })
	m[arith.ConstantOpName] = execConstant
	m[arith.CmpiOpName] = execCmpI
	m[arith.CmpfOpName] = execCmpF
	m[arith.SelectOpName] = execSelect
	for _, name := range []string{"extsi", "extui", "trunci", "extf", "truncf", "sitofp", "uitofp", "fptosi", "fptoui", "index_cast", "index_castui", "bitcast"} {
		m["arith."+name] = castHandler(name)
	}
}

// resultInfo classifies result i of op and allocates its value.
func resultInfo(op *ir.Operation, i int) (elemInfo, *Value, error) {
	ei, err := classify(op.Result(i).Type())
	if err != nil {
		return ei, nil, err
	}
	return ei, newValue(op.Result(i).Type(), ei), nil
}

func intBinaryHandler(fn func(a, b int64, w int) (int64, error)) handler {
	return func(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		ei, out, err := resultInfo(op, 0)
		if err != nil {
			return nil, err
		}
		a, b := in[0].I, in[1].I
		if len(a) != len(out.I) || len(b) != len(out.I) {
			return nil, fmt.Errorf("operand shapes do not match the result")
		}
		for i := range out.I {
			v, err := fn(a[i], b[i], ei.width)
			if err != nil {
				return nil, err
			}
			out.I[i] = sext(v, ei.width)
		}
		return []*Value{out}, nil
	}
}

// floatMap applies fn lane by lane over float operands, rounding to the
// result type.
func floatMap(fn func(x []float64) float64) handler {
	return func(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		ei, out, err := resultInfo(op, 0)
		if err != nil {
			return nil, err
		}
		if ei.kind != kindFloat {
			return nil, fmt.Errorf("expected a float result")
		}
		xs := make([]float64, len(in))
		for i := range out.F {
			for j, v := range in {
				if len(v.F) != len(out.F) {
					return nil, fmt.Errorf("operand %d is not a float tensor of the result's shape", j)
				}
				xs[j] = v.F[i]
			}
			out.F[i] = roundTo(fn(xs), ei.float)
		}
		return []*Value{out}, nil
	}
}

func execConstant(_ *frame, op *ir.Operation, _ []*Value) ([]*Value, error) {
	ei, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	attr := op.Attr(arith.ValueAttrName)
	var elems []ir.Attribute
	switch a := attr.(type) {
	case ir.IntegerAttr, ir.FloatAttr:
		elems = []ir.Attribute{a}
	case ir.DenseElementsAttr:
		if a.Hex != "" {
			return nil, errors.New("hex dense constants are not supported")
		}
		elems = a.Elems
	default:
		return nil, fmt.Errorf("unsupported constant value %s", ir.AttrString(attr))
	}
	n := out.len()
	if len(elems) != 1 && len(elems) != n {
		return nil, fmt.Errorf("constant has %d elements for %d", len(elems), n)
	}
	for i := range n {
		e := elems[0]
		if len(elems) > 1 {
			e = elems[i]
		}
		switch a := e.(type) {
		case ir.IntegerAttr:
			if ei.kind == kindFloat {
				out.F[i] = roundTo(float64(a.Value), ei.float)
			} else {
				out.I[i] = sext(a.Value, ei.width)
			}
		case ir.FloatAttr:
			if ei.kind != kindFloat {
				return nil, errors.New("float element in an integer constant")
			}
			out.F[i] = roundTo(a.Value, ei.float)
		default:
			return nil, fmt.Errorf("unsupported constant element %s", ir.AttrString(e))
		}
	}
	return []*Value{out}, nil
}

func execCmpI(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	pred, ok := arith.CmpIPredicateOf(op)
	if !ok {
		return nil, errors.New("missing predicate")
	}
	ei, err := classify(op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	for i := range out.I {
		if arith.CompareInts(pred, in[0].I[i], in[1].I[i], ei.width) {
			out.I[i] = -1
		}
	}
	return []*Value{out}, nil
}

func execCmpF(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	pred, ok := arith.CmpFPredicateOf(op)
	if !ok {
		return nil, errors.New("missing predicate")
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	for i := range out.I {
		if arith.CompareFloats(pred, in[0].F[i], in[1].F[i]) {
			out.I[i] = -1
		}
	}
	return []*Value{out}, nil
}

func execSelect(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	cond := func(i int) bool {
		if len(in[0].I) == 1 {
			return in[0].I[0] != 0
		}
		return in[0].I[i] != 0
	}
	pick := func(i int) *Value {
		if cond(i) {
			return in[1]
		}
		return in[2]
	}
	for i := range out.len() {
		src := pick(i)
		switch {
		case out.F != nil:
			out.F[i] = src.F[i]
		case out.I != nil:
			out.I[i] = src.I[i]
		case out.P != nil:
			out.P[i] = src.P[i]
		}
	}
	return []*Value{out}, nil
}

// castHandler implements the arith casts lane by lane.
func castHandler(name string) handler {
	return func(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
		from, err := classify(op.Operand(0).Type())
		if err != nil {
			return nil, err
		}
		to, out, err := resultInfo(op, 0)
		if err != nil {
			return nil, err
		}
		x := in[0]
		for i := range out.len() {
			if err := castLane(name, from, to, x, out, i); err != nil {
				return nil, err
			}
		}
		return []*Value{out}, nil
	}
}

func castLane(name string, from, to elemInfo, x, out *Value, i int) error {
	switch name {
	case "extsi", "trunci", "index_cast":
		out.I[i] = sext(x.I[i], to.width)
	case "extui", "index_castui":
		out.I[i] = sext(int64(zext(x.I[i], from.width)), to.width)
	case "extf", "truncf":
		out.F[i] = roundTo(x.F[i], to.float)
	case "sitofp":
		out.F[i] = roundTo(float64(x.I[i]), to.float)
	case "uitofp":
		out.F[i] = roundTo(float64(zext(x.I[i], from.width)), to.float)
	case "fptosi", "fptoui":
		v := x.F[i]
		if math.IsNaN(v) {
			return fmt.Errorf("%s of %v is undefined", name, v)
		}
		out.I[i] = sext(saturateInt(math.Trunc(v), to.width, name == "fptosi"), to.width)
	case "bitcast":
		return bitcastLane(from, to, x, out, i)
	}
	return nil
}

// saturateInt clamps the integral v to the range of a w-bit integer
// (signed or unsigned), as PTX's float-to-integer cvt does: out-of-range
// values (poison in MLIR) give the nearest representable one.
func saturateInt(v float64, w int, signed bool) int64 {
	lo, hi := -math.Ldexp(1, w-1), math.Ldexp(1, w-1)-1
	if !signed {
		lo, hi = 0, math.Ldexp(1, w)-1
	}
	switch {
	case v <= lo:
		v = lo
	case v >= hi:
		if !signed && w == 64 {
			return -1 // all ones
		}
		if signed && w == 64 {
			return math.MaxInt64
		}
		v = hi
	}
	if !signed && v >= math.Ldexp(1, 63) {
		return int64(uint64(v))
	}
	return int64(v)
}

func bitcastLane(from, to elemInfo, x, out *Value, i int) error {
	var u uint64
	switch from.kind {
	case kindFloat:
		u = floatBits(x.F[i], from.float)
	case kindInt:
		u = zext(x.I[i], from.width)
	default:
		return errors.New("bitcast of a pointer")
	}
	switch to.kind {
	case kindFloat:
		out.F[i] = floatFromBits(u, to.float)
	case kindInt:
		out.I[i] = sext(int64(u), to.width)
	default:
		return errors.New("bitcast to a pointer")
	}
	return nil
}

// mathFloat are the math dialect's float functions.
var mathFloat = map[string]func(x []float64) float64{
	"absf": func(x []float64) float64 { return math.Abs(x[0]) }, "acos": func(x []float64) float64 { return math.Acos(x[0]) },
	"asin": func(x []float64) float64 { return math.Asin(x[0]) }, "atan": func(x []float64) float64 { return math.Atan(x[0]) },
	"atan2": func(x []float64) float64 { return math.Atan2(x[0], x[1]) }, "cbrt": func(x []float64) float64 { return math.Cbrt(x[0]) },
	"ceil": func(x []float64) float64 { return math.Ceil(x[0]) }, "copysign": func(x []float64) float64 { return math.Copysign(x[0], x[1]) },
	"cos": func(x []float64) float64 { return math.Cos(x[0]) }, "cosh": func(x []float64) float64 { return math.Cosh(x[0]) },
	"erf": func(x []float64) float64 { return math.Erf(x[0]) }, "erfc": func(x []float64) float64 { return math.Erfc(x[0]) },
	"exp": func(x []float64) float64 { return math.Exp(x[0]) }, "exp2": func(x []float64) float64 { return math.Exp2(x[0]) },
	"expm1": func(x []float64) float64 { return math.Expm1(x[0]) }, "floor": func(x []float64) float64 { return math.Floor(x[0]) },
	"fma": func(x []float64) float64 { return math.FMA(x[0], x[1], x[2]) }, "log": func(x []float64) float64 { return math.Log(x[0]) },
	"log10": func(x []float64) float64 { return math.Log10(x[0]) }, "log1p": func(x []float64) float64 { return math.Log1p(x[0]) },
	"log2": func(x []float64) float64 { return math.Log2(x[0]) }, "powf": func(x []float64) float64 { return math.Pow(x[0], x[1]) },
	"round": func(x []float64) float64 { return math.Round(x[0]) }, "roundeven": func(x []float64) float64 { return math.RoundToEven(x[0]) },
	"rsqrt": func(x []float64) float64 { return 1 / math.Sqrt(x[0]) }, "sin": func(x []float64) float64 { return math.Sin(x[0]) },
	"sinh": func(x []float64) float64 { return math.Sinh(x[0]) }, "sqrt": func(x []float64) float64 { return math.Sqrt(x[0]) },
	"tan": func(x []float64) float64 { return math.Tan(x[0]) }, "tanh": func(x []float64) float64 { return math.Tanh(x[0]) },
	"trunc": func(x []float64) float64 { return math.Trunc(x[0]) },
}

// mathInt are the math dialect's integer functions.
var mathInt = map[string]func(v int64, w int) int64{
	"absi":  func(v int64, _ int) int64 { return max(v, -v) },
	"ctlz":  func(v int64, w int) int64 { return int64(bits.LeadingZeros64(zext(v, w)) - (64 - w)) },
	"cttz":  func(v int64, w int) int64 { return int64(min(bits.TrailingZeros64(zext(v, w)), w)) },
	"ctpop": func(v int64, w int) int64 { return int64(bits.OnesCount64(zext(v, w))) },
}

func addMath(m map[string]handler) {
	for name, fn := range mathFloat {
		m["math."+name] = floatMap(fn)
	}
	for name, fn := range mathInt {
		m["math."+name] = func(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
			ei, out, err := resultInfo(op, 0)
			if err != nil {
				return nil, err
			}
			for i := range out.I {
				out.I[i] = sext(fn(in[0].I[i], ei.width), ei.width)
			}
			return []*Value{out}, nil
		}
	}
}
