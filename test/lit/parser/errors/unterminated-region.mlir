// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: unterminated-region.mlir:9:1: error: expected '}' to close the region
module {
  tt.func @f(%arg0: i32) {
    %0 = arith.addi %arg0, %arg0 : i32
    tt.return
  }
// the module's closing brace is missing
