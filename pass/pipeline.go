package pass

import (
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// Instance is one occurrence of a pass in a pipeline with its own options.
type Instance struct {
	Pass    *Pass
	Options any
}

// String renders the instance as pipeline text: `name{k=v ...}`.
func (in *Instance) String() string {
	if o := FormatOptions(in.Options); o != "" {
		return in.Pass.Name + "{" + o + "}"
	}
	return in.Pass.Name
}

// Manager is a pass manager anchored on an op name (MLIR's OpPassManager).
// Its elements are pass instances, which run on the anchor op, and nested
// managers, which run on each op directly nested in the anchor op's regions
// whose name matches their anchor (any isolated-from-above op for AnyOp).
type Manager struct {
	Anchor string
	elems  []element
}

type element struct {
	inst   *Instance
	nested *Manager
}

// NewManager returns an empty manager anchored on anchor.
func NewManager(anchor string) *Manager { return &Manager{Anchor: anchor} }

// Add appends p with default options and returns the instance.
func (m *Manager) Add(p *Pass) *Instance {
	in := &Instance{Pass: p, Options: NewOptions(p)}
	m.elems = append(m.elems, element{inst: in})
	return in
}

// AddWithOptions appends p with the MLIR option string opts applied.
func (m *Manager) AddWithOptions(p *Pass, opts string) (*Instance, error) {
	in := &Instance{Pass: p, Options: NewOptions(p)}
	if err := ParseOptions(p.Name, in.Options, opts); err != nil {
		return nil, err
	}
	m.elems = append(m.elems, element{inst: in})
	return in, nil
}

// Nest appends a nested manager anchored on anchor and returns it.
func (m *Manager) Nest(anchor string) *Manager {
	n := NewManager(anchor)
	m.elems = append(m.elems, element{nested: n})
	return n
}

// NestOrLast returns the last element when it is a manager nested on
// anchor, else a new nested manager (used to auto-nest pass flags).
func (m *Manager) NestOrLast(anchor string) *Manager {
	if k := len(m.elems); k > 0 && m.elems[k-1].nested != nil && m.elems[k-1].nested.Anchor == anchor {
		return m.elems[k-1].nested
	}
	return m.Nest(anchor)
}

// Empty reports whether the manager has no elements.
func (m *Manager) Empty() bool { return len(m.elems) == 0 }

// String renders the manager in --pass-pipeline syntax with every option
// spelled out (what --dump-pass-pipeline prints).
func (m *Manager) String() string {
	parts := make([]string, len(m.elems))
	for i, e := range m.elems {
		if e.inst != nil {
			parts[i] = e.inst.String()
		} else {
			parts[i] = e.nested.String()
		}
	}
	return m.Anchor + "(" + strings.Join(parts, ", ") + ")"
}

// Passes returns the pass instances in execution order for one anchor op,
// nested managers flattened.
func (m *Manager) Passes() []*Instance {
	var out []*Instance
	for _, e := range m.elems {
		if e.inst != nil {
			out = append(out, e.inst)
		} else {
			out = append(out, e.nested.Passes()...)
		}
	}
	return out
}

// PipelineFile is the buffer name used in diagnostics that point into a
// --pass-pipeline string.
const PipelineFile = "<pass-pipeline>"

// ParsePipeline parses `anchor(element, ...)` (ir-syntax.md §7.2) using the
// passes and named pipelines of r. Errors are *ir.Diagnostic located in the
// buffer file at line 1 and the column (1-based, bytes) of the problem;
// register text with an ir.SourceMgr under file to render a caret.
func ParsePipeline(r *Registry, file, text string) (*Manager, error) {
	p := &pipeParser{reg: r, src: text, file: file}
	p.skipSpace()
	anchor, at := p.name()
	if anchor == "" {
		return nil, p.errAt(at, "expected an op anchor such as 'builtin.module' followed by '('")
	}
	if !p.consume('(') {
		return nil, p.errAt(p.pos, "expected '(' after anchor '%s' (a pipeline is written anchor(pass, ...))", anchor)
	}
	m := NewManager(anchor)
	if err := p.elements(m, ')'); err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return nil, p.errAt(p.pos, "unexpected text after the pipeline")
	}
	return m, nil
}

// ParseElements parses a bare comma-separated element list into m (the
// body of a named pipeline, or text built from command-line flags).
func ParseElements(r *Registry, m *Manager, file, text string) error {
	p := &pipeParser{reg: r, src: text, file: file}
	if err := p.elementList(m); err != nil {
		return err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return p.errAt(p.pos, "expected ',' between pipeline elements")
	}
	return nil
}

type pipeParser struct {
	reg   *Registry
	src   string
	file  string
	pos   int
	depth int
}

func (p *pipeParser) errAt(off int, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(ir.FileLineCol{File: p.file, Line: 1, Col: off + 1}, format, args...)
}

func (p *pipeParser) skipSpace() {
	for p.pos < len(p.src) && isSpace(p.src[p.pos]) {
		p.pos++
	}
}

func (p *pipeParser) consume(c byte) bool {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func isNameByte(c byte) bool {
	return c == '-' || c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *pipeParser) name() (string, int) {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos], start
}

// elements parses `element (',' element)* close` (possibly empty).
func (p *pipeParser) elements(m *Manager, close byte) error {
	if p.consume(close) {
		return nil
	}
	if err := p.elementList(m); err != nil {
		return err
	}
	if !p.consume(close) {
		if p.pos >= len(p.src) {
			return p.errAt(p.pos, "expected '%c' to close the pipeline", close)
		}
		return p.errAt(p.pos, "expected ',' or '%c'", close)
	}
	return nil
}

func (p *pipeParser) elementList(m *Manager) error {
	for {
		if err := p.element(m); err != nil {
			return err
		}
		if !p.consume(',') {
			return nil
		}
	}
}

func (p *pipeParser) element(m *Manager) error {
	name, at := p.name()
	if name == "" {
		if p.pos >= len(p.src) {
			return p.errAt(p.pos, "expected a pass, pipeline or op anchor name")
		}
		return p.errAt(p.pos, "expected a pass, pipeline or op anchor name, found '%c'", p.src[p.pos])
	}
	if p.consume('(') {
		return p.elements(m.Nest(name), ')')
	}
	opts, optsAt, err := p.options()
	if err != nil {
		return err
	}
	if pass := p.reg.Pass(name); pass != nil {
		return p.addPass(m, pass, opts, at, optsAt)
	}
	if pl := p.reg.Pipeline(name); pl != nil {
		return p.addNamedPipeline(m, pl, opts, at, optsAt)
	}
	return p.errAt(at, "'%s' does not refer to a registered pass or pass pipeline", name)
}

func (p *pipeParser) addPass(m *Manager, pass *Pass, opts string, at, optsAt int) error {
	if m.Anchor == AnyOp && pass.Anchor != AnyOp {
		return p.errAt(at, "pass '%s' runs only on '%s' ops and cannot be scheduled in an 'any' pipeline", pass.Name, pass.Anchor)
	}
	if pass.Anchor != AnyOp && m.Anchor != AnyOp && pass.Anchor != m.Anchor {
		return p.errAt(at, "pass '%s' runs on '%s' ops and cannot run on '%s'; nest it: %s(%s(%s))",
			pass.Name, pass.Anchor, m.Anchor, m.Anchor, pass.Anchor, pass.Name)
	}
	if _, err := m.AddWithOptions(pass, opts); err != nil {
		return p.optionErr(err, optsAt)
	}
	return nil
}

func (p *pipeParser) optionErr(err error, optsAt int) error {
	if oe, ok := err.(*OptionError); ok {
		return p.errAt(optsAt+oe.Offset, "%s", oe.Msg)
	}
	return p.errAt(optsAt, "%v", err)
}

func (p *pipeParser) addNamedPipeline(m *Manager, pl *Pipeline, opts string, at, optsAt int) error {
	if p.depth > 16 {
		return p.errAt(at, "named pipeline '%s' expands recursively", pl.Name)
	}
	body, err := pl.expand(opts)
	if err != nil {
		return p.optionErr(err, optsAt)
	}
	sub := &pipeParser{reg: p.reg, src: body, file: p.file, depth: p.depth + 1}
	err = sub.elementList(m)
	if sub.skipSpace(); err == nil && sub.pos < len(sub.src) {
		err = sub.errAt(sub.pos, "expected ','")
	}
	if d, ok := err.(*ir.Diagnostic); ok {
		pos, _ := d.Loc.Pos()
		return p.errAt(at, "in the expansion of pipeline '%s' at column %d of %q: %s", pl.Name, pos.Col, body, d.Msg)
	}
	return err
}

// options reads an optional `{...}` and returns its contents and the offset
// of its first byte (the offset just after the name when absent).
func (p *pipeParser) options() (string, int, error) {
	save := p.pos
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		p.pos = save
		return "", save, nil
	}
	open := p.pos
	depth := 0
	var quote byte
	for i := open; i < len(p.src); i++ {
		c := p.src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && depth == 1: // quotes are literal inside value braces
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				p.pos = i + 1
				return p.src[open+1 : i], open + 1, nil
			}
		}
	}
	return "", 0, p.errAt(open, "unterminated '{' in pass options")
}
