module {
  tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i64, %arg3: i32, %arg4: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c16_i32 = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %0:2 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %c0_i32) -> (tensor<16x16xf32>, i32)  : i32 {
      %100 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %101 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %102 = arith.extsi %101 : tensor<16xi32> to tensor<16xi64>
      %103 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %104 = arith.muli %102, %103 : tensor<16xi64>
      %105 = tt.expand_dims %104 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %106 = tt.broadcast %105 : tensor<16x1xi64> -> tensor<16x16xi64>
      %107 = tt.addptr %100, %106 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %108 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %109 = tt.expand_dims %108 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %110 = tt.broadcast %109 : tensor<1x16xi32> -> tensor<16x16xi32>
      %111 = tt.addptr %107, %110 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %112 = arith.extsi %arg3 : i32 to i64
      %113 = arith.muli %112, %arg2 : i64
      %114 = arith.extsi %arg7 : i32 to i64
      %115 = arith.addi %113, %114 : i64
      %116 = tt.splat %115 : i64 -> tensor<16x16xi64>
      %117 = tt.addptr %111, %116 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %118 = arith.extsi %arg3 : i32 to i64
      %119 = arith.subi %arg2, %118 : i64
      %c0_i64_8 = arith.constant 0 : i64
      %120 = arith.maxsi %119, %c0_i64_8 : i64
      %c16_i64 = arith.constant 16 : i64
      %121 = arith.minsi %120, %c16_i64 : i64
      %122 = arith.trunci %121 : i64 to i32
      %123 = tt.splat %122 : i32 -> tensor<16xi32>
      %124 = arith.cmpi slt, %101, %123 : tensor<16xi32>
      %c0_i64_9 = arith.constant 0 : i64
      %125 = arith.subi %c0_i64_9, %118 : i64
      %c0_i64_10 = arith.constant 0 : i64
      %126 = arith.maxsi %125, %c0_i64_10 : i64
      %c16_i64_11 = arith.constant 16 : i64
      %127 = arith.minsi %126, %c16_i64_11 : i64
      %128 = arith.trunci %127 : i64 to i32
      %129 = tt.splat %128 : i32 -> tensor<16xi32>
      %130 = arith.cmpi sge, %101, %129 : tensor<16xi32>
      %131 = arith.andi %130, %124 : tensor<16xi1>
      %132 = tt.expand_dims %131 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>
      %133 = tt.broadcast %132 : tensor<16x1xi1> -> tensor<16x16xi1>
      %134 = arith.extsi %arg7 : i32 to i64
      %135 = arith.subi %arg2, %134 : i64
      %c0_i64_12 = arith.constant 0 : i64
      %136 = arith.maxsi %135, %c0_i64_12 : i64
      %c16_i64_13 = arith.constant 16 : i64
      %137 = arith.minsi %136, %c16_i64_13 : i64
      %138 = arith.trunci %137 : i64 to i32
      %139 = tt.splat %138 : i32 -> tensor<16xi32>
      %140 = arith.cmpi slt, %108, %139 : tensor<16xi32>
      %141 = tt.expand_dims %140 {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
      %142 = tt.broadcast %141 : tensor<1x16xi1> -> tensor<16x16xi1>
      %143 = arith.andi %133, %142 : tensor<16x16xi1>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
      %144 = tt.load %117, %143, %cst_14 : tensor<16x16x!tt.ptr<f16>>
      %145 = arith.extf %144 : tensor<16x16xf16> to tensor<16x16xf32>
      %146 = arith.addf %arg6, %145 : tensor<16x16xf32>
      %147 = arith.addi %arg7, %c16_i32 : i32
      scf.yield %146, %147 : tensor<16x16xf32>, i32
    } {tt.num_stages = 3 : i32}
    scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %100 = arith.addi %arg3, %arg5 : i32
      %101 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
      %102 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %103 = arith.extsi %102 : tensor<16xi32> to tensor<16xi64>
      %104 = tt.splat %arg2 : i64 -> tensor<16xi64>
      %105 = arith.muli %103, %104 : tensor<16xi64>
      %106 = tt.expand_dims %105 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %107 = tt.broadcast %106 : tensor<16x1xi64> -> tensor<16x16xi64>
      %108 = tt.addptr %101, %107 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %109 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %110 = tt.expand_dims %109 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %111 = tt.broadcast %110 : tensor<1x16xi32> -> tensor<16x16xi32>
      %112 = tt.addptr %108, %111 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %113 = arith.extsi %100 : i32 to i64
      %114 = arith.muli %113, %arg2 : i64
      %115 = tt.splat %114 : i64 -> tensor<16x16xi64>
      %116 = tt.addptr %112, %115 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
      %117 = tt.load %116 : tensor<16x16x!tt.ptr<f16>>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %117 : tensor<16x16xf16>
    }
    %1 = scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
      %100 = arith.addi %arg6, %arg5 : i32
      scf.yield %100 : i32
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
    %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %14 = tt.broadcast %13 : tensor<1x16xi32> -> tensor<16x16xi32>
    %15 = tt.addptr %11, %14 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %16 = arith.extsi %3#0 : i32 to i64
    %17 = arith.muli %16, %arg2 : i64
    %18 = arith.extsi %3#1 : i32 to i64
    %19 = arith.addi %17, %18 : i64
    %20 = tt.splat %19 : i64 -> tensor<16x16xi64>
    %21 = tt.addptr %15, %20 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi64>
    %22 = tt.load %21 : tensor<16x16x!tt.ptr<f16>>
    %23 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %24 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %25 = arith.extsi %24 : tensor<16xi32> to tensor<16xi64>
    %26 = tt.splat %arg2 : i64 -> tensor<16xi64>
    %27 = arith.muli %25, %26 : tensor<16xi64>
    %28 = tt.expand_dims %27 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %29 = tt.broadcast %28 : tensor<16x1xi64> -> tensor<16x16xi64>
    %30 = tt.addptr %23, %29 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi64>
    %31 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %32 = tt.expand_dims %31 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %33 = tt.broadcast %32 : tensor<1x16xi32> -> tensor<16x16xi32>
    %34 = tt.addptr %30, %33 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %34, %0#0 : tensor<16x16x!tt.ptr<f32>>
    %35 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %36 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %37 = tt.addptr %35, %36 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %38 = arith.extsi %arg3 : i32 to i64
    %39 = tt.splat %38 : i64 -> tensor<64xi64>
    %40 = tt.addptr %37, %39 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %41 = arith.extsi %arg3 : i32 to i64
    %42 = arith.subi %arg2, %41 : i64
    %c0_i64 = arith.constant 0 : i64
    %43 = arith.maxsi %42, %c0_i64 : i64
    %c64_i64 = arith.constant 64 : i64
    %44 = arith.minsi %43, %c64_i64 : i64
    %45 = arith.trunci %44 : i64 to i32
    %46 = tt.splat %45 : i32 -> tensor<64xi32>
    %47 = arith.cmpi slt, %36, %46 : tensor<64xi32>
    %c0_i64_0 = arith.constant 0 : i64
    %48 = arith.subi %c0_i64_0, %41 : i64
    %c0_i64_1 = arith.constant 0 : i64
    %49 = arith.maxsi %48, %c0_i64_1 : i64
    %c64_i64_2 = arith.constant 64 : i64
    %50 = arith.minsi %49, %c64_i64_2 : i64
    %51 = arith.trunci %50 : i64 to i32
    %52 = tt.splat %51 : i32 -> tensor<64xi32>
    %53 = arith.cmpi sge, %36, %52 : tensor<64xi32>
    %54 = arith.andi %53, %47 : tensor<64xi1>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %55 = tt.load %40, %54, %cst_3 : tensor<64x!tt.ptr<f32>>
    %56 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
    %57 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %58 = arith.extsi %57 : tensor<2xi32> to tensor<2xi64>
    %59 = tt.splat %arg2 : i64 -> tensor<2xi64>
    %60 = arith.muli %58, %59 : tensor<2xi64>
    %61 = tt.expand_dims %60 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %62 = tt.expand_dims %61 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %63 = tt.broadcast %62 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %64 = tt.addptr %56, %63 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %65 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %66 = arith.extsi %65 : tensor<4xi32> to tensor<4xi64>
    %67 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %68 = arith.muli %66, %67 : tensor<4xi64>
    %69 = tt.expand_dims %68 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %70 = tt.expand_dims %69 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %71 = tt.broadcast %70 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %72 = tt.addptr %64, %71 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %73 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %74 = tt.expand_dims %73 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %75 = tt.expand_dims %74 {axis = 1 : i32} : tensor<1x8xi32> -> tensor<1x1x8xi32>
    %76 = tt.broadcast %75 : tensor<1x1x8xi32> -> tensor<2x4x8xi32>
    %77 = tt.addptr %72, %76 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi32>
    %78 = arith.extsi %arg3 : i32 to i64
    %79 = arith.muli %78, %arg2 : i64
    %80 = tt.splat %79 : i64 -> tensor<2x4x8xi64>
    %81 = tt.addptr %77, %80 : tensor<2x4x8x!tt.ptr<f16>>, tensor<2x4x8xi64>
    %82 = arith.extsi %arg3 : i32 to i64
    %83 = arith.subi %arg2, %82 : i64
    %c0_i64_4 = arith.constant 0 : i64
    %84 = arith.maxsi %83, %c0_i64_4 : i64
    %c4_i64 = arith.constant 4 : i64
    %85 = arith.minsi %84, %c4_i64 : i64
    %86 = arith.trunci %85 : i64 to i32
    %87 = tt.splat %86 : i32 -> tensor<4xi32>
    %88 = arith.cmpi slt, %65, %87 : tensor<4xi32>
    %c0_i64_5 = arith.constant 0 : i64
    %89 = arith.subi %c0_i64_5, %82 : i64
    %c0_i64_6 = arith.constant 0 : i64
    %90 = arith.maxsi %89, %c0_i64_6 : i64
    %c4_i64_7 = arith.constant 4 : i64
    %91 = arith.minsi %90, %c4_i64_7 : i64
    %92 = arith.trunci %91 : i64 to i32
    %93 = tt.splat %92 : i32 -> tensor<4xi32>
    %94 = arith.cmpi sge, %65, %93 : tensor<4xi32>
    %95 = arith.andi %94, %88 : tensor<4xi1>
    %96 = tt.expand_dims %95 {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
    %97 = tt.expand_dims %96 {axis = 2 : i32} : tensor<1x4xi1> -> tensor<1x4x1xi1>
    %98 = tt.broadcast %97 : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
    %99 = tt.load %81, %98 : tensor<2x4x8x!tt.ptr<f16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1, 1>} : %22, %55, %99 : tensor<16x16xf16>, tensor<64xf32>, tensor<2x4x8xf16>
    tt.return
  }
}