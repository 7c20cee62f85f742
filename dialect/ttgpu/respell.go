package ttgpu

import (
	"strconv"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// subviewAs prints memdesc_subview, which Triton 3.5 replaced, in the
// 3.5+ form under the ttg spelling (hopper.md §3.5):
//
//	memdesc_subview %buf[%i, %c0, %c0] : 3x64x64 -> 64x64  =>  memdesc_index %buf[%i]
//	memdesc_subview %t[%c0, %c32] : 64x64 -> 64x32         =>  memdesc_subslice %t [0, 32]
//
// The first when the view drops the leading dimension at a dynamic index
// and every other offset is the constant 0; the second when the rank is
// kept and every offset is a constant. Any other subview keeps its name
// (Triton 3.6 has no single op for it). The 3.1 spelling always prints
// memdesc_subview. The 3.5+ forms parse to memdesc_index and
// memdesc_subslice, which print the same text in either spelling.
func subviewAs(p *ir.Printer, op *ir.Operation) (string, func(*ir.Printer, *ir.Operation), bool) {
	if p.Namespace(Namespace) == Namespace || op.NumOperands() < 2 || op.NumResults() != 1 {
		return "", nil, false
	}
	src, ok1 := op.Operand(0).Type().(tt.MemDescType)
	dst, ok2 := op.Result(0).Type().(tt.MemDescType)
	if !ok1 || !ok2 || op.NumOperands()-1 != len(src.Shape) {
		return "", nil, false
	}
	offs := op.Operands()[1:]
	switch {
	case len(src.Shape) >= 1 && ir.ShapeEqual(dst.Shape, src.Shape[1:]) && allZero(offs[1:]):
		return MemdescIndexOpName, printIndexForm, true
	case len(dst.Shape) == len(src.Shape):
		if c, ok := constOffsets(offs); ok && fits(c, dst.Shape, src.Shape) {
			return MemdescSubsliceOpName, printSubsliceForm, true
		}
	}
	return "", nil, false
}

func allZero(vs []*ir.Value) bool {
	for _, v := range vs {
		if c, ok := arith.ConstantInt(v); !ok || c != 0 {
			return false
		}
	}
	return true
}

func constOffsets(vs []*ir.Value) ([]int64, bool) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		c, ok := arith.ConstantInt(v)
		if !ok || c < 0 {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

func fits(offs, size, shape []int64) bool {
	for i, o := range offs {
		if o+size[i] > shape[i] {
			return false
		}
	}
	return true
}

// printIndexForm writes ` %src[%index] attr-dict : T -> R`.
func printIndexForm(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	p.PrintOperand(op.Operand(1))
	p.WriteString("]")
	printViewTail(p, op)
}

// printSubsliceForm writes ` %src [o0, o1] attr-dict : T -> R`.
func printSubsliceForm(p *ir.Printer, op *ir.Operation) {
	offs, _ := constOffsets(op.Operands()[1:])
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" [")
	for i, o := range offs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(strconv.FormatInt(o, 10))
	}
	p.WriteString("]")
	printViewTail(p, op)
}

func printViewTail(p *ir.Printer, op *ir.Operation) {
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}
