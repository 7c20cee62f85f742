// Ops, layouts and targets the PTX lowering does not handle are positioned
// errors, never crashes.
// RUN: not sp-opt %s -split-input-file --emit=ptx 2>&1 | FileCheck %s
// RUN: not sp-opt %s --emit=cubin 2>&1 | FileCheck %s --check-prefix=FLAG

// FLAG: error: --emit takes mlir or ptx, not "cubin"

#b = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f16>) {
    %c = arith.constant 1.0 : f16
    // CHECK: errors.mlir:[[@LINE+1]]:5: error: 'tt.atomic_rmw' op fadd on f16 is not supported by the PTX lowering (fadd on f32 or f64 is)
    %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %c : (!tt.ptr<f16>, f16) -> f16
    tt.return
  }
}

// -----

#b = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #b>
    %a = tt.addptr %ps, %r : tensor<16x!tt.ptr<f32>, #b>, tensor<16xi32, #b>
    %v = arith.sitofp %r : tensor<16xi32, #b> to tensor<16xf32, #b>
    // CHECK: errors.mlir:[[@LINE+1]]:5: error: 'tt.atomic_rmw' op old values of an atomic on a layout that replicates elements
    %o = tt.atomic_rmw fadd, relaxed, gpu, %a, %v : (tensor<16x!tt.ptr<f32>, #b>, tensor<16xf32, #b>) -> tensor<16xf32, #b>
    tt.store %a, %o : tensor<16x!tt.ptr<f32>, #b>
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

// CHECK: error: {{.*}}target "cuda:75" is not supported (supported: cuda:80, cuda:89, cuda:90)
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:75", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
}
