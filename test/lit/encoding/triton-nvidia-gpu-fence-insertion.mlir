// RUN: sp-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion | sp-opt -split-input-file -triton-nvidia-gpu-fence-insertion | FileCheck %s

// A and B stored from registers (st.shared, generic proxy) and read by
// wgmma (async proxy): one fence after each store, before the dot; the
// loop-invariant B's fence stays outside the loop; running the pass twice
// adds nothing.
// CHECK-LABEL: tt.func @stores
// CHECK:       %[[B:.+]] = triton_gpu.local_alloc %arg1
// CHECK-NEXT:  triton_nvidia_gpu.fence_async_shared {bCluster = false}
// CHECK-NEXT:  scf.for
// CHECK:         %[[A:.+]] = triton_gpu.local_alloc %arg0
// CHECK-NEXT:    triton_nvidia_gpu.fence_async_shared {bCluster = false}
// CHECK-NEXT:    triton_nvidia_gpu.warp_group_dot %[[A]], %[[B]]
// CHECK-NOT:   fence_async_shared
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @stores(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %bm = triton_gpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %am = triton_gpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory>
      %d = triton_nvidia_gpu.warp_group_dot %am, %bm, %acc : !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory> * !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Ring buffers filled by cp.async (no stored value) need no fence, also
// when wgmma reads them through memdesc_subview.
// CHECK-LABEL: tt.func @ring
// CHECK-NOT:   fence_async_shared
// CHECK:       tt.return
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @ring(%acc: tensor<64x64xf32, #mma>, %i: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %buf = triton_gpu.local_alloc : () -> !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %s = triton_gpu.memdesc_subview %buf[%i, %c0, %c0] : !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %d = triton_nvidia_gpu.warp_group_dot %s, %s, %acc : !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable> * !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
