module {
  tt.func public @loops(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: !tt.ptr<f16>, %arg3: i1, %arg4: i32) {
    %c2_i32 = arith.constant 2 : i32
    %c8_i64 = arith.constant 8 : i64
    %c32_i64 = arith.constant 32 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c128_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
    %1 = tt.make_tensor_ptr %arg1, [%c8_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
    %2 = tt.make_tensor_ptr %arg2, [%c64_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %14 = arith.muli %arg5, %c32_i32 : i32
      %15 = arith.shrsi %14, %c4_i32 : i32
      %16 = tt.advance %0, [%14, %c0_i32] : <tensor<32x32xf16>>
      %17 = tt.advance %1, [%15, %c0_i32] : <tensor<2x64xi16>>
      %18 = tt.load %16 : !tt.ptr<tensor<32x32xf16>>
      %19 = tt.load %17 : !tt.ptr<tensor<2x64xi16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %18 : tensor<32x32xf16>
    }
    %3 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %14 = arith.addi %arg6, %arg5 : i32
      scf.yield %14 : i32
    } {tt.num_stages = 2 : i32}
    %4 = tt.load %0 : !tt.ptr<tensor<32x32xf16>>
    %5 = tt.load %1 : !tt.ptr<tensor<2x64xi16>>
    %6 = tt.load %2 : !tt.ptr<tensor<64x32xf16>>
    %7:3 = scf.for %arg5 = %c0_i32 to %3 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %4, %arg8 = %5) -> (tensor<32x32xf32>, tensor<32x32xf16>, tensor<2x64xi16>)  : i32 {
      %14 = tt.dot %arg7, %6, %arg6, %arg8, sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x32xf16> -> tensor<32x32xf32>
      scf.yield %14, %arg7, %arg8 : tensor<32x32xf32>, tensor<32x32xf16>, tensor<2x64xi16>
    }
    %8 = tt.advance %0, [%c32_i32, %c0_i32] : <tensor<32x32xf16>>
    %9 = tt.advance %1, [%c2_i32, %c0_i32] : <tensor<2x64xi16>>
    %10:2 = scf.if %arg3 -> (!tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>) {
      scf.yield %0, %1 : !tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>
    } else {
      scf.yield %8, %9 : !tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>
    }
    %11 = tt.load %10#0 : !tt.ptr<tensor<32x32xf16>>
    %12 = tt.load %10#1 : !tt.ptr<tensor<2x64xi16>>
    %13 = tt.dot %11, %6, %7#0, %12, sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x32xf16> -> tensor<32x32xf32>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %13 : tensor<32x32xf32>
    tt.return
  }
}