package ods

import (
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// printer carries MLIR's spacing state: a space before each element unless
// the previous literal was an opening bracket, and none before `,` `)` `]`
// or, after punctuation, `>`.
type printer struct {
	p         *ir.Printer
	op        *ir.Operation
	v         View
	c         *compiled
	space     bool
	lastPunct bool
}

func (c *compiled) print(p *ir.Printer, op *ir.Operation) {
	v, err := c.view(op)
	if err != nil {
		malformed(p, op)
		return
	}
	pr := &printer{p: p, op: op, v: v, c: c, space: true}
	pr.elems(c.format)
}

func (pr *printer) elems(es []elem) {
	for i := range es {
		pr.elem(&es[i])
	}
}

func spaceBefore(lit string, lastPunct bool) bool {
	if len(lit) != 1 && lit != "->" {
		return true
	}
	if lastPunct {
		return !strings.ContainsRune(">)}],", rune(lit[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(lit[0]))
}

func (pr *printer) lead() {
	if pr.space {
		pr.p.WriteString(" ")
	}
	pr.space, pr.lastPunct = true, false
}

func (pr *printer) elem(e *elem) {
	p := pr.p
	switch e.kind {
	case eLiteral:
		if pr.space && spaceBefore(e.lit, pr.lastPunct) {
			p.WriteString(" ")
		}
		p.WriteString(e.lit)
		pr.space = len(e.lit) != 1 || !strings.ContainsRune("<({[", rune(e.lit[0]))
		pr.lastPunct = !isKeyword(e.lit)
	case eOperand:
		vs := pr.v.slotValues(e.slot)
		if len(vs) == 0 {
			return
		}
		pr.lead()
		p.PrintOperands(vs)
	case eAttr:
		a := &pr.c.op.Attrs[e.attr]
		if a.Kind.Unit {
			return
		}
		v := pr.op.Attr(a.Name)
		if v == nil {
			v = a.Default
		}
		if v == nil {
			return
		}
		pr.lead()
		if a.Kind.Print != nil {
			a.Kind.Print(p, v)
		} else {
			p.PrintAttr(v)
		}
	case eType:
		vs := pr.v.slotValues(e.slot)
		if len(vs) == 0 {
			return
		}
		pr.lead()
		syn := pr.c.slots[e.slot].Syntax
		for i, v := range vs {
			if i > 0 {
				p.WriteString(", ")
			}
			if syn != nil && syn.Print != nil {
				syn.Print(p, v.Type())
			} else {
				p.PrintType(v.Type())
			}
		}
	case eFuncType:
		pr.lead()
		var ins, outs []ir.Type
		for _, s := range e.ins {
			for _, v := range pr.v.slotValues(s) {
				ins = append(ins, v.Type())
			}
		}
		for _, s := range e.outs {
			for _, v := range pr.v.slotValues(s) {
				outs = append(outs, v.Type())
			}
		}
		p.PrintType(ir.FunctionType{Inputs: ins, Results: outs})
	case eAttrDict, eAttrDictKw:
		d := pr.c.stored(ir.AllAttrs(pr.op))
		var buf [8]string
		el := pr.elided(d, buf[:0])
		if e.kind == eAttrDict {
			p.PrintOptionalAttrDict(d, el...)
		} else {
			p.PrintOptionalAttrDictWithKeyword(d, el...)
		}
		pr.space, pr.lastPunct = true, false
	case eGroup:
		if pr.present(&e.elems[e.anchor]) {
			pr.elems(e.elems)
		}
	case eOIList:
		for _, cl := range e.clauses {
			if pr.clausePresent(cl) {
				pr.elems(cl)
			}
		}
	case eCustom:
		e.custom.Print(p, pr.op, pr.v)
		pr.space, pr.lastPunct = true, false
	}
}

// present reports whether the anchor of an optional group is there: a
// non-empty operand group or an attribute other than its default.
func (pr *printer) present(a *elem) bool {
	if a.kind == eOperand || a.kind == eType {
		return len(pr.v.slotValues(a.slot)) > 0
	}
	at := &pr.c.op.Attrs[a.attr]
	v := pr.op.Attr(at.Name)
	if at.Kind.Unit {
		_, unit := v.(ir.UnitAttr)
		return unit
	}
	return v != nil && !at.isDefault(v)
}

func (pr *printer) clausePresent(cl []elem) bool {
	for i := range cl {
		if cl[i].kind == eAttr && pr.present(&cl[i]) {
			return true
		}
	}
	return false
}

// elided lists what attr-dict leaves out: attributes the format prints,
// operandSegmentSizes and attributes equal to their default.
// The list is built in buf where it fits.
func (pr *printer) elided(d ir.DictAttr, buf []string) []string {
	if d.Len() == 0 {
		return nil
	}
	el := append(buf, pr.c.inFormat...)
	if pr.c.unitInFormat {
		el = buf
		for _, n := range pr.c.inFormat {
			a := &pr.c.op.Attrs[pr.c.attrIdx[n]]
			if _, unit := d.Get(n).(ir.UnitAttr); !a.Kind.Unit || unit {
				el = append(el, n) // a boolean flag (3.1 spelling) stays in attr-dict
			}
		}
	}
	if pr.c.op.Segments == AttrSized {
		el = append(el, SegmentAttr)
	}
	for i := range pr.c.op.Attrs {
		if a := &pr.c.op.Attrs[i]; a.isDefault(d.Get(a.Name)) {
			el = append(el, a.Name)
		}
	}
	return el
}

// stored applies the attr-dict spelling of declared attributes.
func (c *compiled) stored(d ir.DictAttr) ir.DictAttr {
	if !c.hasStored {
		return d
	}
	for _, a := range c.op.Attrs {
		if a.Kind.Stored != nil {
			if v := d.Get(a.Name); v != nil {
				d = d.With(a.Name, a.Kind.Stored(v))
			}
		}
	}
	return d
}
