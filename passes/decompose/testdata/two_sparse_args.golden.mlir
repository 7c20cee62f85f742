module {
  tt.func public @two(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %arg3: !tt.ptr<bf16> {tt.pointer_range = 32 : i32}, %arg4: !tt.ptr<i16> {tt.pointer_range = 32 : i32}, %arg5: !tt.ptr<f32>) {
    %c2_i64 = arith.constant 2 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
    %1 = tt.make_tensor_ptr %arg1, [%c2_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
    %2 = tt.make_tensor_ptr %arg2, [%c64_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    %3 = tt.make_tensor_ptr %arg3, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xbf16>>
    %4 = tt.make_tensor_ptr %arg4, [%c2_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
    %5 = tt.load %0 : !tt.ptr<tensor<32x32xf16>>
    %6 = tt.load %1 : !tt.ptr<tensor<2x64xi16>>
    %7 = tt.load %2 : !tt.ptr<tensor<64x32xf16>>
    %8 = tt.load %3 : !tt.ptr<tensor<32x32xbf16>>
    %9 = tt.load %4 : !tt.ptr<tensor<2x64xi16>>
    %10 = tt.dot %5, %7, %cst, %6, sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x32xf16> -> tensor<32x32xf32>
    %11 = arith.extf %8 : tensor<32x32xbf16> to tensor<32x32xf32>
    %12 = arith.addf %10, %11 : tensor<32x32xf32>
    %13 = tt.make_tensor_ptr %arg5, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf32>>
    tt.store %13, %12 : !tt.ptr<tensor<32x32xf32>>
    tt.return
  }
  tt.func private @decl(!tt.ptr<f16> {tt.divisibility = 16 : i32}, !tt.ptr<i16> {tt.divisibility = 16 : i32}, i32)
}