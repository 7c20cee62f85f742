// Ops, layouts and targets the PTX lowering does not handle are positioned
// errors, never crashes.
// RUN: not sp-opt %s -split-input-file --emit=ptx 2>&1 | FileCheck %s
// RUN: not sp-opt %s --emit=cubin 2>&1 | FileCheck %s --check-prefix=FLAG

// FLAG: error: --emit takes mlir or ptx, not "cubin"

#b = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>) {
    %c = arith.constant 1.0 : f32
    // CHECK: errors.mlir:[[@LINE+1]]:5: error: op tt.atomic_rmw is not supported by the PTX lowering
    %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %c : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>) {
    // CHECK: errors.mlir:[[@LINE+1]]:5: error: {{.*}}has no layout encoding; run the TritonGPU passes before lowering to PTX
    %o = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    tt.return
  }
}

// -----

// CHECK: error: {{.*}}unsupported PTX target sm_75 (want sm_80 or sm_90)
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:75", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
}
