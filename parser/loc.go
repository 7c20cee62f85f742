package parser

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/sparsetriton/sp/ir"
)

// ParseOptionalLocation parses a trailing `loc(...)` if present.
func (p *parser) ParseOptionalLocation() (ir.Location, error) {
	if !p.s.isIdent("loc") || !(p.s.peekN(1).Type == tPunct && p.s.peekN(1).Value == "(") {
		return nil, nil
	}
	return p.parseLocation()
}

// parseLocation parses `loc(body)` (locparse.go).
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

// lookupLocAlias resolves #name, parsing a definition that appears later
// in the file on demand (MLIR prints location aliases after the module).
func (p *parser) lookupLocAlias(name string, pos lexer.Position) (ir.Location, error) {
	if l, ok := p.locAliases[name]; ok {
		return l, nil
	}
	if p.locPending == nil {
		p.indexLocAliases()
	}
	at, ok := p.locPending[name]
	if !ok {
		return nil, posErr(pos, "undefined symbol alias id '%s'", name)
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
	p.locAliases[strings.Clone(name)] = l // a compact key, not a pointer into the source
	return l, nil
}
