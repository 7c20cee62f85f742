package ttng

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// WarpGroupDot is the op name of the Hopper wgmma dot.
const (
	WarpGroupDot     = Namespace + ".warp_group_dot"
	WarpGroupDotWait = Namespace + ".warp_group_dot_wait"
	FenceAsyncShared = Namespace + ".fence_async_shared"
)

// WarpGroupDotSparseIndex returns the sparseIndex of a warp_group_dot: -1
// for a dense wgmma, 0 for wgmma.sp with A holding the compressed 2:4
// values (the only sparse form wgmma.sp has).
func WarpGroupDotSparseIndex(op *ir.Operation) int {
	return int(op.IntAttrOr("sparseIndex", tt.SparseIndexDense))
}

// WarpGroupDotMeta returns the metadata operand e of a sparse
// warp_group_dot, or nil. Operands are a, b, c, then e when sparse, then
// the optional i1 useC.
func WarpGroupDotMeta(op *ir.Operation) *ir.Value {
	if WarpGroupDotSparseIndex(op) == tt.SparseIndexA && op.NumOperands() >= 4 {
		return op.Operand(3)
	}
	return nil
}

// WarpGroupDotUseC returns the optional i1 useC operand, or nil.
func WarpGroupDotUseC(op *ir.Operation) *ir.Value {
	n := 3
	if WarpGroupDotMeta(op) != nil {
		n = 4
	}
	if op.NumOperands() > n {
		return op.Operand(n)
	}
	return nil
}

// parseWarpGroupDot reads
//
//	$a, $b, $c (, $e)? (, $useC)? (, sparseIndex = N)? attr-dict
//	  : type($a) (, type($e))? * type($b) -> type($d)
//
// the Triton form with tt.dot's sparse extension: when `sparseIndex = 0`
// follows the operands, the fourth operand is the metadata e (typed after
// A) and a fifth, if any, is useC; otherwise a fourth operand is useC.
func parseWarpGroupDot(p ir.OpParser, st *ir.OpState) error {
	var us []ir.UnresolvedOperand
	for i := 0; ; i++ {
		if i > 0 && !p.ParseOptionalPunct(",") {
			break
		}
		if i >= 3 && !p.PeekOperand() {
			if !p.ParseOptionalKeyword("sparseIndex") {
				return p.Errorf("expected an operand or 'sparseIndex = N' after ',' in warp_group_dot")
			}
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			loc := p.Loc()
			n, err := p.ParseInteger()
			if err != nil {
				return err
			}
			if n != tt.SparseIndexDense && n != tt.SparseIndexA {
				return ir.Errorf(loc, "warp_group_dot: sparseIndex must be -1 or 0 (wgmma.sp takes the 2:4 values as A), got %d", n)
			}
			st.AddAttr("sparseIndex", ir.I32Attr(n))
			break
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		us = append(us, u)
	}
	sparse := st.Attr("sparseIndex") != nil && st.Attr("sparseIndex").(ir.IntegerAttr).Value == tt.SparseIndexA
	max := 4
	if sparse {
		max = 5
	}
	if len(us) < 3 || len(us) > max || (sparse && len(us) < 4) {
		if sparse {
			return p.Errorf("expected operands a, b, c, the metadata e and optional useC")
		}
		return p.Errorf("expected operands a, b, c and optional useC")
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ta, err := p.ParseType()
	if err != nil {
		return err
	}
	var te ir.Type
	if p.ParseOptionalPunct(",") {
		if te, err = p.ParseType(); err != nil {
			return err
		}
	}
	if (te != nil) != sparse {
		return p.Errorf("warp_group_dot: the metadata type follows A's exactly when sparseIndex = 0")
	}
	if err := p.ParsePunct("*"); err != nil {
		return err
	}
	tb, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	td, err := p.ParseType()
	if err != nil {
		return err
	}
	ts := []ir.Type{ta, tb, td}
	if sparse {
		ts = append(ts, te)
	}
	ts = append(ts, ir.I1)
	vs, err := p.ResolveOperands(us, ts[:len(us)])
	st.Operands, st.ResultTypes = vs, []ir.Type{td}
	return err
}

// printWarpGroupDot writes the form parseWarpGroupDot reads; sparseIndex
// prints only when it is 0.
func printWarpGroupDot(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	var elided []string
	if si, ok := op.Attr("sparseIndex").(ir.IntegerAttr); ok && ir.IsInteger(si.Type, 32) &&
		(si.Value == tt.SparseIndexDense || si.Value == tt.SparseIndexA && op.NumOperands() >= 4) {
		elided = append(elided, "sparseIndex")
		if si.Value == tt.SparseIndexA {
			p.WriteString(fmt.Sprintf(", sparseIndex = %d", si.Value))
		}
	}
	opfmt.PrintAttrDict(p, op, elided...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	if e := WarpGroupDotMeta(op); e != nil {
		p.WriteString(", ")
		p.PrintType(e.Type())
	}
	p.WriteString(" * ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// verifyWarpGroupDot checks operand counts, B in shared memory and the
// shapes: dense A MxK, B KxN, C MxN; sparse (sparseIndex = 0) values A
// MxK/2, metadata e (M/16)xK of i16, B KxN, C MxN.
func verifyWarpGroupDot(op *ir.Operation) error {
	si := WarpGroupDotSparseIndex(op)
	if si != tt.SparseIndexDense && si != tt.SparseIndexA {
		return ir.OpError(op, "sparseIndex must be -1 or 0, got %d", si)
	}
	lo, hi := 3, 4
	if si == tt.SparseIndexA {
		lo, hi = 4, 5
	}
	if op.NumOperands() < lo || op.NumOperands() > hi || op.NumResults() != 1 {
		if si == tt.SparseIndexA {
			return ir.OpError(op, "expects operands a, b, c, metadata e, optional useC and one result")
		}
		return ir.OpError(op, "expects operands a, b, c, optional useC and one result")
	}
	if u := WarpGroupDotUseC(op); u != nil && !ir.IsInteger(u.Type(), 1) {
		return ir.OpError(op, "useC must be i1, got %s", ir.TypeString(u.Type()))
	}
	if !ir.TypeEqual(op.Operand(2).Type(), op.Result(0).Type()) {
		return ir.OpError(op, "result type must match the accumulator type")
	}
	if _, ok := op.Operand(1).Type().(tt.MemDescType); !ok {
		return ir.OpError(op, "operand B must be in shared memory (a memdesc), got %s", ir.TypeString(op.Operand(1).Type()))
	}
	sa, _ := tt.ShapeOf(op.Operand(0).Type())
	sb, _ := tt.ShapeOf(op.Operand(1).Type())
	sc, _ := tt.ShapeOf(op.Operand(2).Type())
	if len(sa) != 2 || len(sb) != 2 || len(sc) != 2 {
		return ir.OpError(op, "expects rank-2 A, B and C")
	}
	if si == tt.SparseIndexDense {
		if sa[1] != sb[0] || sc[0] != sa[0] || sc[1] != sb[1] {
			return ir.OpError(op, "expects A MxK, B KxN and C MxN")
		}
		if at, ok := op.Operand(0).Type().(ir.RankedTensorType); ok {
			if d, ok := at.Encoding.(tt.DotOperandEncoding); ok && tt.BitWidth(at.Elem) > 0 {
				if want := 32 / tt.BitWidth(at.Elem); d.DotKWidth() != want {
					return ir.OpError(op, "in-register LHS operand must have a kWidth of %d but got %d", want, d.DotKWidth())
				}
			}
		}
		return nil
	}
	e := WarpGroupDotMeta(op)
	se, ok := tt.ShapeOf(e.Type())
	if !ok || len(se) != 2 || !ir.IsInteger(tt.ElemOf(e.Type()), 16) {
		return ir.OpError(op, "metadata e must be a rank-2 tensor of i16, got %s", ir.TypeString(e.Type()))
	}
	if 2*sa[1] != sb[0] || sc[0] != sa[0] || sc[1] != sb[1] || se[0]*16 != sa[0] || se[1] != sb[0] {
		return ir.OpError(op, "sparseIndex = 0 expects values A Mx(K/2), metadata e (M/16)xK, B KxN and C MxN, got A %s, e %s, B %s, C %s",
			shapeString(sa), shapeString(se), shapeString(sb), shapeString(sc))
	}
	return nil
}

func shapeString(s []int64) string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += "x"
		}
		out += fmt.Sprint(d)
	}
	return out
}
