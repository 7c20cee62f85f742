// RUN: sp-opt %s -split-input-file -verify-diagnostics -decompose-sparse-tensors
// Block-sparse (BSR24) operands the loop rewrite cannot skip blocks of:
// each is a positioned error.

tt.func @splat(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>) {
  // expected-error @+1 {{'tt.splat' uses the block-sparse value}}
  %0 = tt.splat %arg0 : !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>> -> tensor<64x64x!tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>>
  tt.return
}

// -----

tt.func @k_offset(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  // expected-error @+1 {{the K offset of a BSR24 block pointer must be the constant 0}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %arg2] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  tt.return
}

// -----

tt.func @no_loop(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  // expected-error @+1 {{a BSR24 block pointer must have one use, as an iter arg of the scf.for over its K blocks (which advances it by [0, 64])}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  %1 = tt.load %0 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  tt.return
}

// -----

tt.func @store_in_loop(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32, %arg3: !tt.ptr<f32>) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c64_i32 = arith.constant 64 : i32
  %cst = arith.constant 1.0 : f32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  %1 = scf.for %i = %c0_i32 to %arg2 step %c1_i32 iter_args(%p = %0) -> (!tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>) : i32 {
    // expected-error @+1 {{'tt.store' in the loop over the K blocks of a BSR24 operand: the loop skips the zero blocks, so its body may not have side effects}}
    tt.store %arg3, %cst : !tt.ptr<f32>
    %2 = tt.advance %p, [%c0_i32, %c64_i32] : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    scf.yield %2 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  }
  tt.return
}

// -----

tt.func @counter(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c64_i32 = arith.constant 64 : i32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  // expected-error @+1 {{the K loop of a BSR24 operand carries iter arg #1 (i32), which is neither an accumulator of its 2:4 tt.dot, nor a block pointer advanced by loop-invariant offsets, nor unchanged}}
  %1:2 = scf.for %i = %c0_i32 to %arg2 step %c1_i32 iter_args(%p = %0, %n = %c0_i32) -> (!tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, i32) : i32 {
    %2 = tt.advance %p, [%c0_i32, %c64_i32] : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    %3 = arith.addi %n, %c1_i32 : i32
    scf.yield %2, %3 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, i32
  }
  tt.return
}

// -----

tt.func @wrong_advance(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c32_i32 = arith.constant 32 : i32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  %1 = scf.for %i = %c0_i32 to %arg2 step %c1_i32 iter_args(%p = %0) -> (!tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>) : i32 {
    // expected-error @+1 {{a BSR24 block pointer advances by one block per iteration, [0, 64]}}
    %2 = tt.advance %p, [%c0_i32, %c32_i32] : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    scf.yield %2 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  }
  tt.return
}

// -----

tt.func @operand_b(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 64]>>, %arg1: i64, %arg2: i32, %arg3: tensor<64x64xf16>) {
  %c1_i64 = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c64_i32 = arith.constant 64 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
  %1:2 = scf.for %i = %c0_i32 to %arg2 step %c1_i32 iter_args(%p = %0, %acc = %cst) -> (!tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, tensor<64x64xf32>) : i32 {
    %2 = tt.load %p : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    // expected-error @+1 {{a loaded BSR24 block can only be operand A of tt.dot}}
    %3 = tt.dot %arg3, %2, %acc : tensor<64x64xf16> * tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>> -> tensor<64x64xf32>
    %4 = tt.advance %p, [%c0_i32, %c64_i32] : <tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>
    scf.yield %4, %3 : !tt.ptr<tensor<64x64xf16, #tt.sparse<"BSR24", block = [64, 64]>>>, tensor<64x64xf32>
  }
  tt.return
}
