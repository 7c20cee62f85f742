package scf

import "github.com/sparsetriton/sp/ir"

// Op names.
const (
	ForOpName       = "scf.for"
	IfOpName        = "scf.if"
	WhileOpName     = "scf.while"
	YieldOpName     = "scf.yield"
	ConditionOpName = "scf.condition"
)

// Dialect returns a fresh scf dialect: for, if, while, condition, yield.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "scf", Ops: []*ir.OpDef{conditionDef(), forDef(), ifDef(), whileDef(), yieldDef()}}
}

func forDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    ForOpName,
		Summary: "a counted loop with loop-carried values",
		Description: "Operands: lower bound, upper bound, step (one signless integer or index type, " +
			"that of the induction variable), then the initial values of the iter_args. The body block's " +
			"arguments are the induction variable and the region iter args; it ends in scf.yield of the next " +
			"iter values. Results are the final iter values.",
		Traits: ir.SingleBlock,
		Parse:  parseFor, Print: printFor, Verify: verifyFor,
	}
}

func ifDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    IfOpName,
		Summary: "if-then-else with optional results",
		Description: "Operand: an i1 condition. Two regions, then and else; the else region may be empty " +
			"only when the op has no results. Each non-empty region ends in scf.yield of the result values.",
		Traits: ir.SingleBlock,
		Parse:  parseIf, Print: printIf, Verify: verifyIf,
	}
}

func whileDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    WhileOpName,
		Summary: "a general while loop",
		Description: "The before region receives the carried values and ends in scf.condition, whose " +
			"forwarded values become the op's results (condition false) or the after region's arguments " +
			"(condition true). The after region ends in scf.yield of the next carried values.",
		Traits: ir.SingleBlock,
		Parse:  parseWhile, Print: printWhile, Verify: verifyWhile,
	}
}

func yieldDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    YieldOpName,
		Summary: "terminator of scf.for, scf.if and the after region of scf.while",
		Traits:  ir.Terminator | ir.ReturnLike | ir.Pure,
		Parse:   parseYield, Print: printYield, Verify: verifyYield,
	}
}

func conditionDef() *ir.OpDef {
	return &ir.OpDef{
		Name:    ConditionOpName,
		Summary: "terminator of the before region of scf.while",
		Traits:  ir.Terminator | ir.Pure,
		Parse:   parseCondition, Print: printCondition, Verify: verifyCondition,
	}
}
