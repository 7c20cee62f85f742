// Copy of examples/matmul.ttgir.mlir (hand-condensed: its loop re-copies only A),
// kept as an assembly test of the Triton 3.1 TTGIR shape; not run on a GPU.
// The dense matmul of matmul.ttir.mlir as Triton 3.1 prints it after
// make_ttgir for sm_80 with num-stages = 2 (condensed by hand): blocked
// layouts for the global accesses, an nvidia_mma v2 accumulator, dot_op
// operands loaded from swizzled shared memory, and a software-pipelined
// loop with asynchronous copies into a two-stage ring buffer.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
#shared1 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c-1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %3 = tt.expand_dims %1 {axis = 1 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %4 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked>
    %5 = arith.muli %3, %4 : tensor<128x1xi32, #blocked>
    %6 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %7 = tt.broadcast %5 : tensor<128x1xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %8 = tt.broadcast %6 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %9 = arith.addi %7, %8 : tensor<128x32xi32, #blocked>
    %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %11 = tt.addptr %10, %9 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %12 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %13 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %14 = tt.expand_dims %12 {axis = 1 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
    %15 = tt.splat %arg4 : i32 -> tensor<32x1xi32, #blocked1>
    %16 = arith.muli %14, %15 : tensor<32x1xi32, #blocked1>
    %17 = tt.expand_dims %13 {axis = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %18 = tt.broadcast %16 : tensor<32x1xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %19 = tt.broadcast %17 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %20 = arith.addi %18, %19 : tensor<32x128xi32, #blocked1>
    %21 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %22 = tt.addptr %21, %20 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %23 = arith.muli %arg4, %c32_i32 : i32
    %24 = tt.splat %23 : i32 -> tensor<32x128xi32, #blocked1>
    %25 = arith.divsi %arg5, %c32_i32 : i32
    %26 = triton_gpu.local_alloc  : () -> !tt.memdesc<2x128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
    %27 = triton_gpu.local_alloc  : () -> !tt.memdesc<2x32x128xf16, #shared1, #triton_gpu.shared_memory, mutable>
    %28 = arith.cmpi sgt, %25, %c0_i32 : i32
    %29 = tt.splat %28 : i1 -> tensor<128x32xi1, #blocked>
    %30 = triton_gpu.memdesc_subview %26[%c0_i32, %c0_i32, %c0_i32] : !tt.memdesc<2x128x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
    %31 = triton_gpu.async_copy_global_to_local %11, %30 mask %29 : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
    %32 = triton_gpu.async_commit_group %31
    %33 = tt.splat %28 : i1 -> tensor<32x128xi1, #blocked1>
    %34 = triton_gpu.memdesc_subview %27[%c0_i32, %c0_i32, %c0_i32] : !tt.memdesc<2x32x128xf16, #shared1, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<32x128xf16, #shared1, #triton_gpu.shared_memory, mutable>
    %35 = triton_gpu.async_copy_global_to_local %22, %34 mask %33 : tensor<32x128x!tt.ptr<f16>, #blocked1> -> <32x128xf16, #shared1, #triton_gpu.shared_memory, mutable>
    %36 = triton_gpu.async_commit_group %35
    %37:5 = scf.for %arg6 = %c0_i32 to %25 step %c1_i32 iter_args(%arg7 = %cst_0, %arg8 = %11, %arg9 = %22, %arg10 = %c-1_i32, %arg11 = %c0_i32) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, i32, i32)  : i32 {
      %44 = arith.subi %25, %c1_i32 : i32
      %45 = arith.cmpi slt, %arg6, %44 : i32
      %46 = arith.addi %arg10, %c1_i32 : i32
      %47 = arith.cmpi slt, %46, %c2_i32 : i32
      %48 = arith.select %47, %46, %c0_i32 : i32
      %49 = triton_gpu.async_wait %36 {num = 0 : i32}
      %50 = triton_gpu.memdesc_subview %26[%48, %c0_i32, %c0_i32] : !tt.memdesc<2x128x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
      %51 = triton_gpu.local_load %50 : !tt.memdesc<128x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %52 = triton_gpu.memdesc_subview %27[%48, %c0_i32, %c0_i32] : !tt.memdesc<2x32x128xf16, #shared1, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<32x128xf16, #shared1, #triton_gpu.shared_memory, mutable>
      %53 = triton_gpu.local_load %52 : !tt.memdesc<32x128xf16, #shared1, #triton_gpu.shared_memory, mutable> -> tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %54 = tt.dot %51, %53, %arg7 : tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %55 = tt.addptr %arg8, %cst : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %56 = tt.addptr %arg9, %24 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      %57 = arith.addi %arg11, %c1_i32 : i32
      %58 = arith.cmpi slt, %57, %c2_i32 : i32
      %59 = arith.select %58, %57, %c0_i32 : i32
      %60 = tt.splat %45 : i1 -> tensor<128x32xi1, #blocked>
      %61 = triton_gpu.memdesc_subview %26[%59, %c0_i32, %c0_i32] : !tt.memdesc<2x128x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
      %62 = triton_gpu.async_copy_global_to_local %55, %61 mask %60 : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
      %63 = triton_gpu.async_commit_group %62
      scf.yield %54, %55, %56, %48, %59 : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, i32, i32
    }
    %38 = triton_gpu.async_wait  {num = 0 : i32}
    triton_gpu.local_dealloc %26 : !tt.memdesc<2x128x32xf16, #shared, #triton_gpu.shared_memory, mutable>
    triton_gpu.local_dealloc %27 : !tt.memdesc<2x32x128xf16, #shared1, #triton_gpu.shared_memory, mutable>
    %39 = arith.truncf %37#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %40 = triton_gpu.convert_layout %39 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    %41 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %42 = tt.expand_dims %13 {axis = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %43 = tt.broadcast %42 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %64 = tt.addptr %41, %43 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    tt.store %64, %40 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
