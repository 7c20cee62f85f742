module {
  tt.func public @load_store(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: !tt.ptr<f16>, %arg3: i64, %arg4: i64, %arg5: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = arith.extsi %1 : tensor<32xi32> to tensor<32xi64>
    %3 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %4 = arith.muli %2, %3 : tensor<32xi64>
    %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %6 = tt.broadcast %5 : tensor<32x1xi64> -> tensor<32x16xi64>
    %7 = tt.addptr %0, %6 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cst = arith.constant dense<1> : tensor<16xi32>
    %9 = arith.muli %8, %cst : tensor<16xi32>
    %10 = tt.expand_dims %9 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %11 = tt.broadcast %10 : tensor<1x16xi32> -> tensor<32x16xi32>
    %12 = tt.addptr %7, %11 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %13 = arith.extsi %arg5 : i32 to i64
    %14 = arith.muli %13, %arg4 : i64
    %15 = tt.splat %14 : i64 -> tensor<32x16xi64>
    %16 = tt.addptr %12, %15 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %17 = arith.extsi %arg5 : i32 to i64
    %18 = arith.subi %arg3, %17 : i64
    %c0_i64 = arith.constant 0 : i64
    %19 = arith.maxsi %18, %c0_i64 : i64
    %c32_i64 = arith.constant 32 : i64
    %20 = arith.minsi %19, %c32_i64 : i64
    %21 = arith.trunci %20 : i64 to i32
    %22 = tt.splat %21 : i32 -> tensor<32xi32>
    %23 = arith.cmpi slt, %1, %22 : tensor<32xi32>
    %c0_i64_0 = arith.constant 0 : i64
    %24 = arith.subi %c0_i64_0, %17 : i64
    %c0_i64_1 = arith.constant 0 : i64
    %25 = arith.maxsi %24, %c0_i64_1 : i64
    %c32_i64_2 = arith.constant 32 : i64
    %26 = arith.minsi %25, %c32_i64_2 : i64
    %27 = arith.trunci %26 : i64 to i32
    %28 = tt.splat %27 : i32 -> tensor<32xi32>
    %29 = arith.cmpi sge, %1, %28 : tensor<32xi32>
    %30 = arith.andi %29, %23 : tensor<32xi1>
    %31 = tt.expand_dims %30 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %32 = tt.broadcast %31 : tensor<32x1xi1> -> tensor<32x16xi1>
    %33 = arith.extsi %c0_i32 : i32 to i64
    %34 = arith.subi %arg4, %33 : i64
    %c0_i64_3 = arith.constant 0 : i64
    %35 = arith.maxsi %34, %c0_i64_3 : i64
    %c16_i64 = arith.constant 16 : i64
    %36 = arith.minsi %35, %c16_i64 : i64
    %37 = arith.trunci %36 : i64 to i32
    %38 = tt.splat %37 : i32 -> tensor<16xi32>
    %39 = arith.cmpi slt, %8, %38 : tensor<16xi32>
    %40 = tt.expand_dims %39 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %41 = tt.broadcast %40 : tensor<1x16xi1> -> tensor<32x16xi1>
    %42 = arith.andi %32, %41 : tensor<32x16xi1>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<32x16xf16>
    %43 = tt.load %16, %42, %cst_4 : tensor<32x16x!tt.ptr<f16>>
    %44 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %45 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %46 = arith.extsi %45 : tensor<32xi32> to tensor<32xi64>
    %47 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %48 = arith.muli %46, %47 : tensor<32xi64>
    %49 = tt.expand_dims %48 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %50 = tt.broadcast %49 : tensor<32x1xi64> -> tensor<32x16xi64>
    %51 = tt.addptr %44, %50 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %52 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cst_5 = arith.constant dense<1> : tensor<16xi32>
    %53 = arith.muli %52, %cst_5 : tensor<16xi32>
    %54 = tt.expand_dims %53 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %55 = tt.broadcast %54 : tensor<1x16xi32> -> tensor<32x16xi32>
    %56 = tt.addptr %51, %55 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %57 = arith.extsi %arg5 : i32 to i64
    %58 = arith.muli %57, %arg4 : i64
    %59 = tt.splat %58 : i64 -> tensor<32x16xi64>
    %60 = tt.addptr %56, %59 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %61 = arith.extsi %c0_i32 : i32 to i64
    %62 = arith.subi %arg4, %61 : i64
    %c0_i64_6 = arith.constant 0 : i64
    %63 = arith.maxsi %62, %c0_i64_6 : i64
    %c16_i64_7 = arith.constant 16 : i64
    %64 = arith.minsi %63, %c16_i64_7 : i64
    %65 = arith.trunci %64 : i64 to i32
    %66 = tt.splat %65 : i32 -> tensor<16xi32>
    %67 = arith.cmpi slt, %52, %66 : tensor<16xi32>
    %68 = tt.expand_dims %67 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %69 = tt.broadcast %68 : tensor<1x16xi1> -> tensor<32x16xi1>
    %cst_8 = arith.constant dense<0x7E00> : tensor<32x16xf16>
    %70 = tt.load %60, %69, %cst_8 cacheModifier = ca : tensor<32x16x!tt.ptr<f16>>
    %71 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
    %72 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %73 = arith.extsi %72 : tensor<2xi32> to tensor<2xi64>
    %74 = tt.splat %arg4 : i64 -> tensor<2xi64>
    %75 = arith.muli %73, %74 : tensor<2xi64>
    %76 = tt.expand_dims %75 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %77 = tt.broadcast %76 : tensor<2x1xi64> -> tensor<2x64xi64>
    %78 = tt.addptr %71, %77 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi64>
    %79 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cst_9 = arith.constant dense<1> : tensor<64xi32>
    %80 = arith.muli %79, %cst_9 : tensor<64xi32>
    %81 = tt.expand_dims %80 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %82 = tt.broadcast %81 : tensor<1x64xi32> -> tensor<2x64xi32>
    %83 = tt.addptr %78, %82 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi32>
    %84 = tt.load %83 : tensor<2x64x!tt.ptr<i16>>
    %85 = arith.addf %43, %70 : tensor<32x16xf16>
    %86 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %87 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %88 = arith.extsi %87 : tensor<32xi32> to tensor<32xi64>
    %89 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %90 = arith.muli %88, %89 : tensor<32xi64>
    %91 = tt.expand_dims %90 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %92 = tt.broadcast %91 : tensor<32x1xi64> -> tensor<32x16xi64>
    %93 = tt.addptr %86, %92 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %94 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cst_10 = arith.constant dense<1> : tensor<16xi32>
    %95 = arith.muli %94, %cst_10 : tensor<16xi32>
    %96 = tt.expand_dims %95 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %97 = tt.broadcast %96 : tensor<1x16xi32> -> tensor<32x16xi32>
    %98 = tt.addptr %93, %97 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %99 = arith.extsi %arg5 : i32 to i64
    %100 = arith.muli %99, %arg4 : i64
    %101 = tt.splat %100 : i64 -> tensor<32x16xi64>
    %102 = tt.addptr %98, %101 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %103 = arith.extsi %arg5 : i32 to i64
    %104 = arith.subi %arg3, %103 : i64
    %c0_i64_11 = arith.constant 0 : i64
    %105 = arith.maxsi %104, %c0_i64_11 : i64
    %c32_i64_12 = arith.constant 32 : i64
    %106 = arith.minsi %105, %c32_i64_12 : i64
    %107 = arith.trunci %106 : i64 to i32
    %108 = tt.splat %107 : i32 -> tensor<32xi32>
    %109 = arith.cmpi slt, %87, %108 : tensor<32xi32>
    %c0_i64_13 = arith.constant 0 : i64
    %110 = arith.subi %c0_i64_13, %103 : i64
    %c0_i64_14 = arith.constant 0 : i64
    %111 = arith.maxsi %110, %c0_i64_14 : i64
    %c32_i64_15 = arith.constant 32 : i64
    %112 = arith.minsi %111, %c32_i64_15 : i64
    %113 = arith.trunci %112 : i64 to i32
    %114 = tt.splat %113 : i32 -> tensor<32xi32>
    %115 = arith.cmpi sge, %87, %114 : tensor<32xi32>
    %116 = arith.andi %115, %109 : tensor<32xi1>
    %117 = tt.expand_dims %116 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %118 = tt.broadcast %117 : tensor<32x1xi1> -> tensor<32x16xi1>
    tt.store %102, %85, %118 : tensor<32x16x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %84 : tensor<2x64xi16>
    tt.return
  }
}