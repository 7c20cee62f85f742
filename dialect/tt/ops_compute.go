package tt

import (
	"strconv"

	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

func computeOps() []*ir.OpDef {
	return []*ir.OpDef{
		{Name: "tt.dot", Summary: "matrix multiply-accumulate d = a*b + c (dense or 2:4 sparse)", Traits: ir.Pure,
			Inherent: dotAttrs, Parse: parseDot, Print: printDot, Verify: verifyDot},
		{Name: "tt.reduce", Summary: "reduce along an axis with a combiner region (generic form only)", Traits: ir.Pure | ir.SingleBlock,
			Inherent: []string{"axis"}, Verify: verifyReduce},
		{Name: "tt.reduce.return", Summary: "terminator of the tt.reduce combiner", Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Parse: opfmt.ParseOperandsTypes, Print: opfmt.PrintOperandsTypes},
		{Name: "tt.scan", Summary: "inclusive scan along an axis (generic form only)", Traits: ir.Pure | ir.SingleBlock,
			Inherent: []string{"axis", "reverse"}, Verify: verifyScan},
		{Name: "tt.scan.return", Summary: "terminator of the tt.scan combiner", Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Parse: opfmt.ParseOperandsTypes, Print: opfmt.PrintOperandsTypes},
		{Name: "tt.sparse_values", Summary: "compressed values of a #tt.sparse tensor", Traits: ir.Pure,
			Parse: opfmt.ParseCast, Print: opfmt.PrintCast, Verify: opfmt.Exact(1, 1, verifySparseValues)},
		{Name: "tt.fp_to_fp", Summary: "float conversion with optional rounding mode", Traits: ir.Pure | ir.Elementwise,
			Inherent: []string{"rounding"}, Parse: parseFpToFp, Print: printFpToFp, Verify: opfmt.Exact(1, 1, verifyFpToFp)},
		{Name: "tt.clampf", Summary: "clamp with NaN propagation mode", Traits: ir.Pure | ir.Elementwise,
			Inherent: []string{"propagateNan"}, Parse: parseClampF, Print: printClampF},
		{Name: "tt.precise_sqrt", Summary: "IEEE-rounded square root", Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
			Parse: opfmt.ParseSameType, Print: opfmt.PrintSameType},
		{Name: "tt.precise_divf", Summary: "IEEE-rounded division", Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
			Parse: opfmt.ParseSameType, Print: opfmt.PrintSameType},
		{Name: "tt.mulhiui", Summary: "high half of an unsigned product", Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
			Parse: opfmt.ParseSameType, Print: opfmt.PrintSameType},
		{Name: "tt.extern_elementwise", Summary: "call to an external elementwise library function", Traits: ir.Elementwise,
			Inherent: []string{"libname", "libpath", "pure", "symbol"}, Parse: opfmt.ParseFunctional, Print: opfmt.PrintFunctional},
		{Name: "tt.assert", Summary: "device-side assertion",
			Inherent: []string{"file", "func", "line", "message"}, Parse: parseAssert, Print: printAssert},
		{Name: "tt.print", Summary: "device-side print",
			Inherent: []string{"hex", "isSigned", "prefix"}, Parse: parsePrint, Print: printPrint},
	}
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
			return ir.OpError(op, "all operands must have the same shape")
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
		if !ir.TypeEqual(op.Result(i).Type(), rt) {
			return ir.OpError(op, "result #%d must have the operand type %s", i, ir.TypeString(rt))
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

// parseFpToFp reads `$src attr-dict (, rounding = $rounding)? : type($src) -> type($result)`.
func parseFpToFp(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if p.ParseOptionalPunct(",") {
		if err := p.ParseKeyword("rounding"); err != nil {
			return err
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		r, err := ParseEnumKeyword[RoundingMode](p)
		if err != nil {
			return err
		}
		st.AddAttr("rounding", EnumOf(r))
	}
	return opfmt.ParseCastTail(p, st, src)
}

// printFpToFp writes `$src attr-dict (, rounding = $rounding)? : type($src) -> type($result)`.
func printFpToFp(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	var elided []string
	r, ok := DecodeEnum[RoundingMode](op.Attr("rounding"))
	if ok {
		elided = append(elided, "rounding")
	}
	opfmt.PrintAttrDict(p, op, elided...)
	if ok {
		p.WriteString(", rounding = " + r.String())
	}
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifyFpToFp(op *ir.Operation) error {
	if err := verifyEnumAttr[RoundingMode](op, "rounding"); err != nil {
		return err
	}
	from, to := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if !ir.IsFloat(from) || !ir.IsFloat(to) {
		return ir.OpError(op, "source and result must be floating point")
	}
	if BitWidth(to) < BitWidth(from) && op.Attr("rounding") == nil {
		return ir.OpError(op, "rounding mode is required for FP downcast")
	}
	return nil
}

// parseClampF reads `$x, $min, $max, propagateNan = $propagateNan attr-dict : type($result)`.
func parseClampF(p ir.OpParser, st *ir.OpState) error {
	var us []ir.UnresolvedOperand
	for i := 0; i < 3; i++ {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		us = append(us, u)
	}
	if err := p.ParseKeyword("propagateNan"); err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	pn, err := ParseEnumKeyword[PropagateNan](p)
	if err != nil {
		return err
	}
	st.AddAttr("propagateNan", EnumOf(pn))
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	vs, err := opfmt.ResolveSame(p, us, t)
	st.Operands, st.ResultTypes = vs, []ir.Type{t}
	return err
}

// printClampF writes `$x, $min, $max, propagateNan = $propagateNan attr-dict : type($result)`.
func printClampF(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	pn, _ := EnumProp(op, "propagateNan", PropagateNone)
	p.WriteString(", propagateNan = " + pn.String())
	opfmt.PrintAttrDict(p, op, "propagateNan")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// parseAssert reads `$condition, $message attr-dict : type($condition)`
// (3.1-era inputs may add `, $file, $func, $line`).
func parseAssert(p ir.OpParser, st *ir.OpState) error {
	cond, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	msg, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("message", ir.StringAttr{Value: msg})
	if p.ParseOptionalPunct(",") {
		if err := parseAssertLocation(p, st); err != nil {
			return err
		}
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(cond, t)
	st.Operands = []*ir.Value{v}
	return err
}

func parseAssertLocation(p ir.OpParser, st *ir.OpState) error {
	file, err := p.ParseString()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	fn, err := p.ParseString()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	line, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("file", ir.StringAttr{Value: file})
	st.AddAttr("func", ir.StringAttr{Value: fn})
	st.AddAttr("line", ir.I32Attr(line))
	return nil
}

// printAssert writes `$condition, $message (, $file, $func, $line)? attr-dict : type($condition)`.
func printAssert(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintAttr(op.Attr("message"))
	elided := []string{"message"}
	file, ok1 := op.Attr("file").(ir.StringAttr)
	fn, ok2 := op.Attr("func").(ir.StringAttr)
	line, ok3 := op.Attr("line").(ir.IntegerAttr)
	if ok1 && ok2 && ok3 && ir.IsInteger(line.Type, 32) {
		p.WriteString(", " + ir.QuoteString(file.Value) + ", " + ir.QuoteString(fn.Value) + ", ")
		p.WriteString(strconv.FormatInt(line.Value, 10))
		elided = append(elided, "file", "func", "line")
	}
	opfmt.PrintAttrDict(p, op, elided...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// parsePrint reads `$prefix attr-dict (: $args^ : type($args))?`.
func parsePrint(p ir.OpParser, st *ir.OpState) error {
	prefix, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("prefix", ir.StringAttr{Value: prefix})
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if !p.ParseOptionalPunct(":") {
		return nil
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	st.Operands, err = p.ResolveOperands(us, ts)
	return err
}

// printPrint writes `$prefix attr-dict (: $args^ : type($args))?`.
func printPrint(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintAttr(op.Attr("prefix"))
	opfmt.PrintAttrDict(p, op, "prefix")
	if op.NumOperands() == 0 {
		return
	}
	p.WriteString(" : ")
	p.PrintOperands(op.Operands())
	p.WriteString(" : ")
	p.PrintTypeList(op.OperandTypes())
}
