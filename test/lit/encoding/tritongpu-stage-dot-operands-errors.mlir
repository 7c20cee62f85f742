// RUN: sp-opt %s -split-input-file -tritongpu-stage-dot-operands -verify-diagnostics

// A metadata tile whose K extent is not a multiple of 32 has no modelled
// shared layout.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @meta16(%e: tensor<4x16xi16, #blocked>) -> tensor<4x16xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> {
    // expected-error-re @+1 {{no shared layout for dot operand 0 (meta = 1) of tensor<4x16xi16, {{.*}}>: metadata tile has 16 K columns, want a multiple of 32}}
    %ev = triton_gpu.convert_layout %e : tensor<4x16xi16, #blocked> -> tensor<4x16xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
    tt.return %ev : tensor<4x16xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
  }
}

// -----

#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @f32(%a: tensor<64x16xf32, #blocked>) -> tensor<64x16xf32, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    // expected-error @+1 {{32-bit elements: only 16-bit operands (f16, bf16, i16 metadata) and 8-bit ones (e4m3, e5m2, i8) are modelled}}
    %av = triton_gpu.convert_layout %a : tensor<64x16xf32, #blocked> -> tensor<64x16xf32, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %av : tensor<64x16xf32, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}
