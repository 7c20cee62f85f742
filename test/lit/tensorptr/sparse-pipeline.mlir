// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors -canonicalize -triton-rewrite-tensor-pointer -canonicalize | FileCheck %s
// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors -canonicalize -triton-rewrite-tensor-pointer -canonicalize | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -decompose-sparse-tensors -canonicalize -triton-rewrite-tensor-pointer -canonicalize | FileCheck %s --check-prefix=NOBP

// The TTIR part of the sparse flow: decompose-sparse-tensors, canonicalize,
// triton-rewrite-tensor-pointer, canonicalize. No block pointer and no
// #tt.sparse type remains; values and metadata are loaded through pointer
// tensors and meet in the sparse tt.dot.
// NOBP: tt.func public @dot_kernel
// NOBP-NOT: !tt.ptr<tensor<
// NOBP-NOT: #tt.sparse
// NOBP-NOT: tt.make_tensor_ptr
// NOBP-NOT: tt.advance
// NOBP: tt.func public @b_sparse
// NOBP-NOT: !tt.ptr<tensor<
// NOBP-NOT: #tt.sparse
// NOBP-NOT: tt.make_tensor_ptr
// NOBP-NOT: tt.advance

// CHECK-LABEL: tt.func public @dot_kernel
// CHECK: %[[V:[0-9]+]] = tt.load %{{[0-9]+}} : tensor<32x32x!tt.ptr<f16>>
// CHECK: %[[E:[0-9]+]] = tt.load %{{[0-9]+}} : tensor<2x64x!tt.ptr<i16>>
// CHECK: %[[B:[0-9]+]] = tt.load %{{[0-9]+}} : tensor<64x16x!tt.ptr<f16>>
// CHECK: tt.dot %[[V]], %[[B]], %{{[a-z0-9_]+}}, %[[E]], sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x16xf16> -> tensor<32x16xf32>
// CHECK: tt.store %{{[0-9]+}}, %{{[0-9]+}} : tensor<32x16x!tt.ptr<f16>>

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

// CHECK-LABEL: tt.func public @matmul_kernel
// Only the K offsets of the three block pointers are carried (the row and
// column offsets are loop-invariant and not advanced).
// CHECK: scf.for {{.*}} -> (tensor<128x64xf32>, i32, i32, i32)  : i32 {
// CHECK: %[[V:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<128x64x!tt.ptr<f16>>
// CHECK: %[[E:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<8x128x!tt.ptr<i16>>
// CHECK: %[[B:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<128x64x!tt.ptr<f16>>
// CHECK: tt.dot %[[V]], %[[B]], %{{arg[0-9]+}}, %[[E]], sparseIndex = 0, inputPrecision = tf32
// CHECK: } {tt.num_stages = 3 : i32}
// CHECK: tt.store %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<128x64x!tt.ptr<f16>>

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

// CHECK-LABEL: tt.func public @b_sparse
// CHECK: %[[V:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<32x64x!tt.ptr<f16>>
// CHECK: %[[E:[0-9]+]] = tt.load %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9_]+}} : tensor<4x64x!tt.ptr<i16>>
// CHECK: tt.dot %{{[0-9]+}}, %[[V]], %{{arg[0-9]+}}, %[[E]], sparseIndex = 1 : tensor<32x64xf16>, tensor<4x64xi16> * tensor<32x64xf16> -> tensor<32x64xf32>

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
