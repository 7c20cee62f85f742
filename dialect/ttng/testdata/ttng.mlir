#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hopper(%arg0: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %arg1: tensor<64x64xf32, #mma>, %arg2: i32, %arg3: i1) {
    %0 = ttg.memdesc_index %arg0[%arg2] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %1 = ttg.memdesc_subslice %0 [0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %2 = ttng.warp_group_dot %0, %0, %arg1, %arg3 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %3:2 = ttng.warp_group_dot_wait %2, %arg1 {pendings = 1 : i32} : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
    %4 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %4, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %4, 16384, %arg3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %4, %arg2, %arg3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %5 = ttg.async_commit_group
    %6 = ttg.async_commit_group tokens %5
    %7 = ttg.async_wait %5, %6 {num = 1 : i32}
    %8 = ttg.local_load %1 token %7 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16>
    ttg.local_dealloc %4 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
  tt.func public @sparse(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %arg1: tensor<4x64xi16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2, meta = 1}>>, %arg2: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %arg3: tensor<64x64xf32, #mma1>, %arg4: i1) {
    %0 = ttng.warp_group_dot %arg0, %arg2, %arg3, %arg1, sparseIndex = 0 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, tensor<4x64xi16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2, meta = 1}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma1>
    %1:4 = ttng.warp_group_dot_wait %0, %arg0, %arg2, %arg1 {pendings = 1 : i32} : tensor<64x64xf32, #mma1>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, tensor<4x64xi16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2, meta = 1}>>
    %2 = ttng.warp_group_dot %arg0, %arg2, %1#0, %arg1, %arg4, sparseIndex = 0 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, tensor<4x64xi16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2, meta = 1}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma1>
    %3 = ttng.warp_group_dot_wait %2 {pendings = 0 : i32} : tensor<64x64xf32, #mma1>
    tt.return
  }
}
