// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: sparse-bad-format.mlir:4:{{[0-9]+}}: error: {{.*}}NV24
// Only the "NV24" format exists.
tt.func @f(%arg0: !tt.ptr<f16, #tt.sparse<"NV48">>) {
  tt.return
}
