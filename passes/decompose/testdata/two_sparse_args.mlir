// Two sparse arguments in one function (the reference fork mis-addresses
// the attributes of the second one), each with its own attributes, a
// dense argument between them and one after; plus a second function.
module {
  tt.func public @two(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %arg2: !tt.ptr<bf16, #tt.sparse<"NV24">> {tt.pointer_range = 32 : i32}, %arg3: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg1, [%c64_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    %2 = tt.make_tensor_ptr %arg2, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xbf16, #tt.sparse<"NV24">>>
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x32xf16>>
    %5 = tt.load %2 : !tt.ptr<tensor<32x64xbf16, #tt.sparse<"NV24">>>
    %6 = tt.dot %3, %4, %cst : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
    %7 = tt.sparse_values %5 : tensor<32x64xbf16, #tt.sparse<"NV24">> -> tensor<32x32xbf16>
    %8 = arith.extf %7 : tensor<32x32xbf16> to tensor<32x32xf32>
    %9 = arith.addf %6, %8 : tensor<32x32xf32>
    %10 = tt.make_tensor_ptr %arg3, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf32>>
    tt.store %10, %9 : !tt.ptr<tensor<32x32xf32>>
    tt.return
  }
  tt.func private @decl(!tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, i32)
}
