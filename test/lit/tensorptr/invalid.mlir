// RUN: sp-opt %s -split-input-file -verify-diagnostics -triton-rewrite-tensor-pointer
// Block-pointer uses triton-rewrite-tensor-pointer cannot rewrite.

tt.func @sparse(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>, %arg1: i64, %arg2: i32) {
  // expected-error @+1 {{sparse block pointer !tt.ptr<tensor<32x64xf16, #tt.sparse<"NV24">>>: run decompose-sparse-tensors first}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %arg1], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
  tt.return
}

// -----

// expected-error @+1 {{block pointers (!tt.ptr<tensor<16x16xf16>>) cannot be function arguments or results}}
tt.func @arg(%arg0: !tt.ptr<tensor<16x16xf16>>) {
  tt.return
}

// -----

tt.func @other_frame(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-note @+1 {{expected the pointer made here}}
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  %1 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %0) -> (!tt.ptr<tensor<16x16xf16>>)  : i32 {
    %2 = arith.addi %arg1, %arg1 : i64
    // expected-note @+1 {{yielded pointer made here}}
    %3 = tt.make_tensor_ptr %arg0, [%2, %arg1], [%arg1, %c1_i64], [%arg3, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    // expected-error @+1 {{the block pointer yielded as result #0 of 'scf.for' has a different base, shape or strides than the one it replaces}}
    scf.yield %3 : !tt.ptr<tensor<16x16xf16>>
  }
  tt.return
}

// -----

tt.func @if_inside(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  %1 = scf.if %arg2 -> (!tt.ptr<tensor<16x16xf16>>) {
    %2 = arith.addi %arg1, %arg1 : i64
    %3 = tt.make_tensor_ptr %arg0, [%2, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    // expected-error @+1 {{the block pointer yielded by scf.if must be made (tt.make_tensor_ptr) outside the scf.if}}
    scf.yield %3 : !tt.ptr<tensor<16x16xf16>>
  } else {
    scf.yield %0 : !tt.ptr<tensor<16x16xf16>>
  }
  tt.return
}

// -----

tt.func @nan_int(%arg0: !tt.ptr<i16>, %arg1: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xi16>>
  // expected-error @+1 {{padding = nan needs a floating-point element type, got i16}}
  %1 = tt.load %0 {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<16x16xi16>>
  tt.return
}

// -----

tt.func @select(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  // expected-error @+1 {{'arith.select' cannot take the block pointer !tt.ptr<tensor<16x16xf16>>; block pointers may only be used by tt.advance, tt.load, tt.store}}
  %1 = arith.select %arg2, %0, %0 : !tt.ptr<tensor<16x16xf16>>
  tt.return
}
