package main

import (
	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/annotate"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/encoding"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

// newRegistry lists every pass sp-opt offers (style.md P3: the CLI builds
// the registry explicitly). Add new passes here, one line each.
func newRegistry() (*pass.Registry, error) {
	reg, err := pass.NewRegistry(
		transform.Canonicalize,           // fold, DCE, rewrite patterns
		transform.CSE,                    // common sub-expression elimination
		transform.SymbolDCE,              // dead private functions
		transform.LICM,                   // loop-invariant-code-motion
		transform.LoopUnroll,             // triton-loop-unroll
		annotate.Pass,                    // annotate-sparse: mark pointer arguments 2:4 sparse
		decompose.Pass,                   // decompose-sparse-tensors (sp-pipeline's first pass)
		tensorptr.Pass,                   // triton-rewrite-tensor-pointer: block pointers -> pointer tensors
		encoding.Convert,                 // convert-triton-to-tritongpu
		encoding.SplitCTATiles,           // tritongpu-split-cta-tiles
		encoding.Coalesce,                // tritongpu-coalesce
		encoding.RemoveLayoutConversions, // tritongpu-remove-layout-conversions
		encoding.AccelerateMatmul,        // tritongpu-accelerate-matmul
		encoding.OptimizeAccumulatorInit, // tritongpu-optimize-accumulator-init
		encoding.StageDotOperands,        // tritongpu-stage-dot-operands
		encoding.Pipeline,                // tritongpu-pipeline
		encoding.TMALowering,             // triton-nvidia-tma-lowering
		limits.Pass,                      // tritongpu-check-launch-resources (sp-pipeline's last step)
		encoding.FenceInsertion,          // triton-nvidia-gpu-fence-insertion
	)
	if err != nil {
		return nil, err
	}
	if err := reg.AddPipeline(encoding.SPPipeline); err != nil { // sp-pipeline
		return nil, err
	}
	return reg, nil
}
