// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: type-mismatch.mlir:6:26: error: use of value '%arg1' expects different type than prior uses: 'i32' vs 'i64'
// CHECK-NEXT: {{^}}  %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: {{^}}                         ^
tt.func @f(%arg0: i32, %arg1: i64) {
  %0 = arith.addi %arg0, %arg1 : i32
  tt.return
}
