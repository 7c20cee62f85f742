// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: sparse-rank3.mlir:6:27: error: #tt.sparse<"NV24"> requires a rank-2 tensor, got rank 3
// CHECK-NEXT: {{^}}tt.func @f(%arg0: !tt.ptr<tensor<2x4x8xf16, #tt.sparse<"NV24">>>) {
// CHECK-NEXT: {{^}}                          ^
// A sparse encoding on a 3-D tensor.
tt.func @f(%arg0: !tt.ptr<tensor<2x4x8xf16, #tt.sparse<"NV24">>>) {
  tt.return
}
