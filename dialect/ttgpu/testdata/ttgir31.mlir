#blocked = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [0, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
#shared1 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
#mma1 = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @pipelined(%arg0: tensor<128x64x!tt.ptr<f16>, #blocked>, %arg1: tensor<128x64xi1, #blocked>, %arg2: tensor<128x64xi16, #blocked>, %arg3: tensor<64x64xf16, #blocked>, %arg4: tensor<64x64xf32, #blocked1>) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %0 = triton_gpu.local_alloc : () -> !tt.memdesc<2x128x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %1 = triton_gpu.memdesc_subview %0[%c0_i32, %c0_i32, %c0_i32] : !tt.memdesc<2x128x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<128x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %2 = triton_gpu.async_copy_global_to_local %arg0, %1 mask %arg1 cacheModifier = cg : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %3 = triton_gpu.async_commit_group %2
    %4 = triton_gpu.async_wait %3 {num = 0 : i32}
    %5 = triton_gpu.local_load %1 token %4 : !tt.memdesc<128x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> tensor<128x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
    %6 = triton_gpu.convert_layout %arg2 : tensor<128x64xi16, #blocked> -> tensor<128x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
    %7 = triton_gpu.convert_layout %arg3 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %8 = triton_gpu.local_alloc %arg3 : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #shared1, #triton_gpu.shared_memory>
    %9 = triton_gpu.local_alloc : () -> !tt.memdesc<64x64xf16, #shared1, #triton_gpu.shared_memory, mutable>
    triton_gpu.local_store %arg3, %9 : tensor<64x64xf16, #blocked> -> !tt.memdesc<64x64xf16, #shared1, #triton_gpu.shared_memory, mutable>
    %10 = triton_gpu.convert_layout %arg4 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #mma1>
    %11 = triton_nvidia_gpu.warp_group_dot %8, %9, %10 {inputPrecision = 0 : i32, isAsync = true} : !tt.memdesc<64x64xf16, #shared1, #triton_gpu.shared_memory> * !tt.memdesc<64x64xf16, #shared1, #triton_gpu.shared_memory, mutable> -> tensor<64x64xf32, #mma1>
    %12 = triton_nvidia_gpu.warp_group_dot_wait %11 {pendings = 0 : i32} : tensor<64x64xf32, #mma1>
    triton_nvidia_gpu.fence_async_shared {bCluster = false}
    %13 = triton_gpu.local_alloc : () -> !tt.memdesc<1xi64, #shared, #triton_gpu.shared_memory, mutable>
    triton_nvidia_gpu.init_barrier %13, 1 : !tt.memdesc<1xi64, #shared, #triton_gpu.shared_memory, mutable>
    triton_nvidia_gpu.wait_barrier %13, %c0_i32 : !tt.memdesc<1xi64, #shared, #triton_gpu.shared_memory, mutable>
    triton_gpu.local_dealloc %0 : !tt.memdesc<2x128x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %14 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %15 = tt.expand_dims %14 {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    tt.return
  }
}
