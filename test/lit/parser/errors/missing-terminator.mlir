// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: missing-terminator.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}terminator
tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
}
