// The A-sparse tutorial kernel (sparse-fork.md §9.1, worked example §3.9):
// BM=128, BN=64, BK=128, grouped program ids, a K loop carrying the
// accumulator and both block pointers, boundary checks with zero padding.
module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c8_i32 = arith.constant 8 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c63_i32 : i32
    %4 = arith.divsi %3, %c64_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = arith.muli %13, %c64_i32 : i32
    %16 = arith.extsi %arg3 : i32 to i64
    %17 = arith.extsi %arg5 : i32 to i64
    %18 = arith.extsi %arg6 : i32 to i64
    %19 = tt.make_tensor_ptr %arg0, [%16, %17], [%18, %c1_i64], [%14, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x128xf16, #tt.sparse<"NV24">>>
    %20 = arith.extsi %arg4 : i32 to i64
    %21 = arith.extsi %arg7 : i32 to i64
    %22 = tt.make_tensor_ptr %arg1, [%17, %20], [%21, %c1_i64], [%c0_i32, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %23 = arith.addi %arg5, %c127_i32 : i32
    %24 = arith.divsi %23, %c128_i32 : i32
    %25:3 = scf.for %arg9 = %c0_i32 to %24 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %19, %arg12 = %22) -> (tensor<128x64xf32>, !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x64xf16>>)  : i32 {
      %30 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>
      %31 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
      %32 = tt.dot %30, %31, %arg10, inputPrecision = tf32 : tensor<128x128xf16, #tt.sparse<"NV24">> * tensor<128x64xf16> -> tensor<128x64xf32>
      %33 = tt.advance %arg11, [%c0_i32, %c128_i32] : <tensor<128x128xf16, #tt.sparse<"NV24">>>
      %34 = tt.advance %arg12, [%c128_i32, %c0_i32] : <tensor<128x64xf16>>
      scf.yield %32, %33, %34 : tensor<128x64xf32>, !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x64xf16>>
    } {tt.num_stages = 3 : i32}
    %26 = arith.truncf %25#0 : tensor<128x64xf32> to tensor<128x64xf16>
    %27 = arith.extsi %arg8 : i32 to i64
    %28 = tt.make_tensor_ptr %arg2, [%16, %20], [%27, %c1_i64], [%14, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    tt.store %28, %26 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x64xf16>>
    tt.return
  }
}
