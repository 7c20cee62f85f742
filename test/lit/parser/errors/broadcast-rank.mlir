// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: broadcast-rank.mlir:4:3: error: 'tt.broadcast' op rank of source must be same as rank of result
tt.func @f(%arg0: tensor<64xi32>) {
  %0 = tt.broadcast %arg0 : tensor<64xi32> -> tensor<64x64xi32>
  tt.return
}
