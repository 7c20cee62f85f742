module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c4_i32 = arith.constant 4 : i32
    %c4_i64 = arith.constant 4 : i64
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
    %1 = arith.addi %arg4, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg5, %c63_i32 : i32
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
    %16 = arith.extsi %arg4 : i32 to i64
    %17 = arith.extsi %arg6 : i32 to i64
    %18 = arith.extsi %arg7 : i32 to i64
    %19 = arith.shrsi %17, %c1_i64 : i64
    %20 = arith.shrsi %18, %c1_i64 : i64
    %21 = arith.shrsi %16, %c4_i64 : i64
    %22 = arith.shrsi %14, %c4_i32 : i32
    %23 = tt.make_tensor_ptr %arg0, [%16, %19], [%20, %c1_i64], [%14, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %24 = tt.make_tensor_ptr %arg1, [%21, %17], [%18, %c1_i64], [%22, %c0_i32] {order = array<i32: 1, 0>} : <tensor<8x128xi16>>
    %25 = arith.extsi %arg5 : i32 to i64
    %26 = arith.extsi %arg8 : i32 to i64
    %27 = tt.make_tensor_ptr %arg2, [%17, %25], [%26, %c1_i64], [%c0_i32, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %28 = arith.addi %arg6, %c127_i32 : i32
    %29 = arith.divsi %28, %c128_i32 : i32
    %30:4 = scf.for %arg10 = %c0_i32 to %29 step %c1_i32 iter_args(%arg11 = %cst, %arg12 = %23, %arg13 = %24, %arg14 = %27) -> (tensor<128x64xf32>, !tt.ptr<tensor<128x64xf16>>, !tt.ptr<tensor<8x128xi16>>, !tt.ptr<tensor<128x64xf16>>)  : i32 {
      %34 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
      %35 = tt.load %arg13 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<8x128xi16>>
      %36 = tt.load %arg14 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
      %37 = tt.dot %34, %36, %arg11, %35, sparseIndex = 0, inputPrecision = tf32 : tensor<128x64xf16>, tensor<8x128xi16> * tensor<128x64xf16> -> tensor<128x64xf32>
      %38 = tt.advance %arg12, [%c0_i32, %c64_i32] : <tensor<128x64xf16>>
      %39 = tt.advance %arg13, [%c0_i32, %c128_i32] : <tensor<8x128xi16>>
      %40 = tt.advance %arg14, [%c128_i32, %c0_i32] : <tensor<128x64xf16>>
      scf.yield %37, %38, %39, %40 : tensor<128x64xf32>, !tt.ptr<tensor<128x64xf16>>, !tt.ptr<tensor<8x128xi16>>, !tt.ptr<tensor<128x64xf16>>
    } {tt.num_stages = 3 : i32}
    %31 = arith.truncf %30#0 : tensor<128x64xf32> to tensor<128x64xf16>
    %32 = arith.extsi %arg9 : i32 to i64
    %33 = tt.make_tensor_ptr %arg3, [%16, %25], [%32, %c1_i64], [%14, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    tt.store %33, %31 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x64xf16>>
    tt.return
  }
}