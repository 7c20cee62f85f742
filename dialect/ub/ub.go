// Package ub defines MLIR's ub dialect op that Triton 3.x's frontend
// writes into its .source TTIR: `%x = ub.poison : T`, a value of type T
// that no defined behaviour may depend on.
//
// # Invariants
//
//   - Ops are declared as data (dialect/internal/ods); the dialect holds no
//     state and registers nothing at init time.
//   - ub.poison is Pure: an unused poison is erased by canonicalize.
package ub

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the dialect's namespace.
const Namespace = "ub"

// PoisonOpName is ub.poison.
const PoisonOpName = Namespace + ".poison"

// Dialect returns a fresh ub dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: Namespace, Ops: ods.Defs(
		ods.Op{Name: PoisonOpName, Summary: "a poison value of any type", Traits: ir.Pure,
			Results: []ods.Value{ods.Arg("result", ods.AnyType)},
			Format:  "attr-dict `:` type($result)"},
	)}
}
