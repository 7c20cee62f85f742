// The block-pointer matmul of matmul-3.6.ttir.mlir as Triton 3.6 prints its
// TTGIR for sm_90 (condensed by hand): block pointers rewritten into masked
// pointer tensors, `ttg.` spelling, an nvidia_mma v3 accumulator fed by
// ttng.warp_group_dot from nvmma_shared buffers.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked1>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %3 = tt.expand_dims %1 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %4 = tt.splat %arg5 : i32 -> tensor<128x1xi32, #blocked>
    %5 = arith.muli %3, %4 : tensor<128x1xi32, #blocked>
    %6 = tt.expand_dims %2 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %7 = tt.broadcast %5 : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %8 = tt.broadcast %6 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %9 = arith.addi %7, %8 : tensor<128x64xi32, #blocked>
    %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %11 = tt.addptr %10, %9 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %13 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %14 = tt.expand_dims %12 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %15 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked1>
    %16 = arith.muli %14, %15 : tensor<64x1xi32, #blocked1>
    %17 = tt.expand_dims %13 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %18 = tt.broadcast %16 : tensor<64x1xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %19 = tt.broadcast %17 : tensor<1x128xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %20 = arith.addi %18, %19 : tensor<64x128xi32, #blocked1>
    %21 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #blocked1>
    %22 = tt.addptr %21, %20 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
    %23 = arith.muli %arg4, %c64_i32 : i32
    %24 = tt.splat %23 : i32 -> tensor<64x128xi32, #blocked1>
    %25:3 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst_1, %arg8 = %11, %arg9 = %22) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>)  : i32 {
      %34 = arith.subi %arg5, %arg6 : i32
      %35 = tt.splat %34 : i32 -> tensor<1x64xi32, #blocked>
      %36 = arith.cmpi slt, %6, %35 : tensor<1x64xi32, #blocked>
      %37 = tt.broadcast %36 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %38 = tt.load %arg8, %37, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>
      %39 = ttg.local_alloc %38 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %40 = tt.splat %34 : i32 -> tensor<64x1xi32, #blocked1>
      %41 = arith.cmpi slt, %14, %40 : tensor<64x1xi32, #blocked1>
      %42 = tt.broadcast %41 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %43 = tt.load %arg9, %42, %cst_0 : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %44 = ttg.local_alloc %43 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %45 = ttng.warp_group_dot %39, %44, %arg7 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %46:3 = ttng.warp_group_dot_wait %45, %39, %44 {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
      %47 = tt.addptr %arg8, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %48 = tt.addptr %arg9, %24 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %46#0, %47, %48 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    %26 = arith.truncf %25#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %27 = ttg.convert_layout %26 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    %28 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %29 = tt.expand_dims %13 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %30 = tt.broadcast %29 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %31 = tt.addptr %28, %30 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    tt.store %31, %27 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
