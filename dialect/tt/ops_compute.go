package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// TensorOrMem is a ranked tensor or a shared-memory descriptor.
var TensorOrMem = ods.Type("a tensor or a memdesc", func(t ir.Type) bool { _, ok := ShapeOf(t); return ok })

func computeOps() []*ir.OpDef {
	sameType := func(name, summary string, operands ...string) ods.Op {
		o := ods.Op{Name: name, Summary: summary, Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
			Results: []ods.Value{ods.Arg("result", ods.AnyType)}, Format: "attr-dict `:` type($result)"}
		for i := len(operands) - 1; i >= 0; i-- {
			o.Operands = append([]ods.Value{ods.Arg(operands[i], ods.AnyType).Like(ods.SameAs("result"))}, o.Operands...)
			sep := " `,` "
			if i == len(operands)-1 {
				sep = " "
			}
			o.Format = "$" + operands[i] + sep + o.Format
		}
		return o
	}
	combinerReturn := func(name, parent string) ods.Op {
		return ods.Op{Name: name, Summary: "terminator of the " + parent + " combiner", Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Operands: []ods.Value{ods.Var("result", ods.AnyType)}, Format: "$result attr-dict `:` type($result)"}
	}
	return ods.Defs(
		ods.Op{Name: "tt.dot", Summary: "matrix multiply-accumulate d = a*b + c (dense or 2:4 sparse)", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("a", TensorOrMem), ods.Arg("b", TensorOrMem), ods.Arg("c", ods.Tensor), ods.Opt("e", ods.IntTensor)},
			Results:  []ods.Value{ods.Arg("d", ods.Tensor).Like(ods.SameAs("c"))},
			Attrs: []ods.Attr{ods.DefAttr("inputPrecision", EnumKind[InputPrecision](), EnumOf(PrecisionIEEE)),
				ods.OptAttr("maxNumImpreciseAcc", ods.I32), ods.OptAttr("sparseIndex", ods.I32), ods.OptAttr("spSelector", ods.I32)},
			Parse: parseDot, Print: printDot, Verify: verifyDot},
		ods.Op{Name: "tt.reduce", Summary: "reduce along an axis with a combiner region (generic form only)", Traits: ir.Pure | ir.SingleBlock,
			Operands: []ods.Value{ods.Var("srcs", ods.Tensor)}, Results: []ods.Value{ods.Var("result", ods.AnyType)},
			Attrs: []ods.Attr{ods.Req("axis", ods.I32)}, Verify: verifyReduce},
		combinerReturn("tt.reduce.return", "tt.reduce"),
		ods.Op{Name: "tt.scan", Summary: "inclusive scan along an axis (generic form only)", Traits: ir.Pure | ir.SingleBlock,
			Operands: []ods.Value{ods.Var("srcs", ods.Tensor)}, Results: []ods.Value{ods.Var("result", ods.Tensor)},
			Attrs: []ods.Attr{ods.Req("axis", ods.I32), ods.OptAttr("reverse", ods.Bool)}, Verify: verifyScan},
		combinerReturn("tt.scan.return", "tt.scan"),
		ods.Op{Name: "tt.sparse_values", Summary: "compressed values of a #tt.sparse tensor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("src", ods.Tensor)}, Results: []ods.Value{ods.Arg("result", ods.Tensor)},
			Format: cast, Verify: verifySparseValues},
		ods.Op{Name: "tt.fp_to_fp", Summary: "float conversion with optional rounding mode", Traits: ir.Pure | ir.Elementwise,
			Operands: []ods.Value{ods.Arg("src", ods.FloatLike)}, Results: []ods.Value{ods.Arg("result", ods.FloatLike)},
			Attrs:  []ods.Attr{ods.OptAttr("rounding", EnumKind[RoundingMode]())},
			Format: "$src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)", Verify: verifyFpToFp},
		ods.Op{Name: "tt.clampf", Summary: "clamp with NaN propagation mode", Traits: ir.Pure | ir.Elementwise,
			Operands: []ods.Value{ods.Arg("x", ods.FloatLike).Like(ods.SameAs("result")), ods.Arg("min", ods.FloatLike).Like(ods.SameAs("result")),
				ods.Arg("max", ods.FloatLike).Like(ods.SameAs("result"))},
			Results: []ods.Value{ods.Arg("result", ods.FloatLike)},
			Attrs:   []ods.Attr{ods.Req("propagateNan", EnumKind[PropagateNan]())},
			Format:  "$x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)"},
		sameType("tt.precise_sqrt", "IEEE-rounded square root", "x"),
		sameType("tt.precise_divf", "IEEE-rounded division", "x", "y"),
		sameType("tt.mulhiui", "high half of an unsigned product", "x", "y"),
		ods.Op{Name: "tt.extern_elementwise", Summary: "call to an external elementwise library function", Traits: ir.Elementwise,
			Operands: []ods.Value{ods.Var("srcs", ods.AnyType)}, Results: []ods.Value{ods.Arg("result", ods.AnyType)},
			Attrs: []ods.Attr{ods.Req("libname", ods.Str), ods.Req("libpath", ods.Str), ods.Req("symbol", ods.Str),
				ods.Req("pure", ods.Bool)},
			Format: "$srcs attr-dict `:` functional-type($srcs, $result)"},
		ods.Op{Name: "tt.assert", Summary: "device-side assertion",
			Operands: []ods.Value{ods.Arg("condition", ods.I1Like)},
			Attrs: []ods.Attr{ods.Req("message", ods.Str), ods.OptAttr("file", ods.Str), ods.OptAttr("func", ods.Str),
				ods.OptAttr("line", ods.I32Literal)},
			Format: "$condition `,` $message (`,` $file^ `,` $func `,` $line)? attr-dict `:` type($condition)",
			Verify: verifyAssert},
		ods.Op{Name: "tt.print", Summary: "device-side print",
			Operands: []ods.Value{ods.Var("args", ods.AnyType)},
			Attrs:    []ods.Attr{ods.Req("prefix", ods.Str), ods.OptAttr("hex", ods.Bool), ods.OptAttr("isSigned", ods.I32Array)},
			Format:   "$prefix attr-dict (`:` $args^ `:` type($args))?"},
	)
}

// verifyAssert checks that the 3.1 location operands come together.
func verifyAssert(op *ir.Operation) error {
	n := 0
	for _, a := range []string{"file", "func", "line"} {
		if op.Attr(a) != nil {
			n++
		}
	}
	if n != 0 && n != 3 {
		return ir.OpError(op, "attributes 'file', 'func' and 'line' go together")
	}
	return nil
}

func verifyReduce(op *ir.Operation) error {
	if op.NumOperands() == 0 || op.NumResults() != op.NumOperands() || len(op.Regions) != 1 {
		return ir.OpError(op, "expects as many results as operands (at least one) and one combiner region")
	}
	axis, ok := intAttr(op, "axis")
	if !ok {
		return ir.OpError(op, "requires an integer 'axis' attribute")
	}
	var shape []int64
	for i, v := range op.Operands() {
		rt, err := tensorOrErr(op, v.Type(), "operand")
		if err != nil {
			return err
		}
		if i == 0 {
			shape = rt.Shape
		} else if !ir.ShapeEqual(shape, rt.Shape) {
			return ir.OpError(op, "requires the same shape for all operands")
		}
		if !ir.TypeEqual(ir.ElementType(op.Result(i).Type()), rt.Elem) {
			return ir.OpError(op, "operand types and result types must agree")
		}
		if axis < 0 || int(axis) >= len(rt.Shape) {
			return ir.OpError(op, "reduction axis %d out of range for rank %d", axis, len(rt.Shape))
		}
		want := ir.Type(rt.Elem)
		if len(rt.Shape) > 1 {
			s := append(append([]int64(nil), rt.Shape[:axis]...), rt.Shape[axis+1:]...)
			want = ir.NewTensor(s, rt.Elem)
			if res, ok := op.Result(i).Type().(ir.RankedTensorType); ok {
				want = ir.RankedTensorType{Shape: s, Elem: rt.Elem, Encoding: res.Encoding}
			}
		}
		if !ir.TypeEqual(op.Result(i).Type(), want) {
			return ir.OpError(op, "result #%d must be %s, got %s", i, ir.TypeString(want), ir.TypeString(op.Result(i).Type()))
		}
	}
	return verifyCombiner(op, 2*op.NumOperands())
}

func verifyCombiner(op *ir.Operation, nargs int) error {
	entry := op.Regions[0].Entry()
	if entry == nil {
		return ir.OpError(op, "combiner region must not be empty")
	}
	if entry.NumArgs() != nargs {
		return ir.OpError(op, "combiner region must have %d arguments, got %d", nargs, entry.NumArgs())
	}
	n := op.NumOperands()
	for i, a := range entry.Args() {
		want := ir.ElementType(op.Operand(i % n).Type())
		if !ir.TypeEqual(a.Type(), want) {
			return ir.OpError(op, "combiner argument #%d must be %s, got %s", i, ir.TypeString(want), ir.TypeString(a.Type()))
		}
	}
	if t := entry.Terminator(); t != nil && t.NumOperands() != n {
		return ir.OpError(op, "combiner must return %d values, got %d", n, t.NumOperands())
	}
	return nil
}

func verifyScan(op *ir.Operation) error {
	if op.NumOperands() == 0 || op.NumResults() != op.NumOperands() || len(op.Regions) != 1 {
		return ir.OpError(op, "expects as many results as operands (at least one) and one combiner region")
	}
	axis, ok := intAttr(op, "axis")
	if !ok {
		return ir.OpError(op, "requires an integer 'axis' attribute")
	}
	for i, v := range op.Operands() {
		rt, err := tensorOrErr(op, v.Type(), "operand")
		if err != nil {
			return err
		}
		if axis < 0 || int(axis) >= len(rt.Shape) {
			return ir.OpError(op, "scan axis %d out of range for rank %d", axis, len(rt.Shape))
		}
		if !ir.TypeEqual(ir.ElementType(op.Result(i).Type()), rt.Elem) {
			return ir.OpError(op, "operand types and result types must agree")
		}
		if !ir.TypeEqual(op.Result(i).Type(), rt) {
			return ir.OpError(op, "requires the same shape for all operands and results: result #%d must have the operand type %s", i, ir.TypeString(rt))
		}
	}
	return verifyCombiner(op, 2*op.NumOperands())
}

func verifySparseValues(op *ir.Operation) error {
	src, err := tensorOrErr(op, op.Operand(0).Type(), "source")
	if err != nil {
		return err
	}
	if !IsSparseTensor(src) {
		return ir.OpError(op, "source must be a #tt.sparse tensor, got %s", ir.TypeString(src))
	}
	want := SparseValuesType(src)
	if !want.Equal(op.Result(0).Type()) {
		return ir.OpError(op, "result must be the values tensor %s, got %s", ir.TypeString(want), ir.TypeString(op.Result(0).Type()))
	}
	return nil
}

func verifyFpToFp(op *ir.Operation) error {
	from, to := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if !ir.IsFloat(from) || !ir.IsFloat(to) {
		return ir.OpError(op, "source and result must be floating point")
	}
	if BitWidth(to) < BitWidth(from) && op.Attr("rounding") == nil {
		return ir.OpError(op, "rounding mode is required for FP downcast")
	}
	return nil
}
