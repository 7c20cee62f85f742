package ods

import (
	"github.com/sparsetriton/sp/ir"
)

// State is what a compiled format has read so far; custom directives fill
// it through its methods.
type State struct {
	P     ir.OpParser
	St    *ir.OpState
	c     *compiled
	uses  [][]ir.UnresolvedOperand // per operand slot
	types [][]ir.Type              // per slot
	typed []bool
	seen  []bool // attributes given by the format
}

// SetOperands records the operands of group name.
func (s *State) SetOperands(name string, us ...ir.UnresolvedOperand) {
	s.uses[s.c.byName[name]] = us
}

// SetTypes records the types of group name.
func (s *State) SetTypes(name string, ts ...ir.Type) {
	i := s.c.byName[name]
	s.types[i], s.typed[i] = ts, true
}

// Operands returns the operands read for group name.
func (s *State) Operands(name string) []ir.UnresolvedOperand { return s.uses[s.c.byName[name]] }

// Types returns the types known for group name (nil if none yet).
func (s *State) Types(name string) []ir.Type { return s.types[s.c.byName[name]] }

// SetAttr records an attribute.
func (s *State) SetAttr(name string, a ir.Attribute) { s.St.AddAttr(name, a) }

func (c *compiled) parse(p ir.OpParser, st *ir.OpState) error {
	s := &State{P: p, St: st, c: c, uses: make([][]ir.UnresolvedOperand, c.nOps),
		types: make([][]ir.Type, len(c.slots)), typed: make([]bool, len(c.slots))}
	if err := s.elems(c.format); err != nil {
		return err
	}
	return s.finish()
}

func (s *State) elems(es []elem) error {
	for i := range es {
		if err := s.elem(&es[i]); err != nil {
			return err
		}
	}
	return nil
}

func (s *State) elem(e *elem) error {
	p := s.P
	switch e.kind {
	case eLiteral:
		return parseLiteral(p, e.lit)
	case eOperand:
		switch s.c.slots[e.slot].Arity {
		case One:
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			s.uses[e.slot] = []ir.UnresolvedOperand{u}
		case Optional:
			if p.PeekOperand() {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				s.uses[e.slot] = []ir.UnresolvedOperand{u}
			}
		default:
			us, err := p.ParseOperandList()
			if err != nil {
				return err
			}
			s.uses[e.slot] = us
		}
	case eAttr:
		a := &s.c.op.Attrs[e.attr]
		if a.Kind.Unit {
			s.St.AddAttr(a.Name, ir.UnitAttr{})
			return nil
		}
		v, err := parseAttr(p, a.Kind)
		if err != nil {
			return err
		}
		s.St.AddAttr(a.Name, v)
	case eType:
		return s.parseType(e.slot)
	case eFuncType:
		return s.funcType(e)
	case eAttrDict:
		d, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		s.mergeDict(d)
	case eAttrDictKw:
		if p.ParseOptionalKeyword("attributes") {
			d, err := p.ParseOptionalAttrDict()
			if err != nil {
				return err
			}
			s.mergeDict(d)
		}
	case eGroup:
		if s.groupPresent(e.elems[0]) {
			if e.elems[0].kind == eLiteral {
				return s.elems(e.elems[1:]) // the literal is consumed
			}
			return s.elems(e.elems)
		}
	case eOIList:
		return s.oilist(e)
	case eCustom:
		return e.custom.Parse(s)
	}
	return nil
}

// mergeDict adds the entries of an attr-dict, normalising declared
// attributes whose kind asks for it.
func (s *State) mergeDict(d ir.DictAttr) {
	for _, e := range d.Entries {
		v := e.Value
		if i, ok := s.c.attrIdx[e.Name]; ok {
			if n := s.c.op.Attrs[i].Kind.Normalize; n != nil {
				v = n(v)
			}
		}
		s.St.AddAttr(e.Name, v)
	}
}

func parseAttr(p ir.AsmParser, k AttrKind) (ir.Attribute, error) {
	if k.Parse != nil {
		return k.Parse(p)
	}
	return p.ParseAttribute(nil)
}

func parseLiteral(p ir.AsmParser, lit string) error {
	if isKeyword(lit) {
		return p.ParseKeyword(lit)
	}
	return p.ParsePunct(lit)
}

func isKeyword(lit string) bool {
	return lit != "" && (lit[0] == '_' || lit[0] >= 'a' && lit[0] <= 'z' || lit[0] >= 'A' && lit[0] <= 'Z')
}

// groupPresent tries the first element of an optional group; a literal is
// consumed when present.
func (s *State) groupPresent(first elem) bool {
	if first.kind == eLiteral {
		if isKeyword(first.lit) {
			return s.P.ParseOptionalKeyword(first.lit)
		}
		return s.P.ParseOptionalPunct(first.lit)
	}
	return s.P.PeekOperand()
}

func (s *State) oilist(e *elem) error {
	done := make([]bool, len(e.clauses))
	for {
		matched := false
		for i, cl := range e.clauses {
			if !s.groupPresent(cl[0]) {
				continue
			}
			if done[i] {
				return s.P.Errorf("'%s' given twice", cl[0].lit)
			}
			done[i], matched = true, true
			if err := s.elems(cl[1:]); err != nil {
				return err
			}
		}
		if !matched {
			return nil
		}
	}
}

// parseType reads type($x): one type, or for a group of several values as
// many comma-separated types as operands were read (a type list when the
// count is not known).
func (s *State) parseType(i int) error {
	p := s.P
	sl := s.c.slots[i]
	parse := p.ParseType
	if sl.Syntax != nil {
		parse = func() (ir.Type, error) { return sl.Syntax.Parse(p) }
	}
	if sl.Arity == One || (sl.Arity == Optional && !sl.result) {
		t, err := parse()
		if err != nil {
			return err
		}
		s.types[i], s.typed[i] = []ir.Type{t}, true
		return nil
	}
	if !sl.result {
		n := len(s.uses[i])
		ts := make([]ir.Type, 0, n)
		for k := 0; k < n; k++ {
			if k > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			t, err := parse()
			if err != nil {
				return err
			}
			ts = append(ts, t)
		}
		s.types[i], s.typed[i] = ts, true
		return nil
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	s.types[i], s.typed[i] = ts, true
	return nil
}

func (s *State) funcType(e *elem) error {
	loc := s.P.Loc()
	t, err := s.P.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return ir.Errorf(loc, "expected a function type, got %s", ir.TypeString(t))
	}
	n := 0
	for _, i := range e.ins {
		n += len(s.uses[i])
	}
	if n != len(ft.Inputs) {
		return ir.Errorf(loc, "%d operands present, but expected %d", n, len(ft.Inputs))
	}
	at := 0
	for _, i := range e.ins {
		k := len(s.uses[i])
		s.types[i], s.typed[i] = ft.Inputs[at:at+k], true
		at += k
	}
	return s.distribute(loc, e.outs, ft.Results)
}

// distribute assigns ts to the result slots outs (at most one of them is
// not single).
func (s *State) distribute(loc ir.Location, outs []int, ts []ir.Type) error {
	groups := make([]slot, len(outs))
	for k, i := range outs {
		groups[k] = s.c.slots[i]
	}
	sizes, err := groupSizes(groups, len(ts), "result type")
	if err != nil {
		return ir.Errorf(loc, "%v", err)
	}
	at := 0
	for k, i := range outs {
		s.types[i], s.typed[i] = ts[at:at+sizes[k]], true
		at += sizes[k]
	}
	return nil
}

// finish derives the missing types, resolves the operands and fills the
// op state.
func (s *State) finish() error {
	c := s.c
	for progress := true; progress; {
		progress = false
		for i, sl := range c.slots {
			if s.typed[i] || sl.Infer == nil {
				continue
			}
			var from ir.Type
			if sl.Infer.From != "" {
				j := c.byName[sl.Infer.From]
				if !s.typed[j] {
					continue
				}
				if len(s.types[j]) == 0 {
					s.typed[i] = true // source absent: so is this group, or it has no type
					continue
				}
				from = s.types[j][0]
				if sl.Infer.Each {
					ts := make([]ir.Type, len(s.types[j]))
					for k, f := range s.types[j] {
						t, ok := sl.Infer.Fn(f)
						if !ok {
							return s.P.Errorf("cannot derive the type of $%s (%s) from %s", sl.Name, sl.Infer.Desc, ir.TypeString(f))
						}
						ts[k] = t
					}
					s.types[i], s.typed[i], progress = ts, true, true
					continue
				}
			}
			t, ok := sl.Infer.Fn(from)
			if !ok {
				return s.P.Errorf("cannot derive the type of $%s (%s) from %s", sl.Name, sl.Infer.Desc, ir.TypeString(from))
			}
			s.types[i], s.typed[i], progress = []ir.Type{t}, true, true
		}
	}
	var seg []int64
	if c.op.Segments == OptionalPrefix {
		gap := ""
		for i := 0; i < c.nOps; i++ {
			switch {
			case c.slots[i].Arity == One:
			case len(s.uses[i]) == 0 && gap == "":
				gap = c.slots[i].Name
			case len(s.uses[i]) > 0 && gap != "":
				return s.P.Errorf("$%s requires $%s", c.slots[i].Name, gap)
			}
		}
	}
	for i := 0; i < c.nOps; i++ {
		us := s.uses[i]
		ts := s.types[i]
		if c.slots[i].Arity == One && len(us) != 1 {
			return s.P.Errorf("expected operand $%s", c.slots[i].Name)
		}
		for k, u := range us {
			var t ir.Type
			switch {
			case len(ts) == len(us):
				t = ts[k]
			case len(ts) == 1:
				t = ts[0]
			default:
				return s.P.Errorf("%d types given for %d operands of $%s", len(ts), len(us), c.slots[i].Name)
			}
			v, err := s.P.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			s.St.Operands = append(s.St.Operands, v)
		}
		seg = append(seg, int64(len(us)))
	}
	for i := c.nOps; i < len(c.slots); i++ {
		if c.slots[i].Arity == One && len(s.types[i]) != 1 {
			return s.P.Errorf("expected one type for result $%s", c.slots[i].Name)
		}
		s.St.ResultTypes = append(s.St.ResultTypes, s.types[i]...)
	}
	if c.op.Segments == AttrSized {
		s.St.AddAttr(SegmentAttr, ir.I32Array(seg...))
	}
	return nil
}
