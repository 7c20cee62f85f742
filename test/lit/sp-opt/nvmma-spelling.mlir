// Triton 3.3 named the wgmma tile layout #ttg.nvmma_shared; 3.1 spells it
// #triton_gpu.shared with hasLeadingOffset = true. Under the 3.6 spelling sp
// prints the 3.6 form (which Triton 3.6 reads, and which the 3.1 form does
// not parse in), under 3.1 the 3.1 form, and each text reads back to itself.
// RUN: sp-opt %s --triton-version=3.6 | FileCheck %s --check-prefix=T36
// RUN: sp-opt %s --triton-version=3.6 > %t.36 && sp-opt %t.36 > %t.36b && diff %t.36 %t.36b
// RUN: sp-opt %t.36 --triton-version=3.1 | FileCheck %s --check-prefix=T31
// RUN: sp-opt %s --triton-version=3.1 | FileCheck %s --check-prefix=T31
// RUN: sp-opt %s --triton-version=3.1 > %t.31 && sp-opt %t.31 > %t.31b && diff %t.31 %t.31b
// RUN: sp-opt %S/../../../examples/matmul.ttir.mlir --sp-pipeline="target=cuda:90" --triton-version=3.6 2>/dev/null | FileCheck %s --check-prefix=PIPE
// T36-DAG: #[[A:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// T36-DAG: #[[B:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// T36-DAG: #[[C:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// T36-NOT: hasLeadingOffset
// T31-DAG: = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
// T31-DAG: = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], hasLeadingOffset = true}>
// T31-DAG: = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// T31-NOT: nvmma_shared
// PIPE-NOT: hasLeadingOffset
// PIPE: #ttg.nvmma_shared<{swizzlingByteWidth = {{[0-9]+}}, transposed = {{false|true}}, elementBitWidth = 16}>
// PIPE: ttng.warp_group_dot
#a = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
#b = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], hasLeadingOffset = true}>
#c = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
#smem = #triton_gpu.shared_memory
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @tiles() {
    %0 = triton_gpu.local_alloc : () -> !tt.memdesc<64x64xf16, #a, #smem, mutable>
    %1 = triton_gpu.local_alloc : () -> !tt.memdesc<64x32xf16, #b, #smem, mutable>
    %2 = triton_gpu.local_alloc : () -> !tt.memdesc<64x64xf16, #c, #smem, mutable>
    tt.return
  }
}
