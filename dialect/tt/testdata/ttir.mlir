module {
  tt.func public @sparse_matmul(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32>, %arg3: i64, %arg4: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs y : i32
    %2 = tt.make_tensor_ptr %arg0, [%arg3, %arg3], [%arg3, %c1_i64], [%0, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x128xf16, #tt.sparse<"NV24">>>
    %3 = tt.make_tensor_ptr %arg1, [%arg3, %arg3], [%arg3, %c1_i64], [%c0_i32, %1] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %4 = tt.load %2 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>
    %5 = tt.load %3 cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : !tt.ptr<tensor<128x64xf16>>
    %6 = tt.dot %4, %5, %cst, inputPrecision = tf32 : tensor<128x128xf16, #tt.sparse<"NV24">> * tensor<128x64xf16> -> tensor<128x64xf32>
    %7 = tt.sparse_values %4 : tensor<128x128xf16, #tt.sparse<"NV24">> -> tensor<128x64xf16>
    %8 = tt.advance %2, [%c0_i32, %c128_i32] : <tensor<128x128xf16, #tt.sparse<"NV24">>>
    %9 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %10 = tt.expand_dims %9 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %11 = tt.broadcast %10 : tensor<64x1xi32> -> tensor<64x64xi32>
    %12 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %13 = tt.addptr %12, %11 : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %14 = tt.splat %arg4 : i32 -> tensor<64x64xi32>
    %15 = arith.cmpi slt, %11, %14 : tensor<64x64xi32>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<64x64xf32>
    %16 = tt.load %13, %15, %cst_0 : tensor<64x64x!tt.ptr<f32>>
    tt.store %13, %16, %15 cacheModifier = cs : tensor<64x64x!tt.ptr<f32>>
    %17 = tt.reshape %9 allow_reorder : tensor<64xi32> -> tensor<8x8xi32>
    %18 = tt.trans %16 {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
    %19 = tt.join %9, %9 : tensor<64xi32> -> tensor<64x2xi32>
    %20:2 = tt.split %19 : tensor<64x2xi32> -> tensor<64xi32>
    %21 = tt.cat %9, %9 : tensor<64xi32> -> tensor<128xi32>
    %22 = "tt.reduce"(%16) <{axis = 1 : i32}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      %37 = arith.addf %arg5, %arg6 : f32
      tt.reduce.return %37 : f32
    }) : (tensor<64x64xf32>) -> tensor<64xf32>
    %23 = "tt.scan"(%9) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%arg5: i32, %arg6: i32):
      %37 = arith.addi %arg5, %arg6 : i32
      tt.scan.return %37 : i32
    }) : (tensor<64xi32>) -> tensor<64xi32>
    %24 = tt.fp_to_fp %16, rounding = rtne : tensor<64x64xf32> -> tensor<64x64xf16>
    %25 = tt.fp_to_fp %24 : tensor<64x64xf16> -> tensor<64x64xf32>
    %26 = tt.bitcast %16 : tensor<64x64xf32> -> tensor<64x64xi32>
    %27 = tt.ptr_to_int %arg2 : !tt.ptr<f32> -> i64
    %28 = tt.int_to_ptr %27 : i64 -> !tt.ptr<f32>
    %29 = tt.atomic_rmw fadd, acq_rel, gpu, %13, %16, %15 : (tensor<64x64x!tt.ptr<f32>>, tensor<64x64xf32>, tensor<64x64xi1>) -> tensor<64x64xf32>
    %30 = tt.atomic_cas relaxed, cta, %13, %cst_0, %cst_0 : (tensor<64x64x!tt.ptr<f32>>, tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %31 = tt.clampf %16, %16, %16, propagateNan = all : tensor<64x64xf32>
    %32 = tt.precise_sqrt %16 : tensor<64x64xf32>
    %33 = tt.precise_divf %16, %16 : tensor<64x64xf32>
    %34 = tt.histogram %9 : tensor<64xi32> -> tensor<8xi32>
    %35 = tt.extern_elementwise %16 {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    tt.assert %15, "out of bounds" : tensor<64x64xi1>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %9 : tensor<64xi32>
    %36 = tt.call @helper(%arg4) : (i32) -> i32
    tt.return
  }
  tt.func private @helper(%arg0: i32) -> i32 attributes {noinline = false} {
    tt.return %arg0 : i32
  }
  tt.func private @decl(i32, !tt.ptr<i8, 3>) -> (i32 {tt.foo}, f32)
}
