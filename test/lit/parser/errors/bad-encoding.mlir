// RUN: not sp-opt %s 2>&1 | FileCheck %s
// CHECK: bad-encoding.mlir:[[#@LINE+1]]:{{[0-9]+}}: error: {{.*}}warpsPerCTA
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], order = [1, 0]}>
tt.func @f(%arg0: tensor<64x64xf16, #blocked>) {
  tt.return
}
