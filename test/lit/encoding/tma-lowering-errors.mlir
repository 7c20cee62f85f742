// triton-nvidia-tma-lowering takes the tensor map's innermost dimension from
// the staged tile's shared layout; a layout contiguous along a dimension
// whose stride is not the constant 1 is a positioned error.
// RUN: not sp-opt %s --pass-pipeline="builtin.module(triton-nvidia-tma-lowering)" 2>&1 | FileCheck %s
#shared = #triton_gpu.shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = true}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f8E4M3FN>, %n: i32, %k: i32, %s: i64) {
    %c1_i64 = arith.constant 1 : i64
    // CHECK: tma-lowering-errors.mlir:[[@LINE+1]]:5: error: 'tt.make_tensor_descriptor' op triton-nvidia-tma-lowering: the staged tile's layout #triton_gpu.shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = true}> is contiguous along dimension 0, whose stride is not the constant 1
    %d = tt.make_tensor_descriptor %p, [%k, %n], [%s, %c1_i64] : !tt.ptr<f8E4M3FN>, !tt.tensordesc<tensor<128x256xf8E4M3FN, #shared>>
    tt.return
  }
}
