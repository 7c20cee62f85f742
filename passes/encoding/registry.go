package encoding

import "github.com/sparsetriton/sp/pass"

// Passes returns the passes of this package, in sp-pipeline order.
func Passes() []*pass.Pass {
	return []*pass.Pass{Convert, Coalesce, RemoveLayoutConversions, AccelerateMatmul, StageDotOperands, Pipeline, FenceInsertion}
}

// Pipelines returns the named pipelines of this package (sp-pipeline).
func Pipelines() []*pass.Pipeline { return []*pass.Pipeline{SPPipeline} }
