// RUN: sp-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics

#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @f32(%a: tensor<64x16xf32, #blocked>, %b: tensor<16x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @+1 {{sp's MMA path needs f16 or bf16 operands of one type and an f32 accumulator (or 2:4 sparse e4m3/e5m2 with f32, i8 with i32), got f32 * f32 -> f32}}
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #blocked> * tensor<16x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @small(%a: tensor<8x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %c: tensor<8x64xf32, #blocked>) -> tensor<8x64xf32, #blocked> {
    // expected-error @+1 {{tile M x N x K = 8 x 64 x 16 must have M a multiple of 16, N of 8 and K of 16}}
    %d = tt.dot %a, %b, %c : tensor<8x16xf16, #blocked> * tensor<16x64xf16, #blocked> -> tensor<8x64xf32, #blocked>
    tt.return %d : tensor<8x64xf32, #blocked>
  }
}

// -----

// expected-error @+1 {{tritongpu-accelerate-matmul: the module has no 'triton_gpu.num-warps' attribute (run convert-triton-to-tritongpu first)}}
module {
  tt.func @ttir() {
    tt.return
  }
}
