package parser

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// ParseType parses a builtin type, a function type, a type alias (`!t`) or
// a dialect type (`!tt.ptr<...>`).
func (p *parser) ParseType() (ir.Type, error) {
	t := p.s.peek()
	switch {
	case t.Type == tPunct && t.Value == "(":
		return p.parseFunctionType()
	case t.Type == tExcl:
		return p.parseDialectType()
	case t.Type == tIdent:
		return p.parseBuiltinType()
	}
	return nil, p.expected("type")
}

// Pre-boxed scalar types, so that the most frequent type tokens do not
// allocate an interface value each time they are parsed.
var (
	typeI1, typeI8, typeI16, typeI32, typeI64 ir.Type = ir.IntegerType{Width: 1}, ir.IntegerType{Width: 8},
		ir.IntegerType{Width: 16}, ir.IntegerType{Width: 32}, ir.IntegerType{Width: 64}
	typeF16, typeBF16, typeF32, typeF64 ir.Type = ir.FloatType{Kind: ir.F16}, ir.FloatType{Kind: ir.BF16},
		ir.FloatType{Kind: ir.F32}, ir.FloatType{Kind: ir.F64}
	typeIndex, typeNone ir.Type = ir.IndexType{}, ir.NoneType{}
)

// builtinType maps a keyword to a builtin scalar type (a switch, not a
// map: it runs for nearly every type in a module).
func builtinType(s string) (ir.Type, bool) {
	switch s {
	case "i1":
		return typeI1, true
	case "i8":
		return typeI8, true
	case "i16":
		return typeI16, true
	case "i32":
		return typeI32, true
	case "i64":
		return typeI64, true
	case "f16":
		return typeF16, true
	case "bf16":
		return typeBF16, true
	case "f32":
		return typeF32, true
	case "f64":
		return typeF64, true
	case "index":
		return typeIndex, true
	case "none":
		return typeNone, true
	}
	if k, ok := ir.FloatKindByName(s); ok {
		return ir.FloatType{Kind: k}, true
	}
	return integerType(s)
}

func integerType(s string) (ir.Type, bool) {
	sign := ir.Signless
	switch {
	case strings.HasPrefix(s, "si"):
		sign, s = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, s = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return nil, false
	}
	w, err := strconv.Atoi(s)
	if err != nil || w <= 0 || w > 1<<16 || s[0] == '0' {
		return nil, false
	}
	return ir.IntegerType{Width: w, Sign: sign}, true
}

func (p *parser) parseBuiltinType() (ir.Type, error) {
	t := p.s.peek()
	if bt, ok := builtinType(t.Value); ok {
		p.s.next()
		return bt, nil
	}
	if t.Value == "tensor" {
		pos := t.Pos
		p.s.next()
		return p.parseTensorBody(pos)
	}
	return nil, p.Errorf("unknown type '%s'", t.Value)
}

// tensor<4x?x8xf32[, #enc]>
//
// A module repeats few tensor types many times, so each distinct spelling
// is parsed once: later occurrences of the same text (found by a byte scan
// from `tensor`) skip its tokens and share the interned type, which saves
// the parse, the allocations and the memory of a copy per value.
func (p *parser) parseTensorBody(pos position) (ir.Type, error) {
	return intern(p, &p.tensorTypes, p.tensorText(pos.Offset), pos.Offset, func() (ir.Type, error) {
		return p.parseTensorBodySlow(pos)
	})
}

// intern parses the syntax spelled key at offset start (key: the text a
// byte scan delimits there, "" when it cannot) once per distinct spelling:
// a repeated spelling skips its tokens and shares the value, which saves
// the lexing, the parse, and the allocations and memory of a copy per
// use. A value is kept only when its parse consumed exactly key, so a
// skip never lands elsewhere than a parse would. The values must be
// immutable and depend on nothing but the text (aliases cannot be
// redefined; an undefined one fails and is not kept).
func intern[V any](p *parser, m *map[string]V, key string, start int, parse func() (V, error)) (V, error) {
	if p.noIntern {
		key = ""
	}
	if key != "" {
		if v, ok := (*m)[key]; ok && p.s.jumpTo(start+len(key)) {
			return v, nil
		}
	}
	v, err := parse()
	if err == nil && key != "" && p.s.end == start+len(key) {
		if *m == nil {
			*m = map[string]V{}
		}
		(*m)[key] = v
	}
	return v, err
}

// dictText returns the text `{...}` at off when a byte scan can delimit
// it (one line of ASCII without strings, nested braces or comments), else "".
func (p *parser) dictText(off int) string {
	src := p.src
	for k := off + 1; k < len(src) && k-off < 256; k++ {
		switch c := src[k]; {
		case c == '}':
			return src[off : k+1]
		case c == '{' || c == '"' || c == '\n' || c == '/' || c >= 0x80:
			return ""
		}
	}
	return ""
}

// fnTypeText returns the text `(T, ...) -> R` or `(T, ...) -> (R, ...)` at
// off when a byte scan can delimit it (one line of ASCII without strings,
// braces or comments; a single result ends at a blank), else "".
func (p *parser) fnTypeText(off int) string {
	src := p.src
	depth, k := 0, off
	results := false
	for ; k < len(src) && k-off < 512; k++ {
		c := src[k]
		switch {
		case c == '"' || c == '{' || c == '}' || c == '\n' || c == '/' || c >= 0x80:
			return ""
		case c == '(' || c == '<':
			depth++
		case c == '>' && src[k-1] == '-':
			// an arrow (of a function type inside)
		case c == ')' || c == '>':
			if depth--; depth < 0 {
				return ""
			}
			if depth == 0 && c == ')' && results {
				return src[off : k+1]
			}
			if depth == 0 && c == ')' && !results {
				if !strings.HasPrefix(src[k+1:], " -> ") {
					return ""
				}
				k += len(" -> ")
				results = true
				if k+1 < len(src) && src[k+1] != '(' {
					return singleTypeEnd(src, off, k+1)
				}
			}
		}
	}
	return ""
}

// singleTypeEnd returns src[off:end] where end closes the type starting at
// from (balanced <...>, ended by a blank or the line's end), or "".
func singleTypeEnd(src string, off, from int) string {
	depth := 0
	for k := from; k < len(src) && k-off < 512; k++ {
		switch c := src[k]; {
		case c == '"' || c == '{' || c == '}' || c == '(' || c == ')' || c == '/' || c >= 0x80:
			return ""
		case c == '<':
			depth++
		case c == '>':
			if depth--; depth < 0 {
				return ""
			}
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			if depth != 0 || k == from {
				return ""
			}
			// what follows must not continue the type (`!t <...>`)
			if next := strings.TrimLeft(src[k:min(k+8, len(src))], " \t"); next != "" && strings.ContainsRune("<,()[]:", rune(next[0])) {
				return ""
			}
			return src[off:k]
		}
	}
	return ""
}

// tensorText returns the text `tensor<...>` at off when a byte scan can
// delimit it (no strings, parentheses, braces, arrows, comments, line
// breaks or multi-byte characters inside), else "".
func (p *parser) tensorText(off int) string {
	src := p.src
	if off < 0 || !strings.HasPrefix(src[off:], "tensor<") {
		return ""
	}
	depth := 0
	for k := off + len("tensor"); k < len(src) && k-off < 256; k++ {
		switch src[k] {
		case '<':
			depth++
		case '>':
			if depth--; depth == 0 {
				return src[off : k+1]
			}
		case '"', '(', ')', '{', '}', '-', '\n', '/':
			return ""
		}
		if src[k] >= 0x80 {
			return ""
		}
	}
	return ""
}

// skipTo consumes the tokens that end at offset end; it reports false,
// consuming nothing, unless the tokens ahead line up with end.
func (p *parser) skipTo(end int) bool {
	if p.s.jumpTo(end) {
		return true
	}
	for n := 0; ; n++ {
		t := p.s.peekN(n)
		if t.Type == tEOF || t.Pos.Offset >= end {
			return false
		}
		if t.Pos.Offset+len(t.Value) == end && t.Value == ">" {
			for ; n >= 0; n-- {
				p.s.next()
			}
			return true
		}
	}
}

func (p *parser) parseTensorBodySlow(pos position) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	shape, elem, err := p.ParseDimensionsAndType()
	if err != nil {
		return nil, err
	}
	tt := ir.RankedTensorType{Shape: shape, Elem: elem}
	if p.ParseOptionalPunct(",") {
		enc, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		tt.Encoding = enc
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if v, ok := tt.Encoding.(ir.EncodingVerifier); ok {
		if err := v.VerifyEncoding(tt.Shape, tt.Elem); err != nil {
			return nil, p.posErr(pos, "%v", err)
		}
	}
	return tt, nil
}

// ParseDimensionsAndType parses `4x?x8xf32` (or just `f32`). MLIR lexes
// `4x8xf32` as the integer 4 and the identifier `x8xf32`; the identifier
// is split here and an element-type remainder is pushed back as a token.
func (p *parser) ParseDimensionsAndType() ([]int64, ir.Type, error) {
	var shape []int64
	for {
		d, ok, err := p.parseDim()
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			break
		}
		shape = append(shape, d)
		more, err := p.consumeX(&shape)
		if err != nil {
			return nil, nil, err
		}
		if !more {
			break
		}
	}
	t, err := p.ParseType()
	return shape, t, err
}

func (p *parser) parseDim() (int64, bool, error) {
	t := p.s.peek()
	if t.Type == tPunct && t.Value == "?" {
		p.s.next()
		return ir.Dynamic, true, nil
	}
	if t.Type == tInt && !strings.HasPrefix(t.Value, "0x") {
		p.s.next()
		v, err := strconv.ParseInt(t.Value, 10, 64)
		if err != nil {
			return 0, false, p.Errorf("invalid dimension")
		}
		return v, true, nil
	}
	return 0, false, nil
}

// consumeX eats the `x` after a dimension. Dimensions glued to it
// (`x16x32xf16`) are appended to shape; a glued element type is pushed back.
// It reports whether more dimensions may follow as separate tokens.
func (p *parser) consumeX(shape *[]int64) (bool, error) {
	t := p.s.peek()
	if t.Type != tIdent || t.Value[0] != 'x' {
		return false, p.expected("'x' in dimension list")
	}
	p.s.next()
	rest, pos := t.Value[1:], t.Pos
	pos.Offset++
	pos.Column++
	for rest != "" {
		i := 0
		for i < len(rest) && isDigit(rest[i]) {
			i++
		}
		if i == 0 {
			p.s.pushFront(token{Type: tIdent, Value: rest, Pos: pos})
			return false, nil
		}
		if i == len(rest) || rest[i] != 'x' {
			return false, p.posErr(pos, "expected 'x' in dimension list")
		}
		d, _ := strconv.ParseInt(rest[:i], 10, 64)
		*shape = append(*shape, d)
		rest = rest[i+1:]
		pos.Offset += i + 1
		pos.Column += int32(i + 1)
	}
	return true, nil
}

func (p *parser) parseFunctionType() (ir.Type, error) {
	ins, err := p.parseParenTypeList()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct("->"); err != nil {
		return nil, err
	}
	outs, err := p.parseFunctionResultTypes()
	if err != nil {
		return nil, err
	}
	return ir.FunctionType{Inputs: ins, Results: outs}, nil
}

// parseParenTypeList parses `()` or `(T, U)`.
func (p *parser) parseParenTypeList() ([]ir.Type, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	if p.ParseOptionalPunct(")") {
		return nil, nil
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return nil, err
	}
	return ts, p.ParsePunct(")")
}

// parseFunctionResultTypes parses `T` or `(T, U)`.
func (p *parser) parseFunctionResultTypes() ([]ir.Type, error) {
	if p.s.isPunct("(") {
		return p.parseParenTypeList()
	}
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

// parseDialectType parses `!alias` or `!ns.mnemonic...`.
func (p *parser) parseDialectType() (ir.Type, error) {
	t := p.s.next()
	name := t.Value[1:]
	if at, ok := p.typeAliases[name]; ok {
		return at, nil
	}
	ns, mnemonic, ok := strings.Cut(name, ".")
	if !ok {
		return nil, p.posErr(t.Pos, "undefined symbol alias id '%s'", name)
	}
	d := p.ctx.Dialect(ns)
	if d == nil || d.ParseType == nil {
		return p.opaqueType(&t, ns)
	}
	return d.ParseType(p, mnemonic)
}

func (p *parser) opaqueType(t *token, ns string) (ir.Type, error) {
	if !p.ctx.AllowUnregistered {
		return nil, p.posErr(t.Pos, "dialect '%s' provides no type parsing hook; use --allow-unregistered-dialect to keep it as opaque text", ns)
	}
	body, err := p.balancedText()
	if err != nil {
		return nil, err
	}
	return ir.OpaqueType{Text: t.Value + body}, nil
}

// balancedText captures a `<...>` body verbatim (re-spaced), for opaque
// dialect types and attributes.
func (p *parser) balancedText() (string, error) {
	if !p.s.isPunct("<") {
		return "", nil
	}
	var sb strings.Builder
	var closers []string // the brackets open, innermost last, as their closers
	for {
		t := p.s.next()
		if t.Type == tEOF {
			return "", p.expected("'" + closers[len(closers)-1] + "'")
		}
		if t.Type == tPunct {
			switch t.Value {
			case "<", "(", "[", "{":
				closers = append(closers, map[string]string{"<": ">", "(": ")", "[": "]", "{": "}"}[t.Value])
			case ">", ")", "]", "}":
				if want := closers[len(closers)-1]; t.Value != want {
					return "", p.posErr(t.Pos, "unbalanced '%s' in a dialect body: expected '%s'", t.Value, want)
				}
				closers = closers[:len(closers)-1]
			}
		}
		appendSpaced(&sb, t.Value)
		if len(closers) == 0 {
			return sb.String(), nil
		}
	}
}

func appendSpaced(sb *strings.Builder, v string) {
	s := sb.String()
	if len(s) > 0 {
		last := s[len(s)-1]
		tight := strings.ContainsRune("<([{", rune(last)) || strings.ContainsAny(v[:1], ">)]},:")
		if !tight {
			sb.WriteByte(' ')
		}
	}
	sb.WriteString(v)
}
