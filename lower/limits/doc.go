// Package limits checks that a TritonGPU kernel can launch on its target
// before and after it is lowered to PTX: threads per block, shared memory
// per block and registers per thread against the limits of the GPU the
// module's triton_gpu.target names. Each violation is one positioned
// diagnostic that names the option or the tile that caused it (num-warps,
// num-stages, a tensor's shape), so that sp-opt --emit=ptx and the
// pipeline reject a kernel that could never launch instead of handing it
// to ptxas or the driver.
//
// Invariants:
//   - Targets lists every target sp lowers to; ParseTarget accepts exactly
//     those spellings ("cuda:80", "cuda:90") and names them when it rejects
//     one.
//   - Check reports only what is certain before lowering: the thread count,
//     the largest single shared allocation and a lower bound of the
//     registers one tensor needs per thread (its elements spread evenly over
//     the block's threads, 32-bit registers). A kernel that passes may
//     still exceed a limit; CheckKernel and CheckRegisters judge the lowered
//     kernel's exact figures.
//   - Nothing here modifies the IR.
package limits
