// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: redefinition.mlir:5:3: error: redefinition of SSA value '%x'
tt.func @f(%arg0: i32) {
  %x = arith.addi %arg0, %arg0 : i32
  %x = arith.muli %arg0, %arg0 : i32
  tt.return
}
