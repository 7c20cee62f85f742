package main

import (
	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/transform"
	"github.com/sparsetriton/sp/sparse"
)

// cpuPipeline is the fixed TTIR pipeline before interpretation (style.md
// P3: built in code, no registry): split 2:4 operands into values and
// band16 metadata, then fold the constants the split creates.
func cpuPipeline() *pass.Manager {
	pm := pass.NewManager(builtin.ModuleOpName)
	pm.Add(decompose.Pass)         // sparse pointer -> (values, metadata) in sparse.Band16
	pm.Add(transform.Canonicalize) // fold the /2 and /16 constants
	return pm
}

// cpuLayout is the metadata layout decompose-sparse-tensors produces.
const cpuLayout = sparse.Band16

// compileCPU runs cpuPipeline on the module in place.
func compileCPU(module *ir.Operation) error {
	return cpuPipeline().Run(module, pass.RunOptions{IR: all.Context()})
}
