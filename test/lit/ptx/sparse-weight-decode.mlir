// REQUIRES: ptxas
// The decode-shaped 2:4 linear layer (examples/tma/linear_decode_bt_f16.mlir): 16 tokens per program, the weight
// read as w.T. On sm_90 the transposed product runs on wgmma.sp m64n16k32 (tokens as N), TMA-pipelined with
// tma=true; on the CPU interpreter at a ragged token count before and after sp-pipeline.
// RUN: sp-run %S/../../../examples/tma/linear_decode_bt_f16.mlir | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/tma/linear_decode_bt_f16.mlir --set M=13 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/tma/linear_decode_bt_f16.mlir --annotate-sparse="args=1" -o %t.w.mlir
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:90 num-warps=4 num-stages=4 tma=true" -o %t.90.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sp-run %t.90.mlir --spec %S/../../../examples/tma/linear_decode_bt_f16.json --set M=13 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.90.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:80 num-warps=4 num-stages=3" -o %t.80.mlir
// RUN: sp-opt %t.80.mlir --emit=ptx -o %t.80.ptx
// RUN: ptxas -arch=sm_80 -o %t.80.cubin %t.80.ptx
// RUN: sp-run %t.80.mlir --spec %S/../../../examples/tma/linear_decode_bt_f16.json --set M=13 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU

// REMARK: wgmma.mma_async.sp m64n16k32 {{.+}} (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 4 stages, full/empty mbarriers per slot
// PTX: wgmma.mma_async.sp.sync.aligned.m64n16k32.f32.f16.f16
// CPU: verify Y = X @ W.T: ok (full check
