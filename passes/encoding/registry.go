package encoding

import (
	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/pass"
)

// Passes returns the passes of this package, in sp-pipeline order.
func Passes() []*pass.Pass {
	return []*pass.Pass{Convert, Coalesce, RemoveLayoutConversions, AccelerateMatmul, OptimizeAccumulatorInit, StageDotOperands, Pipeline, TMALowering, FenceInsertion,
		limits.Pass} // sp-pipeline's last step
}

// Pipelines returns the named pipelines of this package (sp-pipeline).
func Pipelines() []*pass.Pipeline { return []*pass.Pipeline{SPPipeline} }
