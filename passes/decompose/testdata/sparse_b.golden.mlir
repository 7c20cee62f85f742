module {
  tt.func public @b_sparse(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32>) {
    %c32_i32 = arith.constant 32 : i32
    %c4_i64 = arith.constant 4 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c32_i64, %c128_i64], [%c128_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
    %1 = tt.make_tensor_ptr %arg1, [%c64_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
    %2 = tt.make_tensor_ptr %arg2, [%c4_i64, %c128_i64], [%c128_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<4x64xi16>>
    %3:4 = scf.for %arg4 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %0, %arg7 = %1, %arg8 = %2) -> (tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<4x64xi16>>)  : i32 {
      %5 = tt.load %arg6 : !tt.ptr<tensor<32x64xf16>>
      %6 = tt.load %arg7 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf16>>
      %7 = tt.load %arg8 {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x64xi16>>
      %8 = tt.dot %5, %6, %arg5, %7, sparseIndex = 1 : tensor<32x64xf16>, tensor<4x64xi16> * tensor<32x64xf16> -> tensor<32x64xf32>
      %9 = tt.advance %arg6, [%c0_i32, %c64_i32] : <tensor<32x64xf16>>
      %10 = tt.advance %arg7, [%c32_i32, %c0_i32] : <tensor<32x64xf16>>
      %11 = tt.advance %arg8, [%c0_i32, %c64_i32] : <tensor<4x64xi16>>
      scf.yield %8, %9, %10, %11 : tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<4x64xi16>>
    }
    %4 = tt.make_tensor_ptr %arg3, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    tt.store %4, %3#0 : !tt.ptr<tensor<32x64xf32>>
    tt.return
  }
}