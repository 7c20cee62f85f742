// RUN: sp-opt %s -split-input-file -verify-diagnostics --annotate-sparse="args=a_ptr"
// Marking errors: each is a positioned error naming the argument.

// expected-error @+1 {{no argument named "a_ptr" (arguments: x, n)}}
tt.func public @unknown(%x: !tt.ptr<f16> loc("x"), %n: i32 loc("n")) {
  tt.return
}

// -----

// expected-error @+1 {{argument #0 (a_ptr) has type i32; only scalar pointers}}
tt.func public @not_a_pointer(%a: i32 loc("a_ptr")) {
  tt.return
}

// -----

// expected-error @+1 {{argument #0 (a_ptr) points to f32; 2:4 sparse operands are f16, bf16, f8E4M3FN, f8E5M2 or i8}}
tt.func public @f32(%a: !tt.ptr<f32> loc("a_ptr")) {
  tt.return
}

// -----

// expected-error @+1 {{argument #0 (a_ptr) never reaches a tt.dot operand}}
tt.func public @no_dot(%a: !tt.ptr<f16> loc("a_ptr")) {
  %p = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %v = tt.load %p : tensor<32x64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func public @store(%a: !tt.ptr<f16> loc("a_ptr"), %v: tensor<32x64xf16>) {
  %p = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  // expected-error @+1 {{'tt.store' cannot use a 2:4 value of type tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>}}
  tt.store %p, %v : tensor<32x64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func public @row_max(%a: !tt.ptr<f16> loc("a_ptr"), %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %p = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %v = tt.load %p : tensor<32x64x!tt.ptr<f16>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16> * tensor<64x16xf16> -> tensor<32x16xf32>
  // expected-error @+1 {{'tt.reduce' cannot use a 2:4 value}}
  %m = "tt.reduce"(%v) ({
  ^bb0(%x: f16, %y: f16):
    %z = arith.maximumf %x, %y : f16
    tt.reduce.return %z : f16
  }) {axis = 1 : i32} : (tensor<32x64xf16>) -> tensor<32xf16>
  tt.return %d : tensor<32x16xf32>
}

// -----

tt.func public @shape(%a: !tt.ptr<f16> loc("a_ptr"), %b: tensor<2x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %p = tt.splat %a : !tt.ptr<f16> -> tensor<32x2x!tt.ptr<f16>>
  // expected-error @+1 {{the loaded tile tensor<32x2xf16, #tt.sparse<"NV24">> cannot be 2:4 sparse: #tt.sparse<"NV24"> requires the compressed (last) dimension to be a multiple of 4}}
  %v = tt.load %p : tensor<32x2x!tt.ptr<f16>>
  %d = tt.dot %v, %b, %acc : tensor<32x2xf16> * tensor<2x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}
