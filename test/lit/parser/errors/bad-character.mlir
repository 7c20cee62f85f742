// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: bad-character.mlir:5:8: error: unexpected character '`'
// CHECK-NEXT: {{^}}  %0 = `oops` : i32
tt.func @f() {
  %0 = `oops` : i32
  tt.return
}
