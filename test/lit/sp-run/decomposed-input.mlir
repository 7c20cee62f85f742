// A kernel that is already decomposed (values and i16 metadata pointers):
// --sparse names the dense matrix that feeds the pair; sp-run compresses it
// into band16 and the interpreter decodes it in tt.dot (sparseIndex = 0).
// RUN: sp-run %s --no-spec --grid 1 --tensor out=32x16:f16 --output out --tensor a=32x64:f16 --sparse a --prune \
// RUN:   --tensor b=64x16:f16 --verify "out = a @ b" | FileCheck %s
// CHECK: a          f16[32x64], pruned to 2:4 operand A: values f16[32x32], metadata i16[2x64] (band16)
// CHECK: verify out = a @ b: ok (full check, 512 elements)
module {
  tt.func public @dot_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c16_i64 = arith.constant 16 : i64
    %c32_i64 = arith.constant 32 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
    %0 = tt.make_tensor_ptr %arg1, [%c32_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
    %1 = tt.make_tensor_ptr %arg2, [%c2_i64, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<2x64xi16>>
    %2 = tt.make_tensor_ptr %arg3, [%c64_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x16xf16>>
    %3 = tt.make_tensor_ptr %arg0, [%c32_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
    %4 = tt.load %0 : !tt.ptr<tensor<32x32xf16>>
    %5 = tt.load %1 : !tt.ptr<tensor<2x64xi16>>
    %6 = tt.load %2 : !tt.ptr<tensor<64x16xf16>>
    %7 = tt.dot %4, %6, %cst, %5, sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x16xf16> -> tensor<32x16xf32>
    %8 = arith.truncf %7 : tensor<32x16xf32> to tensor<32x16xf16>
    tt.store %3, %8 : !tt.ptr<tensor<32x16xf16>>
    tt.return
  }
}
