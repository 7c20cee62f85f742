// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: undefined-value.mlir:5:26: error: use of undeclared SSA value name '%nope'
tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.addi %arg0, %nope : i32
  tt.return
}
