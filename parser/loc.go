package parser

import (
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// ParseOptionalLocation parses a trailing `loc(...)` if present.
func (p *parser) ParseOptionalLocation() (ir.Location, error) {
	if !p.s.isIdent("loc") {
		return nil, nil
	}
	if l, end := p.resolvedAliasLoc(p.s.cur.Pos.Offset); l != nil && p.s.jumpTo(end) {
		return l, nil
	}
	if !(p.s.peekN(1).Type == tPunct && p.s.peekN(1).Value == "(") {
		return nil, nil
	}
	return p.parseLocation()
}

// resolvedAliasLoc reads `loc(#name)` at off by a byte scan when #name is
// an alias already resolved (nearly every location of a printed module
// after the first use of each alias), returning it and the offset past
// the ')'; else nil.
func (p *parser) resolvedAliasLoc(off int) (ir.Location, int) {
	src := p.src
	if p.noIntern || !strings.HasPrefix(src[off:], "loc(#") {
		return nil, 0
	}
	start := off + len("loc(#")
	k := start
	for k < len(src) && isSuffixChar(src[k]) {
		k++
	}
	if k == start || k >= len(src) || src[k] != ')' {
		return nil, 0
	}
	l, _ := p.locAliases.get(src[start:k])
	return l, k + 1
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
func (p *parser) lookupLocAlias(name string, pos position) (ir.Location, error) {
	if l, ok := p.locAliases.get(name); ok {
		return l, nil
	}
	if p.locPending == nil {
		p.indexLocAliases()
	}
	at, ok := p.locPending[name]
	if !ok {
		return nil, p.posErr(pos, "undefined symbol alias id '%s'", name)
	}
	delete(p.locPending, name) // guards against cycles
	saved := p.s
	p.s = newStreamAt(at)
	l, err := p.parseLocation()
	p.s = saved
	if err != nil {
		return nil, err
	}
	p.locAliases.set(name, l)
	return l, nil
}

// locTable holds the resolved location aliases: those named `loc<N>` (as
// MLIR and Triton name them) in a slice indexed by N, the others in a map
// under compact copies of their names (not pointers into the source).
type locTable struct {
	byNum []ir.Location
	named map[string]ir.Location
	// limit is the largest N kept in byNum: a sixteenth of the input's
	// length (an alias definition takes more bytes than that), so the
	// slice is never larger than the input however sparse the numbers.
	limit int
}

func (t *locTable) num(name string) (int, bool) {
	d, ok := strings.CutPrefix(name, "loc")
	if !ok {
		return 0, false
	}
	n, ok := decimal(d)
	return n, ok && n <= t.limit
}

func (t *locTable) get(name string) (ir.Location, bool) {
	if n, ok := t.num(name); ok {
		if n < len(t.byNum) && t.byNum[n] != nil {
			return t.byNum[n], true
		}
		return nil, false
	}
	l, ok := t.named[name]
	return l, ok
}

func (t *locTable) set(name string, l ir.Location) {
	if n, ok := t.num(name); ok {
		if n >= len(t.byNum) {
			grown := make([]ir.Location, max(n+1, 2*len(t.byNum), 64))
			copy(grown, t.byNum)
			t.byNum = grown
		}
		t.byNum[n] = l
		return
	}
	if t.named == nil {
		t.named = map[string]ir.Location{}
	}
	t.named[strings.Clone(name)] = l
}
