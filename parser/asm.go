package parser

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// This file implements the token-level part of ir.AsmParser.

func (p *parser) Context() *ir.Context { return p.ctx }

func (p *parser) Loc() ir.Location { return p.locOf(p.s.peek().Pos) }

func (p *parser) Errorf(format string, args ...any) error {
	return ir.Errorf(p.Loc(), format, args...)
}

func (p *parser) expected(what string) error {
	return p.Errorf("expected %s", what)
}

func (p *parser) ParsePunct(punct string) error {
	if !p.ParseOptionalPunct(punct) {
		return p.expected("'" + punct + "'")
	}
	return nil
}

func (p *parser) ParseOptionalPunct(punct string) bool {
	if p.s.isPunct(punct) {
		p.s.next()
		return true
	}
	return false
}

func (p *parser) PeekPunct(punct string) bool { return p.s.isPunct(punct) }

func (p *parser) ParseKeyword(kw string) error {
	if !p.ParseOptionalKeyword(kw) {
		return p.expected("'" + kw + "'")
	}
	return nil
}

func (p *parser) ParseOptionalKeyword(kw string) bool {
	if p.s.isIdent(kw) {
		p.s.next()
		return true
	}
	return false
}

func (p *parser) PeekKeyword() (string, bool) {
	t := p.s.peek()
	return t.Value, t.Type == tIdent
}

func (p *parser) ParseIdentifier() (string, error) {
	t := p.s.peek()
	if t.Type != tIdent {
		return "", p.expected("identifier")
	}
	p.s.next()
	return t.Value, nil
}

func (p *parser) PeekInteger() bool {
	t := p.s.peek()
	if t.Type == tInt {
		return true
	}
	return t.Type == tPunct && t.Value == "-" && p.s.peekN(1).Type == tInt
}

func (p *parser) ParseInteger() (int64, error) {
	neg := p.ParseOptionalPunct("-")
	t := p.s.peek()
	if t.Type != tInt {
		return 0, p.expected("integer value")
	}
	v, err := parseIntText(t.Value)
	if err != nil {
		return 0, p.Errorf("integer value too large")
	}
	p.s.next()
	if neg {
		v = -v
	}
	return v, nil
}

func parseIntText(s string) (int64, error) {
	if strings.HasPrefix(s, "0x") {
		u, err := strconv.ParseUint(s[2:], 16, 64)
		return int64(u), err
	}
	u, err := strconv.ParseUint(s, 10, 64)
	return int64(u), err
}

func (p *parser) ParseString() (string, error) {
	t := p.s.peek()
	if t.Type != tString {
		return "", p.expected("string")
	}
	v, err := unquote(t.Value)
	if err != nil {
		return "", p.Errorf("%v", err)
	}
	p.s.next()
	return v, nil
}

func (p *parser) ParseSymbolName() (string, error) {
	t := p.s.peek()
	if t.Type != tAt {
		return "", p.expected("symbol name")
	}
	p.s.next()
	if strings.HasPrefix(t.Value, `@"`) {
		v, err := unquote(t.Value[1:])
		if err != nil {
			return "", p.posErr(t.Pos, "%v", err)
		}
		return v, nil
	}
	return t.Value[1:], nil
}

func (p *parser) ParseTypeList() ([]ir.Type, error) {
	var ts []ir.Type
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
		if !p.ParseOptionalPunct(",") {
			return ts, nil
		}
	}
}

// ParseOptionalAttrDict parses `{...}` if it is next.
func (p *parser) ParseOptionalAttrDict() (ir.DictAttr, error) {
	if !p.s.isPunct("{") {
		return ir.DictAttr{}, nil
	}
	return p.parseDict()
}

func (p *parser) parseDict() (ir.DictAttr, error) {
	off := p.s.cur.Pos.Offset
	return intern(p, &p.dicts, p.dictText(off), off, p.parseDictSlow)
}

func (p *parser) parseDictSlow() (ir.DictAttr, error) {
	start := p.s.peek().Pos
	if err := p.ParsePunct("{"); err != nil {
		return ir.DictAttr{}, err
	}
	if p.ParseOptionalPunct("}") {
		return ir.DictAttr{}, nil
	}
	var es []ir.NamedAttr
	for {
		name, val, err := p.parseDictEntry()
		if err != nil {
			return ir.DictAttr{}, err
		}
		es = append(es, ir.NamedAttr{Name: name, Value: val})
		if p.ParseOptionalPunct("}") {
			break
		}
		if err := p.ParsePunct(","); err != nil {
			return ir.DictAttr{}, p.expected("',' or '}' in dictionary")
		}
	}
	d, dup := ir.DictFromEntries(es)
	if dup != "" {
		return d, p.posErr(start, "duplicate key '%s' in dictionary attribute", dup)
	}
	return d, nil
}

func (p *parser) parseDictEntry() (string, ir.Attribute, error) {
	t := p.s.peek()
	var name string
	switch t.Type {
	case tIdent:
		name = t.Value
	case tString:
		v, err := unquote(t.Value)
		if err != nil {
			return "", nil, p.Errorf("%v", err)
		}
		name = v
	default:
		return "", nil, p.expected("attribute name")
	}
	p.s.next()
	if !p.ParseOptionalPunct("=") {
		return name, ir.UnitAttr{}, nil
	}
	a, err := p.ParseAttribute(nil)
	return name, a, err
}
