module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0:2 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %c0_i32) -> (tensor<16x16xf32>, i32)  : i32 {
      %104 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %105 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %106 = arith.extsi %105 : tensor<16xi32> to tensor<16xi64>
      %107 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %108 = arith.muli %106, %107 : tensor<16xi64>
      %109 = tt.expand_dims %108 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %110 = tt.broadcast %109 : tensor<16x1xi64> -> tensor<16x16xi64>
      %111 = tt.addptr %104, %110 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %112 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %cst_12 = arith.constant dense<1> : tensor<16xi32>
      %113 = arith.muli %112, %cst_12 : tensor<16xi32>
      %114 = tt.expand_dims %113 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %115 = tt.broadcast %114 : tensor<1x16xi32> -> tensor<16x16xi32>
      %116 = tt.addptr %111, %115 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %117 = arith.extsi %arg3 : i32 to i64
      %118 = arith.muli %117, %arg2 : i64
      %119 = arith.extsi %arg7 : i32 to i64
      %120 = arith.addi %118, %119 : i64
      %121 = tt.splat %120 : i64 -> tensor<16x16xi64>
      %122 = tt.addptr %116, %121 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %123 = arith.extsi %arg3 : i32 to i64
      %124 = arith.subi %arg2, %123 : i64
      %c0_i64_13 = arith.constant 0 : i64
      %125 = arith.maxsi %124, %c0_i64_13 : i64
      %c16_i64 = arith.constant 16 : i64
      %126 = arith.minsi %125, %c16_i64 : i64
      %127 = arith.trunci %126 : i64 to i32
      %128 = tt.splat %127 : i32 -> tensor<16xi32>
      %129 = arith.cmpi slt, %105, %128 : tensor<16xi32>
      %c0_i64_14 = arith.constant 0 : i64
      %130 = arith.subi %c0_i64_14, %123 : i64
      %c0_i64_15 = arith.constant 0 : i64
      %131 = arith.maxsi %130, %c0_i64_15 : i64
      %c16_i64_16 = arith.constant 16 : i64
      %132 = arith.minsi %131, %c16_i64_16 : i64
      %133 = arith.trunci %132 : i64 to i32
      %134 = tt.splat %133 : i32 -> tensor<16xi32>
      %135 = arith.cmpi sge, %105, %134 : tensor<16xi32>
      %136 = arith.andi %135, %129 : tensor<16xi1>
      %137 = tt.expand_dims %136 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>
      %138 = tt.broadcast %137 : tensor<16x1xi1> -> tensor<16x16xi1>
      %139 = arith.extsi %arg7 : i32 to i64
      %140 = arith.subi %arg2, %139 : i64
      %c0_i64_17 = arith.constant 0 : i64
      %141 = arith.maxsi %140, %c0_i64_17 : i64
      %c16_i64_18 = arith.constant 16 : i64
      %142 = arith.minsi %141, %c16_i64_18 : i64
      %143 = arith.trunci %142 : i64 to i32
      %144 = tt.splat %143 : i32 -> tensor<16xi32>
      %145 = arith.cmpi slt, %112, %144 : tensor<16xi32>
      %146 = tt.expand_dims %145 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
      %147 = tt.broadcast %146 : tensor<1x16xi1> -> tensor<16x16xi1>
      %148 = arith.andi %138, %147 : tensor<16x16xi1>
      %cst_19 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
      %149 = tt.load %122, %148, %cst_19 : tensor<16x16x!tt.ptr<f16>>
      %150 = arith.extf %149 : tensor<16x16xf16> to tensor<16x16xf32>
      %151 = arith.addf %arg6, %150 : tensor<16x16xf32>
      %152 = arith.addi %arg7, %c16_i32 : i32
      scf.yield %151, %152 : tensor<16x16xf32>, i32
    } {tt.num_stages = 3 : i32}
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %104 = arith.addi %arg3, %arg5 : i32
      %105 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %106 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %107 = arith.extsi %106 : tensor<16xi32> to tensor<16xi64>
      %108 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %109 = arith.muli %107, %108 : tensor<16xi64>
      %110 = tt.expand_dims %109 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %111 = tt.broadcast %110 : tensor<16x1xi64> -> tensor<16x16xi64>
      %112 = tt.addptr %105, %111 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %113 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %cst_12 = arith.constant dense<1> : tensor<16xi32>
      %114 = arith.muli %113, %cst_12 : tensor<16xi32>
      %115 = tt.expand_dims %114 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %116 = tt.broadcast %115 : tensor<1x16xi32> -> tensor<16x16xi32>
      %117 = tt.addptr %112, %116 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %118 = arith.extsi %104 : i32 to i64
      %119 = arith.muli %118, %arg2 : i64
      %120 = tt.splat %119 : i64 -> tensor<16x16xi64>
      %121 = tt.addptr %117, %120 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %122 = tt.load %121 : tensor<16x16x!tt.ptr<f16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %122 : tensor<16x16xf16>
    }
    %1 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %104 = arith.addi %arg6, %arg5 : i32
      scf.yield %104 : i32
    } {tt.num_stages = 2 : i32}
    %2 = arith.addi %arg3, %1 : i32
    %3:2 = scf.if %arg4 -> (i32, i32) {
      scf.yield %2, %0#1 : i32, i32
    } else {
      scf.yield %arg3, %c0_i32 : i32, i32
    }
    %4 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %6 = arith.extsi %5 : tensor<16xi32> to tensor<16xi64>
    %7 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %8 = arith.muli %6, %7 : tensor<16xi64>
    %9 = tt.expand_dims %8 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %10 = tt.broadcast %9 : tensor<16x1xi64> -> tensor<16x16xi64>
    %11 = tt.addptr %4, %10 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %12 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cst_0 = arith.constant dense<1> : tensor<16xi32>
    %13 = arith.muli %12, %cst_0 : tensor<16xi32>
    %14 = tt.expand_dims %13 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %15 = tt.broadcast %14 : tensor<1x16xi32> -> tensor<16x16xi32>
    %16 = tt.addptr %11, %15 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %17 = arith.extsi %3#0 : i32 to i64
    %18 = arith.muli %17, %arg2 : i64
    %19 = arith.extsi %3#1 : i32 to i64
    %20 = arith.addi %18, %19 : i64
    %21 = tt.splat %20 : i64 -> tensor<16x16xi64>
    %22 = tt.addptr %16, %21 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %23 = tt.load %22 : tensor<16x16x!tt.ptr<f16>>
    %24 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %25 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %26 = arith.extsi %25 : tensor<16xi32> to tensor<16xi64>
    %27 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %28 = arith.muli %26, %27 : tensor<16xi64>
    %29 = tt.expand_dims %28 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %30 = tt.broadcast %29 : tensor<16x1xi64> -> tensor<16x16xi64>
    %31 = tt.addptr %24, %30 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    %32 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cst_1 = arith.constant dense<1> : tensor<16xi32>
    %33 = arith.muli %32, %cst_1 : tensor<16xi32>
    %34 = tt.expand_dims %33 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %35 = tt.broadcast %34 : tensor<1x16xi32> -> tensor<16x16xi32>
    %36 = tt.addptr %31, %35 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %36, %0#0 : tensor<16x16x!tt.ptr<f32>>
    %37 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %38 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cst_2 = arith.constant dense<1> : tensor<64xi32>
    %39 = arith.muli %38, %cst_2 : tensor<64xi32>
    %40 = tt.addptr %37, %39 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %41 = arith.extsi %arg3 : i32 to i64
    %42 = tt.splat %41 : i64 -> tensor<64xi64>
    %43 = tt.addptr %40, %42 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %44 = arith.extsi %arg3 : i32 to i64
    %45 = arith.subi %arg2, %44 : i64
    %c0_i64 = arith.constant 0 : i64
    %46 = arith.maxsi %45, %c0_i64 : i64
    %c64_i64 = arith.constant 64 : i64
    %47 = arith.minsi %46, %c64_i64 : i64
    %48 = arith.trunci %47 : i64 to i32
    %49 = tt.splat %48 : i32 -> tensor<64xi32>
    %50 = arith.cmpi slt, %38, %49 : tensor<64xi32>
    %c0_i64_3 = arith.constant 0 : i64
    %51 = arith.subi %c0_i64_3, %44 : i64
    %c0_i64_4 = arith.constant 0 : i64
    %52 = arith.maxsi %51, %c0_i64_4 : i64
    %c64_i64_5 = arith.constant 64 : i64
    %53 = arith.minsi %52, %c64_i64_5 : i64
    %54 = arith.trunci %53 : i64 to i32
    %55 = tt.splat %54 : i32 -> tensor<64xi32>
    %56 = arith.cmpi sge, %38, %55 : tensor<64xi32>
    %57 = arith.andi %56, %50 : tensor<64xi1>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %58 = tt.load %43, %57, %cst_6 : tensor<64x!tt.ptr<f32>>
    %59 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
    %60 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %61 = arith.extsi %60 : tensor<2xi32> to tensor<2xi64>
    %62 = tt.splat %arg2 : i64 -> tensor<2xi64>
    %63 = arith.muli %61, %62 : tensor<2xi64>
    %64 = tt.expand_dims %63 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %65 = tt.expand_dims %64 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %66 = tt.broadcast %65 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %67 = tt.addptr %59, %66 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %68 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %69 = arith.extsi %68 : tensor<4xi32> to tensor<4xi64>
    %70 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %71 = arith.muli %69, %70 : tensor<4xi64>
    %72 = tt.expand_dims %71 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %73 = tt.expand_dims %72 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %74 = tt.broadcast %73 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %75 = tt.addptr %67, %74 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %76 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %cst_7 = arith.constant dense<1> : tensor<8xi32>
    %77 = arith.muli %76, %cst_7 : tensor<8xi32>
    %78 = tt.expand_dims %77 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %79 = tt.expand_dims %78 {axis = 1 : i32} : tensor<1x8xi32> -> tensor<1x1x8xi32>
    %80 = tt.broadcast %79 : tensor<1x1x8xi32> -> tensor<2x4x8xi32>
    %81 = tt.addptr %75, %80 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi32>
    %82 = arith.extsi %arg3 : i32 to i64
    %83 = arith.muli %82, %arg2 : i64
    %84 = tt.splat %83 : i64 -> tensor<2x4x8xi64>
    %85 = tt.addptr %81, %84 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %86 = arith.extsi %arg3 : i32 to i64
    %87 = arith.subi %arg2, %86 : i64
    %c0_i64_8 = arith.constant 0 : i64
    %88 = arith.maxsi %87, %c0_i64_8 : i64
    %c4_i64 = arith.constant 4 : i64
    %89 = arith.minsi %88, %c4_i64 : i64
    %90 = arith.trunci %89 : i64 to i32
    %91 = tt.splat %90 : i32 -> tensor<4xi32>
    %92 = arith.cmpi slt, %68, %91 : tensor<4xi32>
    %c0_i64_9 = arith.constant 0 : i64
    %93 = arith.subi %c0_i64_9, %86 : i64
    %c0_i64_10 = arith.constant 0 : i64
    %94 = arith.maxsi %93, %c0_i64_10 : i64
    %c4_i64_11 = arith.constant 4 : i64
    %95 = arith.minsi %94, %c4_i64_11 : i64
    %96 = arith.trunci %95 : i64 to i32
    %97 = tt.splat %96 : i32 -> tensor<4xi32>
    %98 = arith.cmpi sge, %68, %97 : tensor<4xi32>
    %99 = arith.andi %98, %92 : tensor<4xi1>
    %100 = tt.expand_dims %99 {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
    %101 = tt.expand_dims %100 {axis = 2 : i32} : tensor<1x4xi1> -> tensor<1x4x1xi1>
    %102 = tt.broadcast %101 : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
    %103 = tt.load %85, %102 : tensor<2x4x8x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %23, %58, %103 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}