// RUN: sp-opt %s -decompose-sparse-tensors -canonicalize | FileCheck %s
// RUN: sp-opt %s -decompose-sparse-tensors -canonicalize | sp-opt | FileCheck %s

// A BSR24 operand (#tt.sparse<"BSR24", block = [64, 64]>, docs/sparse.md
// §7) becomes values, band16 metadata, indptr and indices; the loop over
// all K blocks becomes a loop over the stored blocks of the block row
// (indptr[r] .. indptr[r+1]), carrying the current block column; A's
// values and metadata advance by one stored block, B by the distance in
// blocks to the next stored one (indices[j+1] - indices[j]) times 64 rows.

// CHECK-LABEL: tt.func public @block_sparse_matmul(
// CHECK-SAME: %[[V:arg0]]: !tt.ptr<f16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %[[M:arg1]]: !tt.ptr<i16> {sp.block = array<i32: 64, 64>, tt.divisibility = 16 : i32}, %[[P:arg2]]: !tt.ptr<i32> {sp.block_sparse = "indptr", tt.divisibility = 16 : i32}, %[[I:arg3]]: !tt.ptr<i32> {sp.block_sparse = "indices", tt.divisibility = 16 : i32}, %[[B:arg4]]: !tt.ptr<f16>
// CHECK: %[[ROW:.*]] = arith.divsi %{{.*}}, %c64_i32 : i32
// CHECK: %[[PP:.*]] = tt.addptr %[[P]], %[[ROW]] : !tt.ptr<i32>, i32
// CHECK: %[[START:.*]] = tt.load %[[PP]] : !tt.ptr<i32>
// CHECK: %[[ROW1:.*]] = arith.addi %[[ROW]], %c1_i32 : i32
// CHECK: %[[PP1:.*]] = tt.addptr %[[P]], %[[ROW1]] : !tt.ptr<i32>, i32
// CHECK: %[[END:.*]] = tt.load %[[PP1]] : !tt.ptr<i32>
// CHECK: %[[IP:.*]] = tt.addptr %[[I]], %[[START]] : !tt.ptr<i32>, i32
// CHECK: %[[FIRST:.*]] = tt.load %[[IP]] : !tt.ptr<i32>
// CHECK: %[[END64:.*]] = arith.extsi %[[END]] : i32 to i64
// CHECK: %[[VROWS:.*]] = arith.muli %[[END64]], %c64_i64 : i64
// CHECK: %[[VOFF:.*]] = arith.muli %[[START]], %c64_i32 : i32
// CHECK: %[[MROWS:.*]] = arith.shrsi %[[VROWS]], %c4_i64 : i64
// CHECK: %[[MOFF:.*]] = arith.shrsi %[[VOFF]], %c4_i32 : i32
// CHECK: %[[AV:.*]] = tt.make_tensor_ptr %[[V]], [%[[VROWS]], %c32_i64], [%c32_i64, %c1_i64], [%[[VOFF]], %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
// CHECK: %[[AM:.*]] = tt.make_tensor_ptr %[[M]], [%[[MROWS]], %c64_i64], [%c64_i64, %c1_i64], [%[[MOFF]], %c0_i32] {order = array<i32: 1, 0>} : <tensor<4x64xi16>>
// CHECK: %[[BP:.*]] = tt.make_tensor_ptr %[[B]],
// CHECK: %[[FK:.*]] = arith.muli %[[FIRST]], %c64_i32 : i32
// CHECK: %[[BP0:.*]] = tt.advance %[[BP]], [%[[FK]], %c0_i32] : <tensor<64x64xf16>>
// CHECK: %{{.*}}:5 = scf.for %[[J:.*]] = %[[START]] to %[[END]] step %c1_i32 iter_args(%[[ACC:.*]] = %cst, %[[PV:.*]] = %[[AV]], %[[PM:.*]] = %[[AM]], %[[PB:.*]] = %[[BP0]], %[[CUR:.*]] = %[[FIRST]]) -> (tensor<64x64xf32>, !tt.ptr<tensor<64x32xf16>>, !tt.ptr<tensor<4x64xi16>>, !tt.ptr<tensor<64x64xf16>>, i32)  : i32 {
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]], %c1_i32 : i32
// CHECK-NEXT: %[[JN:.*]] = arith.minsi %[[J1]], %[[END]] : i32
// CHECK-NEXT: %[[NP:.*]] = tt.addptr %[[I]], %[[JN]] : !tt.ptr<i32>, i32
// CHECK-NEXT: %[[NEXT:.*]] = tt.load %[[NP]] : !tt.ptr<i32>
// CHECK: %[[X:.*]] = tt.load %[[PV]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
// CHECK: %[[E:.*]] = tt.load %[[PM]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<4x64xi16>>
// CHECK: %[[Y:.*]] = tt.load %[[PB]]
// CHECK: %[[D:.*]] = tt.dot %[[X]], %[[Y]], %[[ACC]], %[[E]], sparseIndex = 0, inputPrecision = tf32
// CHECK: %[[NV:.*]] = tt.advance %[[PV]], [%c64_i32, %c0_i32] : <tensor<64x32xf16>>
// CHECK: %[[NM:.*]] = tt.advance %[[PM]], [%c4_i32, %c0_i32] : <tensor<4x64xi16>>
// CHECK: %[[DELTA:.*]] = arith.subi %[[NEXT]], %[[CUR]] : i32
// CHECK: %[[DK:.*]] = arith.muli %[[DELTA]], %c64_i32 : i32
// CHECK: %[[NB:.*]] = tt.advance %[[PB]], [%[[DK]], %c0_i32] : <tensor<64x64xf16>>
// CHECK: scf.yield %[[D]], %[[NV]], %[[NM]], %[[NB]], %[[NEXT]]
module {
  tt.func public @block_sparse_matmul(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = arith.muli %1, %c64_i32 : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%c0_i32, %3] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %11 = arith.addi %arg5, %c63_i32 : i32
    %12 = arith.divsi %11, %c64_i32 : i32
    %13:3 = scf.for %arg9 = %c0_i32 to %12 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<64x64xf32>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, !tt.ptr<tensor<64x64xf16>>)  : i32 {
      %18 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
      %19 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
      %20 = tt.dot %18, %19, %arg10, inputPrecision = tf32 : tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>> * tensor<64x64xf16> -> tensor<64x64xf32>
      %21 = tt.advance %arg11, [%c0_i32, %c64_i32] : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
      %22 = tt.advance %arg12, [%c64_i32, %c0_i32] : <tensor<64x64xf16>>
      scf.yield %20, %21, %22 : tensor<64x64xf32>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, !tt.ptr<tensor<64x64xf16>>
    }
    %14 = arith.truncf %13#0 : tensor<64x64xf32> to tensor<64x64xf16>
    %15 = arith.extsi %arg8 : i32 to i64
    %16 = tt.make_tensor_ptr %arg2, [%4, %8], [%15, %c1_i64], [%2, %3] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    tt.store %16, %14 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x64xf16>>
    tt.return
  }
}
