package parser

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// parser turns tokens into IR. It implements ir.OpParser for dialect hooks.
type parser struct {
	// argPos is where each block argument was named, for the "prior use
	// here" note of a type mismatch.
	argPos      map[*ir.Value]ir.FileLineCol
	ctx         *ir.Context
	s           stream
	file        string
	attrAliases map[string]ir.Attribute
	typeAliases map[string]ir.Type
	// tensorTypes interns tensor types by their spelling (parseTensorBody).
	tensorTypes map[string]ir.Type
	// dicts and fnTypes intern attribute dictionaries and the function
	// types of generic ops by their spelling (intern in types.go).
	dicts      map[string]ir.DictAttr
	fnTypes    map[string]ir.FunctionType
	noIntern   bool        // tests: parse every spelling in full
	slab       []*ir.Value // operandSlots' current slab
	locAliases locTable
	// locPending maps a location alias to the scanner state at its
	// definition, so aliases defined after the module (as MLIR prints
	// them) resolve; it is built on the first unknown location alias.
	locPending map[string]scanner
	src        string
	scopes     []*valueScope
	// usStack and tyStack hold the operands and the function type of the
	// generic ops being parsed (nested ops push above and pop back), so
	// that lists needed only until the op is built are not allocated.
	usStack []ir.UnresolvedOperand
	tyStack []ir.Type
	// values binds the SSA names visible in each isolated-from-above
	// region (its frame) that are not plain numbers (those are in
	// numbered): one map for the whole parse. The names of
	// a region that is not isolated are pushed on defined and deleted when
	// it closes; a closed isolated frame is never looked up again.
	values    map[frameID]*ir.Value
	defined   []valueID
	nextFrame int32
	// numbered holds, for each open frame (innermost last), the values
	// whose names are plain decimal numbers (`%12`, as printers name
	// them), indexed by the number: a slice access instead of a hashed
	// lookup for nearly every name in printed IR.
	numbered [][]*ir.Value
}

// frameID is a value's key in parser.values.
type frameID struct {
	frame int32
	id    valueID
}

// valueScope holds the forward references and blocks of one region; its
// values are parser.values[frame], defined[start:] named in this region.
// isolated marks the region of an IsolatedFromAbove op: lookups stop there.
type valueScope struct {
	frame    int32
	start    int
	forward  map[valueID]*forwardRef
	blocks   map[string]*blockRef
	isolated bool
	ownFrame bool // the scope opened its frame (p.numbered's top)
}

type forwardRef struct {
	val *ir.Value
	loc ir.Location
}

type blockRef struct {
	block   *ir.Block
	defined bool
	loc     ir.Location
}

// pushScope opens the scope of a region: a new frame when it is isolated
// (or the first), else its parent's.
func (p *parser) pushScope(isolated bool) {
	if p.values == nil {
		p.values = map[frameID]*ir.Value{}
	}
	sc := &valueScope{forward: map[valueID]*forwardRef{}, blocks: map[string]*blockRef{}, isolated: isolated, start: len(p.defined)}
	if isolated || len(p.scopes) == 0 {
		sc.frame = p.nextFrame
		p.nextFrame++
		sc.ownFrame = true
		p.numbered = append(p.numbered, nil)
	} else {
		sc.frame = p.top().frame
	}
	p.scopes = append(p.scopes, sc)
}

// popScope closes the current scope, unbinding the names it defined.
func (p *parser) popScope() {
	sc := p.top()
	for _, id := range p.defined[sc.start:] {
		if n, ok := p.numSlot(id); ok && n < len(p.numbered[len(p.numbered)-1]) && p.numbered[len(p.numbered)-1][n] != nil {
			p.numbered[len(p.numbered)-1][n] = nil
		} else {
			delete(p.values, frameID{sc.frame, id})
		}
	}
	p.defined = p.defined[:sc.start]
	p.scopes = p.scopes[:len(p.scopes)-1]
	if sc.ownFrame {
		p.numbered = p.numbered[:len(p.numbered)-1]
	}
}

// numSlot returns the number of a name that is a canonical decimal number
// (no leading zero, no #N suffix); such names live in p.numbered when the
// numbers come densely (bind), else in p.values.
func (p *parser) numSlot(id valueID) (int, bool) {
	if id.num != 0 {
		return 0, false
	}
	return decimal(id.name)
}

// decimal reads s as a canonical decimal number below 10^9 (no sign, no
// leading zero).
func decimal(s string) (int, bool) {
	if s == "" || len(s) > 9 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func (p *parser) top() *valueScope { return p.scopes[len(p.scopes)-1] }

// lookup finds %name (with #num) visible from the current scope.
func (p *parser) lookup(name valueID) (*ir.Value, bool) {
	if n, ok := p.numSlot(name); ok {
		if s := p.numbered[len(p.numbered)-1]; n < len(s) && s[n] != nil {
			return s[n], true
		}
	}
	v, ok := p.values[frameID{p.top().frame, name}]
	return v, ok
}

// bind records v under name in the current frame: a number in the
// frame's slice unless it lies far beyond the numbers seen so far (a
// sparse or huge number would make a huge slice), else in the map.
func (p *parser) bind(sc *valueScope, name valueID, v *ir.Value) {
	s := &p.numbered[len(p.numbered)-1]
	n, ok := p.numSlot(name)
	if !ok || n >= 2*len(*s)+64 {
		p.values[frameID{sc.frame, name}] = v
		return
	}
	if n >= len(*s) {
		grown := make([]*ir.Value, max(n+1, 2*len(*s), 64))
		copy(grown, *s)
		*s = grown
	}
	(*s)[n] = v
}

// define binds %name to v, resolving a pending forward reference.
// loc is a plain position, boxed into an ir.Location only for an error.
func (p *parser) define(name valueID, v *ir.Value, loc ir.FileLineCol) error {
	if _, ok := p.lookup(name); ok {
		return ir.Errorf(loc, "redefinition of SSA value '%%%s'", name)
	}
	sc := p.top()
	if f, ok := sc.forward[name]; ok {
		if !ir.TypeEqual(f.val.Type(), v.Type()) {
			return ir.Errorf(f.loc, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
				name.name, ir.TypeString(f.val.Type()), ir.TypeString(v.Type()))
		}
		f.val.ReplaceAllUsesWith(v)
		delete(sc.forward, name)
	}
	p.bind(sc, name, v)
	if !sc.isolated { // an isolated frame is never looked up once closed
		p.defined = append(p.defined, name)
	}
	return nil
}

// ParseOperand parses %name or %name#N.
func (p *parser) ParseOperand() (ir.UnresolvedOperand, error) {
	t := p.s.peek()
	if t.Type != tPercent {
		return ir.UnresolvedOperand{}, p.expected("SSA operand")
	}
	p.s.next()
	u := ir.UnresolvedOperand{Name: t.Value[1:], Loc: p.flc(t.Pos)}
	if n := p.s.peek(); n.Type == tHash && n.Pos.Offset == t.Pos.Offset+len(t.Value) {
		num, err := strconv.Atoi(n.Value[1:])
		if err != nil {
			return u, p.expected("result number after '#'")
		}
		p.s.next()
		u.Num = num
	}
	return u, nil
}

func (p *parser) PeekOperand() bool { return p.s.isKind(tPercent) }

func (p *parser) ParseOperandList() ([]ir.UnresolvedOperand, error) {
	var us []ir.UnresolvedOperand
	if !p.PeekOperand() {
		return nil, nil
	}
	for {
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		us = append(us, u)
		if !p.s.isPunct(",") || p.s.peekN(1).Type != tPercent {
			return us, nil
		}
		p.s.next()
	}
}

// valueID is the scope key of an SSA value: `%name` or `%name#num`.
type valueID struct {
	name string
	num  int
}

// String spells the ID as in the source ("x", "x#1").
func (id valueID) String() string {
	if id.num == 0 {
		return id.name
	}
	return id.name + "#" + strconv.Itoa(id.num)
}

// valueKey is the scope key of a use.
func valueKey(u ir.UnresolvedOperand) valueID { return valueID{u.Name, u.Num} }

func (p *parser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (*ir.Value, error) {
	key := valueKey(u)
	if v, ok := p.lookup(key); ok {
		if t != nil && !ir.TypeEqual(v.Type(), t) {
			d := ir.Errorf(u.Loc, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
				u.Name, ir.TypeString(t), ir.TypeString(v.Type()))
			if loc := p.defLoc(v); loc != nil {
				d.Note(loc, "prior use here")
			}
			return nil, d
		}
		return v, nil
	}
	return p.forwardRef(u, key, t)
}

// defLoc is where v was defined: a block argument's own location, or the
// location of the op that defines it (nil when neither has a position).
func (p *parser) defLoc(v *ir.Value) ir.Location {
	if pos, ok := p.argPos[v]; ok {
		return pos
	}
	loc := v.Loc
	if op := v.DefiningOp(); op != nil {
		loc = op.Loc
	}
	if loc == nil {
		return nil
	}
	if _, ok := loc.Pos(); !ok {
		return nil
	}
	return loc
}

func (p *parser) forwardRef(u ir.UnresolvedOperand, key valueID, t ir.Type) (*ir.Value, error) {
	sc := p.top()
	if f, ok := sc.forward[key]; ok {
		if t != nil && !ir.TypeEqual(f.val.Type(), t) {
			return nil, ir.Errorf(u.Loc, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
				u.Name, ir.TypeString(t), ir.TypeString(f.val.Type()))
		}
		return f.val, nil
	}
	if t == nil {
		return nil, ir.Errorf(u.Loc, "use of undeclared SSA value name")
	}
	v := ir.NewPlaceholder(t)
	sc.forward[key] = &forwardRef{val: v, loc: u.Loc}
	return v, nil
}

func (p *parser) ResolveOperands(us []ir.UnresolvedOperand, ts []ir.Type) ([]*ir.Value, error) {
	if len(us) != len(ts) {
		loc := p.Loc()
		if len(us) > 0 {
			loc = us[0].Loc
		}
		return nil, ir.Errorf(loc, "%d operands present, but expected %d", len(us), len(ts))
	}
	vs := p.operandSlots(len(us))
	for i, u := range us {
		v, err := p.ResolveOperand(u, ts[i])
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// operandSlots returns n operand slots cut from a slab (one allocation per
// slabSize slots instead of a slice per op); the slice's capacity is its
// length, so an append copies it rather than writing into the slab.
func (p *parser) operandSlots(n int) []*ir.Value {
	const slabSize = 1024
	if n > slabSize/16 {
		return make([]*ir.Value, n)
	}
	if len(p.slab)+n > cap(p.slab) {
		p.slab = make([]*ir.Value, 0, slabSize)
	}
	k := len(p.slab)
	p.slab = p.slab[:k+n]
	return p.slab[k : k+n : k+n]
}

// ParseArgument parses `%x[: T][{attrs}][loc(...)]`.
func (p *parser) ParseArgument(withType, withAttrs bool) (ir.Argument, error) {
	u, err := p.ParseOperand()
	if err != nil {
		return ir.Argument{}, err
	}
	a := ir.Argument{Name: u}
	if withType {
		if err := p.ParsePunct(":"); err != nil {
			return a, err
		}
		if a.Type, err = p.ParseType(); err != nil {
			return a, err
		}
	}
	if withAttrs {
		if a.Attrs, err = p.ParseOptionalAttrDict(); err != nil {
			return a, err
		}
	}
	a.Loc, err = p.ParseOptionalLocation()
	return a, err
}

// ParseSuccessor parses ^bbN, creating the block on first reference.
func (p *parser) ParseSuccessor() (*ir.Block, error) {
	t := p.s.peek()
	if t.Type != tCaret {
		return nil, p.expected("block name")
	}
	p.s.next()
	return p.blockRef(t.Value, p.locOf(t.Pos)).block, nil
}

func (p *parser) blockRef(name string, loc ir.Location) *blockRef {
	sc := p.top()
	if b, ok := sc.blocks[name]; ok {
		return b
	}
	b := &blockRef{block: ir.NewBlock(), loc: loc}
	sc.blocks[name] = b
	return b
}

// Parse reads a module from src. Top-level ops other than a single
// builtin.module are wrapped in an implicit module. The result is not yet
// verified; use ParseAndVerify for that.
func Parse(ctx *ir.Context, filename string, src []byte) (*ir.Operation, error) {
	return ParseString(ctx, filename, string(src))
}

// ParseString is Parse over a string, which the parsed IR may share
// (names and string attributes are substrings of it), so that a caller
// holding the text as a string parses it without a copy.
func ParseString(ctx *ir.Context, filename string, text string) (*ir.Operation, error) {
	p := newParser(ctx, filename, text)
	m, err := p.parseFile()
	if p.s.err != nil {
		return nil, p.s.err
	}
	return m, err
}

func newParser(ctx *ir.Context, filename, text string) *parser {
	return &parser{ctx: ctx, s: newStream(filename, text), file: filename, src: text,
		attrAliases: map[string]ir.Attribute{}, typeAliases: map[string]ir.Type{},
		locAliases: locTable{limit: len(text) / 16}}
}

// ParseAndVerify is Parse followed by ir.Verify.
func ParseAndVerify(ctx *ir.Context, filename string, src []byte) (*ir.Operation, error) {
	m, err := Parse(ctx, filename, src)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

// parseFile runs the phases: (1) parse aliases and top-level ops in order,
// resolving location aliases defined later on demand, (2) check that no
// forward reference is left, (3) wrap in a module.
func (p *parser) parseFile() (*ir.Operation, error) {
	p.scopes = nil
	p.pushScope(true)
	holder := ir.NewBlock()
	for !p.s.isKind(tEOF) {
		if err := p.parseTopLevelItem(holder); err != nil {
			return nil, err
		}
	}
	if err := p.checkScopeClosed(p.top()); err != nil {
		return nil, err
	}
	return p.wrapModule(holder), nil
}

func (p *parser) parseTopLevelItem(holder *ir.Block) error {
	t := p.s.peek()
	switch {
	case (t.Type == tHash || t.Type == tExcl) && p.s.peekN(1).Type == tPunct && p.s.peekN(1).Value == "=":
		return p.parseAliasDef()
	case t.Type == tPunct && t.Value == "{-#":
		return p.skipResources()
	}
	op, err := p.parseOperation()
	if err != nil {
		return err
	}
	holder.Append(op)
	return nil
}

func (p *parser) wrapModule(holder *ir.Block) *ir.Operation {
	ops := holder.Ops()
	if len(ops) == 1 && ops[0].Name == ir.ModuleOpName {
		ops[0].Remove()
		return ops[0]
	}
	m := ir.NewOp(ir.ModuleOpName, p.ctx.LookupOp(ir.ModuleOpName), nil, nil, 1, ir.FileLineCol{File: p.file, Line: 1, Col: 1})
	body := m.Regions[0].AddBlock()
	for _, op := range append([]*ir.Operation(nil), ops...) {
		op.Remove()
		body.Append(op)
	}
	return m
}

// indexLocAliases finds every `#name = loc(` definition once and records
// the scanner state at its `loc`. An alias definition starts a line (MLIR
// prints them after the module), and no token spans a newline (strings
// cannot hold one), so only lines whose first character is '#' are lexed.
func (p *parser) indexLocAliases() {
	p.locPending = map[string]scanner{}
	src := p.src
	for off, line := 0, 1; off < len(src); line++ {
		i := off
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
			i++
		}
		if i < len(src) && src[i] == '#' {
			sc := scanner{src: src, file: p.file, off: i, line: int32(line), col: int32(i - off + 1)}
			name, _ := sc.Next()
			eq, _ := sc.Next()
			at := sc
			kw, _ := sc.Next()
			if name.Type == tHash && eq.Value == "=" && kw.Type == tIdent && kw.Value == "loc" {
				if _, dup := p.locPending[name.Value[1:]]; !dup {
					p.locPending[strings.Clone(name.Value[1:])] = at
				}
			}
		}
		nl := strings.IndexByte(src[i:], '\n')
		if nl < 0 {
			return
		}
		off = i + nl + 1
	}
}

// parseAliasDef parses `#name = attr` or `!name = type`.
func (p *parser) parseAliasDef() error {
	t := p.s.next()
	p.s.next() // '='
	name := t.Value[1:]
	if t.Type == tExcl {
		if _, dup := p.typeAliases[name]; dup {
			return p.posErr(t.Pos, "redefinition of type alias id '%s'", name)
		}
		ty, err := p.ParseType()
		p.typeAliases[name] = ty
		return err
	}
	if _, dup := p.attrAliases[name]; dup {
		return p.posErr(t.Pos, "redefinition of attribute alias id '%s'", name)
	}
	if p.s.isIdent("loc") {
		l, err := p.parseLocation()
		p.locAliases.set(name, l)
		return err
	}
	a, err := p.ParseAttribute(nil)
	p.attrAliases[name] = a
	return err
}

// skipResources skips a `{-# ... #-}` dialect-resources section.
func (p *parser) skipResources() error {
	start := p.s.next()
	for {
		t := p.s.next()
		if t.Type == tEOF {
			return p.posErr(start.Pos, "unterminated resources section: expected '#-}'")
		}
		if t.Type == tPunct && t.Value == "#-}" {
			return nil
		}
	}
}

// closeScope ends the current region's scope. Values used before their
// definition may be defined later in an enclosing region (the verifier then
// reports the dominance error, as MLIR does), so unresolved uses move to the
// parent scope unless the region is isolated from above.
func (p *parser) closeScope(isolated bool) error {
	sc := p.top()
	if !isolated && len(p.scopes) > 1 && len(sc.forward) > 0 {
		parent := p.scopes[len(p.scopes)-2]
		for name, f := range sc.forward {
			if g, ok := parent.forward[name]; ok {
				f.val.ReplaceAllUsesWith(g.val)
				continue
			}
			parent.forward[name] = f
		}
		sc.forward = map[valueID]*forwardRef{}
	}
	return p.checkScopeClosed(sc)
}

func (p *parser) checkScopeClosed(sc *valueScope) error {
	var first *forwardRef
	var firstName valueID
	for name, f := range sc.forward {
		if first == nil || locBefore(f.loc, first.loc) {
			first, firstName = f, name
		}
	}
	if first != nil {
		return ir.Errorf(first.loc, "use of undeclared SSA value name '%%%s'", firstName)
	}
	for name, b := range sc.blocks {
		if !b.defined {
			return ir.Errorf(b.loc, "reference to an undefined block '%s'", name)
		}
	}
	return nil
}

func locBefore(a, b ir.Location) bool {
	pa, _ := a.Pos()
	pb, _ := b.Pos()
	return pa.Line < pb.Line || pa.Line == pb.Line && pa.Col < pb.Col
}

// resultDef is one `%name` or `%name:N` on the left of '='.
type resultDef struct {
	name  string
	count int
	loc   ir.FileLineCol
}

func (p *parser) parseResultDefs(defs []resultDef) ([]resultDef, error) {
	for {
		t := p.s.next()
		d := resultDef{name: t.Value[1:], count: 1, loc: p.flc(t.Pos)}
		if p.ParseOptionalPunct(":") {
			n, err := p.ParseInteger()
			if err != nil || n < 1 {
				return nil, p.expected("integer number of results")
			}
			d.count = int(n)
		}
		defs = append(defs, d)
		if !p.ParseOptionalPunct(",") {
			break
		}
		if !p.s.isKind(tPercent) {
			return nil, p.expected("SSA value name")
		}
	}
	return defs, p.ParsePunct("=")
}

// parseOperation parses `[results =] op [loc(...)]`.
func (p *parser) parseOperation() (*ir.Operation, error) {
	var buf [2]resultDef
	defs := buf[:0]
	// The op's position becomes its location only where no loc(...)
	// follows (or for an error), so it stays unboxed until then.
	opPos := p.s.peek().Pos
	if p.s.isKind(tPercent) {
		var err error
		if defs, err = p.parseResultDefs(defs); err != nil {
			return nil, err
		}
	}
	start := p.s.peek()
	var op *ir.Operation
	var err error
	switch start.Type {
	case tString:
		op, err = p.parseGenericOp(nil) // its parsing reports errors at tokens
	case tIdent:
		op, err = p.parseCustomOp(p.locOf(opPos)) // hooks report errors at st.Loc
	default:
		return nil, p.expected("operation name in quotes")
	}
	if err != nil {
		return nil, err
	}
	if l, err := p.ParseOptionalLocation(); err != nil {
		return nil, err
	} else if l != nil {
		op.Loc = l
	} else if start.Type == tString {
		op.Loc = p.locOf(opPos)
	}
	return op, p.bindResults(op, defs, opPos)
}

func (p *parser) bindResults(op *ir.Operation, defs []resultDef, pos position) error {
	total := 0
	for _, d := range defs {
		total += d.count
	}
	if len(defs) > 0 && total != op.NumResults() {
		return p.posErr(pos, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	k := 0
	for _, d := range defs {
		for i := 0; i < d.count; i++ {
			if err := p.define(valueID{d.name, i}, op.Result(k), d.loc); err != nil {
				return err
			}
			k++
		}
	}
	return nil
}

func (p *parser) parseCustomOp(loc ir.Location) (*ir.Operation, error) {
	t := p.s.next()
	name := t.Value
	if name == "module" {
		name = ir.ModuleOpName
	}
	def := p.ctx.LookupOp(name)
	if def == nil {
		if !strings.Contains(t.Value, ".") {
			return nil, p.posErr(t.Pos, "custom op '%s' is unknown (tried 'builtin.%s' as well)", t.Value, t.Value)
		}
		return nil, p.posErr(t.Pos, "custom op '%s' is unknown", t.Value)
	}
	if def.Parse == nil {
		return nil, p.posErr(t.Pos, "custom op '%s' has no custom assembly form; use the generic form", t.Value)
	}
	st := &ir.OpState{Name: def.Name, Def: def, Loc: loc}
	if err := def.Parse(p, st); err != nil {
		return nil, err
	}
	return ir.NewOpFromState(st), nil
}

// parseGenericOp: "name"(ops)[succs] <{props}> ({regions}) {attrs} : fntype
func (p *parser) parseGenericOp(loc ir.Location) (*ir.Operation, error) {
	nameTok := p.s.next()
	raw, err := unquote(nameTok.Value)
	if err != nil {
		return nil, p.posErr(nameTok.Pos, "%v", err)
	}
	st := &ir.OpState{Name: p.ctx.CanonicalOpName(raw), Def: p.ctx.LookupOp(raw), Loc: loc}
	if err := p.checkRegistered(raw, &nameTok); err != nil {
		return nil, err
	}
	base := len(p.usStack)
	defer func() { p.usStack = p.usStack[:base] }()
	if err := p.parseGenericOperands(); err != nil {
		return nil, err
	}
	n := len(p.usStack) - base
	if err := p.parseGenericTail(st); err != nil {
		return nil, err
	}
	return p.finishGeneric(st, p.usStack[base:base+n])
}

func (p *parser) checkRegistered(name string, t *token) error {
	if p.ctx.LookupOp(name) != nil || p.ctx.AllowUnregistered {
		return nil
	}
	ns, _, _ := strings.Cut(name, ".")
	if p.ctx.Dialect(ns) != nil {
		return p.posErr(t.Pos, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, ns)
	}
	return p.posErr(t.Pos, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
}

// parseGenericOperands parses `(%a, %b#1)` onto p.usStack.
func (p *parser) parseGenericOperands() error {
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	if p.PeekOperand() {
		for {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			p.usStack = append(p.usStack, u)
			if !p.s.isPunct(",") || p.s.peekN(1).Type != tPercent {
				break
			}
			p.s.next()
		}
	}
	return p.ParsePunct(")")
}

func (p *parser) parseGenericTail(st *ir.OpState) error {
	if err := p.parseGenericSuccessors(st); err != nil {
		return err
	}
	if p.ParseOptionalPunct("<") {
		d, err := p.parseDict()
		if err != nil {
			return err
		}
		st.Props = d
		if err := p.ParsePunct(">"); err != nil {
			return err
		}
	}
	if err := p.parseGenericRegions(st); err != nil {
		return err
	}
	d, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	if st.Def == nil || len(st.Def.Inherent) == 0 {
		if st.Attrs.Len() == 0 {
			st.Attrs = d
			return nil
		}
	}
	st.MergeAttrDict(d)
	return nil
}

func (p *parser) parseGenericSuccessors(st *ir.OpState) error {
	if !p.ParseOptionalPunct("[") {
		return nil
	}
	for {
		b, err := p.ParseSuccessor()
		if err != nil {
			return err
		}
		st.Successors = append(st.Successors, b)
		if p.ParseOptionalPunct("]") {
			return nil
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
	}
}

func (p *parser) parseGenericRegions(st *ir.OpState) error {
	if !p.s.isPunct("(") || p.s.peekN(1).Type != tPunct || p.s.peekN(1).Value != "{" {
		return nil
	}
	p.s.next()
	isolated := st.Def != nil && st.Def.Traits&ir.IsolatedFromAbove != 0
	for {
		r, err := p.parseRegion(nil, isolated)
		if err != nil {
			return err
		}
		st.Regions = append(st.Regions, r)
		if p.ParseOptionalPunct(")") {
			return nil
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
	}
}

func (p *parser) finishGeneric(st *ir.OpState, us []ir.UnresolvedOperand) (*ir.Operation, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	var ins, outs []ir.Type
	if p.s.isPunct("(") {
		off := p.s.cur.Pos.Offset
		fn, err := intern(p, &p.fnTypes, p.fnTypeText(off), off, p.parseGenericFnType)
		if err != nil {
			return nil, err
		}
		ins, outs = fn.Inputs, fn.Results
	} else { // a type alias
		pos := p.s.peek().Pos
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		fn, ok := ty.(ir.FunctionType)
		if !ok {
			return nil, p.posErr(pos, "expected function type")
		}
		ins, outs = fn.Inputs, fn.Results
	}
	var err error
	if st.Operands, err = p.ResolveOperands(us, ins); err != nil {
		return nil, err
	}
	st.ResultTypes = outs
	return ir.NewOpFromState(st), nil
}

// parseGenericFnType parses `(T, U) -> R` or `(T, U) -> (R, S)`, reading
// the types onto p.tyStack and copying them into the lists once.
func (p *parser) parseGenericFnType() (ir.FunctionType, error) {
	base := len(p.tyStack)
	defer func() { p.tyStack = p.tyStack[:base] }()
	nin, err := p.pushParenTypes()
	if err != nil {
		return ir.FunctionType{}, err
	}
	if err := p.ParsePunct("->"); err != nil {
		return ir.FunctionType{}, err
	}
	if p.s.isPunct("(") {
		_, err = p.pushParenTypes()
	} else {
		err = p.pushType()
	}
	if err != nil {
		return ir.FunctionType{}, err
	}
	ts := append([]ir.Type(nil), p.tyStack[base:]...)
	return ir.FunctionType{Inputs: ts[:nin:nin], Results: ts[nin:]}, nil
}

// pushParenTypes parses `()` or `(T, U)` onto p.tyStack and returns how
// many types it pushed.
func (p *parser) pushParenTypes() (int, error) {
	if err := p.ParsePunct("("); err != nil {
		return 0, err
	}
	if p.ParseOptionalPunct(")") {
		return 0, nil
	}
	n := 0
	for {
		if err := p.pushType(); err != nil {
			return 0, err
		}
		n++
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return n, p.ParsePunct(")")
}

func (p *parser) pushType() error {
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	p.tyStack = append(p.tyStack, t)
	return nil
}

// ParseRegion parses a region; args, if any, become the entry block's
// arguments (the entry label must then be omitted).
func (p *parser) ParseRegion(args []ir.Argument) (*ir.Region, error) {
	return p.parseRegion(args, false)
}

// ParseIsolatedRegion is ParseRegion for the body of an IsolatedFromAbove op.
func (p *parser) ParseIsolatedRegion(args []ir.Argument) (*ir.Region, error) {
	return p.parseRegion(args, true)
}

func (p *parser) parseRegion(args []ir.Argument, isolated bool) (*ir.Region, error) {
	if err := p.ParsePunct("{"); err != nil {
		return nil, err
	}
	p.pushScope(isolated)
	r, err := p.parseRegionBody(args)
	if err == nil {
		err = p.closeScope(isolated)
	}
	p.popScope()
	return r, err
}

func (p *parser) parseRegionBody(args []ir.Argument) (*ir.Region, error) {
	r := &ir.Region{}
	if p.ParseOptionalPunct("}") {
		if len(args) > 0 {
			r.AddBlock()
			if err := p.defineArgs(r.Entry(), args); err != nil {
				return nil, err
			}
		}
		return r, nil
	}
	if len(args) > 0 && p.s.isKind(tCaret) {
		return nil, p.Errorf("invalid block name in region with named arguments")
	}
	if !p.s.isKind(tCaret) {
		entry := ir.NewBlock()
		r.AppendBlock(entry)
		if err := p.defineArgs(entry, args); err != nil {
			return nil, err
		}
		if err := p.parseBlockOps(entry); err != nil {
			return nil, err
		}
	}
	for !p.ParseOptionalPunct("}") {
		if err := p.parseLabeledBlock(r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (p *parser) defineArgs(b *ir.Block, args []ir.Argument) error {
	for _, a := range args {
		v := b.AddArg(a.Type)
		v.Loc = a.Loc
		if p.argPos == nil {
			p.argPos = map[*ir.Value]ir.FileLineCol{}
		}
		p.argPos[v] = a.Name.Loc
		if err := p.define(valueKey(a.Name), v, a.Name.Loc); err != nil {
			return err
		}
	}
	return nil
}

// parseLabeledBlock parses `^bb(%a: T, ...):` and the block's ops.
func (p *parser) parseLabeledBlock(r *ir.Region) error {
	t := p.s.peek()
	if t.Type != tCaret {
		return p.expected("block label or '}'")
	}
	p.s.next()
	ref := p.blockRef(t.Value, p.locOf(t.Pos))
	if ref.defined {
		return p.posErr(t.Pos, "redefinition of block '%s'", t.Value)
	}
	ref.defined = true
	r.AppendBlock(ref.block)
	if err := p.parseBlockArgs(ref.block); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	return p.parseBlockOps(ref.block)
}

func (p *parser) parseBlockArgs(b *ir.Block) error {
	if !p.ParseOptionalPunct("(") {
		return nil
	}
	if p.ParseOptionalPunct(")") {
		return nil
	}
	for {
		a, err := p.ParseArgument(true, false)
		if err != nil {
			return err
		}
		if err := p.defineArgs(b, []ir.Argument{a}); err != nil {
			return err
		}
		if p.ParseOptionalPunct(")") {
			return nil
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
	}
}

func (p *parser) parseBlockOps(b *ir.Block) error {
	for !p.s.isPunct("}") && !p.s.isKind(tCaret) {
		if p.s.isKind(tEOF) {
			return p.expected("'}' to close the region")
		}
		op, err := p.parseOperation()
		if err != nil {
			return err
		}
		b.Append(op)
	}
	return nil
}
