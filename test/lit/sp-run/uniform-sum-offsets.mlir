// Block-pointer offsets rewritten into pointer tensors (triton-rewrite-tensor-pointer, then canonicalize) reach
// the 2:4 decomposition as one uniform sum per tile, splat(m0 * stride + k0): decompose-sparse-tensors splits it
// into its row and K steps (A: the row step in bands of 16 for the metadata; B: only the K step halved for the
// values). Both roles, at ragged sizes and at sizes where a misplaced offset would stay inside the buffers.
// RUN: sp-opt %s --triton-rewrite-tensor-pointer --canonicalize -o %t.ptr.mlir
// RUN: sp-run %s --spec %S/Inputs/uniform-sum-b.json | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-b.json | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-b.json --set M=528 --set N=272 --set K=96 | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-b.json --set M=256 --set N=512 --set K=512 | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-a.json | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-a.json --set M=528 --set N=272 --set K=96 | FileCheck %s
// RUN: sp-run %t.ptr.mlir --spec %S/Inputs/uniform-sum-a.json --set M=1024 --set N=128 --set K=256 | FileCheck %s
// CHECK: verify C = A @ B: ok (full check
module {
  tt.func public @mm_uniform(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %bt_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %cBM = arith.constant 128 : i32
    %cBN = arith.constant 128 : i32
    %cBK = arith.constant 32 : i32
    %cBK1 = arith.constant 31 : i32
    %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %m0 = arith.muli %pid_m, %cBM : i32
    %n0 = arith.muli %pid_n, %cBN : i32
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%K64, %c1_i64], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
    %pb = tt.make_tensor_ptr %bt_ptr, [%K64, %N64], [%N64, %c1_i64], [%c0, %n0] {order = array<i32: 1, 0>} : <tensor<32x128xf16>>
    %kt = arith.addi %K, %cBK1 : i32
    %nk = arith.divsi %kt, %cBK : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%acc = %acc0, %ap = %pa, %bp = %pb) -> (tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<32x128xf16>>) : i32 {
      %av = tt.load %ap {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x32xf16>>
      %bv = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x128xf16>>
      %dd = tt.dot %av, %bv, %acc : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      %ap2 = tt.advance %ap, [%c0, %cBK] : <tensor<128x32xf16>>
      %bp2 = tt.advance %bp, [%cBK, %c0] : <tensor<32x128xf16>>
      scf.yield %dd, %ap2, %bp2 : tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<32x128xf16>>
    }
    %out = arith.truncf %res#0 : tensor<128x128xf32> to tensor<128x128xf16>
    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%N64, %c1_i64], [%m0, %n0] {order = array<i32: 1, 0>} : <tensor<128x128xf16>>
    tt.store %pc, %out {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x128xf16>>
    tt.return
  }
}
