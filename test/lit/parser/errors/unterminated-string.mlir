// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: unterminated-string.mlir:3:30: error: unterminated string literal
module attributes {tt.name = "abc} {
  tt.func @f() attributes {x = "unterminated} {
    tt.return
  }
}
