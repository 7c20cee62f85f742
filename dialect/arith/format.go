package arith

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// flagKind says which optional flag attribute an op's custom form carries.
type flagKind uint8

const (
	noFlags flagKind = iota
	fastMathFlags
	overflowFlags
)

// Property names of the flag attributes and the comparison predicate.
const (
	FastMathAttrName  = "fastmath"
	OverflowAttrName  = "overflowFlags"
	PredicateAttrName = "predicate"
	ValueAttrName     = "value"
)

// parseOperandsN parses a comma-separated list of exactly n operands.
func parseOperandsN(p ir.OpParser, n int) ([]ir.UnresolvedOperand, error) {
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, err
	}
	if len(us) != n {
		return nil, p.Errorf("expected %d operands, found %d", n, len(us))
	}
	return us, nil
}

// parseAttrDict merges an optional `{...}` into st.
var parseAttrDict = opfmt.ParseAttrDict

// parseColonType parses `: T`.
func parseColonType(p ir.OpParser) (ir.Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseType()
}

// ParseFastMathBody parses `<nnan,ninf>` (after `fastmath` or
// `#arith.fastmath`); flags are separated by commas.
func ParseFastMathBody(p ir.AsmParser) (FastMathFlags, error) {
	var f FastMathFlags
	err := parseFlagList(p, func(kw string) bool {
		b, ok := parseFastMathKeyword(kw)
		f |= b
		return ok
	}, "fastmath")
	return f, err
}

// parseOverflowBody parses `<nsw, nuw>`.
func parseOverflowBody(p ir.AsmParser) (OverflowFlags, error) {
	var f OverflowFlags
	err := parseFlagList(p, func(kw string) bool {
		b, ok := parseOverflowKeyword(kw)
		f |= b
		return ok
	}, "overflow")
	return f, err
}

// parseFlagList parses `<kw (, kw)*>` calling add for each keyword.
func parseFlagList(p ir.AsmParser, add func(string) bool, what string) error {
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	for {
		loc := p.Errorf("expected %s flag", what)
		kw, err := p.ParseIdentifier()
		if err != nil {
			return loc
		}
		if !add(kw) {
			return p.Errorf("unknown %s flag %q", what, kw)
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return p.ParsePunct(">")
}

// parseFlags parses the optional `fastmath<...>` or `overflow<...>` group.
// When the group is absent the property is set to its default (`none`), as
// MLIR's default-valued properties are, so the generic form prints it.
func parseFlags(p ir.OpParser, st *ir.OpState, k flagKind) error {
	switch k {
	case fastMathFlags:
		var f FastMathFlags
		if p.ParseOptionalKeyword("fastmath") {
			var err error
			if f, err = ParseFastMathBody(p); err != nil {
				return err
			}
		}
		st.AddAttr(FastMathAttrName, FastMathAttr{f})
	case overflowFlags:
		var f OverflowFlags
		if p.ParseOptionalKeyword("overflow") {
			var err error
			if f, err = parseOverflowBody(p); err != nil {
				return err
			}
		}
		st.AddAttr(OverflowAttrName, OverflowAttr{f})
	}
	return nil
}

// PrintFastMath writes ` fastmath<flags>` when op has non-default
// fast-math flags, and returns the attribute names the attr-dict must
// elide. The math dialect shares it.
func PrintFastMath(p *ir.Printer, op *ir.Operation) []string {
	a, ok := op.Attr(FastMathAttrName).(FastMathAttr)
	if !ok {
		return nil
	}
	if a.Flags != FastMathNone {
		p.WriteString(" fastmath<" + a.Flags.String() + ">")
	}
	return []string{FastMathAttrName}
}

// printOverflow is PrintFastMath for `overflow<nsw, nuw>`.
func printOverflow(p *ir.Printer, op *ir.Operation) []string {
	a, ok := op.Attr(OverflowAttrName).(OverflowAttr)
	if !ok {
		return nil
	}
	if a.Flags != OverflowNone {
		p.WriteString(" overflow<" + a.Flags.String() + ">")
	}
	return []string{OverflowAttrName}
}

func printFlags(p *ir.Printer, op *ir.Operation, k flagKind) []string {
	switch k {
	case fastMathFlags:
		return PrintFastMath(p, op)
	case overflowFlags:
		return printOverflow(p, op)
	}
	return nil
}

// binaryFormat returns the hooks of
// `$lhs, $rhs [fastmath<..>|overflow<..>] attr-dict : type($result)`.
func binaryFormat(k flagKind) (func(ir.OpParser, *ir.OpState) error, func(*ir.Printer, *ir.Operation)) {
	parse := func(p ir.OpParser, st *ir.OpState) error { return parseSameTyped(p, st, 2, k) }
	prt := func(p *ir.Printer, op *ir.Operation) { printSameTyped(p, op, k) }
	return parse, prt
}

// unaryFormat is binaryFormat for `$operand [fastmath<..>] attr-dict : type($result)`.
func unaryFormat(k flagKind) (func(ir.OpParser, *ir.OpState) error, func(*ir.Printer, *ir.Operation)) {
	parse := func(p ir.OpParser, st *ir.OpState) error { return parseSameTyped(p, st, 1, k) }
	prt := func(p *ir.Printer, op *ir.Operation) { printSameTyped(p, op, k) }
	return parse, prt
}

// parseSameTyped parses n operands, flags, attr-dict and `: T`, where T is
// the type of every operand and of the result.
func parseSameTyped(p ir.OpParser, st *ir.OpState, n int, k flagKind) error {
	us, t, err := parseOperandsFlagsType(p, st, n, k)
	if err != nil {
		return err
	}
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = t
	}
	st.Operands, err = p.ResolveOperands(us, ts)
	st.ResultTypes = []ir.Type{t}
	return err
}

// printSameTyped prints ` %a, %b [flags] {attrs} : T`.
func printSameTyped(p *ir.Printer, op *ir.Operation, k flagKind) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	elided := printFlags(p, op, k)
	p.PrintOptionalAttrDict(ir.AllAttrs(op), elided...)
	p.WriteString(" : ")
	p.PrintType(resultType(op, 0))
}

// ParseSameTyped and PrintSameTyped expose the same-typed format
// `$operands [fastmath<..>] attr-dict : type($result)` to the math dialect.
func ParseSameTyped(p ir.OpParser, st *ir.OpState, n int, withFastMath bool) error {
	k := noFlags
	if withFastMath {
		k = fastMathFlags
	}
	return parseSameTyped(p, st, n, k)
}

// PrintSameTyped prints the format ParseSameTyped reads.
func PrintSameTyped(p *ir.Printer, op *ir.Operation, withFastMath bool) {
	k := noFlags
	if withFastMath {
		k = fastMathFlags
	}
	printSameTyped(p, op, k)
}

// parseCast reads `$in attr-dict : type($in) to type($out)`.
func parseCast(p ir.OpParser, st *ir.OpState) error {
	us, err := parseOperandsN(p, 1)
	if err != nil {
		return err
	}
	if err := parseAttrDict(p, st); err != nil {
		return err
	}
	from, err := parseColonType(p)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	to, err := p.ParseType()
	if err != nil {
		return err
	}
	st.Operands, err = p.ResolveOperands(us, []ir.Type{from})
	st.ResultTypes = []ir.Type{to}
	return err
}

// printCast writes ` %x {attrs} : T to U`.
func printCast(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
	p.WriteString(" : ")
	p.PrintType(operandType(op, 0))
	p.WriteString(" to ")
	p.PrintType(resultType(op, 0))
}

// cmpFormat returns the hooks of
// `$predicate, $lhs, $rhs [fastmath<..>] attr-dict : type($lhs)`;
// byName maps a keyword to the predicate number.
func cmpFormat(k flagKind, byName func(string) (int64, bool), name func(int64) string) (func(ir.OpParser, *ir.OpState) error, func(*ir.Printer, *ir.Operation)) {
	parse := func(p ir.OpParser, st *ir.OpState) error { return parseCmp(p, st, k, byName) }
	prt := func(p *ir.Printer, op *ir.Operation) { printCmp(p, op, k, name) }
	return parse, prt
}

func parseCmp(p ir.OpParser, st *ir.OpState, k flagKind, byName func(string) (int64, bool)) error {
	bad := p.Errorf("expected comparison predicate keyword")
	var kw string
	var err error
	if _, ok := p.PeekKeyword(); ok {
		kw, err = p.ParseIdentifier()
	} else {
		kw, err = p.ParseString() // MLIR also reads the predicate quoted: "slt"
	}
	if err != nil {
		return bad
	}
	pred, ok := byName(kw)
	if !ok {
		return bad
	}
	st.AddAttr(PredicateAttrName, ir.IntAttr(ir.I64, pred))
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	us, t, err := parseOperandsFlagsType(p, st, 2, k)
	if err != nil {
		return err
	}
	st.Operands, err = p.ResolveOperands(us, []ir.Type{t, t})
	st.ResultTypes = []ir.Type{boolLikeOf(t)}
	return err
}

// printCmp writes ` slt, %a, %b [fastmath<..>] {attrs} : T`.
func printCmp(p *ir.Printer, op *ir.Operation, k flagKind, name func(int64) string) {
	p.WriteString(" ")
	if a, ok := op.Attr(PredicateAttrName).(ir.IntegerAttr); ok && name(a.Value) != "" {
		p.WriteString(name(a.Value))
	} else {
		p.WriteString("<<INVALID PREDICATE>>")
	}
	p.WriteString(", ")
	p.PrintOperands(op.Operands())
	elided := append(printFlags(p, op, k), PredicateAttrName)
	p.PrintOptionalAttrDict(ir.AllAttrs(op), elided...)
	p.WriteString(" : ")
	p.PrintType(operandType(op, 0))
}

// parseSelect reads `%c, %a, %b attr-dict : T` (condition i1) or
// `... : C, T` (condition of type C).
func parseSelect(p ir.OpParser, st *ir.OpState) error {
	us, err := parseOperandsN(p, 3)
	if err != nil {
		return err
	}
	if err := parseAttrDict(p, st); err != nil {
		return err
	}
	ts, err := parseColonTypeList(p)
	if err != nil {
		return err
	}
	var cond, t ir.Type = ir.I1, ts[0]
	switch len(ts) {
	case 1:
	case 2:
		cond, t = ts[0], ts[1]
	default:
		return p.Errorf("expected one or two types after ':', found %d", len(ts))
	}
	st.Operands, err = p.ResolveOperands(us, []ir.Type{cond, t, t})
	st.ResultTypes = []ir.Type{t}
	return err
}

func parseColonTypeList(p ir.OpParser) ([]ir.Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseTypeList()
}

// printSelect writes ` %c, %a, %b {attrs} : T`, or ` : C, T` when the
// condition is a tensor.
func printSelect(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(ir.AllAttrs(op))
	p.WriteString(" : ")
	if c := operandType(op, 0); c != nil {
		if _, shaped := c.(ir.RankedTensorType); shaped {
			p.PrintType(c)
			p.WriteString(", ")
		}
	}
	p.PrintType(resultType(op, 0))
}

// parseConstant reads `attr-dict $value`; the result type is the value's.
func parseConstant(p ir.OpParser, st *ir.OpState) error {
	if err := parseAttrDict(p, st); err != nil {
		return err
	}
	loc := p.Errorf("expected a typed constant attribute")
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	t := attrType(a)
	if t == nil {
		return loc
	}
	st.AddAttr(ValueAttrName, a)
	st.ResultTypes = []ir.Type{t}
	return nil
}

// printConstant writes ` {attrs} 0 : i32` (`true` for i1, `dense<...> : T`).
func printConstant(p *ir.Printer, op *ir.Operation) {
	p.PrintOptionalAttrDict(ir.AllAttrs(op), ValueAttrName)
	p.WriteString(" ")
	p.PrintAttr(op.Attr(ValueAttrName))
}

// parseOperandsFlagsType reads `$a (, $b)* flags attr-dict : T` (n operands).
func parseOperandsFlagsType(p ir.OpParser, st *ir.OpState, n int, k flagKind) ([]ir.UnresolvedOperand, ir.Type, error) {
	us, err := parseOperandsN(p, n)
	if err != nil {
		return nil, nil, err
	}
	if err := parseFlags(p, st, k); err != nil {
		return nil, nil, err
	}
	if err := parseAttrDict(p, st); err != nil {
		return nil, nil, err
	}
	t, err := parseColonType(p)
	return us, t, err
}
