// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: sparse-f32.mlir:4:27: error: {{.*}}f16, bf16, f8E4M3FN, f8E5M2 or i8
// 2:4 sparsity is supported for f16, bf16, fp8 (e4m3, e5m2) and i8 elements only.
tt.func @f(%arg0: !tt.ptr<tensor<32x64xf32, #tt.sparse<"NV24">>>) {
  tt.return
}
