package parser

import (
	"github.com/sparsetriton/sp/ir"
)

// ParseOptionalLocation parses a trailing `loc(...)` if present.
func (p *parser) ParseOptionalLocation() (ir.Location, error) {
	if !p.s.isIdent("loc") || !(p.s.peekN(1).Type == tPunct && p.s.peekN(1).Value == "(") {
		return nil, nil
	}
	return p.parseLocation()
}

// parseLocation parses `loc(body)`.
func (p *parser) parseLocation() (ir.Location, error) {
	if err := p.ParseKeyword("loc"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	l, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	return l, p.ParsePunct(")")
}

// parseLocBody: "file":L:C | "name"[(loc)] | unknown | callsite(a at b) |
// fused[<attr>][a, b] | #alias
func (p *parser) parseLocBody() (ir.Location, error) {
	t := p.s.peek()
	switch {
	case t.Type == tString:
		return p.parseFileOrNameLoc()
	case t.Type == tHash:
		return p.resolveLocAlias()
	case t.Type == tIdent && t.Value == "unknown":
		p.s.next()
		return ir.UnknownLoc{}, nil
	case t.Type == tIdent && t.Value == "callsite":
		return p.parseCallSiteLoc()
	case t.Type == tIdent && t.Value == "fused":
		return p.parseFusedLoc()
	}
	return nil, p.expected("location instance")
}

func (p *parser) parseFileOrNameLoc() (ir.Location, error) {
	s, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	if p.ParseOptionalPunct(":") {
		line, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		col, err := p.ParseInteger()
		return ir.FileLineCol{File: s, Line: int(line), Col: int(col)}, err
	}
	if !p.ParseOptionalPunct("(") {
		return ir.NameLoc{Name: s}, nil
	}
	child, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	return ir.NameLoc{Name: s, Child: child}, p.ParsePunct(")")
}

func (p *parser) parseCallSiteLoc() (ir.Location, error) {
	p.s.next()
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	callee, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	if err := p.ParseKeyword("at"); err != nil {
		return nil, err
	}
	caller, err := p.parseLocBody()
	if err != nil {
		return nil, err
	}
	return ir.CallSiteLoc{Callee: callee, Caller: caller}, p.ParsePunct(")")
}

func (p *parser) parseFusedLoc() (ir.Location, error) {
	p.s.next()
	var l ir.FusedLoc
	if p.ParseOptionalPunct("<") {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		l.Metadata = a
		if err := p.ParsePunct(">"); err != nil {
			return nil, err
		}
	}
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	for !p.ParseOptionalPunct("]") {
		if len(l.Locs) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		c, err := p.parseLocBody()
		if err != nil {
			return nil, err
		}
		l.Locs = append(l.Locs, c)
	}
	return l, nil
}

// resolveLocAlias resolves #locN, parsing a definition that appears later
// in the file on demand (MLIR prints location aliases after the module).
func (p *parser) resolveLocAlias() (ir.Location, error) {
	t := p.s.next()
	name := t.Value[1:]
	if l, ok := p.locAliases[name]; ok {
		return l, nil
	}
	if p.locPending == nil {
		p.indexLocAliases()
	}
	at, ok := p.locPending[name]
	if !ok {
		return nil, posErr(t.Pos, "undefined symbol alias id '%s'", name)
	}
	delete(p.locPending, name) // guards against cycles
	saved := p.s
	sc := at
	p.s = stream{sc: &sc}
	l, err := p.parseLocation()
	p.s = saved
	if err != nil {
		return nil, err
	}
	p.locAliases[name] = l
	return l, nil
}
