package arith

import (
	"math"
	"sort"

	"github.com/sparsetriton/sp/ir"
)

// Trait sets shared by the op families.
const (
	elementwise = ir.Pure | ir.Elementwise
	binaryOp    = elementwise | ir.SameOperandsAndResultType
	commutative = binaryOp | ir.Commutative
)

// binSpec is one row of the binary-op tables.
type binSpec struct {
	name, summary string
	traits        ir.Trait
	fold          foldFn
}

// intBinaryOps are `arith.addi %a, %b [overflow<..>] : T` and friends.
var intBinaryOps = []binSpec{
	{"addi", "integer addition", commutative, foldWith(intBinary(addI), rhsInt(0), lhsInt(0))},
	{"subi", "integer subtraction", binaryOp, foldWith(intBinary(subI), rhsInt(0), selfZero)},
	{"muli", "integer multiplication", commutative, foldWith(intBinary(mulI), rhsInt(1), lhsInt(1), absorbInt(0))},
	{"divsi", "signed integer division (rounds toward zero)", binaryOp, foldWith(intBinary(divSI), rhsInt(1))},
	{"divui", "unsigned integer division", binaryOp, foldWith(intBinary(divUI), rhsInt(1))},
	{"remsi", "signed integer remainder", binaryOp, foldWith(intBinary(remSI), rhsIntGives(1, 0))},
	{"remui", "unsigned integer remainder", binaryOp, foldWith(intBinary(remUI), rhsIntGives(1, 0))},
	{"ceildivsi", "signed integer division rounding toward +inf", binaryOp, foldWith(intBinary(ceilDivSI), rhsInt(1))},
	{"floordivsi", "signed integer division rounding toward -inf", binaryOp, foldWith(intBinary(floorDivSI), rhsInt(1))},
	{"andi", "bitwise and", commutative, foldWith(intBinary(andI), rhsInt(-1), lhsInt(-1), absorbInt(0), idempotent)},
	{"ori", "bitwise or", commutative, foldWith(intBinary(orI), rhsInt(0), lhsInt(0), absorbInt(-1), idempotent)},
	{"xori", "bitwise exclusive or", commutative, foldWith(intBinary(xorI), rhsInt(0), lhsInt(0), selfZero)},
	{"shli", "shift left", binaryOp, foldWith(intBinary(shlI), rhsInt(0))},
	{"shrsi", "arithmetic shift right", binaryOp, foldWith(intBinary(shrSI), rhsInt(0))},
	{"shrui", "logical shift right", binaryOp, foldWith(intBinary(shrUI), rhsInt(0))},
	{"maxsi", "signed integer maximum", commutative, foldWith(intBinary(maxSI), idempotent)},
	{"maxui", "unsigned integer maximum", commutative, foldWith(intBinary(maxUI), idempotent)},
	{"minsi", "signed integer minimum", commutative, foldWith(intBinary(minSI), idempotent)},
	{"minui", "unsigned integer minimum", commutative, foldWith(intBinary(minUI), idempotent)},
}

// overflowOps carry the optional `overflowFlags` property.
var overflowOps = map[string]bool{"addi": true, "subi": true, "muli": true, "shli": true}

// floatBinaryOps are `arith.addf %a, %b [fastmath<..>] : T` and friends.
var floatBinaryOps = []binSpec{
	{"addf", "floating-point addition", commutative, foldWith(floatLanes(addF), rhsFloat(math0Neg), lhsFloat(math0Neg))},
	{"subf", "floating-point subtraction", binaryOp, foldWith(floatLanes(subF), rhsFloat(0))},
	{"mulf", "floating-point multiplication", commutative, foldWith(floatLanes(mulF), rhsFloat(1), lhsFloat(1))},
	{"divf", "floating-point division", binaryOp, foldWith(floatLanes(divF), rhsFloat(1))},
	{"remf", "floating-point remainder (fmod)", binaryOp, foldWith(floatLanes(remF))},
	{"maxnumf", "IEEE maxNum (NaN yields the other operand)", commutative, foldWith(floatLanes(maxNumF), idempotent)},
	{"minnumf", "IEEE minNum (NaN yields the other operand)", commutative, foldWith(floatLanes(minNumF), idempotent)},
	{"maximumf", "IEEE maximum (NaN propagates)", commutative, foldWith(floatLanes(maximumF), idempotent)},
	{"minimumf", "IEEE minimum (NaN propagates)", commutative, foldWith(floatLanes(minimumF), idempotent)},
}

// castSpec is one row of the cast table.
type castSpec struct {
	name, summary string
	rule          castRule
	extra         func(*ir.Operation) error
	fold          foldFn
}

// castOps are `arith.extsi %x : T to U` and friends.
var castOps = []castSpec{
	{"extsi", "sign-extend an integer", castRule{fixedInt, fixedInt, wider}, nil, foldCast(convExtSI)},
	{"extui", "zero-extend an integer", castRule{fixedInt, fixedInt, wider}, nil, foldCast(convExtUI)},
	{"trunci", "truncate an integer", castRule{fixedInt, fixedInt, narrower}, nil, foldCast(convTrunc, truncOfExt)},
	{"extf", "extend a float to a wider float type", castRule{floatLike, floatLike, wider}, nil, foldCast(convExtF)},
	{"truncf", "round a float to a narrower float type", castRule{floatLike, floatLike, narrower}, nil, foldCast(convExtF)},
	{"sitofp", "convert a signed integer to float", castRule{fixedInt, floatLike, anyWidth}, nil, foldCast(convSIToF)},
	{"uitofp", "convert an unsigned integer to float", castRule{fixedInt, floatLike, anyWidth}, nil, foldCast(convUIToF)},
	{"fptosi", "convert a float to a signed integer (toward zero)", castRule{floatLike, fixedInt, anyWidth}, nil, foldCast(convFToSI)},
	{"fptoui", "convert a float to an unsigned integer (toward zero)", castRule{floatLike, fixedInt, anyWidth}, nil, foldCast(convFToUI)},
	{"index_cast", "cast between index and integer (sign-extending)", castRule{indexOrInt, indexOrInt, anyWidth}, verifyIndexCast, foldCast(convIndexCast(true))},
	{"index_castui", "cast between index and integer (zero-extending)", castRule{indexOrInt, indexOrInt, anyWidth}, verifyIndexCast, foldCast(convIndexCast(false))},
	{"bitcast", "reinterpret the bits of an equal-width type", castRule{intOrFloat, intOrFloat, sameWidth}, verifyBitcast, foldCast(convBitcast, bitcastOfBitcast)},
}

// math0Neg is -0.0, the additive identity of addf.
var math0Neg = math.Copysign(0, -1)

// opName prefixes the dialect namespace.
func opName(s string) string { return "arith." + s }

func intBinaryDef(s binSpec) *ir.OpDef {
	k := noFlags
	var inherent []string
	if overflowOps[s.name] {
		k, inherent = overflowFlags, []string{OverflowAttrName}
	}
	parse, prt := binaryFormat(k)
	return &ir.OpDef{
		Name: opName(s.name), Summary: s.summary, Traits: s.traits, Inherent: inherent,
		Parse: parse, Print: prt, Fold: s.fold,
		Verify: allOf(verifyElementwise(2, intLike), verifyFlags(k)),
	}
}

func floatBinaryDef(s binSpec) *ir.OpDef {
	parse, prt := binaryFormat(fastMathFlags)
	return &ir.OpDef{
		Name: opName(s.name), Summary: s.summary, Traits: s.traits, Inherent: []string{FastMathAttrName},
		Parse: parse, Print: prt, Fold: s.fold,
		Verify: allOf(verifyElementwise(2, floatLike), verifyFlags(fastMathFlags)),
	}
}

func castDef(s castSpec) *ir.OpDef {
	v := verifyCast(s.rule)
	if s.extra != nil {
		v = allOf(v, s.extra)
	}
	return &ir.OpDef{
		Name: opName(s.name), Summary: s.summary, Traits: elementwise,
		Parse: parseCast, Print: printCast, Verify: v, Fold: s.fold,
	}
}

func negfDef() *ir.OpDef {
	parse, prt := unaryFormat(fastMathFlags)
	return &ir.OpDef{
		Name: opName("negf"), Summary: "floating-point negation", Traits: binaryOp,
		Inherent: []string{FastMathAttrName}, Parse: parse, Print: prt,
		Verify: allOf(verifyElementwise(1, floatLike), verifyFlags(fastMathFlags)),
		Fold:   foldWith(floatLanes(negF), negNeg),
	}
}

// negNeg: negf(negf(x)) -> x.
func negNeg(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name == opName("negf") && def.NumOperands() == 1 {
		return valueResult(def.Operand(0))
	}
	return ir.FoldResult{}, false
}

func cmpiDef() *ir.OpDef {
	parse, prt := cmpFormat(noFlags,
		func(s string) (int64, bool) { p, ok := CmpIPredicateByName(s); return int64(p), ok },
		func(v int64) string { return CmpIPredicate(v).String() })
	return &ir.OpDef{
		Name: opName("cmpi"), Summary: "integer comparison", Traits: elementwise,
		Inherent: []string{PredicateAttrName}, Parse: parse, Print: prt,
		Verify: verifyCmp(intLike, len(cmpINames)), Fold: foldCmpI,
	}
}

func cmpfDef() *ir.OpDef {
	parse, prt := cmpFormat(fastMathFlags,
		func(s string) (int64, bool) { p, ok := CmpFPredicateByName(s); return int64(p), ok },
		func(v int64) string { return CmpFPredicate(v).String() })
	return &ir.OpDef{
		Name: opName("cmpf"), Summary: "floating-point comparison", Traits: elementwise,
		Inherent: []string{PredicateAttrName, FastMathAttrName}, Parse: parse, Print: prt,
		Verify: allOf(verifyCmp(floatLike, len(cmpFNames)), verifyFlags(fastMathFlags)), Fold: foldCmpF,
	}
}

func selectDef() *ir.OpDef {
	return &ir.OpDef{
		Name: opName("select"), Summary: "choose between two values by an i1 condition", Traits: elementwise,
		Parse: parseSelect, Print: printSelect, Verify: verifySelect, Fold: foldSelect,
	}
}

func constantDef() *ir.OpDef {
	return &ir.OpDef{
		Name: opName("constant"), Summary: "materialise a typed constant",
		Description: "The `value` property is an integer, float or dense elements attribute whose type is the result type. " +
			"Its Fold hook returns nil: constants are recognised through the ConstantLike trait (see ConstantValue).",
		Traits: ir.Pure | ir.ConstantLike, Inherent: []string{ValueAttrName},
		Parse: parseConstant, Print: printConstant, Verify: verifyConstant, ResultNames: constantNames,
	}
}

// constantNames suggests MLIR's names: %true/%false for i1, %c42_i32 for
// integers, %c42 for index, %cst otherwise.
func constantNames(op *ir.Operation) []string {
	a, ok := op.Attr(ValueAttrName).(ir.IntegerAttr)
	if !ok {
		return []string{"cst"}
	}
	it, isInt := a.Type.(ir.IntegerType)
	switch {
	case isInt && it.Width == 1:
		return []string{map[bool]string{true: "true", false: "false"}[a.Value != 0]}
	case isInt:
		return []string{"c" + itoa(a.Value) + "_" + it.String()}
	}
	return []string{"c" + itoa(a.Value)}
}

// ops returns fresh definitions of every arith op, sorted by name.
func ops() []*ir.OpDef {
	var out []*ir.OpDef
	for _, s := range intBinaryOps {
		out = append(out, intBinaryDef(s))
	}
	for _, s := range floatBinaryOps {
		out = append(out, floatBinaryDef(s))
	}
	for _, s := range castOps {
		out = append(out, castDef(s))
	}
	out = append(out, negfDef(), cmpiDef(), cmpfDef(), selectDef(), constantDef())
	sortDefs(out)
	return out
}

func sortDefs(ds []*ir.OpDef) {
	sort.Slice(ds, func(i, j int) bool { return ds[i].Name < ds[j].Name })
}
