// REQUIRES: ptxas
// The tutorial 03 pointer-tensor kernel with A marked 2:4 (128x128x64
// tiles, 4 warps, 3 stages) fits its registers without spilling, as the
// block-pointer kernel with the same tiles does: sp-opt warns of the
// spills ptxas -v reports (for sm_90a where SP_PTXAS_SM90A names CUDA
// 12.4's ptxas). The C offsets Triton's make_ttir computes before the K
// loop are sunk past it (loop-invariant-code-motion{sink-past-loops}), so
// they are not live across it.
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:80 num-warps=4 num-stages=3" --emit=ptx -o %t.80.ptx 2>&1 | FileCheck %s --allow-empty
// RUN: ptxas -arch=sm_80 -v -o %t.80.cubin %t.80.ptx 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:90 num-warps=4 num-stages=3" --emit=ptx -o %t.90.ptx 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: spills
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
