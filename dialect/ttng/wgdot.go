package ttng

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/internal/ods"
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

// memDescB is B of a wgmma: it is read from shared memory.
var memDescB = ods.Type("a memdesc (B is read from shared memory)", func(t ir.Type) bool { _, ok := t.(tt.MemDescType); return ok })

// metaType is the 2:4 metadata e of a wgmma.sp: a tensor of i16.
var metaType = ods.Type("a tensor of i16", func(t ir.Type) bool {
	return ods.Tensor.Accepts(t) && ir.IsInteger(tt.ElemOf(t), 16)
})

// warpGroupDotSizes splits the operands a, b, c, e, useC: e is present
// exactly when sparseIndex = 0, useC when one more operand is given.
func warpGroupDotSizes(op *ir.Operation) ([]int, error) {
	n := op.NumOperands()
	if WarpGroupDotSparseIndex(op) == tt.SparseIndexA {
		if n < 4 || n > 5 {
			return nil, fmt.Errorf("expects operands a, b, c, metadata e and optional useC (sparseIndex = 0), got %d operands", n)
		}
		return []int{1, 1, 1, 1, n - 4}, nil
	}
	if n < 3 || n > 4 {
		return nil, fmt.Errorf("expects operands a, b, c and optional useC, got %d operands", n)
	}
	return []int{1, 1, 1, 0, n - 3}, nil
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
			if err := tt.ParseSparseIndex(p, st, tt.SparseIndexA, "warp_group_dot: sparseIndex must be -1 or 0 (wgmma.sp takes the 2:4 values as A), got %d"); err != nil {
				return err
			}
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
	ta, te, tb, td, err := tt.ParseDotTypes(p)
	if err != nil {
		return err
	}
	if (te != nil) != sparse {
		return p.Errorf("warp_group_dot: the metadata type follows A's exactly when sparseIndex = 0")
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
	tt.PrintDotTypes(p, op, WarpGroupDotMeta(op))
}

// verifyWarpGroupDot checks what the signature cannot say: sparseIndex -1
// or 0 and the shapes (tt.VerifyDotShapes, rank 2): dense A MxK, B KxN,
// C MxN; sparse values A MxK/2, metadata e (M/16)xK, B KxN, C MxN.
func verifyWarpGroupDot(op *ir.Operation) error {
	si := WarpGroupDotSparseIndex(op)
	if si != tt.SparseIndexDense && si != tt.SparseIndexA {
		return ir.OpError(op, "sparseIndex must be -1 or 0, got %d", si)
	}
	if err := tt.VerifyDotShapes(op, si, WarpGroupDotMeta(op), 2); err != nil {
		return err
	}
	if at, ok := op.Operand(0).Type().(ir.RankedTensorType); ok && si == tt.SparseIndexDense {
		if d, ok := at.Encoding.(tt.DotOperandEncoding); ok && tt.BitWidth(at.Elem) > 0 {
			if want := 32 / tt.BitWidth(at.Elem); d.DotKWidth() != want {
				return ir.OpError(op, "in-register LHS operand must have a kWidth of %d but got %d", want, d.DotKWidth())
			}
		}
	}
	return nil
}

// ClusterCTAs returns the AttrClusterCTAs of the module holding op (op
// itself when it is the module), 1 when absent or not above 1.
func ClusterCTAs(op *ir.Operation) int {
	for p := op; p != nil; p = p.ParentOp() {
		if a, ok := p.Attr(AttrClusterCTAs).(ir.IntegerAttr); ok && a.Value > 1 {
			return int(a.Value)
		}
	}
	return 1
}
