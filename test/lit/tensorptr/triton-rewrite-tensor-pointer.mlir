// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer --mlir-print-op-generic | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer -canonicalize | FileCheck %s --check-prefix=NOBP

// triton-rewrite-tensor-pointer: block pointers become tensors of pointers
// (splat base + per-dimension make_range/expand_dims/broadcast/muli/addptr),
// boundaryCheck becomes a mask 0 <= idx < shape, padding the `other` value.
// NOBP-NOT: !tt.ptr<tensor<
// NOBP-NOT: tt.make_tensor_ptr
// NOBP-NOT: tt.advance

// CHECK-LABEL: tt.func public @load_store
// CHECK-SAME: (%[[BASE:arg0]]: !tt.ptr<f16>, %{{arg1}}: !tt.ptr<f16>, %[[S0:arg2]]: i64, %[[S1:arg3]]: i64, %[[O0:arg4]]: i32)
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK: %[[P0:[0-9]+]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
// CHECK-NEXT: %[[R0:[0-9]+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT: %[[OS0:[0-9]+]] = tt.splat %[[O0]] : i32 -> tensor<32xi32>
// CHECK-NEXT: %[[I0:[0-9]+]] = arith.addi %[[OS0]], %[[R0]] : tensor<32xi32>
// CHECK-NEXT: %[[X0:[0-9]+]] = arith.extsi %[[I0]] : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT: %[[ST0:[0-9]+]] = tt.splat %[[S1]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[M0:[0-9]+]] = arith.muli %[[X0]], %[[ST0]] : tensor<32xi64>
// CHECK-NEXT: %[[E0:[0-9]+]] = tt.expand_dims %[[M0]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
// CHECK-NEXT: %[[B0:[0-9]+]] = tt.broadcast %[[E0]] : tensor<32x1xi64> -> tensor<32x16xi64>
// CHECK-NEXT: %[[P1:[0-9]+]] = tt.addptr %[[P0]], %[[B0]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK-NEXT: %[[R1:[0-9]+]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK-NEXT: %[[OS1:[0-9]+]] = tt.splat %[[ZERO]] : i32 -> tensor<16xi32>
// CHECK-NEXT: %[[I1:[0-9]+]] = arith.addi %[[OS1]], %[[R1]] : tensor<16xi32>
// CHECK-NEXT: %[[X1:[0-9]+]] = arith.extsi %[[I1]] : tensor<16xi32> to tensor<16xi64>
// CHECK-NEXT: %[[ST1:[0-9]+]] = tt.splat %[[ONE]] : i64 -> tensor<16xi64>
// CHECK-NEXT: %[[M1:[0-9]+]] = arith.muli %[[X1]], %[[ST1]] : tensor<16xi64>
// CHECK-NEXT: %[[E1:[0-9]+]] = tt.expand_dims %[[M1]] {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
// CHECK-NEXT: %[[B1:[0-9]+]] = tt.broadcast %[[E1]] : tensor<1x16xi64> -> tensor<32x16xi64>
// CHECK-NEXT: %[[PTRS:[0-9]+]] = tt.addptr %[[P1]], %[[B1]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK-NEXT: %[[Z0:[a-z0-9_]+]] = arith.constant dense<0> : tensor<32xi64>
// CHECK-NEXT: %[[LO0:[0-9]+]] = arith.cmpi sge, %[[X0]], %[[Z0]] : tensor<32xi64>
// CHECK-NEXT: %[[SH0:[0-9]+]] = tt.splat %[[S0]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[HI0:[0-9]+]] = arith.cmpi slt, %[[X0]], %[[SH0]] : tensor<32xi64>
// CHECK-NEXT: %[[IN0:[0-9]+]] = arith.andi %[[LO0]], %[[HI0]] : tensor<32xi1>
// CHECK-NEXT: %[[EM0:[0-9]+]] = tt.expand_dims %[[IN0]] {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
// CHECK-NEXT: %[[MASK0:[0-9]+]] = tt.broadcast %[[EM0]] : tensor<32x1xi1> -> tensor<32x16xi1>
// CHECK: %[[MASK1:[0-9]+]] = tt.broadcast %{{[0-9]+}} : tensor<1x16xi1> -> tensor<32x16xi1>
// CHECK-NEXT: %[[MASK:[0-9]+]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<32x16xi1>
// CHECK-NEXT: %[[OTHER:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<32x16xf16>
// CHECK-NEXT: %[[V:[0-9]+]] = tt.load %[[PTRS]], %[[MASK]], %[[OTHER]] cacheModifier = ca : tensor<32x16x!tt.ptr<f16>>
// CHECK: %[[NAN:[a-z0-9_]+]] = arith.constant dense<0x7E00> : tensor<32x16xf16>
// CHECK-NEXT: %[[W:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %[[NAN]] : tensor<32x16x!tt.ptr<f16>>
// CHECK: %[[SUM:[0-9]+]] = arith.addf %[[V]], %[[W]] : tensor<32x16xf16>
// CHECK: %[[SM:[0-9]+]] = tt.broadcast %{{[0-9]+}} : tensor<32x1xi1> -> tensor<32x16xi1>
// CHECK-NEXT: tt.store %{{[0-9]+}}, %[[SUM]], %[[SM]] : tensor<32x16x!tt.ptr<f16>>
// CHECK-NEXT: tt.return
tt.func public @load_store(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: i64, %arg3: i64, %arg4: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg2, %arg3], [%arg3, %c1_i64], [%arg4, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
  %1 = tt.load %0 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32, cache = 2 : i32} : !tt.ptr<tensor<32x16xf16>>
  %2 = tt.load %0 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<32x16xf16>>
  %3 = arith.addf %1, %2 : tensor<32x16xf16>
  %4 = tt.make_tensor_ptr %arg1, [%arg2, %arg3], [%arg3, %c1_i64], [%arg4, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
  tt.store %4, %3 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<32x16xf16>>
  tt.return
}

// -----

// A loop-carried block pointer becomes its two i32 offsets (the loop keeps
// its attributes); tt.advance becomes arith.addi on the offsets; a loop
// without iter args and an scf.if yielding block pointers are rewritten too.
// CHECK-LABEL: tt.func public @loop
// CHECK-SAME: (%[[BASE:arg0]]: !tt.ptr<f16>, %{{arg1}}: i64, %[[OFF:arg2]]: i32, %[[COND:arg3]]: i1)
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C16:[a-z0-9_]+]] = arith.constant 16 : i32
// CHECK: %[[R:[0-9]+]]:3 = scf.for %{{arg[0-9]+}} = {{.*}} iter_args(%[[ACC:arg[0-9]+]] = %{{[a-z0-9_]+}}, %[[X:arg[0-9]+]] = %[[OFF]], %[[Y:arg[0-9]+]] = %[[ZERO]]) -> (tensor<16x16xf32>, i32, i32)  : i32 {
// CHECK: tt.splat %[[X]] : i32 -> tensor<16xi32>
// CHECK: tt.splat %[[Y]] : i32 -> tensor<16xi32>
// CHECK: tt.load
// CHECK: %[[X2:[0-9]+]] = arith.addi %[[X]], %[[ZERO]] : i32
// CHECK-NEXT: %[[Y2:[0-9]+]] = arith.addi %[[Y]], %[[C16]] : i32
// CHECK-NEXT: scf.yield %{{[0-9]+}}, %[[X2]], %[[Y2]] : tensor<16x16xf32>, i32, i32
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
// CHECK: scf.for %[[IV:arg[0-9]+]] = {{.*}}  : i32 {
// CHECK-NEXT: %[[AX:[0-9]+]] = arith.addi %[[OFF]], %[[IV]] : i32
// CHECK: tt.splat %[[AX]] : i32 -> tensor<16xi32>
// CHECK: %[[IF:[0-9]+]]:2 = scf.if %[[COND]] -> (i32, i32) {
// CHECK-NEXT: scf.yield %[[R]]#1, %[[R]]#2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OFF]], %[[ZERO]] : i32, i32
// CHECK: tt.splat %[[IF]]#0 : i32 -> tensor<16xi32>
// CHECK: tt.splat %[[IF]]#1 : i32 -> tensor<16xi32>
// CHECK: tt.load %{{[0-9]+}} : tensor<16x16x!tt.ptr<f16>>
tt.func public @loop(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i32, %arg3: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  %c16_i32 = arith.constant 16 : i32
  %c1_i64 = arith.constant 1 : i64
  %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  %1:2 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %0) -> (tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>)  : i32 {
    %5 = tt.load %arg6 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x16xf16>>
    %6 = arith.extf %5 : tensor<16x16xf16> to tensor<16x16xf32>
    %7 = arith.addf %arg5, %6 : tensor<16x16xf32>
    %8 = tt.advance %arg6, [%c0_i32, %c16_i32] : <tensor<16x16xf16>>
    scf.yield %7, %8 : tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>
  } {tt.num_stages = 3 : i32}
  scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
    %5 = tt.advance %0, [%arg4, %c0_i32] : <tensor<16x16xf16>>
    %6 = tt.load %5 : !tt.ptr<tensor<16x16xf16>>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %6 : tensor<16x16xf16>
  }
  %2 = scf.if %arg3 -> (!tt.ptr<tensor<16x16xf16>>) {
    scf.yield %1#1 : !tt.ptr<tensor<16x16xf16>>
  } else {
    scf.yield %0 : !tt.ptr<tensor<16x16xf16>>
  }
  %3 = tt.load %2 : !tt.ptr<tensor<16x16xf16>>
  tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %3, %1#0 : tensor<16x16xf16>, tensor<16x16xf32>
  tt.return
}

// -----

// Rank 1 and rank 3 blocks.
// CHECK-LABEL: tt.func public @ranks
// CHECK: tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK-NOT: tt.expand_dims
// CHECK: tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<64x!tt.ptr<f32>>
// CHECK: tt.splat %arg1 : !tt.ptr<f16> -> tensor<2x4x8x!tt.ptr<f16>>
// CHECK: tt.expand_dims %{{[0-9]+}} {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
// CHECK-NEXT: tt.expand_dims %{{[0-9]+}} {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK-NEXT: tt.broadcast %{{[0-9]+}} : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
// CHECK: tt.expand_dims %{{[0-9]+}} {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
// CHECK-NEXT: tt.expand_dims %{{[0-9]+}} {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
// CHECK: tt.expand_dims %{{[0-9]+}} {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK-NEXT: tt.expand_dims %{{[0-9]+}} {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK: tt.broadcast %{{[0-9]+}} : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
// CHECK-NEXT: tt.load %{{[0-9]+}}, %{{[0-9]+}} : tensor<2x4x8x!tt.ptr<f16>>
tt.func public @ranks(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f16>, %arg2: i64, %arg3: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg2], [%c1_i64], [%arg3] {order = array<i32: 0>} : <tensor<64xf32>>
  %1 = tt.load %0 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
  %2 = tt.make_tensor_ptr %arg1, [%arg2, %arg2, %arg2], [%arg2, %arg2, %c1_i64], [%c0_i32, %arg3, %c0_i32] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xf16>>
  %3 = tt.load %2 {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<2x4x8xf16>>
  tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %1, %3 : tensor<64xf32>, tensor<2x4x8xf16>
  tt.return
}
