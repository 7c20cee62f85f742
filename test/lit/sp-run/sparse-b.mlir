// A 2:4 sparse B operand (K x N, 2:4 along K): decompose-sparse-tensors
// gives values [K/2, N] and the band16 metadata of Bᵀ, [N/16, K], and a
// tt.dot with sparseIndex = 1; sp-run finds the role from the tt.dot,
// compresses B with sparse.CompressB, and the interpreter decodes it.
// RUN: sp-run %s --no-spec --grid 2,2 --tensor arg0=64x128:f16 --tensor arg1=128x64:f16 --prune \
// RUN:   --tensor arg2=64x64:f16 --output arg2 --verify "arg2 = arg0 @ arg1" | FileCheck %s
// CHECK: arg1       f16[128x64], pruned to 2:4 operand B: values f16[64x64], metadata i16[4x128] (band16)
// CHECK: verify arg2 = arg0 @ arg1: ok (full check, 4096 elements)
// Declaring it operand A contradicts the kernel.
// RUN: not sp-run %s --no-spec --grid 2,2 --tensor arg0=64x128:f16 --tensor arg1=128x64:f16 --sparse arg1=A --prune \
// RUN:   --tensor arg2=64x64:f16 2>&1 | FileCheck %s --check-prefix=ROLE
// ROLE: sp-run: error: argument 1 (arg1): the launch says this 2:4 matrix is operand A, but the kernel reads it in operand B's form (2:4 along dimension 0, as a K x N B)
module {
  tt.func public @b_sparse(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c32_i32 : i32
    %3 = arith.muli %1, %c32_i32 : i32
    %4 = tt.make_tensor_ptr %arg0, [%c64_i64, %c128_i64], [%c128_i64, %c1_i64], [%2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
    %5 = tt.make_tensor_ptr %arg1, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %3] {order = array<i32: 1, 0>} : <tensor<64x32xf16, #tt.sparse<"NV24">>>
    %6:3 = scf.for %arg3 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %4, %arg6 = %5) -> (tensor<32x32xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x32xf16, #tt.sparse<"NV24">>>)  : i32 {
      %9 = tt.load %arg5 : !tt.ptr<tensor<32x64xf16>>
      %10 = tt.load %arg6 : !tt.ptr<tensor<64x32xf16, #tt.sparse<"NV24">>>
      %11 = tt.dot %9, %10, %arg4 : tensor<32x64xf16> * tensor<64x32xf16, #tt.sparse<"NV24">> -> tensor<32x32xf32>
      %12 = tt.advance %arg5, [%c0_i32, %c64_i32] : <tensor<32x64xf16>>
      %13 = tt.advance %arg6, [%c64_i32, %c0_i32] : <tensor<64x32xf16, #tt.sparse<"NV24">>>
      scf.yield %11, %12, %13 : tensor<32x32xf32>, !tt.ptr<tensor<32x64xf16>>, !tt.ptr<tensor<64x32xf16, #tt.sparse<"NV24">>>
    }
    %7 = arith.truncf %6#0 : tensor<32x32xf32> to tensor<32x32xf16>
    %8 = tt.make_tensor_ptr %arg2, [%c64_i64, %c64_i64], [%c64_i64, %c1_i64], [%2, %3] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
    tt.store %8, %7 : !tt.ptr<tensor<32x32xf16>>
    tt.return
  }
}
