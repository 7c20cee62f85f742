// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: undefined-alias.mlir:4:47: error: undefined symbol alias id 'missing'
tt.func @f(%arg0: tensor<64xf32>) {
  %0 = tt.splat %arg0 : f32 -> tensor<64xf32, #missing>
  tt.return
}
