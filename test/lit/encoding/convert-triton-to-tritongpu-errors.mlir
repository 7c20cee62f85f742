// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu -verify-diagnostics
// RUN: not sp-opt %s -convert-triton-to-tritongpu='num-ctas=2' 2>&1 | FileCheck %s --check-prefix=CTA
// RUN: not sp-opt %s -convert-triton-to-tritongpu='target=cuda:75' 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: not sp-opt %s -convert-triton-to-tritongpu='num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS
// CTA: error: convert-triton-to-tritongpu: num-ctas = 2: sp supports single-CTA kernels only
// SM75: error: convert-triton-to-tritongpu: target "cuda:75" is not supported (supported: cuda:80, cuda:89, cuda:90)
// WARPS: error: convert-triton-to-tritongpu: num-warps must be a power of two, got 3

// What the layout assignment does not model is diagnosed at the op.
tt.func @block_pointer(%p: !tt.ptr<f16>, %s: i64) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{block pointers are not supported; run triton-rewrite-tensor-pointer first}}
  %t = tt.make_tensor_ptr %p, [%s, %s], [%s, %s], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @trans(%p: !tt.ptr<f16>) {
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<2x16x32x!tt.ptr<f16>>
  %v = tt.load %ps : tensor<2x16x32x!tt.ptr<f16>>
  // expected-error @+1 {{'tt.trans' op convert-triton-to-tritongpu: tt.trans of a register tensor must swap the two dims of a rank-2 tensor}}
  %t = tt.trans %v {order = array<i32: 0, 2, 1>} : tensor<2x16x32xf16> -> tensor<2x32x16xf16>
  tt.return
}

// -----

// expected-error @+1 {{tensor-typed function arguments and results are not supported}}
tt.func @tensor_arg(%t: tensor<16xi32>) {
  tt.return
}
