package parser

import (
	"math"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// ParseAttribute parses any attribute. A bare numeric literal takes type t
// when t is not nil and no `: type` follows.
func (p *parser) ParseAttribute(t ir.Type) (ir.Attribute, error) {
	tok := p.s.peek()
	switch tok.Type {
	case tInt, tFloat:
		return p.parseNumberAttr(false, t)
	case tString:
		v, err := p.ParseString()
		return ir.StringAttr{Value: v}, err
	case tAt:
		return p.parseSymbolRef()
	case tHash:
		return p.parseHashAttr()
	case tPunct:
		return p.parsePunctAttr(tok.Value, t)
	case tIdent:
		return p.parseKeywordAttr(tok.Value, t)
	case tExcl:
		ty, err := p.ParseType()
		return ir.TypeAttr{Type: ty}, err
	}
	return nil, p.expected("attribute value")
}

func (p *parser) parsePunctAttr(v string, t ir.Type) (ir.Attribute, error) {
	switch v {
	case "-":
		p.s.next()
		return p.parseNumberAttr(true, t)
	case "[":
		return p.parseArrayAttr()
	case "{":
		return p.parseDict()
	case "(":
		ty, err := p.ParseType()
		return ir.TypeAttr{Type: ty}, err
	}
	return nil, p.expected("attribute value")
}

func (p *parser) parseKeywordAttr(kw string, t ir.Type) (ir.Attribute, error) {
	switch kw {
	case "true", "false":
		p.s.next()
		return ir.BoolAttr(kw == "true"), nil
	case "unit":
		p.s.next()
		return ir.UnitAttr{}, nil
	case "dense":
		p.s.next()
		return p.parseDense()
	case "dense_resource":
		p.s.next()
		return p.parseDenseResource()
	case "array":
		p.s.next()
		return p.parseDenseArray()
	}
	ty, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	return ir.TypeAttr{Type: ty}, nil
}

// parseNumberAttr parses `16`, `16 : i32`, `1.5 : f32`, `0x7F800000 : f32`.
func (p *parser) parseNumberAttr(neg bool, t ir.Type) (ir.Attribute, error) {
	tok := p.s.next()
	if tok.Type != tInt && tok.Type != tFloat {
		return nil, p.posErr(tok.Pos, "expected integer or float literal")
	}
	if p.ParseOptionalPunct(":") {
		var err error
		if t, err = p.ParseType(); err != nil {
			return nil, err
		}
	}
	if t == nil {
		t = ir.I64
		if tok.Type == tFloat {
			t = ir.F64T
		}
	}
	return p.numberAttr(tok.Value, tok.Type == tFloat, neg, t, tok.Pos)
}

func (p *parser) numberAttr(text string, isFloat, neg bool, t ir.Type, pos position) (ir.Attribute, error) {
	switch tt := t.(type) {
	case ir.FloatType:
		v, err := floatLiteral(text, isFloat, tt)
		if err != nil {
			return nil, p.posErr(pos, "%v", err)
		}
		if neg {
			v = -v
		}
		return ir.FloatAttr{Type: tt, Value: ir.RoundToType(v, tt)}, nil
	case ir.IntegerType, ir.IndexType:
		if isFloat {
			return nil, p.posErr(pos, "floating point value not valid for specified type")
		}
		v, err := parseIntText(text)
		if err != nil {
			return nil, p.posErr(pos, "integer constant out of range for attribute")
		}
		if neg {
			v = -v
		}
		return ir.IntegerAttr{Type: t, Value: truncInt(v, t)}, nil
	}
	return nil, p.posErr(pos, "invalid type for numeric literal: %s", ir.TypeString(t))
}

// truncInt wraps v to the width of t (i1 keeps 0/1).
func truncInt(v int64, t ir.Type) int64 {
	it, ok := t.(ir.IntegerType)
	if !ok || it.Width >= 64 {
		return v
	}
	if it.Width == 1 {
		return v & 1
	}
	shift := 64 - it.Width
	if it.Sign == ir.Unsigned {
		return int64(uint64(v) << shift >> shift)
	}
	return v << shift >> shift
}

func floatLiteral(text string, isFloat bool, t ir.FloatType) (float64, error) {
	if !isFloat && strings.HasPrefix(text, "0x") {
		bits, err := strconv.ParseUint(text[2:], 16, 64)
		if err != nil {
			return 0, err
		}
		return ir.FloatFromBits(bits, t), nil
	}
	return strconv.ParseFloat(text, 64)
}

func (p *parser) parseSymbolRef() (ir.Attribute, error) {
	root, err := p.ParseSymbolName()
	if err != nil {
		return nil, err
	}
	a := ir.SymbolRefAttr{Root: root}
	for p.ParseOptionalPunct("::") {
		n, err := p.ParseSymbolName()
		if err != nil {
			return nil, err
		}
		a.Nested = append(a.Nested, n)
	}
	return a, nil
}

func (p *parser) parseArrayAttr() (ir.Attribute, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	var a ir.ArrayAttr
	if p.ParseOptionalPunct("]") {
		return a, nil
	}
	for {
		e, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		a.Elems = append(a.Elems, e)
		if p.ParseOptionalPunct("]") {
			return a, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, p.expected("',' or ']'")
		}
	}
}

// parseHashAttr parses `#alias`, `#ns.mnemonic<...>` or `#ns<...>`.
func (p *parser) parseHashAttr() (ir.Attribute, error) {
	tok := p.s.next()
	name := tok.Value[1:]
	// As in MLIR, `#name<` without a dot is the dialect attribute of
	// namespace name, never the alias #name: an opaque `#blocked<...>` and
	// an alias #blocked can live side by side.
	if a, ok := p.attrAliases[name]; ok && (strings.Contains(name, ".") || !p.s.isPunct("<")) {
		return a, nil
	}
	ns, mnemonic, _ := strings.Cut(name, ".")
	d := p.ctx.Dialect(ns)
	if d != nil && d.ParseAttr != nil {
		return d.ParseAttr(p, mnemonic)
	}
	if p.ctx.AllowUnregistered && (d == nil || strings.Contains(name, ".")) {
		body, err := p.balancedText()
		if err != nil {
			return nil, err
		}
		return ir.OpaqueAttr{Text: tok.Value + body}, nil
	}
	if _, isLoc := p.locAliases.get(name); isLoc {
		return nil, p.posErr(tok.Pos, "location alias '#%s' used as an attribute", name)
	}
	if d == nil && strings.Contains(name, ".") {
		return nil, p.posErr(tok.Pos, "dialect '%s' is not registered; use --allow-unregistered-dialect to keep '#%s' as opaque text", ns, name)
	}
	return nil, p.posErr(tok.Pos, "undefined symbol alias id '%s'", name)
}

// dense<...> : tensor<...>
func (p *parser) parseDense() (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	var lits []literal
	hex := ""
	var err error
	switch {
	case p.s.isKind(tString):
		hex, err = p.ParseString()
	case p.s.isPunct(">"):
	default:
		lits, err = p.parseDenseLiteral()
	}
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	pos := p.s.peek().Pos
	ty, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	tt, ok := ty.(ir.RankedTensorType)
	if !ok {
		return nil, p.posErr(pos, "elements literal must be a ranked tensor, got %s", ir.TypeString(ty))
	}
	return p.buildDense(tt, lits, hex, pos)
}

// literal is one scalar in a dense literal; nested reports list nesting.
type literal struct {
	text    string
	isFloat bool
	neg     bool
	boolean int // 0 none, 1 false, 2 true
	pos     position
}

// parseDenseLiteral flattens `[[1, 2], [3, 4]]` or a splat scalar.
func (p *parser) parseDenseLiteral() ([]literal, error) {
	if !p.ParseOptionalPunct("[") {
		l, err := p.parseScalarLiteral()
		return []literal{l}, err
	}
	var out []literal
	if p.ParseOptionalPunct("]") {
		return out, nil
	}
	for {
		sub, err := p.parseDenseLiteral()
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
		if p.ParseOptionalPunct("]") {
			return out, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, p.expected("',' or ']'")
		}
	}
}

func (p *parser) parseScalarLiteral() (literal, error) {
	l := literal{pos: p.s.peek().Pos}
	if p.ParseOptionalKeyword("true") {
		l.boolean = 2
		return l, nil
	}
	if p.ParseOptionalKeyword("false") {
		l.boolean = 1
		return l, nil
	}
	l.neg = p.ParseOptionalPunct("-")
	t := p.s.peek()
	if t.Type != tInt && t.Type != tFloat {
		return l, p.expected("element literal of primitive type")
	}
	p.s.next()
	l.text, l.isFloat = t.Value, t.Type == tFloat
	return l, nil
}

func (p *parser) buildDense(tt ir.RankedTensorType, lits []literal, hex string, pos position) (ir.Attribute, error) {
	if hex != "" {
		return ir.DenseElementsAttr{Type: tt, Hex: hex}, nil
	}
	n := tt.NumElements()
	if len(lits) != 1 && int64(len(lits)) != n {
		return nil, p.posErr(pos, "inferred shape of elements literal ([%d]) does not match type ([%s])", len(lits), ir.ShapeString(tt.Shape))
	}
	elems := make([]ir.Attribute, len(lits))
	for i, l := range lits {
		e, err := p.literalAttr(l, tt.Elem)
		if err != nil {
			return nil, err
		}
		elems[i] = e
	}
	return ir.DenseElementsAttr{Type: tt, Splat: len(lits) == 1 && n != 1, Elems: elems}, nil
}

func (p *parser) literalAttr(l literal, et ir.Type) (ir.Attribute, error) {
	if l.boolean != 0 {
		if !ir.IsInteger(et, 1) {
			return nil, p.posErr(l.pos, "expected i1 type for 'true' or 'false' values")
		}
		return ir.BoolAttr(l.boolean == 2), nil
	}
	return p.numberAttr(l.text, l.isFloat, l.neg, et, l.pos)
}

// dense_resource<handle> : type
func (p *parser) parseDenseResource() (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	h, err := p.ParseIdentifier()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	ty, err := p.ParseType()
	return ir.DenseResourceAttr{Handle: h, Type: ty}, err
}

// array<i32: 1, 2> or array<f32: 1.0>
func (p *parser) parseDenseArray() (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	et, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	a := ir.DenseArrayAttr{Elem: et}
	if p.ParseOptionalPunct(">") {
		return a, nil
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	for {
		l, err := p.parseScalarLiteral()
		if err != nil {
			return nil, err
		}
		if err := p.appendArrayElem(&a, l); err != nil {
			return nil, err
		}
		if p.ParseOptionalPunct(">") {
			return a, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, p.expected("',' or '>'")
		}
	}
}

func (p *parser) appendArrayElem(a *ir.DenseArrayAttr, l literal) error {
	e, err := p.literalAttr(l, a.Elem)
	if err != nil {
		return err
	}
	switch v := e.(type) {
	case ir.IntegerAttr:
		a.Ints = append(a.Ints, v.Value)
	case ir.FloatAttr:
		a.Floats = append(a.Floats, v.Value)
	default:
		return p.posErr(l.pos, "invalid dense array element")
	}
	return nil
}

var _ = math.Inf
