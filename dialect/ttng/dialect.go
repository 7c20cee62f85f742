package ttng

import "github.com/sparsetriton/sp/ir"

// Namespace is the canonical (Triton 3.1) namespace; Alias is the 3.2+ one.
const (
	Namespace = "triton_nvidia_gpu"
	Alias     = "ttng"
)

// Dialect returns a fresh definition of the TritonNvidiaGPU dialect
// (accepted as `triton_nvidia_gpu.` and `ttng.`).
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: Namespace, Aliases: []string{Alias}, Ops: declaredOps()}
}
