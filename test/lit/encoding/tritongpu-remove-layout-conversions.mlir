// RUN: sp-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-remove-layout-conversions | sp-opt -split-input-file | FileCheck %s

#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  // Identity and chained conversions fold; a dead conversion goes.
  // CHECK-LABEL: tt.func @fold
  // CHECK-SAME:  (%[[X:.+]]: tensor<64x64xf32, #blocked>)
  // CHECK-NOT:   triton_gpu.convert_layout
  // CHECK:       tt.return %[[X]], %[[X]]
  tt.func @fold(%x: tensor<64x64xf32, #blocked>) -> (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>) {
    %0 = triton_gpu.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    %1 = triton_gpu.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    %2 = triton_gpu.convert_layout %1 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    %3 = triton_gpu.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    tt.return %0, %2 : tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>
  }

  // Splats, splat constants and ranges are rebuilt in the target layout;
  // a shared splat is cloned, a single-use one retyped.
  // CHECK-LABEL: tt.func @remat
  // CHECK-DAG:   arith.constant dense<1.000000e+00> : tensor<64x64xf32, #mma>
  // CHECK-DAG:   tt.splat %arg0 : f32 -> tensor<64x64xf32, #blocked>
  // CHECK-DAG:   tt.splat %arg0 : f32 -> tensor<64x64xf32, #mma>
  // CHECK-DAG:   tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>>
  // CHECK-NOT:   triton_gpu.convert_layout
  tt.func @remat(%s: f32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #blocked>, tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>>) {
    %c = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #blocked>
    %0 = triton_gpu.convert_layout %c : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    %sp = tt.splat %s : f32 -> tensor<64x64xf32, #blocked>
    %1 = triton_gpu.convert_layout %sp : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %2 = triton_gpu.convert_layout %r : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>>
    tt.return %0, %1, %sp, %2 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #blocked>, tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>>
  }

  // The epilogue conversion sinks below a cast, converting f16 not f32.
  // CHECK-LABEL: tt.func @sink
  // CHECK:       %[[T:.+]] = arith.truncf %arg0 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  // CHECK-NEXT:  %[[C:.+]] = triton_gpu.convert_layout %[[T]] : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
  // CHECK-NEXT:  tt.return %[[C]]
  tt.func @sink(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf16, #blocked> {
    %0 = triton_gpu.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %1 = arith.truncf %0 : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    tt.return %1 : tensor<64x64xf16, #blocked>
  }

  // Conversions to dot operands stay.
  // CHECK-LABEL: tt.func @keep
  // CHECK:       triton_gpu.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op
  tt.func @keep(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = triton_gpu.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
