module {
  tt.func public @load_store(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16>, %arg2: !tt.ptr<f16>, %arg3: i64, %arg4: i64, %arg5: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.splat %arg5 : i32 -> tensor<32xi32>
    %3 = arith.addi %2, %1 : tensor<32xi32>
    %4 = arith.extsi %3 : tensor<32xi32> to tensor<32xi64>
    %5 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %6 = arith.muli %4, %5 : tensor<32xi64>
    %7 = tt.expand_dims %6 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %8 = tt.broadcast %7 : tensor<32x1xi64> -> tensor<32x16xi64>
    %9 = tt.addptr %0, %8 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %10 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %11 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %12 = arith.addi %11, %10 : tensor<16xi32>
    %13 = arith.extsi %12 : tensor<16xi32> to tensor<16xi64>
    %14 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %15 = arith.muli %13, %14 : tensor<16xi64>
    %16 = tt.expand_dims %15 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %17 = tt.broadcast %16 : tensor<1x16xi64> -> tensor<32x16xi64>
    %18 = tt.addptr %9, %17 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %cst = arith.constant dense<0> : tensor<32xi64>
    %19 = arith.cmpi sge, %4, %cst : tensor<32xi64>
    %20 = tt.splat %arg3 : i64 -> tensor<32xi64>
    %21 = arith.cmpi slt, %4, %20 : tensor<32xi64>
    %22 = arith.andi %19, %21 : tensor<32xi1>
    %23 = tt.expand_dims %22 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %24 = tt.broadcast %23 : tensor<32x1xi1> -> tensor<32x16xi1>
    %cst_0 = arith.constant dense<0> : tensor<16xi64>
    %25 = arith.cmpi sge, %13, %cst_0 : tensor<16xi64>
    %26 = tt.splat %arg4 : i64 -> tensor<16xi64>
    %27 = arith.cmpi slt, %13, %26 : tensor<16xi64>
    %28 = arith.andi %25, %27 : tensor<16xi1>
    %29 = tt.expand_dims %28 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %30 = tt.broadcast %29 : tensor<1x16xi1> -> tensor<32x16xi1>
    %31 = arith.andi %24, %30 : tensor<32x16xi1>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x16xf16>
    %32 = tt.load %18, %31, %cst_1 : tensor<32x16x!tt.ptr<f16>>
    %33 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %34 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %35 = tt.splat %arg5 : i32 -> tensor<32xi32>
    %36 = arith.addi %35, %34 : tensor<32xi32>
    %37 = arith.extsi %36 : tensor<32xi32> to tensor<32xi64>
    %38 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %39 = arith.muli %37, %38 : tensor<32xi64>
    %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %41 = tt.broadcast %40 : tensor<32x1xi64> -> tensor<32x16xi64>
    %42 = tt.addptr %33, %41 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %43 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %44 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %45 = arith.addi %44, %43 : tensor<16xi32>
    %46 = arith.extsi %45 : tensor<16xi32> to tensor<16xi64>
    %47 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %48 = arith.muli %46, %47 : tensor<16xi64>
    %49 = tt.expand_dims %48 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %50 = tt.broadcast %49 : tensor<1x16xi64> -> tensor<32x16xi64>
    %51 = tt.addptr %42, %50 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %cst_2 = arith.constant dense<0> : tensor<16xi64>
    %52 = arith.cmpi sge, %46, %cst_2 : tensor<16xi64>
    %53 = tt.splat %arg4 : i64 -> tensor<16xi64>
    %54 = arith.cmpi slt, %46, %53 : tensor<16xi64>
    %55 = arith.andi %52, %54 : tensor<16xi1>
    %56 = tt.expand_dims %55 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
    %57 = tt.broadcast %56 : tensor<1x16xi1> -> tensor<32x16xi1>
    %cst_3 = arith.constant dense<0x7E00> : tensor<32x16xf16>
    %58 = tt.load %51, %57, %cst_3 cacheModifier = ca : tensor<32x16x!tt.ptr<f16>>
    %59 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
    %60 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %61 = tt.splat %c0_i32 : i32 -> tensor<2xi32>
    %62 = arith.addi %61, %60 : tensor<2xi32>
    %63 = arith.extsi %62 : tensor<2xi32> to tensor<2xi64>
    %64 = tt.splat %arg4 : i64 -> tensor<2xi64>
    %65 = arith.muli %63, %64 : tensor<2xi64>
    %66 = tt.expand_dims %65 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %67 = tt.broadcast %66 : tensor<2x1xi64> -> tensor<2x64xi64>
    %68 = tt.addptr %59, %67 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi64>
    %69 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %70 = tt.splat %c0_i32 : i32 -> tensor<64xi32>
    %71 = arith.addi %70, %69 : tensor<64xi32>
    %72 = arith.extsi %71 : tensor<64xi32> to tensor<64xi64>
    %73 = tt.splat %c1_i64 : i64 -> tensor<64xi64>
    %74 = arith.muli %72, %73 : tensor<64xi64>
    %75 = tt.expand_dims %74 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %76 = tt.broadcast %75 : tensor<1x64xi64> -> tensor<2x64xi64>
    %77 = tt.addptr %68, %76 : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi64>
    %78 = tt.load %77 : tensor<2x64x!tt.ptr<i16>>
    %79 = arith.addf %32, %58 : tensor<32x16xf16>
    %80 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
    %81 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %82 = tt.splat %arg5 : i32 -> tensor<32xi32>
    %83 = arith.addi %82, %81 : tensor<32xi32>
    %84 = arith.extsi %83 : tensor<32xi32> to tensor<32xi64>
    %85 = tt.splat %arg4 : i64 -> tensor<32xi64>
    %86 = arith.muli %84, %85 : tensor<32xi64>
    %87 = tt.expand_dims %86 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
    %88 = tt.broadcast %87 : tensor<32x1xi64> -> tensor<32x16xi64>
    %89 = tt.addptr %80, %88 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %90 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %91 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %92 = arith.addi %91, %90 : tensor<16xi32>
    %93 = arith.extsi %92 : tensor<16xi32> to tensor<16xi64>
    %94 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %95 = arith.muli %93, %94 : tensor<16xi64>
    %96 = tt.expand_dims %95 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %97 = tt.broadcast %96 : tensor<1x16xi64> -> tensor<32x16xi64>
    %98 = tt.addptr %89, %97 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
    %cst_4 = arith.constant dense<0> : tensor<32xi64>
    %99 = arith.cmpi sge, %84, %cst_4 : tensor<32xi64>
    %100 = tt.splat %arg3 : i64 -> tensor<32xi64>
    %101 = arith.cmpi slt, %84, %100 : tensor<32xi64>
    %102 = arith.andi %99, %101 : tensor<32xi1>
    %103 = tt.expand_dims %102 {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
    %104 = tt.broadcast %103 : tensor<32x1xi1> -> tensor<32x16xi1>
    tt.store %98, %79, %104 : tensor<32x16x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %78 : tensor<2x64xi16>
    tt.return
  }
}