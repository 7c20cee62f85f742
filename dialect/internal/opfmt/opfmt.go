// Package opfmt holds the few custom-assembly building blocks that the
// hand-written hooks of irregular ops share (most ops are declared with an
// assembly format through package ods instead); nothing here keeps state.
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

// ParseOperandsTypes reads `$operands attr-dict : type($operands)` for ops
// without results (format `$srcs attr-dict : type($srcs)`).
func ParseOperandsTypes(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	ts, err := ParseAttrDictTypes(p, st)
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

// ParseAttrDictTypes parses `attr-dict : T, U, ...` (the attributes into
// st) and returns the types.
func ParseAttrDictTypes(p ir.OpParser, st *ir.OpState) ([]ir.Type, error) {
	if err := ParseAttrDict(p, st); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseTypeList()
}
