// Package opfmt holds the custom-assembly building blocks shared by the
// Triton dialect packages (tt, ttgpu, ttng). Each function implements one
// ODS-style assemblyFormat, quoted in its comment, and is referenced from the
// op tables as a Parse or Print hook; nothing here keeps state.
package opfmt

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// ParseAttrDict reads an optional `{...}` and merges it into st (inherent
// names go to properties).
func ParseAttrDict(p ir.OpParser, st *ir.OpState) error {
	d, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	st.MergeAttrDict(d)
	return nil
}

// PrintAttrDict writes ` {...}` with every attribute of op not in elided.
func PrintAttrDict(p *ir.Printer, op *ir.Operation, elided ...string) {
	p.PrintOptionalAttrDict(ir.AllAttrs(op), elided...)
}

// ParseCast reads `$src attr-dict : type($src) -> type($result)`.
func ParseCast(p ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := ParseAttrDict(p, st); err != nil {
		return err
	}
	return ParseCastTail(p, st, src)
}

// ParseCastTail reads `: type($src) -> type($result)`, resolves src and
// appends the operand and the result type to st.
func ParseCastTail(p ir.OpParser, st *ir.OpState, src ir.UnresolvedOperand) error {
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	from, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	to, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(src, from)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	st.ResultTypes = append(st.ResultTypes, to)
	return nil
}

// PrintCast writes `$src attr-dict : type($src) -> type($result)`.
func PrintCast(p *ir.Printer, op *ir.Operation) {
	PrintCastElided(p, op)
}

// PrintCastElided is PrintCast leaving the named attributes out of attr-dict.
func PrintCastElided(p *ir.Printer, op *ir.Operation, elided ...string) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	PrintAttrDict(p, op, elided...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// ParseSameType reads `$x (, $y)* attr-dict : type($result)`: every operand
// has the result type.
func ParseSameType(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	for _, u := range us {
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = append(st.ResultTypes, t)
	return nil
}

// PrintSameType writes `$x (, $y)* attr-dict : type($result)`.
func PrintSameType(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// ParseFunctional reads `$operands attr-dict : functional-type($operands, results)`.
func ParseFunctional(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := ParseAttrDict(p, st); err != nil {
		return err
	}
	return ParseFunctionalType(p, st, us)
}

// ParseFunctionalType reads `: (T, U) -> R` and resolves us against the inputs.
func ParseFunctionalType(p ir.OpParser, st *ir.OpState, us []ir.UnresolvedOperand) error {
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return ir.Errorf(loc, "expected a function type, got %s", ir.TypeString(t))
	}
	if len(ft.Inputs) != len(us) {
		return ir.Errorf(loc, "%d operands present, but expected %d", len(us), len(ft.Inputs))
	}
	vs, err := p.ResolveOperands(us, ft.Inputs)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vs...)
	st.ResultTypes = append(st.ResultTypes, ft.Results...)
	return nil
}

// PrintFunctional writes `$operands attr-dict : functional-type($operands, results)`.
func PrintFunctional(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
	}
	PrintAttrDict(p, op)
	PrintFunctionalType(p, op)
}

// PrintFunctionalType writes ` : (operand types) -> result types`.
func PrintFunctionalType(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" : ")
	p.PrintType(ir.FunctionType{Inputs: op.OperandTypes(), Results: op.ResultTypes()})
}

// ParseBracketOperands reads `[ $a, $b ]` (possibly empty).
func ParseBracketOperands(p ir.OpParser) ([]ir.UnresolvedOperand, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, err
	}
	return us, p.ParsePunct("]")
}

// PrintBracketOperands writes `[%a, %b]`.
func PrintBracketOperands(p *ir.Printer, vs []*ir.Value) {
	p.WriteString("[")
	p.PrintOperands(vs)
	p.WriteString("]")
}

// ResolveSame resolves every operand in us to type t.
func ResolveSame(p ir.OpParser, us []ir.UnresolvedOperand, t ir.Type) ([]*ir.Value, error) {
	out := make([]*ir.Value, len(us))
	for i, u := range us {
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// ShapeOf returns the shape of a ranked tensor, or nil and false.
func ShapeOf(t ir.Type) ([]int64, bool) {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return rt.Shape, true
	}
	return nil, false
}

// ParseAttrDictOnly parses `attr-dict` (ops with neither operands nor results).
func ParseAttrDictOnly(p ir.OpParser, st *ir.OpState) error { return ParseAttrDict(p, st) }

// PrintAttrDictOnly writes `attr-dict`.
func PrintAttrDictOnly(p *ir.Printer, op *ir.Operation) { PrintAttrDict(p, op) }

// ParseOperandsTypes reads `$operands attr-dict : type($operands)` for ops
// without results (format `$srcs attr-dict : type($srcs)`).
func ParseOperandsTypes(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	vs, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vs...)
	return nil
}

// PrintOperandsTypes writes `$operands attr-dict : type($operands)`.
func PrintOperandsTypes(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintTypeList(op.OperandTypes())
}

// Exact wraps verifier v with a check that the op has exactly nOps operands
// and nRes results, so that v may index them freely (a generic-form parse
// can build ops of any arity).
func Exact(nOps, nRes int, v func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() != nOps || op.NumResults() != nRes {
			return ir.OpError(op, "expects %d operands and %d results, got %d and %d", nOps, nRes, op.NumOperands(), op.NumResults())
		}
		return v(op)
	}
}

// AtLeast wraps verifier v with a check for at least nOps operands and
// exactly nRes results.
func AtLeast(nOps, nRes int, v func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() < nOps || op.NumResults() != nRes {
			return ir.OpError(op, "expects at least %d operands and %d results, got %d and %d", nOps, nRes, op.NumOperands(), op.NumResults())
		}
		return v(op)
	}
}

// Guard wraps every custom Print hook of defs so that printing a malformed
// op (wrong operand or result count, as a failed pass may leave behind)
// writes a marker instead of panicking. Verified IR never reaches it.
func Guard(defs []*ir.OpDef) []*ir.OpDef {
	for _, d := range defs {
		if d.Print != nil {
			d.Print = guardPrint(d.Print)
		}
	}
	return defs
}

func guardPrint(print func(*ir.Printer, *ir.Operation)) func(*ir.Printer, *ir.Operation) {
	return func(p *ir.Printer, op *ir.Operation) {
		defer func() {
			if r := recover(); r != nil {
				p.WriteString(fmt.Sprintf(" <<malformed op: %d operands, %d results>>", op.NumOperands(), op.NumResults()))
			}
		}()
		print(p, op)
	}
}
