// RUN: sp-opt %s -split-input-file -verify-diagnostics -decompose-sparse-tensors
// Unsupported uses of 2:4 sparse values: each is a positioned error.

tt.func @splat(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>) {
  // expected-error @+1 {{a 2:4 pointer can only be splat to a rank-2 tensor of pointers (the tile or a [M, 1] / [1, K] part of it), got tensor<32x!tt.ptr<f16, #tt.sparse<"NV24">>>}}
  %0 = tt.splat %arg0 : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x!tt.ptr<f16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

// expected-error @+1 {{result #0 of type tensor<32x64xf16, #tt.sparse<"NV24">> is sparse; sparse values cannot be returned from a function}}
tt.func @returns_sparse(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) -> tensor<32x64xf16, #tt.sparse<"NV24">> {
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %arg1], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return %1 : tensor<32x64xf16, #tt.sparse<"NV24">>
}

// -----

tt.func private @callee(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>)
tt.func @caller(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>) {
  // expected-error @+1 {{cannot cross a function boundary ('tt.call')}}
  tt.call @callee(%arg0) : (!tt.ptr<f16, #tt.sparse<"NV24">>) -> ()
  tt.return
}

// -----

tt.func @small_block(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  // expected-error @+1 {{sparse block 8x64 (M x K, operand A) must have both dimensions multiples of 16}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<8x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @odd_k(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c40_i64 = arith.constant 40 : i64
  // expected-error @+1 {{shape[1] (K) = 40 must be a multiple of 16}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %c40_i64], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @odd_row_stride(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c33_i64 = arith.constant 33 : i64
  // expected-error @+1 {{strides[0] (row stride) = 33 must be a multiple of 2}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%c33_i64, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @column_major(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c64_i64 = arith.constant 64 : i64
  // expected-error @+1 {{strides[1] = 64: a 2:4 tensor must be contiguous along its last dimension (stride 1)}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%c1_i64, %c64_i64], [%arg2, %arg2] {order = array<i32: 0, 1>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @misaligned_advance(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c8_i32 = arith.constant 8 : i32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  // expected-error @+1 {{offset[1] (K step) = 8 must be a multiple of 16}}
  %1 = tt.advance %0, [%c0_i32, %c8_i32] : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @both_roles(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf32>) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
  // expected-note @+1 {{used as operand A here}}
  %2 = tt.dot %1, %arg3, %arg4 : tensor<64x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<64x64xf32>
  // expected-error @+1 {{this 2:4 tensor is operand B of this tt.dot but operand A of another; a sparse buffer has one layout}}
  %3 = tt.dot %arg3, %1, %2 : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @while_loop(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i1) {
  // expected-error @+1 {{'scf.while' carrying a sparse value (!tt.ptr<f16, #tt.sparse<"NV24">>) is not supported; carry 2:4 block pointers and tensors through scf.for or scf.if}}
  %0 = scf.while (%a = %arg0) : (!tt.ptr<f16, #tt.sparse<"NV24">>) -> !tt.ptr<f16, #tt.sparse<"NV24">> {
    scf.condition(%arg1) %a : !tt.ptr<f16, #tt.sparse<"NV24">>
  } do {
  ^bb0(%b: !tt.ptr<f16, #tt.sparse<"NV24">>):
    scf.yield %b : !tt.ptr<f16, #tt.sparse<"NV24">>
  }
  tt.return
}

// -----

tt.func @scalar_load(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>) {
  // expected-error @+1 {{tt.load through a scalar sparse pointer is not supported; load 2:4 tensors through a block pointer (tt.make_tensor_ptr)}}
  %0 = tt.load %arg0 : !tt.ptr<f16, #tt.sparse<"NV24">>
  tt.return
}

// -----

tt.func @sparse_arith(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>
  // expected-error @+1 {{'arith.addf' produces a sparse tensor (tensor<32x64xf16, #tt.sparse<"NV24">>) from a sparse operand; only the values tensor can be used outside tt.dot (use tt.sparse_values first)}}
  %2 = arith.addf %1, %1 : tensor<32x64xf16, #tt.sparse<"NV24">>
  tt.return
}

// -----

tt.func @store_b(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x32xf16>) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
  %2 = tt.dot %arg3, %1, %arg4 : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf32>
  // expected-error @+1 {{tt.store through a sparse block pointer is supported for operand A only}}
  tt.store %0, %arg5 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

tt.func @values_of_b(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf32>) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
  %2 = tt.dot %arg3, %1, %arg4 : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf32>
  // expected-error @+1 {{tt.sparse_values of a 2:4 operand B: its values are tensor<32x64xf16>, not tensor<64x32xf16>; tt.sparse_values is supported for operand A only}}
  %3 = tt.sparse_values %1 : tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x32xf16>
  tt.return
}

// -----

// Pointer tensors: offsets not affine in the K index (k * k).
tt.func @not_affine(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %sq = arith.muli %rk, %rk : tensor<64xi32>
  %e = tt.expand_dims %sq {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %off = tt.broadcast %e : tensor<1x64xi32> -> tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  // expected-error @+1 {{the offsets of this 2:4 pointer are not affine in the K index (dimension 1 of the tile)}}
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// An offset of operand A that is not a sum of row terms and K terms (here
// the sum scaled as a whole): band16 metadata addresses take the row part
// at the band start and the K part at the word column, which such a term
// mixes.
tt.func @not_separable(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>, %lda: i32) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %one = arith.constant dense<1> : tensor<32x64xi32>
  %rm = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %lda2 = tt.splat %lda : i32 -> tensor<32x1xi32>
  %roff = arith.muli %rm2, %lda2 : tensor<32x1xi32>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tt.broadcast %roff : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tt.broadcast %rk2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %sum = arith.addi %rb, %kb : tensor<32x64xi32>
  // expected-error @+1 {{an offset term of this 2:4 operand A depends on both the row and the K index}}
  %off = arith.muli %sum, %one : tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// A K stride other than 1: the compressed values are contiguous along K.
tt.func @strided_k(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %c2 = arith.constant dense<2> : tensor<64xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %k2 = arith.muli %rk, %c2 : tensor<64xi32>
  %e = tt.expand_dims %k2 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %off = tt.broadcast %e : tensor<1x64xi32> -> tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  // expected-error @+1 {{a 2:4 operand A must be contiguous along K}}
  %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// A gather: offsets loaded from memory.
tt.func @gather(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %idx: !tt.ptr<i32>, %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %ip = tt.splat %idx : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  // expected-error @+1 {{the offsets of a 2:4 pointer are loaded from memory (a gather)}}
  %off = tt.load %ip : tensor<32x64x!tt.ptr<i32>>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// A lookup table of offsets.
tt.func @table(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<16x16xf16>) -> tensor<16x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %rk = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %e = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  // expected-error @+1 {{a non-uniform constant offset of a 2:4 pointer (a lookup table) cannot be decomposed}}
  %t = arith.constant dense<[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16]]> : tensor<1x16xi32>
  %s = arith.addi %e, %t : tensor<1x16xi32>
  %off = tt.broadcast %s : tensor<1x16xi32> -> tensor<16x16xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<16x16x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<16x16x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<16x16xi32>
  %v = tt.load %q : tensor<16x16x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<16x16xf16, #tt.sparse<"NV24">> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// Offsets carried by scf.for instead of the pointer.
tt.func @carried_offsets(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>, %n: i32) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %step = arith.constant dense<64> : tensor<32x64xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %e = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %off0 = tt.broadcast %e : tensor<1x64xi32> -> tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%off = %off0, %acc = %acc0) -> (tensor<32x64xi32>, tensor<32x16xf32>) : i32 {
    // expected-error @+1 {{an offset of a 2:4 pointer comes from a block argument}}
    %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
    %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
    %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
    %o2 = arith.addi %off, %step : tensor<32x64xi32>
    scf.yield %o2, %d : tensor<32x64xi32>, tensor<32x16xf32>
  }
  tt.return %r#1 : tensor<32x16xf32>
}

// -----

// A row max over the loaded 2:4 tile would see the compressed values.
tt.func @row_max(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: tensor<64x16xf16>) -> tensor<32xf16> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %e = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %off = tt.broadcast %e : tensor<1x64xi32> -> tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  %v = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %v, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  // expected-error @+1 {{'tt.reduce' reads the 2:4 tile tensor<32x64xf16, #tt.sparse<"NV24">>: after decomposition only its compressed values and metadata exist}}
  %m = "tt.reduce"(%v) ({
  ^bb0(%x: f16, %y: f16):
    %z = arith.maximumf %x, %y : f16
    tt.reduce.return %z : f16
  }) {axis = 1 : i32} : (tensor<32x64xf16, #tt.sparse<"NV24">>) -> tensor<32xf16>
  tt.return %m : tensor<32xf16>
}

// -----

// A store through a 2:4 pointer tensor.
tt.func @store_ptr_tensor(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %v: tensor<32x64xf16>, %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %e = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %off = tt.broadcast %e : tensor<1x64xi32> -> tensor<32x64xi32>
  %p = tt.splat %a : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %q = tt.addptr %p, %off : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x64xi32>
  // expected-error @+1 {{tt.store through a 2:4 pointer (tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>) is not supported}}
  tt.store %q, %v : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %w = tt.load %q : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
  %d = tt.dot %w, %b, %acc : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// A 2:4 tile read as operand B directly (2:4 along dimension 0) cannot also be transposed into another
// dot's B: its transpose would need it 2:4 along its last dimension.
tt.func @transposed_roles(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf32>) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
  %1 = tt.load %0 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
  // expected-note @+1 {{used as operand B here}}
  %2 = tt.dot %arg3, %1, %arg4 : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf32>
  // expected-error @+1 {{the transpose of this 2:4 tile is operand B of a tt.dot, so the tile must be 2:4 in operand A's form, but it is operand B of another}}
  %t = tt.trans %1 {order = array<i32: 1, 0>} : tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf16, #tt.sparse<"NV24">>
  %3 = tt.dot %arg3, %t, %2 : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"NV24">> -> tensor<64x64xf32>
  tt.return
}
