// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors | FileCheck %s
// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors --mlir-print-op-generic | sp-opt -split-input-file | FileCheck %s

// decompose-sparse-tensors: every #tt.sparse argument, block pointer, load,
// advance and dot is split into values and band16 i16 metadata
// (docs/sparse.md). The second and third RUN lines check that the output
// verifies and round-trips (custom and generic forms).

// The design document's example (examples/sparse_dot.mlir): a 32x64 sparse A
// gives values tensor<32x32xf16> and metadata tensor<2x64xi16>; the
// arguments become (out, values, meta, B).
// CHECK-LABEL: tt.func public @dot_kernel
// CHECK-SAME: (%[[OUT:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[VALS:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[META:arg[0-9]+]]: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %[[B:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32})
// CHECK-DAG: %[[C0:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:[a-z0-9_]+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C32:[a-z0-9_]+]] = arith.constant 32 : i64
// CHECK-DAG: %[[C64:[a-z0-9_]+]] = arith.constant 64 : i64
// CHECK: %[[PV:[0-9]+]] = tt.make_tensor_ptr %[[VALS]], [%[[C32]], %[[C32]]], [%[[C32]], %[[C1]]], [%[[C0]], %[[C0]]] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
// CHECK-NEXT: %[[PM:[0-9]+]] = tt.make_tensor_ptr %[[META]], [%[[C2]], %[[C64]]], [%[[C64]], %[[C1]]], [%[[C0]], %[[C0]]] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
// CHECK-NEXT: %[[PB:[0-9]+]] = tt.make_tensor_ptr %[[B]],
// CHECK-NEXT: %[[PO:[0-9]+]] = tt.make_tensor_ptr %[[OUT]],
// CHECK-NEXT: %[[AV:[0-9]+]] = tt.load %[[PV]] : !tt.ptr<tensor<32x32xf16>>
// CHECK-NEXT: %[[AM:[0-9]+]] = tt.load %[[PM]] : !tt.ptr<tensor<2x64xi16>>
// CHECK-NEXT: %[[BT:[0-9]+]] = tt.load %[[PB]] : !tt.ptr<tensor<64x16xf16>>
// CHECK-NEXT: %[[D:[0-9]+]] = tt.dot %[[AV]], %[[BT]], %{{[a-z0-9_]+}}, %[[AM]], sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x16xf16> -> tensor<32x16xf32>
// CHECK-NOT: sparse
// CHECK: tt.store %[[PO]]

module {
  tt.func public @dot_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c16_i64 = arith.constant 16 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
    %0 = tt.make_tensor_ptr %arg1, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg2, [%c64_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x16xf16>>
    %2 = tt.make_tensor_ptr %arg0, [%c32_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x16xf16>>
    %5 = tt.dot %3, %4, %cst : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
    %6 = arith.truncf %5 : tensor<32x16xf32> to tensor<32x16xf16>
    tt.store %2, %6 : !tt.ptr<tensor<32x16xf16>>
    tt.return
  }
}

// -----

// The A-sparse tutorial kernel (sparse-fork.md §9.1, §3.9): dynamic M, K
// and row stride get arith.shrsi; the loop carries values and metadata
// pointers and keeps its tt.num_stages attribute.
// CHECK-LABEL: tt.func public @matmul_kernel
// CHECK-SAME: (%[[AV:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[AM:arg[0-9]+]]: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %[[BP:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[CP:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %{{arg[0-9]+}}: i32
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-DAG: %[[FOUR:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-DAG: %[[FOUR32:[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-DAG: %[[C64:[a-z0-9_]+]] = arith.constant 64 : i32
// CHECK-DAG: %[[C128:[a-z0-9_]+]] = arith.constant 128 : i32
// CHECK: %[[OFFM:[0-9]+]] = arith.muli %{{[0-9]+}}, %[[C128]] : i32
// CHECK: %[[M:[0-9]+]] = arith.extsi %{{arg[0-9]+}} : i32 to i64
// CHECK-NEXT: %[[K:[0-9]+]] = arith.extsi %{{arg[0-9]+}} : i32 to i64
// CHECK-NEXT: %[[SAM:[0-9]+]] = arith.extsi %{{arg[0-9]+}} : i32 to i64
// CHECK-NEXT: %[[KH:[0-9]+]] = arith.shrsi %[[K]], %[[ONE]] : i64
// CHECK-NEXT: %[[SAMH:[0-9]+]] = arith.shrsi %[[SAM]], %[[ONE]] : i64
// CHECK-NEXT: %[[MQ:[0-9]+]] = arith.shrsi %[[M]], %[[FOUR]] : i64
// CHECK-NEXT: %[[OFFMQ:[0-9]+]] = arith.shrsi %[[OFFM]], %[[FOUR32]] : i32
// CHECK-NEXT: %[[PAV:[0-9]+]] = tt.make_tensor_ptr %[[AV]], [%[[M]], %[[KH]]], [%[[SAMH]], %[[ONE]]], [%[[OFFM]], %[[ZERO]]] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
// CHECK-NEXT: %[[PAM:[0-9]+]] = tt.make_tensor_ptr %[[AM]], [%[[MQ]], %[[K]]], [%[[SAM]], %[[ONE]]], [%[[OFFMQ]], %[[ZERO]]] {order = array<i32: 1, 0>} : <tensor<8x128xi16>>
// CHECK: %[[PB:[0-9]+]] = tt.make_tensor_ptr %[[BP]],
// CHECK: scf.for %{{arg[0-9]+}} = {{.*}} iter_args(%[[ACC:arg[0-9]+]] = %{{[a-z0-9_]+}}, %[[IAV:arg[0-9]+]] = %[[PAV]], %[[IAM:arg[0-9]+]] = %[[PAM]], %[[IB:arg[0-9]+]] = %[[PB]]) -> (tensor<128x64xf32>, !tt.ptr<tensor<128x64xf16>>, !tt.ptr<tensor<8x128xi16>>, !tt.ptr<tensor<128x64xf16>>)
// CHECK-NEXT: %[[LAV:[0-9]+]] = tt.load %[[IAV]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT: %[[LAM:[0-9]+]] = tt.load %[[IAM]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<8x128xi16>>
// CHECK-NEXT: %[[LB:[0-9]+]] = tt.load %[[IB]]
// CHECK-NEXT: %[[D:[0-9]+]] = tt.dot %[[LAV]], %[[LB]], %[[ACC]], %[[LAM]], sparseIndex = 0, inputPrecision = tf32 : tensor<128x64xf16>, tensor<8x128xi16> * tensor<128x64xf16> -> tensor<128x64xf32>
// CHECK-NEXT: %[[NAV:[0-9]+]] = tt.advance %[[IAV]], [%[[ZERO]], %[[C64]]] : <tensor<128x64xf16>>
// CHECK-NEXT: %[[NAM:[0-9]+]] = tt.advance %[[IAM]], [%[[ZERO]], %[[C128]]] : <tensor<8x128xi16>>
// CHECK-NEXT: %[[NB:[0-9]+]] = tt.advance %[[IB]], [%[[C128]], %[[ZERO]]] : <tensor<128x64xf16>>
// CHECK-NEXT: scf.yield %[[D]], %[[NAV]], %[[NAM]], %[[NB]] :
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
// CHECK-NOT: sparse
// CHECK: tt.make_tensor_ptr %[[CP]],

module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c8_i32 = arith.constant 8 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c63_i32 : i32
    %4 = arith.divsi %3, %c64_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = arith.muli %13, %c64_i32 : i32
    %16 = arith.extsi %arg3 : i32 to i64
    %17 = arith.extsi %arg5 : i32 to i64
    %18 = arith.extsi %arg6 : i32 to i64
    %19 = tt.make_tensor_ptr %arg0, [%16, %17], [%18, %c1_i64], [%14, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x128xf16, #tt.sparse<"NV24">>>
    %20 = arith.extsi %arg4 : i32 to i64
    %21 = arith.extsi %arg7 : i32 to i64
    %22 = tt.make_tensor_ptr %arg1, [%17, %20], [%21, %c1_i64], [%c0_i32, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    %23 = arith.addi %arg5, %c127_i32 : i32
    %24 = arith.divsi %23, %c128_i32 : i32
    %25:3 = scf.for %arg9 = %c0_i32 to %24 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %19, %arg12 = %22) -> (tensor<128x64xf32>, !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x64xf16>>)  : i32 {
      %30 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>
      %31 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
      %32 = tt.dot %30, %31, %arg10, inputPrecision = tf32 : tensor<128x128xf16, #tt.sparse<"NV24">> * tensor<128x64xf16> -> tensor<128x64xf32>
      %33 = tt.advance %arg11, [%c0_i32, %c128_i32] : <tensor<128x128xf16, #tt.sparse<"NV24">>>
      %34 = tt.advance %arg12, [%c128_i32, %c0_i32] : <tensor<128x64xf16>>
      scf.yield %32, %33, %34 : tensor<128x64xf32>, !tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x64xf16>>
    } {tt.num_stages = 3 : i32}
    %26 = arith.truncf %25#0 : tensor<128x64xf32> to tensor<128x64xf16>
    %27 = arith.extsi %arg8 : i32 to i64
    %28 = tt.make_tensor_ptr %arg2, [%16, %20], [%27, %c1_i64], [%14, %15] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    tt.store %28, %26 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x64xf16>>
    tt.return
  }
}

// -----

// Two sparse arguments in one function, each keeping its own attributes on
// both halves; a declaration's signature is split too.
// CHECK-LABEL: tt.func public @two
// CHECK-SAME: (%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %arg3: !tt.ptr<bf16> {tt.pointer_range = 32 : i32}, %arg4: !tt.ptr<i16> {tt.pointer_range = 32 : i32}, %arg5: !tt.ptr<f32>)
// CHECK: %[[AV:[0-9]+]] = tt.make_tensor_ptr %arg0, {{.*}} : <tensor<32x32xf16>>
// CHECK-NEXT: %[[AM:[0-9]+]] = tt.make_tensor_ptr %arg1, {{.*}} : <tensor<2x64xi16>>
// CHECK-NEXT: %[[B:[0-9]+]] = tt.make_tensor_ptr %arg2, {{.*}} : <tensor<64x32xf16>>
// CHECK-NEXT: %[[CV:[0-9]+]] = tt.make_tensor_ptr %arg3, {{.*}} : <tensor<32x32xbf16>>
// CHECK-NEXT: %[[CM:[0-9]+]] = tt.make_tensor_ptr %arg4, {{.*}} : <tensor<2x64xi16>>
// CHECK: %[[LCV:[0-9]+]] = tt.load %[[CV]] : !tt.ptr<tensor<32x32xbf16>>
// CHECK: tt.dot {{.*}} sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x32xf16> -> tensor<32x32xf32>
// CHECK-NOT: tt.sparse_values
// CHECK: arith.extf %[[LCV]] : tensor<32x32xbf16> to tensor<32x32xf32>
// CHECK-LABEL: tt.func private @decl(!tt.ptr<f16> {tt.divisibility = 16 : i32}, !tt.ptr<i16> {tt.divisibility = 16 : i32}, i32)

module {
  tt.func public @two(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %arg2: !tt.ptr<bf16, #tt.sparse<"NV24">> {tt.pointer_range = 32 : i32}, %arg3: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg1, [%c64_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    %2 = tt.make_tensor_ptr %arg2, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xbf16, #tt.sparse<"NV24">>>
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x32xf16>>
    %5 = tt.load %2 : !tt.ptr<tensor<32x64xbf16, #tt.sparse<"NV24">>>
    %6 = tt.dot %3, %4, %cst : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
    %7 = tt.sparse_values %5 : tensor<32x64xbf16, #tt.sparse<"NV24">> -> tensor<32x32xbf16>
    %8 = arith.extf %7 : tensor<32x32xbf16> to tensor<32x32xf32>
    %9 = arith.addf %6, %8 : tensor<32x32xf32>
    %10 = tt.make_tensor_ptr %arg3, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf32>>
    tt.store %10, %9 : !tt.ptr<tensor<32x32xf32>>
    tt.return
  }
  tt.func private @decl(!tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, i32)
}

// -----

// A sparse B (K x N = 128x64, 2:4 along K): values [K/2, N] with B's
// strides, band16 metadata of Bᵀ [N/16, K] with strides [K, 1]; loads map
// boundaryCheck dimension 0 (K) to metadata dimension 1; sparseIndex = 1.
// CHECK-LABEL: tt.func public @b_sparse
// CHECK-SAME: (%[[A:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[BV:arg[0-9]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[BM:arg[0-9]+]]: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %{{arg[0-9]+}}: !tt.ptr<f32>)
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C32:[a-z0-9_]+]] = arith.constant 32 : i32
// CHECK-DAG: %[[C64:[a-z0-9_]+]] = arith.constant 64 : i32
// CHECK-DAG: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-DAG: %[[FOUR:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-DAG: %[[L64:[a-z0-9_]+]] = arith.constant 64 : i64
// CHECK-DAG: %[[L128:[a-z0-9_]+]] = arith.constant 128 : i64
// CHECK: %[[PA:[0-9]+]] = tt.make_tensor_ptr %[[A]],
// CHECK-NEXT: %[[PBV:[0-9]+]] = tt.make_tensor_ptr %[[BV]], [%[[L64]], %[[L64]]], [%[[L64]], %[[ONE]]], [%[[ZERO]], %[[ZERO]]] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
// CHECK-NEXT: %[[PBM:[0-9]+]] = tt.make_tensor_ptr %[[BM]], [%[[FOUR]], %[[L128]]], [%[[L128]], %[[ONE]]], [%[[ZERO]], %[[ZERO]]] {order = array<i32: 1, 0>} : <tensor<4x64xi16>>
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[ACC:arg[0-9]+]] = %{{[a-z0-9_]+}}, %[[IA:arg[0-9]+]] = %[[PA]], %[[IBV:arg[0-9]+]] = %[[PBV]], %[[IBM:arg[0-9]+]] = %[[PBM]]) -> (tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<4x64xi16>>)
// CHECK-NEXT: %[[LA:[0-9]+]] = tt.load %[[IA]]
// CHECK-NEXT: %[[LBV:[0-9]+]] = tt.load %[[IBV]] {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf16>>
// CHECK-NEXT: %[[LBM:[0-9]+]] = tt.load %[[IBM]] {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x64xi16>>
// CHECK-NEXT: %{{[0-9]+}} = tt.dot %[[LA]], %[[LBV]], %[[ACC]], %[[LBM]], sparseIndex = 1 : tensor<32x64xf16>, tensor<4x64xi16> * tensor<32x64xf16> -> tensor<32x64xf32>
// CHECK-NEXT: tt.advance %[[IA]], [%[[ZERO]], %[[C64]]] : <tensor<32x64xf16>>
// CHECK-NEXT: tt.advance %[[IBV]], [%[[C32]], %[[ZERO]]] : <tensor<32x64xf16>>
// CHECK-NEXT: tt.advance %[[IBM]], [%[[ZERO]], %[[C64]]] : <tensor<4x64xi16>>

module {
  tt.func public @b_sparse(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c32_i64, %c128_i64], [%c128_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
    %1 = tt.make_tensor_ptr %arg1, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %2:3 = scf.for %arg3 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %0, %arg6 = %1) -> (tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>)  : i32 {
      %5 = tt.load %arg5 : !tt.ptr<tensor<32x64xf16>>
      %6 = tt.load %arg6 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
      %7 = tt.dot %5, %6, %arg4 : tensor<32x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<32x64xf32>
      %8 = tt.advance %arg5, [%c0_i32, %c64_i32] : <tensor<32x64xf16>>
      %9 = tt.advance %arg6, [%c64_i32, %c0_i32] : <tensor<64x64xf16, #tt.sparse<"NV24">>>
      scf.yield %7, %8, %9 : tensor<32x64xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
    }
    %3 = tt.make_tensor_ptr %arg2, [%c32_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    tt.store %3, %2#0 : !tt.ptr<tensor<32x64xf32>>
    tt.return
  }
}

// -----

// Dynamic shapes, strides and offsets, used directly as block arguments:
// arith.shrsi by 1 (values) and 4 (metadata); a constant advance folds;
// padding = nan (2) stays on the values and becomes zero (1) on the metadata.
// An equal constant defined later in the entry block is not reused.
// CHECK-LABEL: tt.func public @dynamic
// CHECK-SAME: (%[[V:arg0]]: !tt.ptr<f16>, %[[E:arg1]]: !tt.ptr<i16>, %[[S0:arg2]]: i64, %[[S1:arg3]]: i64, %[[R0:arg4]]: i64, %[[O0:arg5]]: i32, %[[O1:arg6]]: i32) -> tensor<64x32xf16>
// CHECK-DAG: %[[C1:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C1I:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK-DAG: %[[C4I:[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-DAG: %[[C8I:[a-z0-9_]+]] = arith.constant 8 : i32
// CHECK-DAG: %[[C16I:[a-z0-9_]+]] = arith.constant 16 : i32
// CHECK: %[[S1H:[0-9]+]] = arith.shrsi %[[S1]], %[[C1]] : i64
// CHECK-NEXT: %[[R0H:[0-9]+]] = arith.shrsi %[[R0]], %[[C1]] : i64
// CHECK-NEXT: %[[O1H:[0-9]+]] = arith.shrsi %[[O1]], %[[C1I]] : i32
// CHECK-NEXT: %[[S0Q:[0-9]+]] = arith.shrsi %[[S0]], %[[C4]] : i64
// CHECK-NEXT: %[[O0Q:[0-9]+]] = arith.shrsi %[[O0]], %[[C4I]] : i32
// CHECK-NEXT: %[[PV:[0-9]+]] = tt.make_tensor_ptr %[[V]], [%[[S0]], %[[S1H]]], [%[[R0H]], %[[C1]]], [%[[O0]], %[[O1H]]] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
// CHECK-NEXT: %[[PM:[0-9]+]] = tt.make_tensor_ptr %[[E]], [%[[S0Q]], %[[S1]]], [%[[R0]], %[[C1]]], [%[[O0Q]], %[[O1]]] {order = array<i32: 1, 0>} : <tensor<4x64xi16>>
// CHECK-NEXT: %[[AQ:[0-9]+]] = arith.shrsi %[[O1]], %[[C4I]] : i32
// CHECK-NEXT: %[[AV:[0-9]+]] = tt.advance %[[PV]], [%[[O1]], %[[C8I]]] : <tensor<64x32xf16>>
// CHECK-NEXT: %[[AM:[0-9]+]] = tt.advance %[[PM]], [%[[AQ]], %[[C16I]]] : <tensor<4x64xi16>>
// CHECK-NEXT: %[[LV:[0-9]+]] = tt.load %[[AV]] {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: tt.load %[[AM]] {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x64xi16>>
// CHECK-NEXT: %[[LATE:[a-z0-9_]+]] = arith.constant 8 : i32
// CHECK-NEXT: tt.print ": " {{.*}} : %[[LATE]] : i32
// CHECK-NEXT: tt.return %[[LV]] : tensor<64x32xf16>

module {
  tt.func public @dynamic(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i32, %arg5: i32) -> tensor<64x32xf16> {
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg2], [%arg3, %c1_i64], [%arg4, %arg5] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.advance %0, [%arg5, %c16_i32] : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %2 = tt.load %1 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
    %3 = tt.sparse_values %2 : tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x32xf16>
    %c8_i32 = arith.constant 8 : i32
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %c8_i32 : i32
    tt.return %3 : tensor<64x32xf16>
  }
}

// -----

// Loops: a loop without iter args stays a loop without iter args (its body
// is decomposed); a dense loop is left as it was, attributes included; a
// loop-carried sparse tensor and an scf.if over sparse block pointers are
// split into values and metadata.
// CHECK-LABEL: tt.func public @loops
// CHECK: %[[PV:[0-9]+]] = tt.make_tensor_ptr %arg0, {{.*}} : <tensor<32x32xf16>>
// CHECK-NEXT: %[[PM:[0-9]+]] = tt.make_tensor_ptr %arg1, {{.*}} : <tensor<2x64xi16>>
// CHECK-NEXT: %[[PB:[0-9]+]] = tt.make_tensor_ptr %arg2,
// CHECK-NEXT: scf.for %[[IV:arg[0-9]+]] = %{{[a-z0-9_]+}} to %{{[a-z0-9_]+}} step %{{[a-z0-9_]+}}  : i32 {
// CHECK: tt.advance %[[PV]], [%{{[0-9]+}}, %{{[a-z0-9_]+}}] : <tensor<32x32xf16>>
// CHECK: tt.advance %[[PM]], [%{{[0-9]+}}, %{{[a-z0-9_]+}}] : <tensor<2x64xi16>>
// CHECK: tt.print ": " {{.*}} : tensor<32x32xf16>
// CHECK-NEXT: }
// CHECK: %[[N:[0-9]+]] = scf.for %{{arg[0-9]+}} = {{.*}} iter_args(%[[X:arg[0-9]+]] = %{{[a-z0-9_]+}}) -> (i32)  : i32 {
// CHECK-NEXT: %[[Y:[0-9]+]] = arith.addi %[[X]], %{{arg[0-9]+}} : i32
// CHECK-NEXT: scf.yield %[[Y]] : i32
// CHECK-NEXT: } {tt.num_stages = 2 : i32}
// CHECK: %[[LV:[0-9]+]] = tt.load %[[PV]] : !tt.ptr<tensor<32x32xf16>>
// CHECK-NEXT: %[[LM:[0-9]+]] = tt.load %[[PM]] : !tt.ptr<tensor<2x64xi16>>
// CHECK: %[[R:[0-9]+]]:3 = scf.for %{{arg[0-9]+}} = %{{[a-z0-9_]+}} to %[[N]] step %{{[a-z0-9_]+}} iter_args(%[[ACC:arg[0-9]+]] = %{{[a-z0-9_]+}}, %[[IV2:arg[0-9]+]] = %[[LV]], %[[IM2:arg[0-9]+]] = %[[LM]]) -> (tensor<32x32xf32>, tensor<32x32xf16>, tensor<2x64xi16>)
// CHECK-NEXT: %[[D:[0-9]+]] = tt.dot %[[IV2]], %{{[0-9]+}}, %[[ACC]], %[[IM2]], sparseIndex = 0
// CHECK-NEXT: scf.yield %[[D]], %[[IV2]], %[[IM2]] : tensor<32x32xf32>, tensor<32x32xf16>, tensor<2x64xi16>
// CHECK: %[[IF:[0-9]+]]:2 = scf.if %{{arg[0-9]+}} -> (!tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>) {
// CHECK-NEXT: scf.yield %[[PV]], %[[PM]] : !tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{[0-9]+}}, %{{[0-9]+}} : !tt.ptr<tensor<32x32xf16>>, !tt.ptr<tensor<2x64xi16>>
// CHECK: %[[A:[0-9]+]] = tt.load %[[IF]]#0 : !tt.ptr<tensor<32x32xf16>>
// CHECK-NEXT: %[[E:[0-9]+]] = tt.load %[[IF]]#1 : !tt.ptr<tensor<2x64xi16>>
// CHECK-NEXT: tt.dot %[[A]], %{{[0-9]+}}, %[[R]]#0, %[[E]], sparseIndex = 0

module {
  tt.func public @loops(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: !tt.ptr<f16>, %arg2: i1, %arg3: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.make_tensor_ptr %arg0, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %1 = tt.make_tensor_ptr %arg1, [%c64_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %10 = arith.muli %arg4, %c32_i32 : i32
      %11 = tt.advance %0, [%10, %c0_i32] : <tensor<32x64xf16, #tt.sparse<"NV24">>>
      %12 = tt.load %11 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
      %13 = tt.sparse_values %12 : tensor<32x64xf16, #tt.sparse<"NV24">> -> tensor<32x32xf16>
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %13 : tensor<32x32xf16>
    }
    %2 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
      %10 = arith.addi %arg5, %arg4 : i32
      scf.yield %10 : i32
    } {tt.num_stages = 2 : i32}
    %3 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %4 = tt.load %1 : !tt.ptr<tensor<64x32xf16>>
    %5:2 = scf.for %arg4 = %c0_i32 to %2 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %3) -> (tensor<32x32xf32>, tensor<32x64xf16, #tt.sparse<"NV24">>)  : i32 {
      %10 = tt.dot %arg6, %4, %arg5 : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
      scf.yield %10, %arg6 : tensor<32x32xf32>, tensor<32x64xf16, #tt.sparse<"NV24">>
    }
    %6 = tt.advance %0, [%c32_i32, %c0_i32] : <tensor<32x64xf16, #tt.sparse<"NV24">>>
    %7 = scf.if %arg2 -> (!tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>) {
      scf.yield %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    } else {
      scf.yield %6 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    }
    %8 = tt.load %7 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
    %9 = tt.dot %8, %4, %5#0 : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x32xf16> -> tensor<32x32xf32>
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %9 : tensor<32x32xf32>
    tt.return
  }
}
