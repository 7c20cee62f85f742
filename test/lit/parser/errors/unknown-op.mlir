// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: unknown-op.mlir:6:5: error: custom op 'tt.frobnicate' is unknown
// CHECK-NEXT: {{^}}    tt.frobnicate %arg0 : i32
// CHECK-NEXT: {{^}}    ^
tt.func @f(%arg0: i32) {
    tt.frobnicate %arg0 : i32
    tt.return
}
