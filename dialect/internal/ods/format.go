package ods

import (
	"fmt"
	"strings"
	"unicode"
)

type elemKind uint8

const (
	eLiteral    elemKind = iota
	eOperand             // $operand
	eAttr                // $attr
	eType                // type($x)
	eFuncType            // functional-type(operands|$x, results|$y)
	eAttrDict            // attr-dict
	eAttrDictKw          // attr-dict-with-keyword
	eGroup               // ( ... )?
	eOIList              // oilist(a | b)
	eCustom              // custom<Name>(...)
)

type elem struct {
	kind   elemKind
	lit    string
	slot   int // operand or result slot (eOperand, eType)
	attr   int // index into attrs (eAttr)
	ins    []int
	outs   []int
	elems  []elem // group body
	anchor int    // index of the anchor in elems
	// clauses of an oilist
	clauses [][]elem
	custom  Directive
}

type slot struct {
	Value
	result bool
	index  int // group index among operands or results
}

// compiled is an Op with its format compiled and name tables built.
type compiled struct {
	op      *Op
	slots   []slot // operand groups, then result groups
	nOps    int
	byName  map[string]int
	attrIdx map[string]int
	format  []elem
	// inFormat: attributes the format prints itself (elided from attr-dict).
	inFormat     []string
	unitInFormat bool // some attribute in inFormat has a unit kind
	hasStored    bool // some attribute has a Stored spelling
	static       [][2]int
}

func compile(o *Op) (*compiled, error) {
	c := &compiled{op: o, byName: map[string]int{}, attrIdx: map[string]int{}}
	nonSingle := 0
	for i, v := range o.Operands {
		c.slots = append(c.slots, slot{Value: v, index: i})
		if v.Arity != One {
			nonSingle++
		}
	}
	c.nOps = len(o.Operands)
	if nonSingle > 1 && o.Segments == NoSegments {
		return nil, fmt.Errorf("%d optional or variadic operand groups need Segments", nonSingle)
	}
	if (o.Segments == Computed) != (o.OperandSizes != nil) {
		return nil, fmt.Errorf("OperandSizes goes with Computed segments")
	}
	if o.Segments == Computed && o.Format != "" {
		return nil, fmt.Errorf("Computed segments need hand-written Parse and Print hooks")
	}
	if o.Segments == OptionalPrefix {
		for _, v := range o.Operands {
			if v.Arity == Variadic {
				return nil, fmt.Errorf("OptionalPrefix segments with variadic $%s", v.Name)
			}
		}
	}
	nonSingle = 0
	for i, v := range o.Results {
		c.slots = append(c.slots, slot{Value: v, result: true, index: i})
		if v.Arity != One {
			nonSingle++
		}
	}
	if nonSingle > 1 {
		return nil, fmt.Errorf("more than one optional or variadic result group")
	}
	for i, s := range c.slots {
		if _, dup := c.byName[s.Name]; dup {
			return nil, fmt.Errorf("duplicate name $%s", s.Name)
		}
		c.byName[s.Name] = i
	}
	for i, a := range o.Attrs {
		if _, dup := c.byName[a.Name]; dup {
			return nil, fmt.Errorf("duplicate name $%s", a.Name)
		}
		c.attrIdx[a.Name] = i
		c.hasStored = c.hasStored || a.Kind.Stored != nil
	}
	for _, s := range c.slots {
		if s.Infer != nil && s.Infer.From != "" {
			if _, ok := c.byName[s.Infer.From]; !ok {
				return nil, fmt.Errorf("$%s is inferred from unknown $%s", s.Name, s.Infer.From)
			}
		}
		if s.Infer != nil && s.Infer.Each && (s.Infer.From == "" || s.Arity != Variadic) {
			return nil, fmt.Errorf("$%s: Each inference needs a variadic group and a source", s.Name)
		}
	}
	c.static = staticRanges(c.slots, c.nOps)
	if o.Format == "" {
		return c, nil
	}
	toks, err := lexFormat(o.Format)
	if err != nil {
		return nil, err
	}
	fp := &formatParser{c: c, toks: toks}
	c.format, err = fp.elems(false)
	if err != nil {
		return nil, err
	}
	if fp.pos < len(toks) {
		return nil, fmt.Errorf("format: unexpected %q", toks[fp.pos])
	}
	return c, c.checkFormat()
}

// checkFormat verifies that the format names every operand and that every
// type has a source.
func (c *compiled) checkFormat() error {
	seenOp := make([]bool, len(c.slots))
	typed := make([]bool, len(c.slots))
	custom, dict := false, false
	walk(c.format, func(e *elem) {
		switch e.kind {
		case eOperand:
			seenOp[e.slot] = true
		case eType:
			typed[e.slot] = true
		case eFuncType:
			for _, s := range append(append([]int(nil), e.ins...), e.outs...) {
				typed[s] = true
			}
		case eCustom:
			custom = true
		case eAttrDict, eAttrDictKw:
			dict = true
		}
	})
	if !dict {
		return fmt.Errorf("format has no attr-dict")
	}
	if custom {
		return nil // custom directives may read operands and types
	}
	for i, s := range c.slots {
		if !s.result && !seenOp[i] {
			return fmt.Errorf("format does not name operand $%s", s.Name)
		}
		if !typed[i] && s.Infer == nil {
			return fmt.Errorf("format gives no type for $%s and it declares no Infer", s.Name)
		}
	}
	return nil
}

func walk(es []elem, f func(*elem)) {
	for i := range es {
		f(&es[i])
		walk(es[i].elems, f)
		for _, cl := range es[i].clauses {
			walk(cl, f)
		}
	}
}

// lexFormat splits a format into tokens: `lit`, $name, identifiers,
// punctuation ( ) ? ^ , | < >.
func lexFormat(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n':
			i++
		case ch == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, fmt.Errorf("format: unterminated literal")
			}
			out = append(out, s[i:i+j+2])
			i += j + 2
		case ch == '$' || isIdentByte(ch):
			j := i + 1
			for j < len(s) && (isIdentByte(s[j]) || s[j] == '-') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		case strings.IndexByte("()?^,|<>", ch) >= 0:
			out = append(out, s[i:i+1])
			i++
		default:
			return nil, fmt.Errorf("format: unexpected %q", ch)
		}
	}
	return out, nil
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '.' || unicode.IsLetter(rune(b)) || unicode.IsDigit(rune(b))
}

type formatParser struct {
	c    *compiled
	toks []string
	pos  int
}

func (fp *formatParser) peek() string {
	if fp.pos < len(fp.toks) {
		return fp.toks[fp.pos]
	}
	return ""
}

func (fp *formatParser) expect(t string) error {
	if fp.peek() != t {
		return fmt.Errorf("format: expected %q, got %q", t, fp.peek())
	}
	fp.pos++
	return nil
}

// elems reads elements until the end, `)` or (inside oilist) `|`.
func (fp *formatParser) elems(inOIList bool) ([]elem, error) {
	var out []elem
	for {
		t := fp.peek()
		if t == "" || t == ")" || (inOIList && t == "|") {
			return out, nil
		}
		e, err := fp.elem()
		if err != nil {
			return nil, err
		}
		if fp.peek() == "^" {
			fp.pos++
			e.anchor = -2 // marked; the group resolves it
		}
		out = append(out, e)
	}
}

func (fp *formatParser) elem() (elem, error) {
	t := fp.peek()
	fp.pos++
	switch {
	case strings.HasPrefix(t, "`"):
		return elem{kind: eLiteral, lit: t[1 : len(t)-1]}, nil
	case strings.HasPrefix(t, "$"):
		return fp.variable(t[1:])
	case t == "attr-dict":
		return elem{kind: eAttrDict}, nil
	case t == "attr-dict-with-keyword":
		return elem{kind: eAttrDictKw}, nil
	case t == "type":
		if err := fp.expect("("); err != nil {
			return elem{}, err
		}
		v := fp.peek()
		fp.pos++
		s, ok := fp.c.byName[strings.TrimPrefix(v, "$")]
		if !ok || !strings.HasPrefix(v, "$") {
			return elem{}, fmt.Errorf("format: type(%s) names no operand or result", v)
		}
		return elem{kind: eType, slot: s}, fp.expect(")")
	case t == "functional-type":
		return fp.functionalType()
	case t == "oilist":
		return fp.oilist()
	case t == "custom":
		return fp.custom()
	case t == "(":
		return fp.group()
	}
	return elem{}, fmt.Errorf("format: unexpected %q", t)
}

func (fp *formatParser) variable(name string) (elem, error) {
	if s, ok := fp.c.byName[name]; ok {
		if fp.c.slots[s].result {
			return elem{}, fmt.Errorf("format: result $%s cannot be written", name)
		}
		return elem{kind: eOperand, slot: s}, nil
	}
	if a, ok := fp.c.attrIdx[name]; ok {
		fp.c.inFormat = append(fp.c.inFormat, name)
		fp.c.unitInFormat = fp.c.unitInFormat || fp.c.op.Attrs[a].Kind.Unit
		return elem{kind: eAttr, attr: a}, nil
	}
	return elem{}, fmt.Errorf("format: $%s is neither an operand nor an attribute", name)
}

func (fp *formatParser) slotList(word string, result bool) ([]int, error) {
	t := fp.peek()
	fp.pos++
	if t == word {
		var out []int
		for i, s := range fp.c.slots {
			if s.result == result {
				out = append(out, i)
			}
		}
		return out, nil
	}
	s, ok := fp.c.byName[strings.TrimPrefix(t, "$")]
	if !ok || fp.c.slots[s].result != result {
		return nil, fmt.Errorf("format: functional-type: unexpected %q", t)
	}
	return []int{s}, nil
}

func (fp *formatParser) functionalType() (elem, error) {
	if err := fp.expect("("); err != nil {
		return elem{}, err
	}
	ins, err := fp.slotList("operands", false)
	if err != nil {
		return elem{}, err
	}
	if err := fp.expect(","); err != nil {
		return elem{}, err
	}
	outs, err := fp.slotList("results", true)
	if err != nil {
		return elem{}, err
	}
	return elem{kind: eFuncType, ins: ins, outs: outs}, fp.expect(")")
}

func (fp *formatParser) group() (elem, error) {
	body, err := fp.elems(false)
	if err != nil {
		return elem{}, err
	}
	if err := fp.expect(")"); err != nil {
		return elem{}, err
	}
	if err := fp.expect("?"); err != nil {
		return elem{}, err
	}
	g := elem{kind: eGroup, elems: body, anchor: -1}
	for i := range body {
		if body[i].anchor == -2 {
			body[i].anchor = 0
			g.anchor = i
		}
	}
	if g.anchor < 0 || len(body) == 0 {
		return elem{}, fmt.Errorf("format: optional group without an anchor (^)")
	}
	a := body[g.anchor]
	switch {
	case a.kind == eOperand && fp.c.slots[a.slot].Arity != One:
	case a.kind == eAttr && fp.c.op.Attrs[a.attr].Optional:
	case a.kind == eType && !fp.c.slots[a.slot].result && fp.c.slots[a.slot].Arity != One && body[0].kind == eLiteral:
		// (`,` type($x)^)?: present when the optional operand is.
	default:
		return elem{}, fmt.Errorf("format: the anchor of an optional group must be an optional operand or attribute (or the type of one, after a literal)")
	}
	if f := body[0]; f.kind != eLiteral && f.kind != eOperand {
		return elem{}, fmt.Errorf("format: an optional group must start with a literal or an operand")
	}
	return g, nil
}

func (fp *formatParser) oilist() (elem, error) {
	if err := fp.expect("("); err != nil {
		return elem{}, err
	}
	e := elem{kind: eOIList}
	for {
		cl, err := fp.elems(true)
		if err != nil {
			return elem{}, err
		}
		if len(cl) == 0 || cl[0].kind != eLiteral {
			return elem{}, fmt.Errorf("format: an oilist clause must start with a keyword")
		}
		hasAttr := false
		for _, x := range cl {
			if x.kind == eAttr && fp.c.op.Attrs[x.attr].Optional {
				hasAttr = true
			}
		}
		if !hasAttr {
			return elem{}, fmt.Errorf("format: an oilist clause needs an optional attribute")
		}
		e.clauses = append(e.clauses, cl)
		if fp.peek() != "|" {
			break
		}
		fp.pos++
	}
	return e, fp.expect(")")
}

func (fp *formatParser) custom() (elem, error) {
	if err := fp.expect("<"); err != nil {
		return elem{}, err
	}
	name := fp.peek()
	fp.pos++
	if err := fp.expect(">"); err != nil {
		return elem{}, err
	}
	d, ok := fp.c.op.Custom[name]
	if !ok || d.Parse == nil || d.Print == nil {
		return elem{}, fmt.Errorf("format: custom<%s> is not declared", name)
	}
	e := elem{kind: eCustom, lit: name, custom: d}
	// The argument list documents what the directive reads; attributes it
	// names are printed by it, hence elided from attr-dict.
	if err := fp.expect("("); err != nil {
		return elem{}, err
	}
	for depth := 0; fp.peek() != "" && (depth > 0 || fp.peek() != ")"); {
		t := fp.peek()
		fp.pos++
		switch t {
		case "(":
			depth++
		case ")":
			depth--
		}
		if n := strings.TrimPrefix(t, "$"); n != t {
			if _, ok := fp.c.attrIdx[n]; ok {
				fp.c.inFormat = append(fp.c.inFormat, n)
			}
		}
	}
	return e, fp.expect(")")
}
