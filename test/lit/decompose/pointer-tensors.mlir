// RUN: sp-opt %s -split-input-file --decompose-sparse-tensors --canonicalize --cse | FileCheck %s
// 2:4 pointer tensors (Triton's make_ttir form): the values and metadata
// pointer tensors derive from the same offset arithmetic, evaluated at the
// positions each needs; masks and increments follow.

// Operand A: values [32, 32] at o(i, 0)/2 + j (constant along j plus a
// range: contiguous), metadata [2, 64] in the band16 layout at
// R(16b)/16 + T(q) (the row term at the band start over 16: the band,
// (16b >> 4), times the row stride; plus the word column); the masks are evaluated per chunk of 16 dense columns (8
// values, 16 words); the uniform increment 64 is a K step: 32 for the
// values, 64 for the metadata (band16 rows hold K words).
// CHECK-LABEL: tt.func public @a_sparse
// CHECK-SAME: %arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16> {sp.metadata_layout = "band16"}
// CHECK-DAG: %[[S32:.+]] = arith.constant dense<32> : tensor<32x32xi32>
// CHECK-DAG: %[[S64:.+]] = arith.constant dense<64> : tensor<2x64xi32>
// CHECK-DAG: %[[B:.+]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
// CHECK-DAG: %[[Q:.+]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-DAG: %[[Q2:.+]] = tt.expand_dims %[[Q]] {axis = 0 : i32}
// CHECK-DAG: %[[J:.+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-DAG: %[[J2:.+]] = tt.expand_dims %[[J]] {axis = 0 : i32}
// CHECK-DAG: %[[JB:.+]] = tt.broadcast %[[J2]] : tensor<1x32xi32> -> tensor<32x32xi32>
// CHECK-DAG: %[[M8:.+]] = arith.constant dense<-8> : tensor<1x32xi32>
// CHECK-DAG: %[[JC:.+]] = arith.andi %[[J2]], %[[M8]] : tensor<1x32xi32>
// CHECK-DAG: %[[M16:.+]] = arith.constant dense<-16> : tensor<1x64xi32>
// CHECK-DAG: %[[QC:.+]] = arith.andi %[[Q2]], %[[M16]] : tensor<1x64xi32>
// CHECK-DAG: %[[V:.+]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
// CHECK-DAG: %[[M:.+]] = tt.splat %arg1 : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
// CHECK-DAG: %[[QB:.+]] = tt.broadcast %[[Q2]] : tensor<1x64xi32> -> tensor<2x64xi32>
// CHECK-DAG: %[[BAND:.+]] = arith.shrsi %{{.*}}, %{{.*}} : tensor<2x1xi32>
// CHECK-DAG: %[[RS:.+]] = arith.muli %[[BAND]], %{{.*}} : tensor<2x1xi32>
// CHECK-DAG: %[[RSB:.+]] = tt.broadcast %[[RS]] : tensor<2x1xi32> -> tensor<2x64xi32>
// CHECK-DAG: %[[MO:.+]] = arith.addi %[[RSB]], %[[QB]] : tensor<2x64xi32>
// CHECK-DAG: %[[VS:.+]] = arith.shrsi %{{.*}}, %{{.*}} : tensor<32x32xi32>
// CHECK-DAG: %[[VO:.+]] = arith.addi %[[VS]], %[[JB]] : tensor<32x32xi32>
// CHECK-DAG: tt.addptr %[[V]], %[[VO]] : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
// CHECK-DAG: tt.addptr %[[M]], %[[MO]] : tensor<2x64x!tt.ptr<i16>>, tensor<2x64xi32>
// CHECK: scf.for {{.*}} -> (tensor<32x32x!tt.ptr<f16>>, tensor<2x64x!tt.ptr<i16>>, tensor<32x16xf32>)
// CHECK-DAG: arith.cmpi slt, %[[QC]], %{{.*}} : tensor<1x64xi32>
// CHECK-DAG: %[[LV:.+]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f16>>
// CHECK-DAG: %[[LM:.+]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x64x!tt.ptr<i16>>
// CHECK: tt.dot %[[LV]], %{{.*}}, %{{.*}}, %[[LM]], sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x16xf16> -> tensor<32x16xf32>
// CHECK: tt.addptr %{{.*}}, %[[S32]] : tensor<32x32x!tt.ptr<f16>>
// CHECK: tt.addptr %{{.*}}, %[[S64]] : tensor<2x64x!tt.ptr<i16>>
tt.func public @a_sparse(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>, %K: i32, %lda: i32) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %zero = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
  %step = arith.constant dense<64> : tensor<32x64xi32>
  %rm = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %lda2 = tt.splat %lda : i32 -> tensor<32x1xi32>
  %roff = arith.muli %rm2, %lda2 : tensor<32x1xi32>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tt.broadcast %roff : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tt.broadcast %rk2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rb, %kb : tensor<32x64xi32>
  %p0 = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %p1 = tt.addptr %p0, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %r:2 = scf.for %k = %c0 to %K step %c1 iter_args(%p = %p1, %acc = %acc0) -> (tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x16xf32>) : i32 {
    %left = arith.subi %K, %k : i32
    %lim = tt.splat %left : i32 -> tensor<1x64xi32>
    %m1 = arith.cmpi slt, %rk2, %lim : tensor<1x64xi32>
    %m = tt.broadcast %m1 : tensor<1x64xi1> -> tensor<32x64xi1>
    %v = tt.load %p, %m, %zero : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
    %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
    %pn = tt.addptr %p, %step : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
    scf.yield %pn, %d : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x16xf32>
  }
  tt.return %r#1 : tensor<32x16xf32>
}

// -----

// Operand B, built [K, 1] then broadcast: values [32, 32] (K halved on the
// K term only), metadata [2, 64] in band16t at o(q, 16b)/16; the uniform
// increment 64 * ldb is a K step (a multiple of the K stride), so the
// values advance by its half.
// CHECK-LABEL: tt.func public @b_sparse
// CHECK-SAME: %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<i16> {sp.metadata_layout = "band16t"}
// CHECK: scf.for {{.*}} -> (tensor<32x32x!tt.ptr<f16>>, tensor<2x64x!tt.ptr<i16>>, tensor<16x32xf32>)
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, sparseIndex = 1 : tensor<16x64xf16>, tensor<2x64xi16> * tensor<32x32xf16> -> tensor<16x32xf32>
// CHECK: %[[STEP:.+]] = arith.muli %arg4, %{{.*}} : i32
// CHECK: %[[HALF:.+]] = arith.shrsi %{{.*}}, %{{.*}} : tensor<32x32xi32>
// CHECK: tt.addptr %{{.*}}, %[[HALF]] : tensor<32x32x!tt.ptr<f16>>
tt.func public @b_sparse(%a: tensor<16x64xf16>, %bp: !tt.ptr<f16, #tt.sparse<"NV24">>, %K: i32, %ldb: i32) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rk2 = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ldb2 = tt.splat %ldb : i32 -> tensor<64x1xi32>
  %koff = arith.muli %rk2, %ldb2 : tensor<64x1xi32>
  %p0 = tt.splat %bp : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<64x1x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %p1 = tt.addptr %p0, %koff : tensor<64x1x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<64x1xi32>
  %p2 = tt.broadcast %p1 : tensor<64x1x!tt.ptr<f16, #tt.sparse<"NV24">>> -> tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %nb = tt.broadcast %rn2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %p3 = tt.addptr %p2, %nb : tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<64x32xi32>
  %r:2 = scf.for %k = %c0 to %K step %c1 iter_args(%p = %p3, %acc = %acc0) -> (tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<16x32xf32>) : i32 {
    %v = tt.load %p : tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>
    %d = tt.dot %a, %v, %acc : tensor<16x64xf16> * tensor<64x32xf16, #tt.sparse<"NV24">> -> tensor<16x32xf32>
    %s = arith.muli %ldb, %c64 : i32
    %inc = tt.splat %s : i32 -> tensor<64x32xi32>
    %pn = tt.addptr %p, %inc : tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<64x32xi32>
    scf.yield %pn, %d : tensor<64x32x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<16x32xf32>
  }
  tt.return %r#1 : tensor<16x32xf32>
}

// -----

// Uniform offsets of operand A: a scalar step scaled by a kernel argument
// (pid * lda: rows, or a batch) is a row step, a sixteenth for the band16
// metadata; a constant is a K step, the same for the metadata (half for the
// values); a uniform tensor offset that is a multiple of the tile's row
// stride (lda, from the row term rows * lda) is a row step too.
// CHECK-LABEL: tt.func public @a_uniform_steps
// CHECK-SAME: %arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i16> {sp.metadata_layout = "band16"}, %arg2: tensor<64x16xf16>, %arg3: i32, %arg4: i32
// CHECK-DAG: %[[ROWS:.+]] = arith.muli %arg4, %arg3 : i32
// CHECK-DAG: %[[RV:.+]] = arith.shrsi %[[ROWS]], %c1_i32 : i32
// CHECK-DAG: %[[RM:.+]] = arith.shrsi %[[ROWS]], %c4_i32 : i32
// CHECK-DAG: %[[V1:.+]] = tt.addptr %arg0, %[[RV]] : !tt.ptr<f16>, i32
// CHECK-DAG: %[[M1:.+]] = tt.addptr %arg1, %[[RM]] : !tt.ptr<i16>, i32
// CHECK-DAG: %[[V2:.+]] = tt.addptr %[[V1]], %c32_i32 : !tt.ptr<f16>, i32
// CHECK-DAG: %[[M2:.+]] = tt.addptr %[[M1]], %c64_i32 : !tt.ptr<i16>, i32
// CHECK-DAG: tt.splat %[[V2]] : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
// CHECK-DAG: tt.splat %[[M2]] : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
// CHECK-DAG: %[[L16:.+]] = arith.muli %arg3, %c16_i32 : i32
// CHECK-DAG: %[[L16V:.+]] = tt.splat %[[L16]] : i32 -> tensor<32x32xi32>
// CHECK-DAG: %[[L16M:.+]] = tt.splat %[[L16]] : i32 -> tensor<2x64xi32>
// CHECK-DAG: arith.shrsi %[[L16V]], %{{.*}} : tensor<32x32xi32>
// CHECK-DAG: arith.shrsi %[[L16M]], %{{.*}} : tensor<2x64xi32>
// CHECK: tt.dot
tt.func public @a_uniform_steps(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>, %lda: i32, %pid: i32) -> tensor<32x16xf32> {
  %c16 = arith.constant 16 : i32
  %c64 = arith.constant 64 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %rows = arith.muli %pid, %lda : i32
  %a1 = tt.addptr %a, %rows : !tt.ptr<f16, #tt.sparse<"NV24">>, i32
  %a2 = tt.addptr %a1, %c64 : !tt.ptr<f16, #tt.sparse<"NV24">>, i32
  %rm = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %lda2 = tt.splat %lda : i32 -> tensor<32x1xi32>
  %roff = arith.muli %rm2, %lda2 : tensor<32x1xi32>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tt.broadcast %roff : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tt.broadcast %rk2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rb, %kb : tensor<32x64xi32>
  %p0 = tt.splat %a2 : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %p1 = tt.addptr %p0, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %s = arith.muli %lda, %c16 : i32
  %sv = tt.splat %s : i32 -> tensor<32x64xi32>
  %p2 = tt.addptr %p1, %sv : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %v = tt.load %p2 : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc0 : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}
