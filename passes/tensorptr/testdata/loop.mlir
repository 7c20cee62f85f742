// Block pointers carried by scf.for (replaced by their i32 offsets, the
// loop keeps its attributes), a loop without iter args, an untouched dense
// loop, an scf.if choosing between two pointers of one frame, and rank-1
// and rank-3 blocks.
module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0 = tt.make_tensor_ptr %arg0, [%arg2, %arg2], [%arg2, %c1_i64], [%arg3, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    %1:2 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %0) -> (tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>)  : i32 {
      %10 = tt.load %arg7 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x16xf16>>
      %11 = arith.extf %10 : tensor<16x16xf16> to tensor<16x16xf32>
      %12 = arith.addf %arg6, %11 : tensor<16x16xf32>
      %13 = tt.advance %arg7, [%c0_i32, %c16_i32] : <tensor<16x16xf16>>
      scf.yield %12, %13 : tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>
    } {tt.num_stages = 3 : i32}
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %10 = tt.advance %0, [%arg5, %c0_i32] : <tensor<16x16xf16>>
      %11 = tt.load %10 : !tt.ptr<tensor<16x16xf16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %11 : tensor<16x16xf16>
    }
    %2 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %10 = arith.addi %arg6, %arg5 : i32
      scf.yield %10 : i32
    } {tt.num_stages = 2 : i32}
    %3 = tt.advance %1#1, [%2, %c0_i32] : <tensor<16x16xf16>>
    %4 = scf.if %arg4 -> (!tt.ptr<tensor<16x16xf16>>) {
      scf.yield %3 : !tt.ptr<tensor<16x16xf16>>
    } else {
      scf.yield %0 : !tt.ptr<tensor<16x16xf16>>
    }
    %5 = tt.load %4 : !tt.ptr<tensor<16x16xf16>>
    %6 = tt.make_tensor_ptr %arg1, [%arg2, %arg2], [%arg2, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
    tt.store %6, %1#0 : !tt.ptr<tensor<16x16xf32>>
    %7 = tt.make_tensor_ptr %arg1, [%arg2], [%c1_i64], [%arg3] {order = array<i32: 0>} : <tensor<64xf32>>
    %8 = tt.load %7 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
    %9 = tt.make_tensor_ptr %arg0, [%arg2, %arg2, %arg2], [%arg2, %arg2, %c1_i64], [%c0_i32, %arg3, %c0_i32] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xf16>>
    %10 = tt.load %9 {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<2x4x8xf16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %5, %8, %10 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}
