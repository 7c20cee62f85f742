// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-diagnostics -o /dev/null
// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 2>/dev/null | FileCheck %s

// The block-sparse matmul (examples/block_sparse_matmul.mlir through
// sp-pipeline with num-stages=1): its loop reads the next block column
// from the indices buffer (a scalar tt.load) to advance B. In a loop that
// stores nothing such a load may run ahead in stage 0 like a pure op: the
// prologue reads the block columns of iterations 0 and 1, the body that of
// iteration j+2 (clamped to the row's end by the kernel), and the three
// tile loads become asynchronous copies. With a store in the loop it may
// not move, and the loop is left alone (second case).

// CHECK-LABEL: tt.func public @block_sparse_matmul
// CHECK: %[[P0:.*]] = tt.load %{{.*}} : !tt.ptr<i32>
// CHECK: triton_gpu.async_copy_global_to_local
// CHECK: triton_gpu.async_commit_group
// CHECK: %[[P1:.*]] = tt.load %{{.*}} : !tt.ptr<i32>
// CHECK: triton_gpu.async_commit_group
// CHECK: scf.for %[[J:.*]] = {{.*}} iter_args(
// CHECK: triton_gpu.async_wait {num = 1 : i32}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[J]], %{{.*}} : i32
// CHECK-NEXT: %{{.*}} = arith.cmpi slt, %[[AHEAD]], %{{.*}} : i32
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[AHEAD]], %c1_i32{{.*}} : i32
// CHECK-NEXT: %[[JN:.*]] = arith.minsi %[[J1]], %{{.*}} : i32
// CHECK-NEXT: %[[NP:.*]] = tt.addptr %arg3, %[[JN]] : !tt.ptr<i32>, i32
// CHECK-NEXT: tt.load %[[NP]] : !tt.ptr<i32>
// CHECK: triton_gpu.async_copy_global_to_local
// CHECK: scf.yield

// CHECK-LABEL: tt.func public @block_sparse_matmul
// CHECK-NOT: triton_gpu.async_copy_global_to_local
// CHECK: tt.store

#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
#shared1 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
#shared2 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @block_sparse_matmul(%arg0: !tt.ptr<f16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {sp.block_sparse = "indptr", tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {sp.block_sparse = "indices", tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.divisibility = 16 : i32}, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i64 = arith.constant 0 : i64
    %c32_i64 = arith.constant 32 : i64
    %c32_i32 = arith.constant 32 : i32
    %c64_i64 = arith.constant 64 : i64
    %c64_i32 = arith.constant 64 : i32
    %c4_i32 = arith.constant 4 : i32
    %c4_i64 = arith.constant 4 : i64
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = arith.muli %1, %c64_i32 : i32
    %4 = arith.extsi %arg6 : i32 to i64
    %5 = arith.extsi %arg8 : i32 to i64
    %6 = arith.divsi %2, %c64_i32 : i32
    %7 = tt.addptr %arg2, %6 : !tt.ptr<i32>, i32
    %8 = tt.load %7 : !tt.ptr<i32>
    %9 = arith.addi %6, %c1_i32 : i32
    %10 = tt.addptr %arg2, %9 : !tt.ptr<i32>, i32
    %11 = tt.load %10 : !tt.ptr<i32>
    %12 = tt.addptr %arg3, %8 : !tt.ptr<i32>, i32
    %13 = tt.load %12 : !tt.ptr<i32>
    %14 = arith.extsi %11 : i32 to i64
    %15 = arith.muli %14, %c64_i64 : i64
    %16 = arith.muli %8, %c64_i32 : i32
    %17 = arith.shrsi %15, %c4_i64 : i64
    %18 = arith.shrsi %16, %c4_i32 : i32
    %19 = arith.extsi %arg7 : i32 to i64
    %20 = arith.extsi %arg10 : i32 to i64
    %21 = arith.muli %13, %c64_i32 : i32
    %22 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %23 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %cst_0 = arith.constant dense<32> : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %24 = arith.muli %23, %cst_0 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %26 = tt.broadcast %25 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %27 = tt.addptr %22, %26 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %28 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %29 = tt.expand_dims %28 {axis = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %30 = tt.broadcast %29 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %31 = tt.addptr %27, %30 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %32 = tt.splat %c32_i32 : i32 -> tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %33 = arith.cmpi slt, %28, %32 : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %34 = tt.expand_dims %33 {axis = 0 : i32} : tensor<32xi1, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi1, #blocked>
    %35 = tt.broadcast %34 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %36 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<4x64x!tt.ptr<i16>, #blocked1>
    %37 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %cst_2 = arith.constant dense<64> : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %38 = arith.muli %37, %cst_2 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %39 = tt.expand_dims %38 {axis = 1 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>> -> tensor<4x1xi32, #blocked1>
    %40 = tt.broadcast %39 : tensor<4x1xi32, #blocked1> -> tensor<4x64xi32, #blocked1>
    %41 = tt.addptr %36, %40 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi32, #blocked1>
    %42 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %43 = tt.expand_dims %42 {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %44 = tt.broadcast %43 : tensor<1x64xi32, #blocked1> -> tensor<4x64xi32, #blocked1>
    %45 = tt.addptr %41, %44 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi32, #blocked1>
    %46 = tt.splat %c64_i32 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %47 = arith.cmpi slt, %42, %46 : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %48 = tt.expand_dims %47 {axis = 0 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi1, #blocked1>
    %49 = tt.broadcast %48 : tensor<1x64xi1, #blocked1> -> tensor<4x64xi1, #blocked1>
    %cst_3 = arith.constant dense<0> : tensor<4x64xi16, #blocked1>
    %50 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked2>
    %51 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %52 = arith.extsi %51 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> to tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %53 = tt.splat %20 : i64 -> tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %54 = arith.muli %52, %53 : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %55 = tt.expand_dims %54 {axis = 1 : i32} : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi64, #blocked2>
    %56 = tt.broadcast %55 : tensor<64x1xi64, #blocked2> -> tensor<64x64xi64, #blocked2>
    %57 = tt.addptr %50, %56 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %58 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %59 = tt.expand_dims %58 {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2>
    %60 = tt.broadcast %59 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %61 = tt.addptr %57, %60 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi32, #blocked2>
    %62 = arith.extsi %3 : i32 to i64
    %63 = arith.subi %19, %62 : i64
    %64 = arith.maxsi %63, %c0_i64 : i64
    %65 = arith.minsi %64, %c64_i64 : i64
    %66 = arith.trunci %65 : i64 to i32
    %67 = tt.splat %66 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %68 = arith.cmpi slt, %58, %67 : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %69 = tt.expand_dims %68 {axis = 0 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi1, #blocked2>
    %70 = tt.broadcast %69 : tensor<1x64xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked2>
    // expected-remark @+1 {{tritongpu-pipeline: 3 loads pipelined with 3 stages}}
    %71:5 = scf.for %arg12 = %8 to %11 step %c1_i32 iter_args(%arg13 = %cst, %arg14 = %16, %arg15 = %18, %arg16 = %21, %arg17 = %13) -> (tensor<64x64xf32, #mma>, i32, i32, i32, i32)  : i32 {
      %96 = arith.addi %arg12, %c1_i32 : i32
      %97 = arith.minsi %96, %11 : i32
      %98 = tt.addptr %arg3, %97 : !tt.ptr<i32>, i32
      %99 = tt.load %98 : !tt.ptr<i32>
      %100 = arith.extsi %arg14 : i32 to i64
      %101 = arith.muli %100, %c32_i64 : i64
      %102 = tt.splat %101 : i64 -> tensor<64x32xi64, #blocked>
      %103 = tt.addptr %31, %102 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi64, #blocked>
      %104 = arith.subi %15, %100 : i64
      %105 = arith.maxsi %104, %c0_i64 : i64
      %106 = arith.minsi %105, %c64_i64 : i64
      %107 = arith.trunci %106 : i64 to i32
      %108 = tt.splat %107 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %109 = arith.cmpi slt, %23, %108 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %110 = arith.subi %c0_i64, %100 : i64
      %111 = arith.maxsi %110, %c0_i64 : i64
      %112 = arith.minsi %111, %c64_i64 : i64
      %113 = arith.trunci %112 : i64 to i32
      %114 = tt.splat %113 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %115 = arith.cmpi sge, %23, %114 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %116 = arith.andi %115, %109 : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %117 = tt.expand_dims %116 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi1, #blocked>
      %118 = tt.broadcast %117 : tensor<64x1xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %119 = arith.andi %118, %35 : tensor<64x32xi1, #blocked>
      %120 = tt.load %103, %119, %cst_1 : tensor<64x32x!tt.ptr<f16>, #blocked>
      %121 = triton_gpu.local_alloc %120 : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory>
      %122 = triton_gpu.local_load %121 : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
      %123 = arith.extsi %arg15 : i32 to i64
      %124 = arith.muli %123, %c64_i64 : i64
      %125 = tt.splat %124 : i64 -> tensor<4x64xi64, #blocked1>
      %126 = tt.addptr %45, %125 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi64, #blocked1>
      %127 = arith.subi %17, %123 : i64
      %128 = arith.maxsi %127, %c0_i64 : i64
      %129 = arith.minsi %128, %c4_i64 : i64
      %130 = arith.trunci %129 : i64 to i32
      %131 = tt.splat %130 : i32 -> tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %132 = arith.cmpi slt, %37, %131 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %133 = arith.subi %c0_i64, %123 : i64
      %134 = arith.maxsi %133, %c0_i64 : i64
      %135 = arith.minsi %134, %c4_i64 : i64
      %136 = arith.trunci %135 : i64 to i32
      %137 = tt.splat %136 : i32 -> tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %138 = arith.cmpi sge, %37, %137 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %139 = arith.andi %138, %132 : tensor<4xi1, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %140 = tt.expand_dims %139 {axis = 1 : i32} : tensor<4xi1, #triton_gpu.slice<{dim = 1, parent = #blocked1}>> -> tensor<4x1xi1, #blocked1>
      %141 = tt.broadcast %140 : tensor<4x1xi1, #blocked1> -> tensor<4x64xi1, #blocked1>
      %142 = arith.andi %141, %49 : tensor<4x64xi1, #blocked1>
      %143 = tt.load %126, %142, %cst_3 : tensor<4x64x!tt.ptr<i16>, #blocked1>
      %144 = triton_gpu.local_alloc %143 : (tensor<4x64xi16, #blocked1>) -> !tt.memdesc<4x64xi16, #shared1, #triton_gpu.shared_memory>
      %145 = triton_gpu.local_load %144 : !tt.memdesc<4x64xi16, #shared1, #triton_gpu.shared_memory> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
      %146 = arith.extsi %arg16 : i32 to i64
      %147 = arith.muli %146, %20 : i64
      %148 = arith.addi %147, %62 : i64
      %149 = tt.splat %148 : i64 -> tensor<64x64xi64, #blocked2>
      %150 = tt.addptr %61, %149 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
      %151 = arith.subi %5, %146 : i64
      %152 = arith.maxsi %151, %c0_i64 : i64
      %153 = arith.minsi %152, %c64_i64 : i64
      %154 = arith.trunci %153 : i64 to i32
      %155 = tt.splat %154 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %156 = arith.cmpi slt, %51, %155 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %157 = arith.subi %c0_i64, %146 : i64
      %158 = arith.maxsi %157, %c0_i64 : i64
      %159 = arith.minsi %158, %c64_i64 : i64
      %160 = arith.trunci %159 : i64 to i32
      %161 = tt.splat %160 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %162 = arith.cmpi sge, %51, %161 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %163 = arith.andi %162, %156 : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %164 = tt.expand_dims %163 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi1, #blocked2>
      %165 = tt.broadcast %164 : tensor<64x1xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
      %166 = arith.andi %165, %70 : tensor<64x64xi1, #blocked2>
      %167 = tt.load %150, %166, %cst_4 : tensor<64x64x!tt.ptr<f16>, #blocked2>
      %168 = triton_gpu.local_alloc %167 : (tensor<64x64xf16, #blocked2>) -> !tt.memdesc<64x64xf16, #shared2, #triton_gpu.shared_memory>
      %169 = triton_gpu.local_load %168 : !tt.memdesc<64x64xf16, #shared2, #triton_gpu.shared_memory> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %170 = tt.dot %122, %169, %arg13, %145, sparseIndex = 0, inputPrecision = tf32 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %171 = arith.addi %arg14, %c64_i32 : i32
      %172 = arith.addi %arg15, %c4_i32 : i32
      %173 = arith.subi %99, %arg17 : i32
      %174 = arith.muli %173, %c64_i32 : i32
      %175 = arith.addi %arg16, %174 : i32
      scf.yield %170, %171, %172, %175, %99 : tensor<64x64xf32, #mma>, i32, i32, i32, i32
    }
    %72 = arith.truncf %71#0 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %73 = triton_gpu.convert_layout %72 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked2>
    %74 = arith.extsi %arg11 : i32 to i64
    %75 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked2>
    %76 = tt.splat %74 : i64 -> tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %77 = arith.muli %52, %76 : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %78 = tt.expand_dims %77 {axis = 1 : i32} : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi64, #blocked2>
    %79 = tt.broadcast %78 : tensor<64x1xi64, #blocked2> -> tensor<64x64xi64, #blocked2>
    %80 = tt.addptr %75, %79 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %81 = tt.addptr %80, %60 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi32, #blocked2>
    %82 = arith.extsi %2 : i32 to i64
    %83 = arith.muli %82, %74 : i64
    %84 = arith.addi %83, %62 : i64
    %85 = tt.splat %84 : i64 -> tensor<64x64xi64, #blocked2>
    %86 = tt.addptr %81, %85 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %87 = arith.subi %4, %82 : i64
    %88 = arith.maxsi %87, %c0_i64 : i64
    %89 = arith.minsi %88, %c64_i64 : i64
    %90 = arith.trunci %89 : i64 to i32
    %91 = tt.splat %90 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %92 = arith.cmpi slt, %51, %91 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %93 = tt.expand_dims %92 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi1, #blocked2>
    %94 = tt.broadcast %93 : tensor<64x1xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
    %95 = arith.andi %94, %70 : tensor<64x64xi1, #blocked2>
    tt.store %86, %73, %95 : tensor<64x64x!tt.ptr<f16>, #blocked2>
    tt.return
  }
}

// -----

#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
#shared1 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
#shared2 = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @block_sparse_matmul(%arg0: !tt.ptr<f16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {sp.block_sparse = "indptr", tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {sp.block_sparse = "indices", tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.divisibility = 16 : i32}, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i64 = arith.constant 0 : i64
    %c32_i64 = arith.constant 32 : i64
    %c32_i32 = arith.constant 32 : i32
    %c64_i64 = arith.constant 64 : i64
    %c64_i32 = arith.constant 64 : i32
    %c4_i32 = arith.constant 4 : i32
    %c4_i64 = arith.constant 4 : i64
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = arith.muli %1, %c64_i32 : i32
    %4 = arith.extsi %arg6 : i32 to i64
    %5 = arith.extsi %arg8 : i32 to i64
    %6 = arith.divsi %2, %c64_i32 : i32
    %7 = tt.addptr %arg2, %6 : !tt.ptr<i32>, i32
    %8 = tt.load %7 : !tt.ptr<i32>
    %9 = arith.addi %6, %c1_i32 : i32
    %10 = tt.addptr %arg2, %9 : !tt.ptr<i32>, i32
    %11 = tt.load %10 : !tt.ptr<i32>
    %12 = tt.addptr %arg3, %8 : !tt.ptr<i32>, i32
    %13 = tt.load %12 : !tt.ptr<i32>
    %14 = arith.extsi %11 : i32 to i64
    %15 = arith.muli %14, %c64_i64 : i64
    %16 = arith.muli %8, %c64_i32 : i32
    %17 = arith.shrsi %15, %c4_i64 : i64
    %18 = arith.shrsi %16, %c4_i32 : i32
    %19 = arith.extsi %arg7 : i32 to i64
    %20 = arith.extsi %arg10 : i32 to i64
    %21 = arith.muli %13, %c64_i32 : i32
    %22 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %23 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %cst_0 = arith.constant dense<32> : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %24 = arith.muli %23, %cst_0 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %26 = tt.broadcast %25 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %27 = tt.addptr %22, %26 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %28 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %29 = tt.expand_dims %28 {axis = 0 : i32} : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %30 = tt.broadcast %29 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %31 = tt.addptr %27, %30 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %32 = tt.splat %c32_i32 : i32 -> tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %33 = arith.cmpi slt, %28, %32 : tensor<32xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %34 = tt.expand_dims %33 {axis = 0 : i32} : tensor<32xi1, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi1, #blocked>
    %35 = tt.broadcast %34 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %36 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<4x64x!tt.ptr<i16>, #blocked1>
    %37 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %cst_2 = arith.constant dense<64> : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %38 = arith.muli %37, %cst_2 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
    %39 = tt.expand_dims %38 {axis = 1 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>> -> tensor<4x1xi32, #blocked1>
    %40 = tt.broadcast %39 : tensor<4x1xi32, #blocked1> -> tensor<4x64xi32, #blocked1>
    %41 = tt.addptr %36, %40 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi32, #blocked1>
    %42 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %43 = tt.expand_dims %42 {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %44 = tt.broadcast %43 : tensor<1x64xi32, #blocked1> -> tensor<4x64xi32, #blocked1>
    %45 = tt.addptr %41, %44 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi32, #blocked1>
    %46 = tt.splat %c64_i32 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %47 = arith.cmpi slt, %42, %46 : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked1}>>
    %48 = tt.expand_dims %47 {axis = 0 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi1, #blocked1>
    %49 = tt.broadcast %48 : tensor<1x64xi1, #blocked1> -> tensor<4x64xi1, #blocked1>
    %cst_3 = arith.constant dense<0> : tensor<4x64xi16, #blocked1>
    %50 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked2>
    %51 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %52 = arith.extsi %51 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> to tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %53 = tt.splat %20 : i64 -> tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %54 = arith.muli %52, %53 : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %55 = tt.expand_dims %54 {axis = 1 : i32} : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi64, #blocked2>
    %56 = tt.broadcast %55 : tensor<64x1xi64, #blocked2> -> tensor<64x64xi64, #blocked2>
    %57 = tt.addptr %50, %56 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %58 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %59 = tt.expand_dims %58 {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2>
    %60 = tt.broadcast %59 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %61 = tt.addptr %57, %60 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi32, #blocked2>
    %62 = arith.extsi %3 : i32 to i64
    %63 = arith.subi %19, %62 : i64
    %64 = arith.maxsi %63, %c0_i64 : i64
    %65 = arith.minsi %64, %c64_i64 : i64
    %66 = arith.trunci %65 : i64 to i32
    %67 = tt.splat %66 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %68 = arith.cmpi slt, %58, %67 : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked2}>>
    %69 = tt.expand_dims %68 {axis = 0 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi1, #blocked2>
    %70 = tt.broadcast %69 : tensor<1x64xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked2>
    // expected-remark @+1 {{loop not pipelined: the address computation of a load has side effects or regions (tt.load)}}
    %71:5 = scf.for %arg12 = %8 to %11 step %c1_i32 iter_args(%arg13 = %cst, %arg14 = %16, %arg15 = %18, %arg16 = %21, %arg17 = %13) -> (tensor<64x64xf32, #mma>, i32, i32, i32, i32)  : i32 {
      %96 = arith.addi %arg12, %c1_i32 : i32
      %97 = arith.minsi %96, %11 : i32
      %98 = tt.addptr %arg3, %97 : !tt.ptr<i32>, i32
      %99 = tt.load %98 : !tt.ptr<i32>
      tt.store %98, %99 : !tt.ptr<i32>
      %100 = arith.extsi %arg14 : i32 to i64
      %101 = arith.muli %100, %c32_i64 : i64
      %102 = tt.splat %101 : i64 -> tensor<64x32xi64, #blocked>
      %103 = tt.addptr %31, %102 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi64, #blocked>
      %104 = arith.subi %15, %100 : i64
      %105 = arith.maxsi %104, %c0_i64 : i64
      %106 = arith.minsi %105, %c64_i64 : i64
      %107 = arith.trunci %106 : i64 to i32
      %108 = tt.splat %107 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %109 = arith.cmpi slt, %23, %108 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %110 = arith.subi %c0_i64, %100 : i64
      %111 = arith.maxsi %110, %c0_i64 : i64
      %112 = arith.minsi %111, %c64_i64 : i64
      %113 = arith.trunci %112 : i64 to i32
      %114 = tt.splat %113 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %115 = arith.cmpi sge, %23, %114 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %116 = arith.andi %115, %109 : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %117 = tt.expand_dims %116 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi1, #blocked>
      %118 = tt.broadcast %117 : tensor<64x1xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %119 = arith.andi %118, %35 : tensor<64x32xi1, #blocked>
      %120 = tt.load %103, %119, %cst_1 : tensor<64x32x!tt.ptr<f16>, #blocked>
      %121 = triton_gpu.local_alloc %120 : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory>
      %122 = triton_gpu.local_load %121 : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
      %123 = arith.extsi %arg15 : i32 to i64
      %124 = arith.muli %123, %c64_i64 : i64
      %125 = tt.splat %124 : i64 -> tensor<4x64xi64, #blocked1>
      %126 = tt.addptr %45, %125 : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi64, #blocked1>
      %127 = arith.subi %17, %123 : i64
      %128 = arith.maxsi %127, %c0_i64 : i64
      %129 = arith.minsi %128, %c4_i64 : i64
      %130 = arith.trunci %129 : i64 to i32
      %131 = tt.splat %130 : i32 -> tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %132 = arith.cmpi slt, %37, %131 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %133 = arith.subi %c0_i64, %123 : i64
      %134 = arith.maxsi %133, %c0_i64 : i64
      %135 = arith.minsi %134, %c4_i64 : i64
      %136 = arith.trunci %135 : i64 to i32
      %137 = tt.splat %136 : i32 -> tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %138 = arith.cmpi sge, %37, %137 : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %139 = arith.andi %138, %132 : tensor<4xi1, #triton_gpu.slice<{dim = 1, parent = #blocked1}>>
      %140 = tt.expand_dims %139 {axis = 1 : i32} : tensor<4xi1, #triton_gpu.slice<{dim = 1, parent = #blocked1}>> -> tensor<4x1xi1, #blocked1>
      %141 = tt.broadcast %140 : tensor<4x1xi1, #blocked1> -> tensor<4x64xi1, #blocked1>
      %142 = arith.andi %141, %49 : tensor<4x64xi1, #blocked1>
      %143 = tt.load %126, %142, %cst_3 : tensor<4x64x!tt.ptr<i16>, #blocked1>
      %144 = triton_gpu.local_alloc %143 : (tensor<4x64xi16, #blocked1>) -> !tt.memdesc<4x64xi16, #shared1, #triton_gpu.shared_memory>
      %145 = triton_gpu.local_load %144 : !tt.memdesc<4x64xi16, #shared1, #triton_gpu.shared_memory> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
      %146 = arith.extsi %arg16 : i32 to i64
      %147 = arith.muli %146, %20 : i64
      %148 = arith.addi %147, %62 : i64
      %149 = tt.splat %148 : i64 -> tensor<64x64xi64, #blocked2>
      %150 = tt.addptr %61, %149 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
      %151 = arith.subi %5, %146 : i64
      %152 = arith.maxsi %151, %c0_i64 : i64
      %153 = arith.minsi %152, %c64_i64 : i64
      %154 = arith.trunci %153 : i64 to i32
      %155 = tt.splat %154 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %156 = arith.cmpi slt, %51, %155 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %157 = arith.subi %c0_i64, %146 : i64
      %158 = arith.maxsi %157, %c0_i64 : i64
      %159 = arith.minsi %158, %c64_i64 : i64
      %160 = arith.trunci %159 : i64 to i32
      %161 = tt.splat %160 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %162 = arith.cmpi sge, %51, %161 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %163 = arith.andi %162, %156 : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
      %164 = tt.expand_dims %163 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi1, #blocked2>
      %165 = tt.broadcast %164 : tensor<64x1xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
      %166 = arith.andi %165, %70 : tensor<64x64xi1, #blocked2>
      %167 = tt.load %150, %166, %cst_4 : tensor<64x64x!tt.ptr<f16>, #blocked2>
      %168 = triton_gpu.local_alloc %167 : (tensor<64x64xf16, #blocked2>) -> !tt.memdesc<64x64xf16, #shared2, #triton_gpu.shared_memory>
      %169 = triton_gpu.local_load %168 : !tt.memdesc<64x64xf16, #shared2, #triton_gpu.shared_memory> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %170 = tt.dot %122, %169, %arg13, %145, sparseIndex = 0, inputPrecision = tf32 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %171 = arith.addi %arg14, %c64_i32 : i32
      %172 = arith.addi %arg15, %c4_i32 : i32
      %173 = arith.subi %99, %arg17 : i32
      %174 = arith.muli %173, %c64_i32 : i32
      %175 = arith.addi %arg16, %174 : i32
      scf.yield %170, %171, %172, %175, %99 : tensor<64x64xf32, #mma>, i32, i32, i32, i32
    }
    %72 = arith.truncf %71#0 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %73 = triton_gpu.convert_layout %72 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked2>
    %74 = arith.extsi %arg11 : i32 to i64
    %75 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked2>
    %76 = tt.splat %74 : i64 -> tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %77 = arith.muli %52, %76 : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %78 = tt.expand_dims %77 {axis = 1 : i32} : tensor<64xi64, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi64, #blocked2>
    %79 = tt.broadcast %78 : tensor<64x1xi64, #blocked2> -> tensor<64x64xi64, #blocked2>
    %80 = tt.addptr %75, %79 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %81 = tt.addptr %80, %60 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi32, #blocked2>
    %82 = arith.extsi %2 : i32 to i64
    %83 = arith.muli %82, %74 : i64
    %84 = arith.addi %83, %62 : i64
    %85 = tt.splat %84 : i64 -> tensor<64x64xi64, #blocked2>
    %86 = tt.addptr %81, %85 : tensor<64x64x!tt.ptr<f16>, #blocked2>, tensor<64x64xi64, #blocked2>
    %87 = arith.subi %4, %82 : i64
    %88 = arith.maxsi %87, %c0_i64 : i64
    %89 = arith.minsi %88, %c64_i64 : i64
    %90 = arith.trunci %89 : i64 to i32
    %91 = tt.splat %90 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %92 = arith.cmpi slt, %51, %91 : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked2}>>
    %93 = tt.expand_dims %92 {axis = 1 : i32} : tensor<64xi1, #triton_gpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi1, #blocked2>
    %94 = tt.broadcast %93 : tensor<64x1xi1, #blocked2> -> tensor<64x64xi1, #blocked2>
    %95 = arith.andi %94, %70 : tensor<64x64xi1, #blocked2>
    tt.store %86, %73, %95 : tensor<64x64x!tt.ptr<f16>, #blocked2>
    tt.return
  }
}
