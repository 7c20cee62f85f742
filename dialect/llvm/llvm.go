// Package llvm defines the few LLVM dialect ops that Triton 3.x writes into
// TTIR and TTGIR: tl.assume becomes `llvm.intr.assume %cond : i1`.
//
// # Invariants
//
//   - Ops are declared as data (dialect/internal/ods); the dialect holds no
//     state and registers nothing at init time.
//   - llvm.intr.assume has memory effects in MLIR's sense (it must not be
//     erased as dead code), so it carries no Pure trait; passes leave it
//     in place and the interpreters and the lowering ignore it.
package llvm

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the dialect's namespace.
const Namespace = "llvm"

// AssumeOpName is llvm.intr.assume.
const AssumeOpName = Namespace + ".intr.assume"

// Dialect returns a fresh llvm dialect.
func Dialect() *ir.Dialect {
	i1 := ods.Fixed(ir.I1)
	return &ir.Dialect{Name: Namespace, Ops: ods.Defs(
		ods.Op{Name: AssumeOpName, Summary: "an i1 the optimizer may assume true (tl.assume)",
			Operands: []ods.Value{ods.Arg("cond", ods.I1T).Like(i1)},
			Format:   "$cond attr-dict `:` type($cond)"},
	)}
}
