// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: sparse-k-not-multiple-of-4.mlir:4:27: error: {{.*}}multiple of 4
// K = 62 cannot be split into groups of four.
tt.func @f(%arg0: !tt.ptr<tensor<32x62xf16, #tt.sparse<"NV24">>>) {
  tt.return
}
