module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = arith.extsi %1 : tensor<16xi32> to tensor<16xi64>
    %3 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %4 = arith.muli %2, %3 : tensor<16xi64>
    %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %6 = tt.broadcast %5 : tensor<16x1xi64> -> tensor<16x16xi64>
    %7 = tt.addptr %0, %6 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %10 = tt.broadcast %9 : tensor<1x16xi32> -> tensor<16x16xi32>
    %11 = tt.addptr %7, %10 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %12 = arith.extsi %arg3 : i32 to i64
    %13 = arith.muli %12, %arg2 : i64
    %14 = arith.extsi %arg3 : i32 to i64
    %15 = arith.subi %arg2, %14 : i64
    %c0_i64 = arith.constant 0 : i64
    %16 = arith.maxsi %15, %c0_i64 : i64
    %c16_i64 = arith.constant 16 : i64
    %17 = arith.minsi %16, %c16_i64 : i64
    %18 = arith.trunci %17 : i64 to i32
    %19 = tt.splat %18 : i32 -> tensor<16xi32>
    %20 = arith.cmpi slt, %1, %19 : tensor<16xi32>
    %c0_i64_0 = arith.constant 0 : i64
    %21 = arith.subi %c0_i64_0, %14 : i64
    %c0_i64_1 = arith.constant 0 : i64
    %22 = arith.maxsi %21, %c0_i64_1 : i64
    %c16_i64_2 = arith.constant 16 : i64
    %23 = arith.minsi %22, %c16_i64_2 : i64
    %24 = arith.trunci %23 : i64 to i32
    %25 = tt.splat %24 : i32 -> tensor<16xi32>
    %26 = arith.cmpi sge, %1, %25 : tensor<16xi32>
    %27 = arith.andi %26, %20 : tensor<16xi1>
    %28 = tt.expand_dims %27 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>
    %29 = tt.broadcast %28 : tensor<16x1xi1> -> tensor<16x16xi1>
    %c0_i64_3 = arith.constant 0 : i64
    %c16_i64_4 = arith.constant 16 : i64
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
    %30:2 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %c0_i32) -> (tensor<16x16xf32>, i32)  : i32 {
      %142 = arith.extsi %arg7 : i32 to i64
      %143 = arith.addi %13, %142 : i64
      %144 = tt.splat %143 : i64 -> tensor<16x16xi64>
      %145 = tt.addptr %11, %144 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %146 = arith.extsi %arg7 : i32 to i64
      %147 = arith.subi %arg2, %146 : i64
      %148 = arith.maxsi %147, %c0_i64_3 : i64
      %149 = arith.minsi %148, %c16_i64_4 : i64
      %150 = arith.trunci %149 : i64 to i32
      %151 = tt.splat %150 : i32 -> tensor<16xi32>
      %152 = arith.cmpi slt, %8, %151 : tensor<16xi32>
      %153 = tt.expand_dims %152 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
      %154 = tt.broadcast %153 : tensor<1x16xi1> -> tensor<16x16xi1>
      %155 = arith.andi %29, %154 : tensor<16x16xi1>
      %156 = tt.load %145, %155, %cst_5 : tensor<16x16x!tt.ptr<f16>>
      %157 = arith.extf %156 : tensor<16x16xf16> to tensor<16x16xf32>
      %158 = arith.addf %arg6, %157 : tensor<16x16xf32>
      %159 = arith.addi %arg7, %c16_i32 : i32
      scf.yield %158, %159 : tensor<16x16xf32>, i32
    } {tt.num_stages = 3 : i32}
    %31 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %32 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %33 = arith.extsi %32 : tensor<16xi32> to tensor<16xi64>
    %34 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %35 = arith.muli %33, %34 : tensor<16xi64>
    %36 = tt.expand_dims %35 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %37 = tt.broadcast %36 : tensor<16x1xi64> -> tensor<16x16xi64>
    %38 = tt.addptr %31, %37 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %39 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %40 = tt.expand_dims %39 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %41 = tt.broadcast %40 : tensor<1x16xi32> -> tensor<16x16xi32>
    %42 = tt.addptr %38, %41 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %142 = arith.addi %arg3, %arg5 : i32
      %143 = arith.extsi %142 : i32 to i64
      %144 = arith.muli %143, %arg2 : i64
      %145 = tt.splat %144 : i64 -> tensor<16x16xi64>
      %146 = tt.addptr %42, %145 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %147 = tt.load %146 : tensor<16x16x!tt.ptr<f16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %147 : tensor<16x16xf16>
    }
    %43 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %142 = arith.addi %arg6, %arg5 : i32
      scf.yield %142 : i32
    } {tt.num_stages = 2 : i32}
    %44 = arith.addi %arg3, %43 : i32
    %45:2 = scf.if %arg4 -> (i32, i32) {
      scf.yield %44, %30#1 : i32, i32
    } else {
      scf.yield %arg3, %c0_i32 : i32, i32
    }
    %46 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %47 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %48 = arith.extsi %47 : tensor<16xi32> to tensor<16xi64>
    %49 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %50 = arith.muli %48, %49 : tensor<16xi64>
    %51 = tt.expand_dims %50 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %52 = tt.broadcast %51 : tensor<16x1xi64> -> tensor<16x16xi64>
    %53 = tt.addptr %46, %52 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %54 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %55 = tt.expand_dims %54 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %56 = tt.broadcast %55 : tensor<1x16xi32> -> tensor<16x16xi32>
    %57 = tt.addptr %53, %56 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %58 = arith.extsi %45#0 : i32 to i64
    %59 = arith.muli %58, %arg2 : i64
    %60 = arith.extsi %45#1 : i32 to i64
    %61 = arith.addi %59, %60 : i64
    %62 = tt.splat %61 : i64 -> tensor<16x16xi64>
    %63 = tt.addptr %57, %62 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %64 = tt.load %63 : tensor<16x16x!tt.ptr<f16>>
    %65 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %66 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %67 = arith.extsi %66 : tensor<16xi32> to tensor<16xi64>
    %68 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %69 = arith.muli %67, %68 : tensor<16xi64>
    %70 = tt.expand_dims %69 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %71 = tt.broadcast %70 : tensor<16x1xi64> -> tensor<16x16xi64>
    %72 = tt.addptr %65, %71 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    %73 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %74 = tt.expand_dims %73 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %75 = tt.broadcast %74 : tensor<1x16xi32> -> tensor<16x16xi32>
    %76 = tt.addptr %72, %75 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %76, %30#0 : tensor<16x16x!tt.ptr<f32>>
    %77 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %78 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %79 = tt.addptr %77, %78 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %80 = arith.extsi %arg3 : i32 to i64
    %81 = tt.splat %80 : i64 -> tensor<64xi64>
    %82 = tt.addptr %79, %81 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %83 = arith.extsi %arg3 : i32 to i64
    %84 = arith.subi %arg2, %83 : i64
    %c0_i64_6 = arith.constant 0 : i64
    %85 = arith.maxsi %84, %c0_i64_6 : i64
    %c64_i64 = arith.constant 64 : i64
    %86 = arith.minsi %85, %c64_i64 : i64
    %87 = arith.trunci %86 : i64 to i32
    %88 = tt.splat %87 : i32 -> tensor<64xi32>
    %89 = arith.cmpi slt, %78, %88 : tensor<64xi32>
    %c0_i64_7 = arith.constant 0 : i64
    %90 = arith.subi %c0_i64_7, %83 : i64
    %c0_i64_8 = arith.constant 0 : i64
    %91 = arith.maxsi %90, %c0_i64_8 : i64
    %c64_i64_9 = arith.constant 64 : i64
    %92 = arith.minsi %91, %c64_i64_9 : i64
    %93 = arith.trunci %92 : i64 to i32
    %94 = tt.splat %93 : i32 -> tensor<64xi32>
    %95 = arith.cmpi sge, %78, %94 : tensor<64xi32>
    %96 = arith.andi %95, %89 : tensor<64xi1>
    %cst_10 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %97 = tt.load %82, %96, %cst_10 : tensor<64x!tt.ptr<f32>>
    %98 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
    %99 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %100 = arith.extsi %99 : tensor<2xi32> to tensor<2xi64>
    %101 = tt.splat %arg2 : i64 -> tensor<2xi64>
    %102 = arith.muli %100, %101 : tensor<2xi64>
    %103 = tt.expand_dims %102 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %104 = tt.expand_dims %103 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %105 = tt.broadcast %104 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %106 = tt.addptr %98, %105 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %107 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %108 = arith.extsi %107 : tensor<4xi32> to tensor<4xi64>
    %109 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %110 = arith.muli %108, %109 : tensor<4xi64>
    %111 = tt.expand_dims %110 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %112 = tt.expand_dims %111 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %113 = tt.broadcast %112 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %114 = tt.addptr %106, %113 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %115 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %116 = tt.expand_dims %115 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %117 = tt.expand_dims %116 {axis = 1 : i32} : tensor<1x8xi32> -> tensor<1x1x8xi32>
    %118 = tt.broadcast %117 : tensor<1x1x8xi32> -> tensor<2x4x8xi32>
    %119 = tt.addptr %114, %118 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi32>
    %120 = arith.extsi %arg3 : i32 to i64
    %121 = arith.muli %120, %arg2 : i64
    %122 = tt.splat %121 : i64 -> tensor<2x4x8xi64>
    %123 = tt.addptr %119, %122 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %124 = arith.extsi %arg3 : i32 to i64
    %125 = arith.subi %arg2, %124 : i64
    %c0_i64_11 = arith.constant 0 : i64
    %126 = arith.maxsi %125, %c0_i64_11 : i64
    %c4_i64 = arith.constant 4 : i64
    %127 = arith.minsi %126, %c4_i64 : i64
    %128 = arith.trunci %127 : i64 to i32
    %129 = tt.splat %128 : i32 -> tensor<4xi32>
    %130 = arith.cmpi slt, %107, %129 : tensor<4xi32>
    %c0_i64_12 = arith.constant 0 : i64
    %131 = arith.subi %c0_i64_12, %124 : i64
    %c0_i64_13 = arith.constant 0 : i64
    %132 = arith.maxsi %131, %c0_i64_13 : i64
    %c4_i64_14 = arith.constant 4 : i64
    %133 = arith.minsi %132, %c4_i64_14 : i64
    %134 = arith.trunci %133 : i64 to i32
    %135 = tt.splat %134 : i32 -> tensor<4xi32>
    %136 = arith.cmpi sge, %107, %135 : tensor<4xi32>
    %137 = arith.andi %136, %130 : tensor<4xi1>
    %138 = tt.expand_dims %137 {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
    %139 = tt.expand_dims %138 {axis = 2 : i32} : tensor<1x4xi1> -> tensor<1x4x1xi1>
    %140 = tt.broadcast %139 : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
    %141 = tt.load %123, %140 : tensor<2x4x8x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %64, %97, %141 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}