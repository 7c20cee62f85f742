module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0:3 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %arg3, %arg8 = %c0_i32) -> (tensor<16x16xf32>, i32, i32)  : i32 {
      %95 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %96 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %97 = tt.splat %arg7 : i32 -> tensor<16xi32>
      %98 = arith.addi %97, %96 : tensor<16xi32>
      %99 = arith.extsi %98 : tensor<16xi32> to tensor<16xi64>
      %100 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %101 = arith.muli %99, %100 : tensor<16xi64>
      %102 = tt.expand_dims %101 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %103 = tt.broadcast %102 : tensor<16x1xi64> -> tensor<16x16xi64>
      %104 = tt.addptr %95, %103 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %105 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %106 = tt.splat %arg8 : i32 -> tensor<16xi32>
      %107 = arith.addi %106, %105 : tensor<16xi32>
      %108 = arith.extsi %107 : tensor<16xi32> to tensor<16xi64>
      %109 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
      %110 = arith.muli %108, %109 : tensor<16xi64>
      %111 = tt.expand_dims %110 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
      %112 = tt.broadcast %111 : tensor<1x16xi64> -> tensor<16x16xi64>
      %113 = tt.addptr %104, %112 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %cst_3 = arith.constant dense<0> : tensor<16xi64>
      %114 = arith.cmpi sge, %99, %cst_3 : tensor<16xi64>
      %115 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %116 = arith.cmpi slt, %99, %115 : tensor<16xi64>
      %117 = arith.andi %114, %116 : tensor<16xi1>
      %118 = tt.expand_dims %117 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>
      %119 = tt.broadcast %118 : tensor<16x1xi1> -> tensor<16x16xi1>
      %cst_4 = arith.constant dense<0> : tensor<16xi64>
      %120 = arith.cmpi sge, %108, %cst_4 : tensor<16xi64>
      %121 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %122 = arith.cmpi slt, %108, %121 : tensor<16xi64>
      %123 = arith.andi %120, %122 : tensor<16xi1>
      %124 = tt.expand_dims %123 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
      %125 = tt.broadcast %124 : tensor<1x16xi1> -> tensor<16x16xi1>
      %126 = arith.andi %119, %125 : tensor<16x16xi1>
      %cst_5 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
      %127 = tt.load %113, %126, %cst_5 : tensor<16x16x!tt.ptr<f16>>
      %128 = arith.extf %127 : tensor<16x16xf16> to tensor<16x16xf32>
      %129 = arith.addf %arg6, %128 : tensor<16x16xf32>
      %130 = arith.addi %arg8, %c16_i32 : i32
      scf.yield %129, %arg7, %130 : tensor<16x16xf32>, i32, i32
    } {tt.num_stages = 3 : i32}
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %95 = arith.addi %arg3, %arg5 : i32
      %96 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %97 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %98 = tt.splat %95 : i32 -> tensor<16xi32>
      %99 = arith.addi %98, %97 : tensor<16xi32>
      %100 = arith.extsi %99 : tensor<16xi32> to tensor<16xi64>
      %101 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %102 = arith.muli %100, %101 : tensor<16xi64>
      %103 = tt.expand_dims %102 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %104 = tt.broadcast %103 : tensor<16x1xi64> -> tensor<16x16xi64>
      %105 = tt.addptr %96, %104 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %106 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %107 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
      %108 = arith.addi %107, %106 : tensor<16xi32>
      %109 = arith.extsi %108 : tensor<16xi32> to tensor<16xi64>
      %110 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
      %111 = arith.muli %109, %110 : tensor<16xi64>
      %112 = tt.expand_dims %111 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
      %113 = tt.broadcast %112 : tensor<1x16xi64> -> tensor<16x16xi64>
      %114 = tt.addptr %105, %113 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %115 = tt.load %114 : tensor<16x16x!tt.ptr<f16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %115 : tensor<16x16xf16>
    }
    %1 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %95 = arith.addi %arg6, %arg5 : i32
      scf.yield %95 : i32
    } {tt.num_stages = 2 : i32}
    %2 = arith.addi %0#1, %1 : i32
    %3:2 = scf.if %arg4 -> (i32, i32) {
      scf.yield %2, %0#2 : i32, i32
    } else {
      scf.yield %arg3, %c0_i32 : i32, i32
    }
    %4 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %6 = tt.splat %3#0 : i32 -> tensor<16xi32>
    %7 = arith.addi %6, %5 : tensor<16xi32>
    %8 = arith.extsi %7 : tensor<16xi32> to tensor<16xi64>
    %9 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %10 = arith.muli %8, %9 : tensor<16xi64>
    %11 = tt.expand_dims %10 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %12 = tt.broadcast %11 : tensor<16x1xi64> -> tensor<16x16xi64>
    %13 = tt.addptr %4, %12 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %14 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %15 = tt.splat %3#1 : i32 -> tensor<16xi32>
    %16 = arith.addi %15, %14 : tensor<16xi32>
    %17 = arith.extsi %16 : tensor<16xi32> to tensor<16xi64>
    %18 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %19 = arith.muli %17, %18 : tensor<16xi64>
    %20 = tt.expand_dims %19 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %21 = tt.broadcast %20 : tensor<1x16xi64> -> tensor<16x16xi64>
    %22 = tt.addptr %13, %21 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %23 = tt.load %22 : tensor<16x16x!tt.ptr<f16>>
    %24 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %25 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %26 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %27 = arith.addi %26, %25 : tensor<16xi32>
    %28 = arith.extsi %27 : tensor<16xi32> to tensor<16xi64>
    %29 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %30 = arith.muli %28, %29 : tensor<16xi64>
    %31 = tt.expand_dims %30 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %32 = tt.broadcast %31 : tensor<16x1xi64> -> tensor<16x16xi64>
    %33 = tt.addptr %24, %32 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    %34 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %35 = tt.splat %c0_i32 : i32 -> tensor<16xi32>
    %36 = arith.addi %35, %34 : tensor<16xi32>
    %37 = arith.extsi %36 : tensor<16xi32> to tensor<16xi64>
    %38 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %39 = arith.muli %37, %38 : tensor<16xi64>
    %40 = tt.expand_dims %39 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %41 = tt.broadcast %40 : tensor<1x16xi64> -> tensor<16x16xi64>
    %42 = tt.addptr %33, %41 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    tt.store %42, %0#0 : tensor<16x16x!tt.ptr<f32>>
    %43 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %44 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %45 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %46 = arith.addi %45, %44 : tensor<64xi32>
    %47 = arith.extsi %46 : tensor<64xi32> to tensor<64xi64>
    %48 = tt.splat %c1_i64 : i64 -> tensor<64xi64>
    %49 = arith.muli %47, %48 : tensor<64xi64>
    %50 = tt.addptr %43, %49 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %cst_0 = arith.constant dense<0> : tensor<64xi64>
    %51 = arith.cmpi sge, %47, %cst_0 : tensor<64xi64>
    %52 = tt.splat %arg2 : i64 -> tensor<64xi64>
    %53 = arith.cmpi slt, %47, %52 : tensor<64xi64>
    %54 = arith.andi %51, %53 : tensor<64xi1>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %55 = tt.load %50, %54, %cst_1 : tensor<64x!tt.ptr<f32>>
    %56 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
    %57 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %58 = tt.splat %c0_i32 : i32 -> tensor<2xi32>
    %59 = arith.addi %58, %57 : tensor<2xi32>
    %60 = arith.extsi %59 : tensor<2xi32> to tensor<2xi64>
    %61 = tt.splat %arg2 : i64 -> tensor<2xi64>
    %62 = arith.muli %60, %61 : tensor<2xi64>
    %63 = tt.expand_dims %62 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %64 = tt.expand_dims %63 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %65 = tt.broadcast %64 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %66 = tt.addptr %56, %65 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %67 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %68 = tt.splat %arg3 : i32 -> tensor<4xi32>
    %69 = arith.addi %68, %67 : tensor<4xi32>
    %70 = arith.extsi %69 : tensor<4xi32> to tensor<4xi64>
    %71 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %72 = arith.muli %70, %71 : tensor<4xi64>
    %73 = tt.expand_dims %72 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %74 = tt.expand_dims %73 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %75 = tt.broadcast %74 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %76 = tt.addptr %66, %75 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %77 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %78 = tt.splat %c0_i32 : i32 -> tensor<8xi32>
    %79 = arith.addi %78, %77 : tensor<8xi32>
    %80 = arith.extsi %79 : tensor<8xi32> to tensor<8xi64>
    %81 = tt.splat %c1_i64 : i64 -> tensor<8xi64>
    %82 = arith.muli %80, %81 : tensor<8xi64>
    %83 = tt.expand_dims %82 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %84 = tt.expand_dims %83 {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
    %85 = tt.broadcast %84 : tensor<1x1x8xi64> -> tensor<2x4x8xi64>
    %86 = tt.addptr %76, %85 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %cst_2 = arith.constant dense<0> : tensor<4xi64>
    %87 = arith.cmpi sge, %70, %cst_2 : tensor<4xi64>
    %88 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %89 = arith.cmpi slt, %70, %88 : tensor<4xi64>
    %90 = arith.andi %87, %89 : tensor<4xi1>
    %91 = tt.expand_dims %90 {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
    %92 = tt.expand_dims %91 {axis = 2 : i32} : tensor<1x4xi1> -> tensor<1x4x1xi1>
    %93 = tt.broadcast %92 : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
    %94 = tt.load %86, %93 : tensor<2x4x8x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %23, %55, %94 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}