package ods

import (
	"strconv"

	"github.com/sparsetriton/sp/ir"
)

// Attribute kinds shared by the dialects.
var (
	AnyAttr = AttrKind{Desc: "any attribute"}
	I32     = intKind("a 32-bit integer attribute", 32)
	I64     = intKind("a 64-bit integer attribute", 64)
	Bool    = AttrKind{Desc: "a boolean attribute", Is: func(a ir.Attribute) bool {
		i, ok := a.(ir.IntegerAttr)
		return ok && ir.IsInteger(i.Type, 1)
	}}
	Str = AttrKind{Desc: "a string attribute", Is: func(a ir.Attribute) bool { _, ok := a.(ir.StringAttr); return ok },
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			s, err := p.ParseString()
			return ir.StringAttr{Value: s}, err
		}}
	Unit = AttrKind{Desc: "a unit attribute", Unit: true, Is: func(a ir.Attribute) bool { _, ok := a.(ir.UnitAttr); return ok }}
	// UnitOrBool accepts the 3.1-era boolean spelling of a flag as well.
	UnitOrBool = AttrKind{Desc: "a unit or boolean attribute", Unit: true, Is: func(a ir.Attribute) bool {
		return Unit.Is(a) || Bool.Is(a)
	}}
	Symbol = AttrKind{Desc: "a symbol reference", Is: func(a ir.Attribute) bool { _, ok := a.(ir.SymbolRefAttr); return ok },
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			s, err := p.ParseSymbolName()
			return ir.SymbolRefAttr{Root: s}, err
		}}
	I32Array = arrayKind("an array<i32: ...> attribute", 32)
	I64Array = arrayKind("an array<i64: ...> attribute", 64)
)

func intKind(desc string, width int) AttrKind {
	return AttrKind{Desc: desc, Is: func(a ir.Attribute) bool {
		i, ok := a.(ir.IntegerAttr)
		return ok && ir.IsInteger(i.Type, width)
	}}
}

func arrayKind(desc string, width int) AttrKind {
	return AttrKind{Desc: desc, Is: func(a ir.Attribute) bool {
		d, ok := a.(ir.DenseArrayAttr)
		return ok && ir.IsInteger(d.Elem, width)
	}}
}

// Type constraints shared by the dialects.
var (
	I1Like      = Type("i1 or a tensor of i1", func(t ir.Type) bool { return ir.IsInteger(ir.ElementType(t), 1) })
	IntLike     = Type("an integer or a tensor of integers", ir.IsIntOrIndex)
	FloatLike   = Type("a float or a tensor of floats", ir.IsFloatLike)
	I32T        = Type("i32", func(t ir.Type) bool { return ir.IsInteger(t, 32) })
	I64T        = Type("i64", func(t ir.Type) bool { return ir.IsInteger(t, 64) })
	I1T         = Type("i1", func(t ir.Type) bool { return ir.IsInteger(t, 1) })
	Tensor      = Type("a ranked tensor", func(t ir.Type) bool { _, ok := t.(ir.RankedTensorType); return ok })
	IntTensor   = Type("a tensor of integers", func(t ir.Type) bool { return Tensor.Accepts(t) && ir.IsIntOrIndex(t) })
	FloatTensor = Type("a tensor of floats", func(t ir.Type) bool { return Tensor.Accepts(t) && ir.IsFloatLike(t) })
)

// I32Literal is an i32 attribute written as a bare integer in formats.
var I32Literal = AttrKind{Desc: I32.Desc, Is: I32.Is,
	Parse: func(p ir.AsmParser) (ir.Attribute, error) {
		v, err := p.ParseInteger()
		return ir.I32Attr(v), err
	},
	Print: func(p *ir.Printer, a ir.Attribute) {
		p.WriteString(strconv.FormatInt(a.(ir.IntegerAttr).Value, 10))
	}}

// Function-interface attribute kinds.
var (
	FuncTypeAttr = AttrKind{Desc: "a function type attribute", Is: func(a ir.Attribute) bool {
		t, ok := a.(ir.TypeAttr)
		if ok {
			_, ok = t.Type.(ir.FunctionType)
		}
		return ok
	}}
	DictArray = AttrKind{Desc: "an array of dictionaries", Is: func(a ir.Attribute) bool {
		arr, ok := a.(ir.ArrayAttr)
		for i := 0; ok && i < len(arr.Elems); i++ {
			_, ok = arr.Elems[i].(ir.DictAttr)
		}
		return ok
	}}
)

// I32ArrayBrackets is an array<i32> attribute written `[0, 32]` in formats.
var I32ArrayBrackets = AttrKind{Desc: I32Array.Desc, Is: I32Array.Is,
	Parse: func(p ir.AsmParser) (ir.Attribute, error) {
		if err := p.ParsePunct("["); err != nil {
			return nil, err
		}
		var vs []int64
		for !p.ParseOptionalPunct("]") {
			if len(vs) > 0 {
				if err := p.ParsePunct(","); err != nil {
					return nil, err
				}
			}
			v, err := p.ParseInteger()
			if err != nil {
				return nil, err
			}
			vs = append(vs, v)
		}
		return ir.I32Array(vs...), nil
	},
	Print: func(p *ir.Printer, a ir.Attribute) {
		p.WriteString("[")
		for i, v := range a.(ir.DenseArrayAttr).Ints {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteString(strconv.FormatInt(v, 10))
		}
		p.WriteString("]")
	}}
