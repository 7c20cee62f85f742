package tt

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// DotOperandEncoding is implemented by dot-operand layouts (ttgpu's
// #triton_gpu.dot_op) so that the tt.dot verifier can compare kWidth
// without importing ttgpu.
type DotOperandEncoding interface {
	ir.Attribute
	DotOpIdx() int
	DotKWidth() int
}

// Sparse dot indices (the `sparseIndex` attribute of tt.dot).
const (
	SparseIndexDense = -1 // ordinary dot
	SparseIndexA     = 0  // A holds compressed values, e its metadata
	SparseIndexB     = 1  // B holds compressed values (decomposition only)
)

var dotAttrs = []string{"inputPrecision", "maxNumImpreciseAcc", "sparseIndex", "spSelector"}

// DotSparseIndex returns the sparseIndex of a tt.dot (-1 when absent).
func DotSparseIndex(op *ir.Operation) int { return int(op.IntAttrOr("sparseIndex", SparseIndexDense)) }

// DotMeta returns the metadata operand e of a sparse tt.dot, or nil.
func DotMeta(op *ir.Operation) *ir.Value {
	if op.NumOperands() == 4 {
		return op.Operand(3)
	}
	return nil
}

// DotPrecision returns the input precision of a tt.dot (default ieee).
func DotPrecision(op *ir.Operation) InputPrecision {
	v, _ := EnumProp(op, "inputPrecision", PrecisionIEEE)
	return v
}

// parseDot reads (sparse-fork.md §2.1, without its parse ambiguity)
//
//	$a, $b, $c (, $e)? (, sparseIndex = N)? (, inputPrecision = P)? attr-dict
//	  : type($a) (, type($e))? * type($b) -> type($d)
//
// After `$c`, each `,` is resolved by looking at the next token: an SSA
// value is e, `sparseIndex` or `inputPrecision` starts that group.
func parseDot(p ir.OpParser, st *ir.OpState) error {
	var us []ir.UnresolvedOperand
	for i := 0; i < 3; i++ {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		us = append(us, u)
	}
	if err := parseDotTail(p, st, &us); err != nil {
		return err
	}
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	return parseDotTypes(p, st, us)
}

func parseDotTail(p ir.OpParser, st *ir.OpState, us *[]ir.UnresolvedOperand) error {
	stage := 0 // 0: e allowed, 1: sparseIndex allowed, 2: inputPrecision allowed, 3: done
	for p.ParseOptionalPunct(",") {
		switch {
		case p.PeekOperand() && stage == 0:
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			*us = append(*us, u)
			stage = 1
		case stage <= 1 && p.ParseOptionalKeyword("sparseIndex"):
			if err := ParseSparseIndex(p, st, SparseIndexB, "sparseIndex must be -1, 0 or 1, got %d"); err != nil {
				return err
			}
			stage = 2
		case stage <= 2 && p.ParseOptionalKeyword("inputPrecision"):
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := ParseEnumKeyword[InputPrecision](p)
			if err != nil {
				return err
			}
			st.AddAttr("inputPrecision", EnumOf(v))
			stage = 3
		default:
			return p.Errorf("expected %s after ',' in tt.dot", dotExpectation(stage))
		}
	}
	return nil
}

// ParseSparseIndex reads `= N` after the sparseIndex keyword of a dot and
// adds the attribute; N outside -1..max is an error at N, with msg.
func ParseSparseIndex(p ir.OpParser, st *ir.OpState, max int64, msg string) error {
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	loc := p.Loc()
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	if n < SparseIndexDense || n > max {
		return ir.Errorf(loc, msg, n)
	}
	st.AddAttr("sparseIndex", ir.I32Attr(n))
	return nil
}

func dotExpectation(stage int) string {
	switch stage {
	case 0:
		return "the metadata operand, 'sparseIndex = N' or 'inputPrecision = P'"
	case 1:
		return "'sparseIndex = N' or 'inputPrecision = P'"
	case 2:
		return "'inputPrecision = P'"
	}
	return "':' ('inputPrecision = P' must be the last group)"
}

func parseDotTypes(p ir.OpParser, st *ir.OpState, us []ir.UnresolvedOperand) error {
	ta, te, tb, td, err := ParseDotTypes(p)
	if err != nil {
		return err
	}
	if (te != nil) != (len(us) == 4) {
		return p.Errorf("tt.dot: the metadata operand and its type must be given together")
	}
	ts := []ir.Type{ta, tb, td}
	if te != nil {
		ts = append(ts, te)
	}
	vs, err := p.ResolveOperands(us, ts)
	st.Operands, st.ResultTypes = vs, []ir.Type{td}
	return err
}

// ParseDotTypes reads the type part of a dot (tt.dot, ttng.warp_group_dot):
//
//	: type($a) (, type($e))? * type($b) -> type($d)
//
// te is nil when no metadata type is written.
func ParseDotTypes(p ir.OpParser) (ta, te, tb, td ir.Type, err error) {
	if err = p.ParsePunct(":"); err != nil {
		return
	}
	if ta, err = p.ParseType(); err != nil {
		return
	}
	if p.ParseOptionalPunct(",") {
		if te, err = p.ParseType(); err != nil {
			return
		}
	}
	if err = p.ParsePunct("*"); err != nil {
		return
	}
	if tb, err = p.ParseType(); err != nil {
		return
	}
	if err = p.ParsePunct("->"); err != nil {
		return
	}
	td, err = p.ParseType()
	return
}

// PrintDotTypes writes what ParseDotTypes reads; e is the metadata
// operand or nil.
func PrintDotTypes(p *ir.Printer, op *ir.Operation, e *ir.Value) {
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	if e != nil {
		p.WriteString(", ")
		p.PrintType(e.Type())
	}
	p.WriteString(" * ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// printDot writes
//
//	$a, $b, $c (, $e)? (, sparseIndex = N)? (, inputPrecision = P)? attr-dict : type($a) (, type($e))? * type($b) -> type($d)
//
// sparseIndex prints only when ≠ -1, inputPrecision only when ≠ ieee.
func printDot(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands()[:3])
	var elided []string
	if e := DotMeta(op); e != nil {
		p.WriteString(", ")
		p.PrintOperand(e)
	}
	if si, ok := op.Attr("sparseIndex").(ir.IntegerAttr); ok && ir.IsInteger(si.Type, 32) {
		elided = append(elided, "sparseIndex")
		if si.Value != SparseIndexDense {
			p.WriteString(fmt.Sprintf(", sparseIndex = %d", si.Value))
		}
	}
	if a := op.Attr("inputPrecision"); a != nil {
		if v, ok := DecodeEnum[InputPrecision](a); ok {
			elided = append(elided, "inputPrecision")
			if v != PrecisionIEEE {
				p.WriteString(", inputPrecision = " + v.String())
			}
		}
	}
	if m, ok := op.Attr("maxNumImpreciseAcc").(ir.IntegerAttr); ok && m.Value == 0 {
		elided = append(elided, "maxNumImpreciseAcc")
	}
	if s, ok := op.Attr("spSelector").(ir.IntegerAttr); ok && s.Value == -1 {
		elided = append(elided, "spSelector")
	}
	opfmt.PrintAttrDict(p, op, elided...)
	PrintDotTypes(p, op, DotMeta(op))
}

func verifyDot(op *ir.Operation) error {
	if op.NumOperands() < 3 || op.NumOperands() > 4 || op.NumResults() != 1 {
		return ir.OpError(op, "expects operands a, b, c, optional e and one result")
	}
	ta, tb, tc, td := op.Operand(0).Type(), op.Operand(1).Type(), op.Operand(2).Type(), op.Result(0).Type()
	if !ir.TypeEqual(tc, td) {
		return ir.OpError(op, "result type %s must match the accumulator type %s", ir.TypeString(td), ir.TypeString(tc))
	}
	if BitWidth(ElemOf(ta)) != BitWidth(ElemOf(tb)) {
		return ir.OpError(op, "element types of operands A and B must have same bit width")
	}
	if err := verifyDotEncodings(op, EncodingOf(ta), EncodingOf(tb)); err != nil {
		return err
	}
	si := DotSparseIndex(op)
	if (si == SparseIndexA || si == SparseIndexB) && (IsSparseTensor(ta) || IsSparseTensor(tb)) {
		return ir.OpError(op, "sparseIndex = %d expects decomposed operands, but an operand still has the #tt.sparse encoding", si)
	}
	return VerifyDotShapes(op, si, DotMeta(op), 3)
}

// VerifyDotShapes checks the shapes of a dot's operands a, b, c (operands
// 0 to 2) and metadata e (nil when dense) for sparseIndex si: rank 2, or
// up to maxRank with a batch dimension; dense A MxK, B KxN, C MxN; sparse
// as verifySparseDotShapes says.
func VerifyDotShapes(op *ir.Operation, si int, e *ir.Value, maxRank int) error {
	sa, okA := ShapeOf(op.Operand(0).Type())
	sb, okB := ShapeOf(op.Operand(1).Type())
	sc, okC := ShapeOf(op.Operand(2).Type())
	if !okA || !okB || !okC {
		return ir.OpError(op, "operands must be tensors or memdescs")
	}
	if len(sa) < 2 || len(sa) > maxRank || len(sb) != len(sa) || len(sc) != len(sa) {
		if maxRank == 2 {
			return ir.OpError(op, "A, B and C must all be rank 2, got ranks %d, %d and %d", len(sa), len(sb), len(sc))
		}
		return ir.OpError(op, "A, B and C must all be rank 2 (or all rank 3 with a batch dimension), got ranks %d, %d and %d", len(sa), len(sb), len(sc))
	}
	switch si {
	case SparseIndexDense:
		if e != nil {
			return ir.OpError(op, "has a metadata operand but sparseIndex = -1")
		}
		return verifyDenseDotShapes(op, sa, sb, sc)
	case SparseIndexA, SparseIndexB:
		return verifySparseDotShapes(op, si, e, sa, sb, sc)
	default:
		return ir.OpError(op, "sparseIndex must be -1, 0 or 1, got %d", si)
	}
}

// verifyDotEncodings follows the reference fork: no encodings, or exactly
// one which is #tt.sparse, or two compatible dot-operand encodings.
func verifyDotEncodings(op *ir.Operation, ea, eb ir.Attribute) error {
	switch {
	case ea == nil && eb == nil:
		return nil
	case ea == nil || eb == nil:
		one := ea
		if one == nil {
			one = eb
		}
		if _, ok := one.(SparseAttr); ok {
			return nil
		}
		return ir.OpError(op, "mismatching encoding between A and B operands")
	}
	_, spA := ea.(SparseAttr)
	_, spB := eb.(SparseAttr)
	if spA && spB {
		return ir.OpError(op, "at most one of A and B may be #tt.sparse")
	}
	da, okA := ea.(DotOperandEncoding)
	db, okB := eb.(DotOperandEncoding)
	if okA && okB && da.DotKWidth() != db.DotKWidth() {
		return ir.OpError(op, "mismatching kWidth between A and B operands")
	}
	if !spA && !spB && EncodingOf(op.Operand(2).Type()) == nil {
		return ir.OpError(op, "miss encoding of C operand")
	}
	return nil
}

func mk(m, n int64) string { return fmt.Sprintf("%dx%d", m, n) }

func verifyDenseDotShapes(op *ir.Operation, sa, sb, sc []int64) error {
	r := len(sa)
	if r == 3 && (sb[0] != sa[0] || sc[0] != sa[0]) {
		return ir.OpError(op, "batch dimensions of A, B and C must match")
	}
	m, k, n := sa[r-2], sa[r-1], sb[r-1]
	if sb[r-2] != k {
		return ir.OpError(op, "expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand (B must be KxN with K = %d from A (%s), got %s)", k, mk(m, k), mk(sb[r-2], sb[r-1]))
	}
	if sc[r-2] != m || sc[r-1] != n {
		return ir.OpError(op, "accumulator C must be MxN = %s (M from A, N from B), got %s", mk(m, n), mk(sc[r-2], sc[r-1]))
	}
	return nil
}

// verifySparseDotShapes checks a decomposed sparse dot. With sparseIndex 0:
// A values MxK/2, metadata e M/16xK of i16, B KxN, C MxN (M, N from C; K
// from B). With sparseIndex 1, B (KxN, 2:4 along K) is given as its values
// K/2xN and e is the metadata of Bᵀ (NxK), N/16xK (K from A;
// docs/sparse.md), so that the product can be computed as (Bᵀ Aᵀ)ᵀ.
func verifySparseDotShapes(op *ir.Operation, si int, e *ir.Value, sa, sb, sc []int64) error {
	name := op.Name // tt.dot; warp_group_dot for triton_nvidia_gpu.warp_group_dot
	if !strings.HasPrefix(name, "tt.") {
		name = name[strings.LastIndexByte(name, '.')+1:]
	}
	pre := fmt.Sprintf("sparse %s (sparseIndex = %d): ", name, si)
	if e == nil {
		return ir.OpError(op, "%srequires the metadata operand e", pre)
	}
	se, ok := ShapeOf(e.Type())
	if !ok || len(se) != len(sa) {
		return ir.OpError(op, "%smetadata operand e must be a tensor of the rank of A, got %s", pre, ir.TypeString(e.Type()))
	}
	if !ir.IsInteger(ElemOf(e.Type()), 16) {
		return ir.OpError(op, "%smetadata operand e must have i16 elements, got %s", pre, ir.TypeString(ElemOf(e.Type())))
	}
	r := len(sa)
	m, n := sc[r-2], sc[r-1]
	if si == SparseIndexA {
		k := sb[r-2]
		if sb[r-1] != n {
			return ir.OpError(op, "%sB must be KxN = %s (N from C), got %s", pre, mk(k, n), mk(sb[r-2], sb[r-1]))
		}
		if sa[r-2] != m || sa[r-1] != k/2 || k%2 != 0 {
			return ir.OpError(op, "%svalues operand A must be MxK/2 = %s, got %s", pre, mk(m, k/2), mk(sa[r-2], sa[r-1]))
		}
		if se[r-2] != m/16 || se[r-1] != k || m%16 != 0 {
			return ir.OpError(op, "%smetadata operand e must be M/16xK = %s, got %s", pre, mk(m/16, k), mk(se[r-2], se[r-1]))
		}
		return nil
	}
	k := sa[r-1]
	if sa[r-2] != m {
		return ir.OpError(op, "%sA must be MxK = %s (M from C), got %s", pre, mk(m, k), mk(sa[r-2], sa[r-1]))
	}
	if sb[r-2] != k/2 || sb[r-1] != n || k%2 != 0 {
		return ir.OpError(op, "%svalues operand B must be K/2xN = %s, got %s", pre, mk(k/2, n), mk(sb[r-2], sb[r-1]))
	}
	if se[r-2] != n/16 || se[r-1] != k || n%16 != 0 {
		return ir.OpError(op, "%smetadata operand e (of Bᵀ) must be N/16xK = %s, got %s", pre, mk(n/16, k), mk(se[r-2], se[r-1]))
	}
	return nil
}

// NewDot builds a tt.dot d = a*b + c at b's insertion point; e nil and
// sparseIndex -1 give a dense dot.
func NewDot(bld *ir.Builder, a, b, c, e *ir.Value, sparseIndex int, prec InputPrecision) *ir.Operation {
	ops := []*ir.Value{a, b, c}
	if e != nil {
		ops = append(ops, e)
	}
	var attrs []ir.NamedAttr
	if sparseIndex != SparseIndexDense {
		attrs = append(attrs, ir.NamedAttr{Name: "sparseIndex", Value: ir.I32Attr(int64(sparseIndex))})
	}
	if prec != PrecisionIEEE {
		attrs = append(attrs, ir.NamedAttr{Name: "inputPrecision", Value: EnumOf(prec)})
	}
	return bld.Create("tt.dot", ops, []ir.Type{c.Type()}, attrs...)
}
