// Dynamic shapes, strides and offsets (kernel arguments used directly, a
// block argument with no defining op) get arith.shrsi; constant ones fold
// (an equal constant defined later in the entry block is not reused).
module {
  tt.func public @dynamic(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i32, %arg5: i32) -> tensor<64x32xf16> {
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg2], [%arg3, %c1_i64], [%arg4, %arg5] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.advance %0, [%arg5, %c16_i32] : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %2 = tt.load %1 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
    %3 = tt.sparse_values %2 : tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x32xf16>
    %c8_i32 = arith.constant 8 : i32
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %c8_i32 : i32
    tt.return %3 : tensor<64x32xf16>
  }
}
