// Package all builds the context that sp's tools use: every dialect sp
// implements, registered explicitly (MLIR's registerAllDialects). Library
// packages never register dialects themselves.
package all

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/llvm"
	"github.com/sparsetriton/sp/dialect/math"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/dialect/ub"
	"github.com/sparsetriton/sp/ir"
)

// Dialects returns fresh definitions of every dialect, in registration order.
func Dialects() []*ir.Dialect {
	return []*ir.Dialect{builtin.Dialect(), arith.Dialect(), math.Dialect(), scf.Dialect(), tt.Dialect(), ttgpu.Dialect(), ttng.Dialect(), llvm.Dialect(), ub.Dialect()}
}

// Context returns a new context with every dialect registered.
func Context() *ir.Context { return ir.NewContext(Dialects()...) }
