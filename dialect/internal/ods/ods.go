package ods

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// Arity says how many values an operand or result group holds.
type Arity uint8

const (
	// One value.
	One Arity = iota
	// Optional: zero or one value.
	Optional
	// Variadic: any number of values.
	Variadic
)

// TypeConstraint restricts the type of each value of a group. A nil Pred
// accepts any type.
type TypeConstraint struct {
	Desc string
	Pred func(ir.Type) bool
}

// Accepts reports whether t satisfies c.
func (c TypeConstraint) Accepts(t ir.Type) bool { return c.Pred == nil || c.Pred(t) }

// AnyType accepts every type.
var AnyType = TypeConstraint{Desc: "any type"}

// Type returns a constraint from a description and a predicate.
func Type(desc string, pred func(ir.Type) bool) TypeConstraint {
	return TypeConstraint{Desc: desc, Pred: pred}
}

// Infer derives the type of a group from the type of another (From) or, when
// From is empty, gives a fixed type. The verifier checks the relation too,
// as MLIR's TypesMatchWith.
type Infer struct {
	From string
	Desc string // for diagnostics: "the pointee of $ptr"
	Fn   func(from ir.Type) (ir.Type, bool)
	// Summary, when set, is the relation in MLIR's TypesMatchWith words
	// ("ptr type matches cmp type"); a mismatch then reads
	// "failed to verify that <Summary>: ...".
	Summary string
	// Each derives one type per value of the (variadic) group From, in
	// order, instead of one type for the whole group from its first.
	Each bool
}

// Named returns a copy of inf whose mismatch is reported as
// "failed to verify that <summary>".
func (inf *Infer) Named(summary string) *Infer {
	c := *inf
	c.Summary = summary
	return &c
}

// SameAs infers the type of another group unchanged.
func SameAs(name string) *Infer {
	return &Infer{From: name, Desc: "the type of $" + name, Fn: func(t ir.Type) (ir.Type, bool) { return t, true }}
}

// SameAsEach gives the group the types of the values of group name, one
// for one (results that forward variadic inputs).
func SameAsEach(name string) *Infer {
	return &Infer{From: name, Desc: "the types of $" + name, Each: true, Fn: func(t ir.Type) (ir.Type, bool) { return t, true }}
}

// Fixed gives every value of the group type t.
func Fixed(t ir.Type) *Infer {
	return &Infer{Desc: ir.TypeString(t), Fn: func(ir.Type) (ir.Type, bool) { return t, true }}
}

// From derives the type with fn from the type of group name.
func From(name, desc string, fn func(ir.Type) (ir.Type, bool)) *Infer {
	return &Infer{From: name, Desc: desc, Fn: fn}
}

// Value declares an operand or result group.
type Value struct {
	Name  string
	Arity Arity
	Type  TypeConstraint
	// Infer, when set, derives the group's type where the format does not
	// write it, and the verifier checks it.
	Infer *Infer
	// Syntax, when set, is how type($name) is written (e.g. a pointer type
	// in its stripped `<tensor<...>>` form).
	Syntax *TypeSyntax
}

// TypeSyntax reads and writes a type in a non-default spelling; a nil Print
// writes the type as usual.
type TypeSyntax struct {
	Parse func(p ir.AsmParser) (ir.Type, error)
	Print func(p *ir.Printer, t ir.Type)
}

// Spelled returns v with type syntax ts.
func (v Value) Spelled(ts *TypeSyntax) Value { v.Syntax = ts; return v }

// Arg declares a single operand or result.
func Arg(name string, c TypeConstraint) Value { return Value{Name: name, Type: c} }

// Opt declares an optional operand.
func Opt(name string, c TypeConstraint) Value { return Value{Name: name, Arity: Optional, Type: c} }

// Var declares a variadic group.
func Var(name string, c TypeConstraint) Value { return Value{Name: name, Arity: Variadic, Type: c} }

// Like returns v with its type derived by inf.
func (v Value) Like(inf *Infer) Value { v.Infer = inf; return v }

// AttrKind is what an attribute may hold and how it is written where a
// format names it ($attr). Nil Parse and Print use the generic attribute
// syntax.
type AttrKind struct {
	Desc  string
	Is    func(ir.Attribute) bool
	Parse func(p ir.AsmParser) (ir.Attribute, error)
	Print func(p *ir.Printer, a ir.Attribute)
	// Unit kinds are written by their presence alone (`allow_reorder`).
	Unit bool
	// Stored, when set, is the attr-dict spelling of a value (Triton's I32
	// enums print as their integer case value there); Normalize turns a
	// value read from attr-dict back into the typed form.
	Stored    func(ir.Attribute) ir.Attribute
	Normalize func(ir.Attribute) ir.Attribute
	// Same, when set, compares two values of the kind by meaning (an enum
	// case and its integer spelling); nil compares with ir.AttrEqual.
	Same func(a, b ir.Attribute) bool
}

// isDefault reports whether v is the declared default of a.
func (a *Attr) isDefault(v ir.Attribute) bool {
	if a.Default == nil || v == nil {
		return false
	}
	if a.Kind.Same != nil {
		return a.Kind.Same(v, a.Default)
	}
	return ir.AttrEqual(v, a.Default)
}

// Attr declares an inherent attribute.
type Attr struct {
	Name     string
	Kind     AttrKind
	Optional bool
	// Default, when set, is what an absent attribute means; attr-dict does
	// not print the attribute when it equals Default.
	Default ir.Attribute
}

// Req declares a required attribute.
func Req(name string, k AttrKind) Attr { return Attr{Name: name, Kind: k} }

// OptAttr declares an optional attribute.
func OptAttr(name string, k AttrKind) Attr { return Attr{Name: name, Kind: k, Optional: true} }

// DefAttr declares an optional attribute with a default value.
func DefAttr(name string, k AttrKind, def ir.Attribute) Attr {
	return Attr{Name: name, Kind: k, Optional: true, Default: def}
}

// Segments says how the operand groups of an op with more than one
// optional or variadic group are delimited.
type Segments uint8

const (
	// NoSegments: at most one optional or variadic operand group.
	NoSegments Segments = iota
	// AttrSized: the operandSegmentSizes property holds the group sizes
	// (MLIR's AttrSizedOperandSegments).
	AttrSized
	// SameSize: every variadic group has the same size
	// (SameVariadicOperandSize).
	SameSize
	// OptionalPrefix: every non-single group is optional and the present
	// ones come first (`other` only after `mask`).
	OptionalPrefix
	// Computed: Op.OperandSizes tells the groups apart (from an attribute,
	// as warp_group_dot's sparseIndex says whether a fourth operand is the
	// metadata or useC). Such ops parse with hand-written hooks.
	Computed
)

// SegmentAttr is the property of AttrSized ops.
const SegmentAttr = "operandSegmentSizes"

// Directive is a custom<Name> format element: a hand-written piece of
// syntax inside a declared format. Parse reads it into the state; Print
// writes it (with its own leading space).
type Directive struct {
	Parse func(s *State) error
	Print func(p *ir.Printer, op *ir.Operation, v View)
}

// Op declares an operation.
type Op struct {
	Name, Summary, Description string
	Traits                     ir.Trait
	Operands, Results          []Value
	Attrs                      []Attr
	Segments                   Segments
	// OperandSizes returns the size of each operand group (Segments =
	// Computed), or an error when op's operands fit no split.
	OperandSizes func(op *ir.Operation) ([]int, error)
	// Format is the assembly format; empty means Parse and Print below, or
	// the generic form only when those are nil too.
	Format string
	// Custom holds the custom<Name> directives the format uses.
	Custom map[string]Directive
	// Parse and Print are hand-written hooks for irregular syntax; they
	// replace Format.
	Parse func(p ir.OpParser, st *ir.OpState) error
	Print func(p *ir.Printer, op *ir.Operation)
	// Verify checks what the signature cannot say; it runs after the
	// derived checks, so it may index operands and results by the
	// signature.
	Verify      func(op *ir.Operation) error
	Fold        func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult
	ResultNames func(op *ir.Operation) []string
}

// IsDeclared reports whether d was compiled from a declaration by Def, so
// that it has a signature and the derived verifier. (The mark is on the
// definition itself: a process-wide record of every definition made would
// keep each context's ops alive, about 300 KB per all.Context.)
func IsDeclared(d *ir.OpDef) bool { return d.Declared }

// Defs compiles ops into op definitions.
func Defs(ops ...Op) []*ir.OpDef {
	out := make([]*ir.OpDef, len(ops))
	for i := range ops {
		out[i] = ops[i].Def()
	}
	return out
}

// Def compiles o into an op definition. It panics on a malformed
// declaration (see the package invariants).
func (o Op) Def() *ir.OpDef {
	c, err := compile(&o)
	if err != nil {
		panic(fmt.Sprintf("ods: %s: %v", o.Name, err))
	}
	d := &ir.OpDef{Name: o.Name, Summary: o.Summary, Description: o.Description, Traits: o.Traits,
		Fold: o.Fold, ResultNames: o.ResultNames, Verify: c.verify}
	for _, a := range o.Attrs {
		d.Inherent = append(d.Inherent, a.Name)
	}
	if o.Segments == AttrSized {
		d.Inherent = append(d.Inherent, SegmentAttr)
	}
	switch {
	case o.Parse != nil || o.Print != nil:
		d.Parse, d.Print = o.Parse, guardPrint(c, o.Print)
	case c.format != nil:
		d.Parse, d.Print = c.parse, c.print
	}
	d.Declared = true
	return d
}

// guardPrint makes a hand-written printer safe on ops that do not match the
// signature.
func guardPrint(c *compiled, print func(*ir.Printer, *ir.Operation)) func(*ir.Printer, *ir.Operation) {
	if print == nil {
		return nil
	}
	return func(p *ir.Printer, op *ir.Operation) {
		if _, err := c.view(op); err != nil {
			malformed(p, op)
			return
		}
		defer func() {
			if r := recover(); r != nil {
				malformed(p, op)
			}
		}()
		print(p, op)
	}
}

func malformed(p *ir.Printer, op *ir.Operation) {
	p.WriteString(fmt.Sprintf(" <<malformed op: %d operands, %d results>>", op.NumOperands(), op.NumResults()))
}
