module {
  tt.func public @load_store(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: !tt.ptr<f16>, %arg3: i64, %arg4: i64, %arg5: i32) {
    %c0_i64 = arith.constant 0 : i64
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = arith.extsi %1 : tensor<32xi32> to tensor<32xi64>
    %3 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %4 = arith.muli %2, %3 : tensor<32xi64>
    %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %6 = tt.broadcast %5 : tensor<32x1xi64> -> tensor<32x16xi64>
    %7 = tt.addptr %0, %6 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %10 = tt.broadcast %9 : tensor<1x16xi32> -> tensor<32x16xi32>
    %11 = tt.addptr %7, %10 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %12 = arith.extsi %arg5 : i32 to i64
    %13 = arith.muli %12, %arg4 : i64
    %14 = tt.splat %13 : i64 -> tensor<32x16xi64>
    %15 = tt.addptr %11, %14 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %16 = arith.extsi %arg5 : i32 to i64
    %17 = arith.subi %arg3, %16 : i64
    %18 = arith.maxsi %17, %c0_i64 : i64
    %c32_i64 = arith.constant 32 : i64
    %19 = arith.minsi %18, %c32_i64 : i64
    %20 = arith.trunci %19 : i64 to i32
    %21 = tt.splat %20 : i32 -> tensor<32xi32>
    %22 = arith.cmpi slt, %1, %21 : tensor<32xi32>
    %c0_i64_0 = arith.constant 0 : i64
    %23 = arith.subi %c0_i64_0, %16 : i64
    %c0_i64_1 = arith.constant 0 : i64
    %24 = arith.maxsi %23, %c0_i64_1 : i64
    %c32_i64_2 = arith.constant 32 : i64
    %25 = arith.minsi %24, %c32_i64_2 : i64
    %26 = arith.trunci %25 : i64 to i32
    %27 = tt.splat %26 : i32 -> tensor<32xi32>
    %28 = arith.cmpi sge, %1, %27 : tensor<32xi32>
    %29 = arith.andi %28, %22 : tensor<32xi1>
    %30 = tt.expand_dims %29 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %31 = tt.broadcast %30 : tensor<32x1xi1> -> tensor<32x16xi1>
    %c0_i64_3 = arith.constant 0 : i64
    %32 = arith.maxsi %arg4, %c0_i64_3 : i64
    %c16_i64 = arith.constant 16 : i64
    %33 = arith.minsi %32, %c16_i64 : i64
    %34 = arith.trunci %33 : i64 to i32
    %35 = tt.splat %34 : i32 -> tensor<16xi32>
    %36 = arith.cmpi slt, %8, %35 : tensor<16xi32>
    %37 = tt.expand_dims %36 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %38 = tt.broadcast %37 : tensor<1x16xi1> -> tensor<32x16xi1>
    %39 = arith.andi %31, %38 : tensor<32x16xi1>
    %cst = arith.constant dense<0.000000e+00> : tensor<32x16xf16>
    %40 = tt.load %15, %39, %cst : tensor<32x16x!tt.ptr<f16>>
    %41 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %42 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %43 = arith.extsi %42 : tensor<32xi32> to tensor<32xi64>
    %44 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %45 = arith.muli %43, %44 : tensor<32xi64>
    %46 = tt.expand_dims %45 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %47 = tt.broadcast %46 : tensor<32x1xi64> -> tensor<32x16xi64>
    %48 = tt.addptr %41, %47 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %49 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %50 = tt.expand_dims %49 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %51 = tt.broadcast %50 : tensor<1x16xi32> -> tensor<32x16xi32>
    %52 = tt.addptr %48, %51 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %53 = arith.extsi %arg5 : i32 to i64
    %54 = arith.muli %53, %arg4 : i64
    %55 = tt.splat %54 : i64 -> tensor<32x16xi64>
    %56 = tt.addptr %52, %55 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %c0_i64_4 = arith.constant 0 : i64
    %57 = arith.maxsi %arg4, %c0_i64_4 : i64
    %c16_i64_5 = arith.constant 16 : i64
    %58 = arith.minsi %57, %c16_i64_5 : i64
    %59 = arith.trunci %58 : i64 to i32
    %60 = tt.splat %59 : i32 -> tensor<16xi32>
    %61 = arith.cmpi slt, %49, %60 : tensor<16xi32>
    %62 = tt.expand_dims %61 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %63 = tt.broadcast %62 : tensor<1x16xi1> -> tensor<32x16xi1>
    %cst_6 = arith.constant dense<0x7E00> : tensor<32x16xf16>
    %64 = tt.load %56, %63, %cst_6 cacheModifier = ca : tensor<32x16x!tt.ptr<f16>>
    %65 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
    %66 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %67 = arith.extsi %66 : tensor<2xi32> to tensor<2xi64>
    %68 = tt.splat %arg4 : i64 -> tensor<2xi64>
    %69 = arith.muli %67, %68 : tensor<2xi64>
    %70 = tt.expand_dims %69 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %71 = tt.broadcast %70 : tensor<2x1xi64> -> tensor<2x64xi64>
    %72 = tt.addptr %65, %71 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi64>
    %73 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %74 = tt.expand_dims %73 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %75 = tt.broadcast %74 : tensor<1x64xi32> -> tensor<2x64xi32>
    %76 = tt.addptr %72, %75 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi32>
    %77 = tt.load %76 : tensor<2x64x!tt.ptr<i16>>
    %78 = arith.addf %40, %64 : tensor<32x16xf16>
    %79 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %80 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %81 = arith.extsi %80 : tensor<32xi32> to tensor<32xi64>
    %82 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %83 = arith.muli %81, %82 : tensor<32xi64>
    %84 = tt.expand_dims %83 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %85 = tt.broadcast %84 : tensor<32x1xi64> -> tensor<32x16xi64>
    %86 = tt.addptr %79, %85 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %87 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %88 = tt.expand_dims %87 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %89 = tt.broadcast %88 : tensor<1x16xi32> -> tensor<32x16xi32>
    %90 = tt.addptr %86, %89 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
    %91 = arith.extsi %arg5 : i32 to i64
    %92 = arith.muli %91, %arg4 : i64
    %93 = tt.splat %92 : i64 -> tensor<32x16xi64>
    %94 = tt.addptr %90, %93 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %95 = arith.extsi %arg5 : i32 to i64
    %96 = arith.subi %arg3, %95 : i64
    %c0_i64_7 = arith.constant 0 : i64
    %97 = arith.maxsi %96, %c0_i64_7 : i64
    %c32_i64_8 = arith.constant 32 : i64
    %98 = arith.minsi %97, %c32_i64_8 : i64
    %99 = arith.trunci %98 : i64 to i32
    %100 = tt.splat %99 : i32 -> tensor<32xi32>
    %101 = arith.cmpi slt, %80, %100 : tensor<32xi32>
    %c0_i64_9 = arith.constant 0 : i64
    %102 = arith.subi %c0_i64_9, %95 : i64
    %c0_i64_10 = arith.constant 0 : i64
    %103 = arith.maxsi %102, %c0_i64_10 : i64
    %c32_i64_11 = arith.constant 32 : i64
    %104 = arith.minsi %103, %c32_i64_11 : i64
    %105 = arith.trunci %104 : i64 to i32
    %106 = tt.splat %105 : i32 -> tensor<32xi32>
    %107 = arith.cmpi sge, %80, %106 : tensor<32xi32>
    %108 = arith.andi %107, %101 : tensor<32xi1>
    %109 = tt.expand_dims %108 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %110 = tt.broadcast %109 : tensor<32x1xi1> -> tensor<32x16xi1>
    tt.store %94, %78, %110 : tensor<32x16x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %77 : tensor<2x64xi16>
    tt.return
  }
}