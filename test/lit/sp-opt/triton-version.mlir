// TritonGPU IR is printed in the spelling of the input (Triton 3.6's
// ttg./ttng., module attributes and #ttg.swizzled_shared included), or in
// the one --triton-version names; TTIR input prints in the 3.1 spelling.
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm80.ttgir | FileCheck %s --check-prefix=T36
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm80.ttgir --triton-version=3.1 | FileCheck %s --check-prefix=T31
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm80.ttgir --triton-version=3.1 | sp-opt --triton-version=3.6 | FileCheck %s --check-prefix=T36
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --sp-pipeline="target=cuda:80 num-stages=1" 2>/dev/null | FileCheck %s --check-prefix=T31
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --sp-pipeline="target=cuda:80 num-stages=1" --triton-version=3.6 2>/dev/null | FileCheck %s --check-prefix=T36
// RUN: not sp-opt %s --triton-version=3.5 2>&1 | FileCheck %s --check-prefix=BAD
// T36: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// T36: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// T36: ttg.local_alloc
// T36-NOT: triton_gpu
// T31: #shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// T31: module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32}
// T31: triton_gpu.local_alloc
// T31-NOT: ttg.
// BAD: error: --triton-version takes 3.1 or 3.6, not "3.5"
module {
}
