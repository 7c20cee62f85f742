// RUN: sp-opt %s -split-input-file -verify-diagnostics -tritongpu-split-cta-tiles=ctas=2

tt.func @pointer_tensor(%q: !tt.ptr<f16>, %b: tensor<64x64xf16>, %c: tensor<256x64x!tt.ptr<f32>>) {
  %p = tt.splat %q : !tt.ptr<f16> -> tensor<256x64x!tt.ptr<f16>>
  // expected-error @+1 {{'tt.load' of a tensor of pointers uses the M tile that num-ctas = 2 splits between CTAs; address it with a block pointer or a tensor descriptor}}
  %a = tt.load %p : tensor<256x64x!tt.ptr<f16>>
  %z = arith.constant dense<0.000000e+00> : tensor<256x64xf32>
  %d = tt.dot %a, %b, %z : tensor<256x64xf16> * tensor<64x64xf16> -> tensor<256x64xf32>
  tt.store %c, %d : tensor<256x64x!tt.ptr<f32>>
  tt.return
}

// -----

// expected-error @+1 {{the kernel has no tt.dot whose M tile could be split between CTAs}}
tt.func @nodot(%p: !tt.ptr<f16>) {
  tt.return
}

// -----

tt.func @odd(%b: tensor<64x64xf16>) {
  // expected-error @+1 {{does not split into 2 parts of a multiple of 16 rows}}
  %a = arith.constant dense<1.000000e+00> : tensor<48x64xf16>
  %z = arith.constant dense<0.000000e+00> : tensor<48x64xf32>
  %d = tt.dot %a, %b, %z : tensor<48x64xf16> * tensor<64x64xf16> -> tensor<48x64xf32>
  tt.return
}

// -----

// expected-error @+1 {{argument #0 (tensor<64x64xf16>) carries the M tile that num-ctas = 2 splits between CTAs}}
tt.func @arg(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) {
  %z = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %d = tt.dot %a, %b, %z : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @decomposed(%a: tensor<64x32xf16>, %e: tensor<4x64xi16>, %b: tensor<64x64xf16>, %c: !tt.ptr<tensor<64x64xf32>>) {
  %z = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  // expected-error @+1 {{this tt.dot already has its 2:4 metadata operand; split the M tile before decompose-sparse-tensors}}
  %d = tt.dot %a, %b, %z, %e, sparseIndex = 0 : tensor<64x32xf16>, tensor<4x64xi16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tt.store %c, %d : !tt.ptr<tensor<64x64xf32>>
  tt.return
}
