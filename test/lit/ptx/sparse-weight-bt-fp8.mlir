// An fp8 2:4 weight read as w.T (examples/fp8/linear_bt_e4m3.mlir). The transposed product runs on the 8-bit
// wgmma.sp on sm_90 with X's tile as the K-major B. On sm_89, where 8-bit sparse products have no transposed form,
// the kernel is refused in one line. On the CPU interpreter at ragged sizes before and after sp-pipeline.
// RUN: sp-run %S/../../../examples/fp8/linear_bt_e4m3.mlir | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/fp8/linear_bt_e4m3.mlir --annotate-sparse="args=1" -o %t.w.mlir
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3" -o %t.90.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sp-run %t.90.mlir --spec %S/../../../examples/fp8/linear_bt_e4m3.json --set M=528 --set N=272 --set K=192 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.90.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: not sp-opt %t.w.mlir --sp-pipeline="target=cuda:89 num-warps=8 num-stages=3" -o %t.89.mlir 2>&1 | FileCheck %s --check-prefix=SM89

// REMARK: wgmma.mma_async.sp m64n128k64 {{.+}} (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)
// PTX: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3
// SM89: error: 'tt.dot' op tritongpu-accelerate-matmul: 8-bit dots (f8E4M3FN) are lowered only with a 2:4 sparse A (mma.sp m16n8k64); this one is sparse in B
// CPU: verify Y = X @ W.T: ok (full check
