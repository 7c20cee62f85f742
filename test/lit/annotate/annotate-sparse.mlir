// RUN: sp-opt %s -split-input-file --annotate-sparse="args=a_ptr" | FileCheck %s
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(annotate-sparse{args=0})' | FileCheck %s
// The tutorial-03 pattern: a pointer tensor from tt.splat + tt.addptr,
// carried by scf.for and advanced by a uniform offset, a masked load with
// a dense 'other', and tt.dot.

// CHECK-LABEL: tt.func public @mm
// CHECK-SAME: !tt.ptr<f16, #tt.sparse<"NV24">>
// CHECK: tt.splat %{{.*}} : !tt.ptr<f16, #tt.sparse<"NV24">> -> tensor<32x1x!tt.ptr<f16, #tt.sparse<"NV24">>>
// CHECK: tt.addptr %{{.*}} : tensor<32x1x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x1xi32>
// CHECK: tt.broadcast %{{.*}} : tensor<32x1x!tt.ptr<f16, #tt.sparse<"NV24">>> -> tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
// CHECK: scf.for {{.*}} -> (tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x16xf32>)
// CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>
// CHECK: tt.dot %{{.*}} : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16> -> tensor<32x16xf32>
// CHECK: scf.yield %{{.*}} : tensor<32x64x!tt.ptr<f16, #tt.sparse<"NV24">>>, tensor<32x16xf32>
tt.func public @mm(%a_ptr: !tt.ptr<f16> loc("a_ptr"), %b: tensor<64x16xf16>, %K: i32, %lda: i32) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %zero = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
  %step = arith.constant dense<64> : tensor<32x64xi32>
  %rm = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %lda2 = tt.splat %lda : i32 -> tensor<32x1xi32>
  %roff = arith.muli %rm2, %lda2 : tensor<32x1xi32>
  %p0 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
  %p1 = tt.addptr %p0, %roff : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
  %p2 = tt.broadcast %p1 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x64x!tt.ptr<f16>>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rk3 = tt.broadcast %rk2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %p3 = tt.addptr %p2, %rk3 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %r:2 = scf.for %k = %c0 to %K step %c1 iter_args(%p = %p3, %acc = %acc0) -> (tensor<32x64x!tt.ptr<f16>>, tensor<32x16xf32>) : i32 {
    %left = arith.subi %K, %k : i32
    %lim = tt.splat %left : i32 -> tensor<1x64xi32>
    %m1 = arith.cmpi slt, %rk2, %lim : tensor<1x64xi32>
    %m = tt.broadcast %m1 : tensor<1x64xi1> -> tensor<32x64xi1>
    %a = tt.load %p, %m, %zero : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc : tensor<32x64xf16> * tensor<64x16xf16> -> tensor<32x16xf32>
    %pn = tt.addptr %p, %step : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %pn, %d : tensor<32x64x!tt.ptr<f16>>, tensor<32x16xf32>
  }
  tt.return %r#1 : tensor<32x16xf32>
}

// -----

// A block pointer made from the marked argument.
// CHECK-LABEL: tt.func public @block
// CHECK: tt.make_tensor_ptr {{.*}} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
// CHECK: tt.advance {{.*}} : <tensor<32x64xf16, #tt.sparse<"NV24">>>
// CHECK: tt.dot %{{.*}} : tensor<32x64xf16, #tt.sparse<"NV24">> * tensor<64x16xf16>
tt.func public @block(%a_ptr: !tt.ptr<f16> loc("a_ptr"), %b: tensor<64x16xf16>, %n: i64) -> tensor<32x16xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1 = arith.constant 1 : i64
  %acc = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
  %p = tt.make_tensor_ptr %a_ptr, [%n, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
  %q = tt.advance %p, [%c0, %c64] : <tensor<32x64xf16>>
  %a = tt.load %q : !tt.ptr<tensor<32x64xf16>>
  %d = tt.dot %a, %b, %acc : tensor<32x64xf16> * tensor<64x16xf16> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}
