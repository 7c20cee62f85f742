// A sparse B operand (K x N = 128x64, 2:4 along K) in a K loop: values
// [K/2, N] with B's strides, band16 metadata of Bᵀ [N/16, K] packed with
// strides [K, 1]; the dot gets sparseIndex = 1.
module {
  tt.func public @b_sparse(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32>) {
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
    %1 = tt.make_tensor_ptr %arg1, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %2:3 = scf.for %arg3 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %0, %arg6 = %1) -> (tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>)  : i32 {
      %5 = tt.load %arg5 : !tt.ptr<tensor<32x64xf16>>
      %6 = tt.load %arg6 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
      %7 = tt.dot %5, %6, %arg4 : tensor<32x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<32x64xf32>
      %8 = tt.advance %arg5, [%c0_i32, %c64_i32] : <tensor<32x64xf16>>
      %9 = tt.advance %arg6, [%c64_i32, %c0_i32] : <tensor<64x64xf16, #tt.sparse<"NV24">>>
      scf.yield %7, %8, %9 : tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
    }
    %3 = tt.make_tensor_ptr %arg2, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    tt.store %3, %2#0 : !tt.ptr<tensor<32x64xf32>>
    tt.return
  }
}
