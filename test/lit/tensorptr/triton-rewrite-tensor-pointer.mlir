// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer --mlir-print-op-generic | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-rewrite-tensor-pointer -canonicalize | FileCheck %s --check-prefix=NOBP

// triton-rewrite-tensor-pointer: block pointers become tensors of pointers
// addptr(P0, splat(sum_d offset_d * stride_d)), where P0 = splat(base) +
// per-dimension make_range/muli/expand_dims/broadcast/addptr depends on
// no offset (i32 where the stride is a small constant); boundaryCheck
// becomes range_d < clamp(shape_d - offset_d, 0, B_d) in i32 (and
// range_d >= clamp(-offset_d, 0, B_d) unless offset_d is provably
// non-negative); padding gives the `other` value.
// NOBP-NOT: !tt.ptr<tensor<
// NOBP-NOT: tt.make_tensor_ptr
// NOBP-NOT: tt.advance

// CHECK-LABEL: tt.func public @load_store
// CHECK-SAME: (%[[BASE:arg0]]: !tt.ptr<f16>, %{{arg1}}: !tt.ptr<f16>, %[[S0:arg2]]: i64, %[[S1:arg3]]: i64, %[[O0:arg4]]: i32)
// CHECK: %[[SB:[0-9]+]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
// CHECK-NEXT: %[[R0:[0-9]+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT: %[[X0:[0-9]+]] = arith.extsi %[[R0]] : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT: %[[ST0:[0-9]+]] = tt.splat %[[S1]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[M0:[0-9]+]] = arith.muli %[[X0]], %[[ST0]] : tensor<32xi64>
// CHECK-NEXT: %[[E0:[0-9]+]] = tt.expand_dims %[[M0]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
// CHECK-NEXT: %[[B0:[0-9]+]] = tt.broadcast %[[E0]] : tensor<32x1xi64> -> tensor<32x16xi64>
// CHECK-NEXT: %[[P1:[0-9]+]] = tt.addptr %[[SB]], %[[B0]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK-NEXT: %[[R1:[0-9]+]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK-NEXT: %[[ONES:[a-z0-9_]+]] = arith.constant dense<1> : tensor<16xi32>
// CHECK-NEXT: %[[M1:[0-9]+]] = arith.muli %[[R1]], %[[ONES]] : tensor<16xi32>
// CHECK-NEXT: %[[E1:[0-9]+]] = tt.expand_dims %[[M1]] {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
// CHECK-NEXT: %[[B1:[0-9]+]] = tt.broadcast %[[E1]] : tensor<1x16xi32> -> tensor<32x16xi32>
// CHECK-NEXT: %[[P0:[0-9]+]] = tt.addptr %[[P1]], %[[B1]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
// CHECK-NEXT: %[[OX:[0-9]+]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-NEXT: %[[OS:[0-9]+]] = arith.muli %[[OX]], %[[S1]] : i64
// CHECK-NEXT: %[[OT:[0-9]+]] = tt.splat %[[OS]] : i64 -> tensor<32x16xi64>
// CHECK-NEXT: %[[PTRS:[0-9]+]] = tt.addptr %[[P0]], %[[OT]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK-NEXT: %[[OX2:[0-9]+]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-NEXT: %[[D0:[0-9]+]] = arith.subi %[[S0]], %[[OX2]] : i64
// CHECK-NEXT: %[[Z0:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[MX0:[0-9]+]] = arith.maxsi %[[D0]], %[[Z0]] : i64
// CHECK-NEXT: %[[C32:[a-z0-9_]+]] = arith.constant 32 : i64
// CHECK-NEXT: %[[MN0:[0-9]+]] = arith.minsi %[[MX0]], %[[C32]] : i64
// CHECK-NEXT: %[[HB0:[0-9]+]] = arith.trunci %[[MN0]] : i64 to i32
// CHECK-NEXT: %[[HS0:[0-9]+]] = tt.splat %[[HB0]] : i32 -> tensor<32xi32>
// CHECK-NEXT: %[[HI0:[0-9]+]] = arith.cmpi slt, %[[R0]], %[[HS0]] : tensor<32xi32>
// CHECK-NEXT: %[[Z1:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[NEG0:[0-9]+]] = arith.subi %[[Z1]], %[[OX2]] : i64
// CHECK-NEXT: %[[Z2:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[LX0:[0-9]+]] = arith.maxsi %[[NEG0]], %[[Z2]] : i64
// CHECK-NEXT: %[[C32B:[a-z0-9_]+]] = arith.constant 32 : i64
// CHECK-NEXT: %[[LN0:[0-9]+]] = arith.minsi %[[LX0]], %[[C32B]] : i64
// CHECK-NEXT: %[[LB0:[0-9]+]] = arith.trunci %[[LN0]] : i64 to i32
// CHECK-NEXT: %[[LS0:[0-9]+]] = tt.splat %[[LB0]] : i32 -> tensor<32xi32>
// CHECK-NEXT: %[[LO0:[0-9]+]] = arith.cmpi sge, %[[R0]], %[[LS0]] : tensor<32xi32>
// CHECK-NEXT: %[[IN0:[0-9]+]] = arith.andi %[[LO0]], %[[HI0]] : tensor<32xi1>
// CHECK-NEXT: %[[EM0:[0-9]+]] = tt.expand_dims %[[IN0]] {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
// CHECK-NEXT: %[[MASK0:[0-9]+]] = tt.broadcast %[[EM0]] : tensor<32x1xi1> -> tensor<32x16xi1>
// The column offset is the constant 0 (non-negative): no lower bound.
// CHECK: %[[HI1:[0-9]+]] = arith.cmpi slt, %[[R1]], %{{[0-9]+}} : tensor<16xi32>
// CHECK-NEXT: %[[EM1:[0-9]+]] = tt.expand_dims %[[HI1]] {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
// CHECK-NEXT: %[[MASK1:[0-9]+]] = tt.broadcast %[[EM1]] : tensor<1x16xi1> -> tensor<32x16xi1>
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

// A loop-carried block pointer becomes its i32 offsets (the loop keeps its
// attributes); tt.advance becomes arith.addi on the offsets, and an offset
// no tt.advance in the loop moves is not carried at all (the row offset
// here), so what depends on it is loop-invariant. The column offset starts
// at 0 and advances by 16: its mask has no lower bound; the row offset (a
// function argument) keeps both. A loop without iter args and an scf.if
// yielding block pointers are rewritten too.
// CHECK-LABEL: tt.func public @loop
// CHECK-SAME: (%[[BASE:arg0]]: !tt.ptr<f16>, %[[N:arg1]]: i64, %[[OFF:arg2]]: i32, %[[COND:arg3]]: i1)
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C16:[a-z0-9_]+]] = arith.constant 16 : i32
// CHECK: %[[R:[0-9]+]]:2 = scf.for %{{arg[0-9]+}} = {{.*}} iter_args(%[[ACC:arg[0-9]+]] = %{{[a-z0-9_]+}}, %[[Y:arg[0-9]+]] = %[[ZERO]]) -> (tensor<16x16xf32>, i32)  : i32 {
// CHECK: %[[XX:[0-9]+]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK-NEXT: %[[XS:[0-9]+]] = arith.muli %[[XX]], %[[N]] : i64
// CHECK-NEXT: %[[YX:[0-9]+]] = arith.extsi %[[Y]] : i32 to i64
// CHECK-NEXT: %[[SUM:[0-9]+]] = arith.addi %[[XS]], %[[YX]] : i64
// CHECK-NEXT: tt.splat %[[SUM]] : i64 -> tensor<16x16xi64>
// CHECK: arith.subi %[[N]], %{{[0-9]+}} : i64
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK: %[[YX2:[0-9]+]] = arith.extsi %[[Y]] : i32 to i64
// CHECK-NEXT: arith.subi %[[N]], %[[YX2]] : i64
// CHECK-NOT: arith.cmpi sge
// CHECK: tt.load
// CHECK: %[[Y2:[0-9]+]] = arith.addi %[[Y]], %[[C16]] : i32
// CHECK-NEXT: scf.yield %{{[0-9]+}}, %[[Y2]] : tensor<16x16xf32>, i32
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
// CHECK: scf.for %[[IV:arg[0-9]+]] = {{.*}}  : i32 {
// CHECK-NEXT: %[[AX:[0-9]+]] = arith.addi %[[OFF]], %[[IV]] : i32
// CHECK: arith.extsi %[[AX]] : i32 to i64
// CHECK: %[[IF:[0-9]+]]:2 = scf.if %[[COND]] -> (i32, i32) {
// CHECK-NEXT: scf.yield %[[OFF]], %[[R]]#1 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OFF]], %[[ZERO]] : i32, i32
// CHECK: arith.extsi %[[IF]]#0 : i32 to i64
// CHECK: arith.extsi %[[IF]]#1 : i32 to i64
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
// CHECK: tt.expand_dims %{{[0-9]+}} {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
// CHECK-NEXT: tt.expand_dims %{{[0-9]+}} {axis = 1 : i32} : tensor<1x8xi32> -> tensor<1x1x8xi32>
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
