module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0:3 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %arg3, %arg8 = %c0_i32) -> (tensor<16x16xf32>, i32, i32)  : i32 {
      %96 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %97 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %98 = tt.splat %arg7 : i32 -> tensor<16xi32>
      %99 = arith.addi %98, %97 : tensor<16xi32>
      %100 = arith.extsi %99 : tensor<16xi32> to tensor<16xi64>
      %101 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %102 = arith.muli %100, %101 : tensor<16xi64>
      %103 = tt.expand_dims %102 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %104 = tt.broadcast %103 : tensor<16x1xi64> -> tensor<16x16xi64>
      %105 = tt.addptr %96, %104 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %106 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %107 = tt.splat %arg8 : i32 -> tensor<16xi32>
      %108 = arith.addi %107, %106 : tensor<16xi32>
      %109 = arith.extsi %108 : tensor<16xi32> to tensor<16xi64>
      %110 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
      %111 = arith.muli %109, %110 : tensor<16xi64>
      %112 = tt.expand_dims %111 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
      %113 = tt.broadcast %112 : tensor<1x16xi64> -> tensor<16x16xi64>
      %114 = tt.addptr %105, %113 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %cst_3 = arith.constant dense<0> : tensor<16xi64>
      %115 = arith.cmpi sge, %100, %cst_3 : tensor<16xi64>
      %116 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %117 = arith.cmpi slt, %100, %116 : tensor<16xi64>
      %118 = arith.andi %115, %117 : tensor<16xi1>
      %119 = tt.expand_dims %118 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>
      %120 = tt.broadcast %119 : tensor<16x1xi1> -> tensor<16x16xi1>
      %cst_4 = arith.constant dense<0> : tensor<16xi64>
      %121 = arith.cmpi sge, %109, %cst_4 : tensor<16xi64>
      %122 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %123 = arith.cmpi slt, %109, %122 : tensor<16xi64>
      %124 = arith.andi %121, %123 : tensor<16xi1>
      %125 = tt.expand_dims %124 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
      %126 = tt.broadcast %125 : tensor<1x16xi1> -> tensor<16x16xi1>
      %127 = arith.andi %120, %126 : tensor<16x16xi1>
      %cst_5 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
      %128 = tt.load %114, %127, %cst_5 : tensor<16x16x!tt.ptr<f16>>
      %129 = arith.extf %128 : tensor<16x16xf16> to tensor<16x16xf32>
      %130 = arith.addf %arg6, %129 : tensor<16x16xf32>
      %131 = arith.addi %arg7, %c0_i32 : i32
      %132 = arith.addi %arg8, %c16_i32 : i32
      scf.yield %130, %131, %132 : tensor<16x16xf32>, i32, i32
    } {tt.num_stages = 3 : i32}
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %96 = arith.addi %arg3, %arg5 : i32
      %97 = arith.addi %c0_i32, %c0_i32 : i32
      %98 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %99 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %100 = tt.splat %96 : i32 -> tensor<16xi32>
      %101 = arith.addi %100, %99 : tensor<16xi32>
      %102 = arith.extsi %101 : tensor<16xi32> to tensor<16xi64>
      %103 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %104 = arith.muli %102, %103 : tensor<16xi64>
      %105 = tt.expand_dims %104 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %106 = tt.broadcast %105 : tensor<16x1xi64> -> tensor<16x16xi64>
      %107 = tt.addptr %98, %106 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %108 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %109 = tt.splat %97 : i32 -> tensor<16xi32>
      %110 = arith.addi %109, %108 : tensor<16xi32>
      %111 = arith.extsi %110 : tensor<16xi32> to tensor<16xi64>
      %112 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
      %113 = arith.muli %111, %112 : tensor<16xi64>
      %114 = tt.expand_dims %113 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
      %115 = tt.broadcast %114 : tensor<1x16xi64> -> tensor<16x16xi64>
      %116 = tt.addptr %107, %115 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %117 = tt.load %116 : tensor<16x16x!tt.ptr<f16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %117 : tensor<16x16xf16>
    }
    %1 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %96 = arith.addi %arg6, %arg5 : i32
      scf.yield %96 : i32
    } {tt.num_stages = 2 : i32}
    %2 = arith.addi %0#1, %1 : i32
    %3 = arith.addi %0#2, %c0_i32 : i32
    %4:2 = scf.if %arg4 -> (i32, i32) {
      scf.yield %2, %3 : i32, i32
    } else {
      scf.yield %arg3, %c0_i32 : i32, i32
    }
    %5 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %7 = tt.splat %4#0 : i32 -> tensor<16xi32>
    %8 = arith.addi %7, %6 : tensor<16xi32>
    %9 = arith.extsi %8 : tensor<16xi32> to tensor<16xi64>
    %10 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %11 = arith.muli %9, %10 : tensor<16xi64>
    %12 = tt.expand_dims %11 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %13 = tt.broadcast %12 : tensor<16x1xi64> -> tensor<16x16xi64>
    %14 = tt.addptr %5, %13 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %15 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %16 = tt.splat %4#1 : i32 -> tensor<16xi32>
    %17 = arith.addi %16, %15 : tensor<16xi32>
    %18 = arith.extsi %17 : tensor<16xi32> to tensor<16xi64>
    %19 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %20 = arith.muli %18, %19 : tensor<16xi64>
    %21 = tt.expand_dims %20 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %22 = tt.broadcast %21 : tensor<1x16xi64> -> tensor<16x16xi64>
    %23 = tt.addptr %14, %22 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %24 = tt.load %23 : tensor<16x16x!tt.ptr<f16>>
    %25 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %26 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %27 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %28 = arith.addi %27, %26 : tensor<16xi32>
    %29 = arith.extsi %28 : tensor<16xi32> to tensor<16xi64>
    %30 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %31 = arith.muli %29, %30 : tensor<16xi64>
    %32 = tt.expand_dims %31 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %33 = tt.broadcast %32 : tensor<16x1xi64> -> tensor<16x16xi64>
    %34 = tt.addptr %25, %33 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    %35 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %36 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %37 = arith.addi %36, %35 : tensor<16xi32>
    %38 = arith.extsi %37 : tensor<16xi32> to tensor<16xi64>
    %39 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %40 = arith.muli %38, %39 : tensor<16xi64>
    %41 = tt.expand_dims %40 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %42 = tt.broadcast %41 : tensor<1x16xi64> -> tensor<16x16xi64>
    %43 = tt.addptr %34, %42 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    tt.store %43, %0#0 : tensor<16x16x!tt.ptr<f32>>
    %44 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %45 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %46 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %47 = arith.addi %46, %45 : tensor<64xi32>
    %48 = arith.extsi %47 : tensor<64xi32> to tensor<64xi64>
    %49 = tt.splat %c1_i64 : i64 -> tensor<64xi64>
    %50 = arith.muli %48, %49 : tensor<64xi64>
    %51 = tt.addptr %44, %50 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %cst_0 = arith.constant dense<0> : tensor<64xi64>
    %52 = arith.cmpi sge, %48, %cst_0 : tensor<64xi64>
    %53 = tt.splat %arg2 : i64 -> tensor<64xi64>
    %54 = arith.cmpi slt, %48, %53 : tensor<64xi64>
    %55 = arith.andi %52, %54 : tensor<64xi1>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %56 = tt.load %51, %55, %cst_1 : tensor<64x!tt.ptr<f32>>
    %57 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
    %58 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %59 = tt.splat %c0_i32 : i32 -> tensor<2xi32>
    %60 = arith.addi %59, %58 : tensor<2xi32>
    %61 = arith.extsi %60 : tensor<2xi32> to tensor<2xi64>
    %62 = tt.splat %arg2 : i64 -> tensor<2xi64>
    %63 = arith.muli %61, %62 : tensor<2xi64>
    %64 = tt.expand_dims %63 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %65 = tt.expand_dims %64 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %66 = tt.broadcast %65 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %67 = tt.addptr %57, %66 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %68 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %69 = tt.splat %arg3 : i32 -> tensor<4xi32>
    %70 = arith.addi %69, %68 : tensor<4xi32>
    %71 = arith.extsi %70 : tensor<4xi32> to tensor<4xi64>
    %72 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %73 = arith.muli %71, %72 : tensor<4xi64>
    %74 = tt.expand_dims %73 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %75 = tt.expand_dims %74 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %76 = tt.broadcast %75 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %77 = tt.addptr %67, %76 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %78 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %79 = tt.splat %c0_i32 : i32 -> tensor<8xi32>
    %80 = arith.addi %79, %78 : tensor<8xi32>
    %81 = arith.extsi %80 : tensor<8xi32> to tensor<8xi64>
    %82 = tt.splat %c1_i64 : i64 -> tensor<8xi64>
    %83 = arith.muli %81, %82 : tensor<8xi64>
    %84 = tt.expand_dims %83 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %85 = tt.expand_dims %84 {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
    %86 = tt.broadcast %85 : tensor<1x1x8xi64> -> tensor<2x4x8xi64>
    %87 = tt.addptr %77, %86 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %cst_2 = arith.constant dense<0> : tensor<4xi64>
    %88 = arith.cmpi sge, %71, %cst_2 : tensor<4xi64>
    %89 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %90 = arith.cmpi slt, %71, %89 : tensor<4xi64>
    %91 = arith.andi %88, %90 : tensor<4xi1>
    %92 = tt.expand_dims %91 {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
    %93 = tt.expand_dims %92 {axis = 2 : i32} : tensor<1x4xi1> -> tensor<1x4x1xi1>
    %94 = tt.broadcast %93 : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
    %95 = tt.load %87, %94 : tensor<2x4x8x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %24, %56, %95 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}