package ir

import (
	"io"
	"slices"
	"strconv"
	"strings"
)

// PrintOptions selects the textual form.
type PrintOptions struct {
	// Generic prints every op in the generic form.
	Generic bool
	// DebugInfo prints loc(...) after ops and arguments.
	DebugInfo bool
	// LocalScope disables attribute aliases.
	LocalScope bool
	// Spelling maps canonical namespaces to printed ones (e.g.
	// "triton_gpu" -> "ttg"); absent entries print canonically.
	Spelling map[string]string
}

// Printer writes IR text. Printing happens in two passes: the first walks
// the IR to collect attribute aliases (writing nothing), the second prints
// alias definitions and then the ops. Value names are assigned per
// isolated-from-above scope in program order (see names.go).
type Printer struct {
	sb         *outBuf
	opts       PrintOptions
	indent     int
	collecting bool
	aliases    *aliasState
	names      *nameState
}

func newBarePrinter() *Printer {
	return &Printer{sb: new(outBuf), opts: PrintOptions{LocalScope: true}, names: newNameState()}
}

// Print renders op (usually a builtin.module) with alias definitions first.
func Print(op *Operation, opts PrintOptions) string {
	p := newPrinter(new(outBuf), opts)
	p.printModule(op)
	return p.sb.String()
}

// PrintTo appends Print(op, opts) to sb.
func PrintTo(sb *strings.Builder, op *Operation, opts PrintOptions) {
	Fprint(sb, op, opts)
}

// Fprint writes Print(op, opts) to w as it is printed, in pieces of about
// 64 KiB, so that the whole text is never held in memory. It returns the
// first error of w.
func Fprint(w io.Writer, op *Operation, opts PrintOptions) error {
	out := &outBuf{w: w, b: make([]byte, 0, flushSize+4096)}
	p := newPrinter(out, opts)
	p.printModule(op)
	out.flush()
	return out.err
}

func newPrinter(out *outBuf, opts PrintOptions) *Printer {
	return &Printer{sb: out, opts: opts, names: newNameState(), aliases: newAliasState()}
}

// printModule prints the alias definitions (collected by a first pass
// that writes nothing) and then op.
func (p *Printer) printModule(op *Operation) {
	if !p.opts.LocalScope && !p.opts.Generic {
		c := &Printer{sb: new(outBuf), opts: p.opts, names: p.names, aliases: p.aliases, collecting: true}
		c.printTopOp(op)
		p.aliases.collecting = false
	}
	p.aliases.printDefs(p)
	p.printTopOp(op)
}

// String prints op in custom form without aliases (for debugging and
// diagnostics).
func (op *Operation) String() string {
	p := newBarePrinter()
	p.printTopOp(op)
	return strings.TrimRight(p.String(), "\n")
}

func (p *Printer) printTopOp(op *Operation) {
	p.names.numberScope(op, true)
	p.printOp(op)
}

// String returns what has been written.
func (p *Printer) String() string { return p.sb.String() }

// Options returns the print options.
func (p *Printer) Options() PrintOptions { return p.opts }

// WriteString appends s.
func (p *Printer) WriteString(s string) {
	if !p.collecting {
		p.sb.WriteString(s)
	}
}

// Namespace returns the printed spelling of a canonical dialect namespace.
func (p *Printer) Namespace(ns string) string {
	if s, ok := p.opts.Spelling[ns]; ok {
		return s
	}
	return ns
}

// OpName returns the printed name of op.
func (p *Printer) OpName(op *Operation) string {
	ns, rest, ok := strings.Cut(op.Name, ".")
	if !ok || len(p.opts.Spelling) == 0 {
		return op.Name
	}
	if s, ok := p.opts.Spelling[ns]; ok {
		return s + "." + rest
	}
	return op.Name
}

// customOpName is OpName for the custom form, where MLIR elides the
// builtin namespace of builtin.module (printed `module`); the generic form
// keeps "builtin.module".
func (p *Printer) customOpName(op *Operation) string {
	if op.Name == ModuleOpName {
		return "module"
	}
	return p.OpName(op)
}

// PrintType writes t.
func (p *Printer) PrintType(t Type) {
	if t == nil {
		p.WriteString("<<NULL TYPE>>")
		return
	}
	if p.collecting {
		switch t.(type) {
		case IntegerType, FloatType, IndexType, NoneType:
			return
		}
	}
	t.Print(p)
}

// PrintTypeList writes `T, U`.
func (p *Printer) PrintTypeList(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
	}
}

// PrintAttr writes a, or its alias when it has one.
func (p *Printer) PrintAttr(a Attribute) {
	if a == nil {
		p.WriteString("<<NULL ATTRIBUTE>>")
		return
	}
	if p.collecting && isLeafAttr(a) {
		return // nothing inside can carry an alias
	}
	if p.aliases != nil && !p.opts.LocalScope && !p.opts.Generic {
		if al, ok := a.(PrinterAliaser); ok {
			if stem, ok := al.AliasNameFor(p); ok {
				p.printAliased(a, stem)
				return
			}
		} else if al, ok := a.(Aliaser); ok {
			p.printAliased(a, al.AliasName())
			return
		}
	}
	a.Print(p)
}

func (p *Printer) printAliased(a Attribute, stem string) {
	key := AttrString(a)
	if p.aliases.collecting {
		if _, ok := p.aliases.byKey[key]; !ok {
			a.Print(p) // collect nested aliases first
			p.aliases.add(key, stem, a)
		}
		return
	}
	if name, ok := p.aliases.byKey[key]; ok {
		p.WriteString("#" + name)
		return
	}
	a.Print(p)
}

// isLeafAttr reports attributes that print no nested attribute or type
// with an alias, so the alias-collecting pass can skip them.
func isLeafAttr(a Attribute) bool {
	switch a.(type) {
	case IntegerAttr, FloatAttr, StringAttr, UnitAttr, SymbolRefAttr, DenseArrayAttr:
		return true
	}
	return false
}

// PrintAttrNoAlias writes a's full spelling (used for alias definitions).
func (p *Printer) PrintAttrNoAlias(a Attribute) { a.Print(p) }

// PrintOperand writes the name of v.
func (p *Printer) PrintOperand(v *Value) {
	if p.collecting {
		return
	}
	p.names.writeValueName(p.sb, v)
}

// PrintOperands writes `%a, %b`.
func (p *Printer) PrintOperands(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

// ValueName returns the printed name of v (`%0`, `%arg1`, `%3#1`).
func (p *Printer) ValueName(v *Value) string { return p.names.valueName(v) }

// PrintArgDef writes `%arg0: T` and, with debug info, its location.
func (p *Printer) PrintArgDef(v *Value) {
	p.PrintOperand(v)
	p.WriteString(": ")
	p.PrintType(v.Type())
	p.printValueLoc(v)
}

func (p *Printer) printValueLoc(v *Value) {
	if p.opts.DebugInfo && v.Loc != nil {
		p.WriteString(" " + LocString(v.Loc))
	}
}

// PrintArgLoc writes ` loc(...)` for a block argument under debug info.
func (p *Printer) PrintArgLoc(v *Value) { p.printValueLoc(v) }

// PrintSuccessor writes ^bbN.
func (p *Printer) PrintSuccessor(b *Block) { p.WriteString(p.names.blockName(b)) }

// PrintOptionalAttrDict writes ` {k = v, ...}` for the entries of d not in
// elided; nothing when none remain.
func (p *Printer) PrintOptionalAttrDict(d DictAttr, elided ...string) {
	es := filterEntries(d.Entries, elided)
	if len(es) == 0 {
		return
	}
	p.WriteString(" {")
	PrintDictEntries(p, es)
	p.WriteString("}")
}

// PrintOptionalAttrDictWithKeyword writes ` attributes {...}` likewise.
func (p *Printer) PrintOptionalAttrDictWithKeyword(d DictAttr, elided ...string) {
	es := filterEntries(d.Entries, elided)
	if len(es) == 0 {
		return
	}
	p.WriteString(" attributes {")
	PrintDictEntries(p, es)
	p.WriteString("}")
}

func filterEntries(es []NamedAttr, elided []string) []NamedAttr {
	if len(elided) == 0 {
		return es
	}
	kept := 0
	for _, e := range es {
		if !slices.Contains(elided, e.Name) {
			kept++
		}
	}
	switch kept { // no copy where all or none are kept, the common cases
	case 0:
		return nil
	case len(es):
		return es
	}
	out := make([]NamedAttr, 0, kept)
outer:
	for _, e := range es {
		for _, x := range elided {
			if e.Name == x {
				continue outer
			}
		}
		out = append(out, e)
	}
	return out
}

// AllAttrs merges an op's properties and attributes for a custom attr-dict.
func AllAttrs(op *Operation) DictAttr {
	if len(op.Props.Entries) == 0 {
		return op.Attrs
	}
	if len(op.Attrs.Entries) == 0 {
		return op.Props
	}
	// Both sorted: merge them in one allocation; a property wins over an
	// attribute of the same name.
	a, b := op.Attrs.Entries, op.Props.Entries
	out := make([]NamedAttr, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].Name < b[0].Name:
			out, a = append(out, a[0]), a[1:]
		case len(a) > 0 && a[0].Name == b[0].Name:
			a = a[1:]
		default:
			out, b = append(out, b[0]), b[1:]
		}
	}
	return DictAttr{Entries: out}
}

// NumberIsolated names the values inside op, an IsolatedFromAbove op whose
// regions a custom form prints itself (without printing op), in a fresh
// scope as printing op would.
func (p *Printer) NumberIsolated(op *Operation) { p.names.numberScope(op, false) }

// Newline starts a new line at the current indentation (custom forms
// whose syntax spans lines, such as ttg.warp_specialize's partitions).
func (p *Printer) Newline() { p.newline() }

func (p *Printer) newline() {
	p.WriteString("\n")
	for i := 0; i < p.indent; i++ {
		p.WriteString("  ")
	}
}

// PrintRegion writes `{` blocks `}`. The entry block's label and arguments
// print only when printEntryArgs is set (and it has arguments) or when the
// region has several blocks; a trailing terminator without operands is
// omitted when printTerminator is false.
func (p *Printer) PrintRegion(r *Region, printEntryArgs, printTerminator bool) {
	p.WriteString("{")
	p.indent++
	for i, b := range r.Blocks {
		showLabel := i > 0 || (printEntryArgs && b.NumArgs() > 0)
		if showLabel {
			p.printBlockLabel(b)
		}
		p.printBlockOps(b, printTerminator)
	}
	p.indent--
	p.newline()
	p.WriteString("}")
}

func (p *Printer) printBlockLabel(b *Block) {
	p.indent--
	p.newline()
	p.indent++
	p.WriteString(p.names.blockName(b))
	if b.NumArgs() > 0 {
		p.WriteString("(")
		for i, a := range b.Args() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintArgDef(a)
		}
		p.WriteString(")")
	}
	p.WriteString(":")
}

func (p *Printer) printBlockOps(b *Block, printTerminator bool) {
	ops := b.Ops()
	for i, op := range ops {
		if i == len(ops)-1 && !printTerminator && op.HasTrait(Terminator) && op.NumOperands() == 0 && len(op.Attrs.Entries) == 0 {
			continue
		}
		p.newline()
		p.printOp(op)
	}
}

// printOp prints one op at the current indentation (no newline).
func (p *Printer) printOp(op *Operation) {
	if op.HasTrait(IsolatedFromAbove) && op.Block() != nil {
		p.names.numberScope(op, false)
	}
	p.printResults(op)
	if !p.opts.Generic && op.Def != nil && op.Def.PrintAs != nil {
		if name, print, ok := op.Def.PrintAs(p, op); ok {
			ns, rest, _ := strings.Cut(name, ".")
			p.WriteString(p.Namespace(ns) + "." + rest)
			print(p, op)
			p.printLoc(op)
			return
		}
	}
	if !p.opts.Generic && op.Def != nil && op.Def.Print != nil {
		p.WriteString(p.customOpName(op))
		op.Def.Print(p, op)
	} else {
		p.printGeneric(op)
	}
	p.printLoc(op)
}

func (p *Printer) printLoc(op *Operation) {
	if p.opts.DebugInfo {
		p.WriteString(" " + LocString(op.Loc))
	}
}

func (p *Printer) printResults(op *Operation) {
	if op.NumResults() == 0 || p.collecting {
		return
	}
	if _, group := p.names.groups[op]; !group && op.NumResults() == 1 {
		p.names.writeValueName(p.sb, op.Result(0))
	} else {
		p.WriteString(p.names.resultGroupDef(op))
	}
	p.WriteString(" = ")
}

// printGeneric: "name"(ops)[succ] <{props}> ({regions}) {attrs} : (T) -> R
func (p *Printer) printGeneric(op *Operation) {
	p.WriteString(QuoteString(p.OpName(op)))
	p.WriteString("(")
	p.PrintOperands(op.Operands())
	p.WriteString(")")
	p.printSuccessorList(op.Successors)
	if op.Props.Len() > 0 {
		p.WriteString(" <")
		p.PrintAttr(op.Props)
		p.WriteString(">")
	}
	if len(op.Regions) > 0 {
		p.WriteString(" (")
		for i, r := range op.Regions {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintRegion(r, true, true)
		}
		p.WriteString(")")
	}
	if op.Attrs.Len() > 0 {
		p.WriteString(" ")
		p.PrintAttr(op.Attrs)
	}
	p.WriteString(" : (")
	for i, v := range op.operands {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(v.typ)
	}
	p.WriteString(") -> ")
	p.printResultTypesOf(op)
}

// printResultTypesOf writes op's result types as FunctionType does (`T`
// for one non-function result, else `(T, U)`) without building a slice.
func (p *Printer) printResultTypesOf(op *Operation) {
	if len(op.results) == 1 {
		if _, isFn := op.results[0].typ.(FunctionType); !isFn {
			p.PrintType(op.results[0].typ)
			return
		}
	}
	p.WriteString("(")
	for i, r := range op.results {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(r.typ)
	}
	p.WriteString(")")
}

func (p *Printer) printSuccessorList(bs []*Block) {
	if len(bs) == 0 {
		return
	}
	p.WriteString("[")
	for i, b := range bs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintSuccessor(b)
	}
	p.WriteString("]")
}

// PrintSuccessorWithArgs writes ^bb1(%a, %b : T, U) for branch ops.
func (p *Printer) PrintSuccessorWithArgs(b *Block, args []*Value) {
	p.PrintSuccessor(b)
	if len(args) == 0 {
		return
	}
	p.WriteString("(")
	p.PrintOperands(args)
	p.WriteString(" : ")
	p.PrintTypeList(valueTypes(args))
	p.WriteString(")")
}

// aliasState collects attribute aliases in first-use order; an alias whose
// body mentions other aliases is added after them.
type aliasState struct {
	collecting bool
	byKey      map[string]string
	defs       []aliasDef
	stemCount  map[string]int
}

type aliasDef struct {
	name string
	attr Attribute
}

func newAliasState() *aliasState {
	return &aliasState{collecting: true, byKey: map[string]string{}, stemCount: map[string]int{}}
}

func (s *aliasState) add(key, stem string, a Attribute) {
	n := s.stemCount[stem]
	s.stemCount[stem] = n + 1
	name := stem
	if n > 0 {
		name = stem + strconv.Itoa(n)
	}
	s.byKey[key] = name
	s.defs = append(s.defs, aliasDef{name, a})
}

func (s *aliasState) printDefs(p *Printer) {
	for _, d := range s.defs {
		p.WriteString("#" + d.name + " = ")
		p.PrintAttrNoAlias(d.attr)
		p.WriteString("\n")
	}
}
