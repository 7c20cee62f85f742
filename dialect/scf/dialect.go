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

// Dialect returns a fresh scf dialect: for, if, while, condition, yield
// (hand-written hooks: their regions and iter_args have no declarative
// form).
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "scf", Ops: []*ir.OpDef{
		{Name: ConditionOpName, Summary: "terminator of the before region of scf.while",
			Traits: ir.Terminator | ir.Pure, Parse: parseCondition, Print: printCondition, Verify: verifyCondition},
		{Name: ForOpName, Summary: "a counted loop with loop-carried values",
			Description: "Operands: lower bound, upper bound, step (one signless integer or index type, " +
				"that of the induction variable), then the initial values of the iter_args. The body block's " +
				"arguments are the induction variable and the region iter args; it ends in scf.yield of the next " +
				"iter values. Results are the final iter values.",
			Traits: ir.SingleBlock, Parse: parseFor,
			Print: printVia(AsFor, printFor), Verify: verifyVia(AsFor, "expects lower bound, upper bound and step operands and a body block with the induction variable and one argument per iter_arg", verifyFor)},
		{Name: IfOpName, Summary: "if-then-else with optional results",
			Description: "Operand: an i1 condition. Two regions, then and else; the else region may be empty " +
				"only when the op has no results. Each non-empty region ends in scf.yield of the result values.",
			Traits: ir.SingleBlock, Parse: parseIf,
			Print: printVia(AsIf, printIf), Verify: verifyVia(AsIf, "expects one condition operand, two regions and a then block", verifyIf)},
		{Name: WhileOpName, Summary: "a general while loop",
			Description: "The before region receives the carried values and ends in scf.condition, whose " +
				"forwarded values become the op's results (condition false) or the after region's arguments " +
				"(condition true). The after region ends in scf.yield of the next carried values.",
			Traits: ir.SingleBlock, Parse: parseWhile,
			Print: printVia(AsWhile, printWhile), Verify: verifyVia(AsWhile, "expects a before and an after region with one block each", verifyWhile)},
		{Name: YieldOpName, Summary: "terminator of scf.for, scf.if and the after region of scf.while",
			Traits: ir.Terminator | ir.ReturnLike | ir.Pure, Parse: parseYield, Print: printYield, Verify: verifyYield},
	}}
}

// printVia wraps the printer of an op's typed view: an op the view
// rejects prints as malformed.
func printVia[V any](as func(*ir.Operation) (V, bool), print func(*ir.Printer, *ir.Operation, V)) func(*ir.Printer, *ir.Operation) {
	return func(p *ir.Printer, op *ir.Operation) {
		v, ok := as(op)
		if !ok {
			p.WriteString(" <<malformed " + op.Name + ">>")
			return
		}
		print(p, op, v)
	}
}

// verifyVia wraps the verifier of an op's typed view: an op the view
// rejects fails with the message shape (what the op must look like).
func verifyVia[V any](as func(*ir.Operation) (V, bool), shape string, verify func(*ir.Operation, V) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		v, ok := as(op)
		if !ok {
			return ir.OpError(op, "%s", shape)
		}
		return verify(op, v)
	}
}
