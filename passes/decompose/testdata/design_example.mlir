// The sparse compiler design document's kernel (triton-sparse-compiler.md,
// "Sparse Tensor"), in real Triton 3.1 syntax: D[32x16] = A[32x64] * B[64x16]
// where A is 2:4 sparse along K. Arguments: (D, A, B).
module {
  tt.func public @dot_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c16_i64 = arith.constant 16 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
    %0 = tt.make_tensor_ptr %arg1, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg2, [%c64_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x16xf16>>
    %2 = tt.make_tensor_ptr %arg0, [%c32_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x16xf16>>
    %5 = tt.dot %3, %4, %cst : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
    %6 = arith.truncf %5 : tensor<32x16xf32> to tensor<32x16xf16>
    tt.store %2, %6 : !tt.ptr<tensor<32x16xf16>>
    tt.return
  }
}
