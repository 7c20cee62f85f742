// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: sparse-f32.mlir:4:27: error: {{.*}}f16 or bf16
// 2:4 sparsity is supported for f16 and bf16 elements only.
tt.func @f(%arg0: !tt.ptr<tensor<32x64xf32, #tt.sparse<"NV24">>>) {
  tt.return
}
