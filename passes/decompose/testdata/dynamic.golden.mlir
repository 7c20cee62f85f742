module {
  tt.func public @dynamic(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i32, %arg6: i32) -> tensor<64x32xf16> {
    %c8_i32 = arith.constant 8 : i32
    %c4_i32 = arith.constant 4 : i32
    %c4_i64 = arith.constant 4 : i64
    %c1_i32 = arith.constant 1 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.shrsi %arg3, %c1_i64 : i64
    %1 = arith.shrsi %arg4, %c1_i64 : i64
    %2 = arith.shrsi %arg6, %c1_i32 : i32
    %3 = arith.shrsi %arg2, %c4_i64 : i64
    %4 = arith.shrsi %arg5, %c4_i32 : i32
    %5 = tt.make_tensor_ptr %arg0, [%arg2, %0], [%1, %c1_i64], [%arg5, %2] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    %6 = tt.make_tensor_ptr %arg1, [%3, %arg3], [%arg4, %c1_i64], [%4, %arg6] {order = array<i32: 1, 0>} : <tensor<4x64xi16>>
    %7 = arith.shrsi %arg6, %c4_i32 : i32
    %8 = tt.advance %5, [%arg6, %c8_i32] : <tensor<64x32xf16>>
    %9 = tt.advance %6, [%7, %c16_i32] : <tensor<4x64xi16>>
    %10 = tt.load %8 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
    %11 = tt.load %9 {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x64xi16>>
    %c8_i32_0 = arith.constant 8 : i32
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %c8_i32_0 : i32
    tt.return %10 : tensor<64x32xf16>
  }
}