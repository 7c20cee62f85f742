// End to end: the 128x128x64 2:4-sparse-A matmul example (block pointers
// with boundary checks on both dimensions, an scf.for over K with
// tt.advance) through sp-pipeline to PTX. triton-rewrite-tensor-pointer
// emits the pointer tensors as a loop-invariant base plus a splat of the
// scalar offset and the masks as i32 compares against clamped bounds;
// loop-invariant-code-motion hoists the base and the invariant masks, and
// the axis analysis keeps the runs, so inside the K loop every operand
// (values, metadata, B) moves with cp.async and nothing compares or
// multiplies 64-bit indices per element.
// RUN: sp-opt %s --sp-pipeline="target=cuda:80 num-warps=4 num-stages=3" --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: sp-opt %s --pass-pipeline='builtin.module(decompose-sparse-tensors,canonicalize,triton-rewrite-tensor-pointer,canonicalize,loop-invariant-code-motion)' | FileCheck %s --check-prefix=TTIR

// The loop carries only the accumulator and the three K offsets; the
// row/column masks and base pointer tensors sit before it, and inside it
// nothing is extended or multiplied per element.
// TTIR-LABEL: tt.func public @sparse_matmul
// TTIR: tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
// TTIR: scf.for {{.*}} -> (tensor<128x128xf32>, i32, i32, i32)  : i32 {
// TTIR-NOT: tt.make_range
// TTIR-NOT: arith.cmpi sge
// TTIR-NOT: arith.extsi {{.*}} : tensor<
// TTIR-NOT: arith.muli {{.*}} : tensor<
// TTIR: tt.dot
// TTIR: scf.yield

// CHECK: .visible .entry sparse_matmul(
// CHECK: $L_for_head_{{[0-9]+}}:
// CHECK-NOT: ld.global
// CHECK-NOT: setp.{{[a-z]+}}.s64
// CHECK-COUNT-4: cp.async.cg.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK-NOT: ld.global
// CHECK-NOT: setp.{{[a-z]+}}.s64
// CHECK: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 8, %r{{[0-9]+}};
// CHECK-NOT: ld.global
// CHECK-NOT: setp.{{[a-z]+}}.s64
// CHECK-COUNT-8: cp.async.cg.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK-NOT: ld.global
// CHECK-NOT: setp.{{[a-z]+}}.s64
// CHECK: bra.uni $L_for_head
module {
  tt.func public @sparse_matmul(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = arith.muli %1, %c128_i32 : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xf16, #tt.sparse<"NV24">>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%c0_i32, %3] {order = array<i32: 1, 0>} : <tensor<64x128xf16>>
    %11 = arith.addi %arg5, %c63_i32 : i32
    %12 = arith.divsi %11, %c64_i32 : i32
    %13:3 = scf.for %arg9 = %c0_i32 to %12 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<128x128xf32>, !tt.ptr<tensor<128x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x128xf16>>)  : i32 {
      %18 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16, #tt.sparse<"NV24">>>
      %19 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x128xf16>>
      %20 = tt.dot %18, %19, %arg10, inputPrecision = tf32 : tensor<128x64xf16, #tt.sparse<"NV24">> * tensor<64x128xf16> -> tensor<128x128xf32>
      %21 = tt.advance %arg11, [%c0_i32, %c64_i32] : <tensor<128x64xf16, #tt.sparse<"NV24">>>
      %22 = tt.advance %arg12, [%c64_i32, %c0_i32] : <tensor<64x128xf16>>
      scf.yield %20, %21, %22 : tensor<128x128xf32>, !tt.ptr<tensor<128x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x128xf16>>
    }
    %14 = arith.truncf %13#0 : tensor<128x128xf32> to tensor<128x128xf16>
    %15 = arith.extsi %arg8 : i32 to i64
    %16 = tt.make_tensor_ptr %arg2, [%4, %8], [%15, %c1_i64], [%2, %3] {order = array<i32: 1, 0>} : <tensor<128x128xf16>>
    tt.store %16, %14 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x128xf16>>
    tt.return
  }
}
