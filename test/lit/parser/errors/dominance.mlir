// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: dominance.mlir:6:5: error: 'scf.yield' op operand #0 does not dominate this use
// CHECK: dominance.mlir:10:3: note: operand defined here
tt.func @f(%arg0: i1, %arg1: i32) -> i32 {
  %0 = scf.if %arg0 -> (i32) {
    scf.yield %1 : i32
  } else {
    scf.yield %arg1 : i32
  }
  %1 = arith.addi %arg1, %arg1 : i32
  tt.return %0 : i32
}
