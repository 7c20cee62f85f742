package parser

import (
	"github.com/sparsetriton/sp/ir"
)

// parseLocBody reads the body of `loc(...)` straight from the token stream
// (no reflection, no intermediate syntax tree); it stops before the closing
// ')'. The grammar is the one spelled out in locgrammar.go, whose
// participle form is the golden spec (testdata/loc.ebnf) and the reference
// of the differential test.
//
//	loc := ALIAS | "unknown" | "callsite" "(" loc "at" loc ")"
//	     | "fused" ("<" (ALIAS | STRING) ">")? "[" (loc ("," loc)*)? "]"
//	     | STRING (":" INT ":" INT | "(" loc ")")?
func (p *parser) parseLocBody() (ir.Location, error) {
	t := p.s.peek()
	switch t.Type {
	case tHash:
		p.s.next()
		return p.lookupLocAlias(t.Value[1:], t.Pos)
	case tString:
		p.s.next()
		return p.strLocation(t.Value, t.Pos)
	case tIdent:
		switch t.Value {
		case "unknown":
			p.s.next()
			return ir.UnknownLoc{}, nil
		case "callsite":
			p.s.next()
			return p.callSiteLocation()
		case "fused":
			p.s.next()
			return p.fusedLocation()
		}
	}
	if t.Type == tPunct && t.Value == ")" {
		return nil, p.posErr(t.Pos, "expected location instance")
	}
	return nil, p.posErr(t.Pos, "invalid location: unexpected %s (expected an alias, a string, unknown, callsite or fused)", describe(&t))
}

// strLocation reads what follows a string: `:line:col`, `(child)` or nothing.
func (p *parser) strLocation(quoted string, pos position) (ir.Location, error) {
	str, err := unquote(quoted)
	if err != nil {
		return nil, p.posErr(pos, "%v", err)
	}
	switch {
	case p.s.isPunct(":"):
		p.s.next()
		line, err := p.locInt()
		if err != nil {
			return nil, err
		}
		if err := p.locPunct(":"); err != nil {
			return nil, err
		}
		col, err := p.locInt()
		if err != nil {
			return nil, err
		}
		return ir.FileLineCol{File: str, Line: line, Col: col}, nil
	case p.s.isPunct("("):
		p.s.next()
		child, err := p.parseLocBody()
		if err != nil {
			return nil, err
		}
		return ir.NameLoc{Name: str, Child: child}, p.locPunct(")")
	}
	return ir.NameLoc{Name: str}, nil
}

func (p *parser) callSiteLocation() (ir.Location, error) {
	if err := p.locPunct("("); err != nil {
		return nil, err
	}
	callee, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	if !p.s.isIdent("at") {
		t := p.s.peek()
		return nil, p.posErr(t.Pos, "invalid location: unexpected %s (expected \"at\")", describe(&t))
	}
	p.s.next()
	caller, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	return ir.CallSiteLoc{Callee: callee, Caller: caller}, p.locPunct(")")
}

func (p *parser) fusedLocation() (ir.Location, error) {
	l := ir.FusedLoc{}
	if p.s.isPunct("<") {
		p.s.next()
		t := p.s.next()
		switch t.Type {
		case tHash:
			a, ok := p.attrAliases[t.Value[1:]]
			if !ok {
				return nil, p.posErr(t.Pos, "undefined symbol alias id '%s'", t.Value[1:])
			}
			l.Metadata = a
		case tString:
			s, err := unquote(t.Value)
			if err != nil {
				return nil, p.posErr(t.Pos, "%v", err)
			}
			l.Metadata = ir.StringAttr{Value: s}
		default:
			return nil, p.posErr(t.Pos, "invalid location: unexpected %s (expected an alias or a string)", describe(&t))
		}
		if err := p.locPunct(">"); err != nil {
			return nil, err
		}
	}
	if err := p.locPunct("["); err != nil {
		return nil, err
	}
	for !p.s.isPunct("]") {
		if len(l.Locs) > 0 {
			if err := p.locPunct(","); err != nil {
				return nil, err
			}
		}
		c, err := p.parseLocBody()
		if err != nil {
			return nil, err
		}
		l.Locs = append(l.Locs, c)
	}
	p.s.next()
	return l, nil
}

func (p *parser) locPunct(v string) error {
	if p.s.isPunct(v) {
		p.s.next()
		return nil
	}
	t := p.s.peek()
	return p.posErr(t.Pos, "invalid location: unexpected %s (expected %q)", describe(&t), v)
}

func (p *parser) locInt() (int, error) {
	t := p.s.peek()
	if t.Type != tInt {
		return 0, p.posErr(t.Pos, "invalid location: unexpected %s (expected an integer)", describe(&t))
	}
	p.s.next()
	n, err := parseIntText(t.Value)
	if err != nil || n < 0 || n > 1<<31-1 {
		return 0, p.posErr(t.Pos, "invalid location: line or column %s out of range", t.Value)
	}
	return int(n), nil
}
