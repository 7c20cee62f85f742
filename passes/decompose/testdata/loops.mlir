// Loops: one without iter args whose body uses a sparse pointer, one
// carrying nothing sparse (left untouched, attributes kept), one carrying
// a loaded sparse tensor, and an scf.if selecting between block pointers.
module {
  tt.func public @loops(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: !tt.ptr<f16>, %arg2: i1, %arg3: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg1, [%c64_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %10 = arith.muli %arg4, %c32_i32 : i32
      %11 = tt.advance %0, [%10, %c0_i32] : <tensor<32x64xf16, #tt.sparse<"NV24">>>
      %12 = tt.load %11 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
      %13 = tt.sparse_values %12 : tensor<32x64xf16, #tt.sparse<"NV24">> -> tensor<32x32xf16>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %13 : tensor<32x32xf16>
    }
    %2 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
      %10 = arith.addi %arg5, %arg4 : i32
      scf.yield %10 : i32
    } {tt.num_stages = 2 : i32}
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x32xf16>>
    %5:2 = scf.for %arg4 = %c0_i32 to %2 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %3) -> (tensor<32x32xf32>, tensor<32x64xf16, #tt.sparse<"NV24">>)  : i32 {
      %10 = tt.dot %arg6, %4, %arg5 : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
      scf.yield %10, %arg6 : tensor<32x32xf32>, tensor<32x64xf16, #tt.sparse<"NV24">>
    }
    %6 = tt.advance %0, [%c32_i32, %c0_i32] : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %7 = scf.if %arg2 -> (!tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>) {
      scf.yield %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    } else {
      scf.yield %6 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    }
    %8 = tt.load %7 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %9 = tt.dot %8, %4, %5#0 : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %9 : tensor<32x32xf32>
    tt.return
  }
}
