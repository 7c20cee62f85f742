package arith

import (
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// FastMathFlags is MLIR's arith::FastMathFlags bit enum.
type FastMathFlags uint32

// Fast-math flag bits, with MLIR's values.
const (
	FastMathNone FastMathFlags = 0
	Reassoc      FastMathFlags = 1 << (iota - 1)
	NNaN
	NInf
	NSZ
	ARCP
	Contract
	AFN
	// FastMathFast is every flag; it prints as `fast`.
	FastMathFast = Reassoc | NNaN | NInf | NSZ | ARCP | Contract | AFN
)

// fastMathBits lists the single-bit spellings in printing order.
var fastMathBits = [...]struct {
	name string
	bit  FastMathFlags
}{
	{"reassoc", Reassoc}, {"nnan", NNaN}, {"ninf", NInf}, {"nsz", NSZ},
	{"arcp", ARCP}, {"contract", Contract}, {"afn", AFN},
}

// String spells the flags as MLIR does: `none`, `fast`, or `nnan,ninf`.
func (f FastMathFlags) String() string {
	switch f {
	case FastMathNone:
		return "none"
	case FastMathFast:
		return "fast"
	}
	var parts []string
	for _, b := range fastMathBits {
		if f&b.bit != 0 {
			parts = append(parts, b.name)
		}
	}
	return strings.Join(parts, ",")
}

// parseFastMathKeyword maps one keyword to its bits.
func parseFastMathKeyword(s string) (FastMathFlags, bool) {
	switch s {
	case "none":
		return FastMathNone, true
	case "fast":
		return FastMathFast, true
	}
	for _, b := range fastMathBits {
		if b.name == s {
			return b.bit, true
		}
	}
	return 0, false
}

// FastMathAttr is `#arith.fastmath<flags>`, the `fastmath` property of
// float ops (also used by the math dialect).
type FastMathAttr struct{ Flags FastMathFlags }

// Print writes `#arith.fastmath<nnan,ninf>`.
func (a FastMathAttr) Print(p *ir.Printer) {
	p.WriteString("#" + p.Namespace("arith") + ".fastmath<" + a.Flags.String() + ">")
}

// Equal reports whether o has the same flags.
func (a FastMathAttr) Equal(o ir.Attribute) bool {
	b, ok := o.(FastMathAttr)
	return ok && a == b
}

// OverflowFlags is MLIR's arith::IntegerOverflowFlags bit enum.
type OverflowFlags uint32

// Overflow flag bits, with MLIR's values.
const (
	OverflowNone OverflowFlags = 0
	NSW          OverflowFlags = 1
	NUW          OverflowFlags = 2
)

// String spells the flags as MLIR does: `none`, `nsw`, `nsw, nuw`.
func (f OverflowFlags) String() string {
	switch f {
	case OverflowNone:
		return "none"
	case NSW:
		return "nsw"
	case NUW:
		return "nuw"
	}
	return "nsw, nuw"
}

func parseOverflowKeyword(s string) (OverflowFlags, bool) {
	switch s {
	case "none":
		return OverflowNone, true
	case "nsw":
		return NSW, true
	case "nuw":
		return NUW, true
	}
	return 0, false
}

// OverflowAttr is `#arith.overflow<flags>`, the `overflowFlags` property of
// addi, subi, muli and shli.
type OverflowAttr struct{ Flags OverflowFlags }

// Print writes `#arith.overflow<nsw, nuw>`.
func (a OverflowAttr) Print(p *ir.Printer) {
	p.WriteString("#" + p.Namespace("arith") + ".overflow<" + a.Flags.String() + ">")
}

// Equal reports whether o has the same flags.
func (a OverflowAttr) Equal(o ir.Attribute) bool {
	b, ok := o.(OverflowAttr)
	return ok && a == b
}

// CmpIPredicate is the predicate of arith.cmpi, stored as an i64
// `predicate` property with MLIR's numbering.
type CmpIPredicate int64

// Integer comparison predicates.
const (
	EQ CmpIPredicate = iota
	NE
	SLT
	SLE
	SGT
	SGE
	ULT
	ULE
	UGT
	UGE
)

var cmpINames = [...]string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// String returns the keyword (`slt`), or "" when out of range.
func (c CmpIPredicate) String() string {
	if c < 0 || int(c) >= len(cmpINames) {
		return ""
	}
	return cmpINames[c]
}

// CmpIPredicateByName maps a keyword to its predicate.
func CmpIPredicateByName(s string) (CmpIPredicate, bool) {
	for i, n := range cmpINames {
		if n == s {
			return CmpIPredicate(i), true
		}
	}
	return 0, false
}

// CmpFPredicate is the predicate of arith.cmpf (i64 `predicate` property).
type CmpFPredicate int64

// Float comparison predicates (`false` and `true` are the constant ones).
const (
	FFalse CmpFPredicate = iota
	FOEQ
	FOGT
	FOGE
	FOLT
	FOLE
	FONE
	FORD
	FUEQ
	FUGT
	FUGE
	FULT
	FULE
	FUNE
	FUNO
	FTrue
)

var cmpFNames = [...]string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// String returns the keyword (`olt`), or "" when out of range.
func (c CmpFPredicate) String() string {
	if c < 0 || int(c) >= len(cmpFNames) {
		return ""
	}
	return cmpFNames[c]
}

// CmpFPredicateByName maps a keyword to its predicate.
func CmpFPredicateByName(s string) (CmpFPredicate, bool) {
	for i, n := range cmpFNames {
		if n == s {
			return CmpFPredicate(i), true
		}
	}
	return 0, false
}
