// A 2-D block load with boundary checks and zero padding, a NaN-padded
// load checking one dimension, an unchecked i16 load and a checked store.
module {
  tt.func public @load_store(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: !tt.ptr<f16>, %arg3: i64, %arg4: i64, %arg5: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_ptr %arg0, [%arg3, %arg4], [%arg4, %c1_i64], [%arg5, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
    %1 = tt.load %0 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x16xf16>>
    %2 = tt.load %0 {boundaryCheck = array<i32: 1>, padding = 2 : i32, cache = 2 : i32} : !tt.ptr<tensor<32x16xf16>>
    %3 = tt.make_tensor_ptr %arg1, [%arg3, %arg4], [%arg4, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
    %4 = tt.load %3 : !tt.ptr<tensor<2x64xi16>>
    %5 = arith.addf %1, %2 : tensor<32x16xf16>
    %6 = tt.make_tensor_ptr %arg2, [%arg3, %arg4], [%arg4, %c1_i64], [%arg5, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
    tt.store %6, %5 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<32x16xf16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %4 : tensor<2x64xi16>
    tt.return
  }
}
