// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: dense-count.mlir:4:{{[0-9]+}}: error: inferred shape of elements literal ([3]) does not match type ([4])
tt.func @f() {
  %cst = arith.constant dense<[1, 2, 3]> : tensor<4xi32>
  tt.return
}
