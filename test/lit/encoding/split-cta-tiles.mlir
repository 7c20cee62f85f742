// RUN: sp-opt %s -split-input-file -tritongpu-split-cta-tiles=ctas=2 | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-split-cta-tiles=ctas=2 | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-split-cta-tiles=ctas=1 | FileCheck %s --check-prefix=ONE
// num-ctas = 2: the program's 256-row M tile becomes 128 rows per CTA, rows
// rank * 128 on; B's tile is untouched.

// CHECK: module attributes {sp.cluster_ctas = 2 : i32}
// CHECK-LABEL: tt.func @blockptr(
// CHECK: %[[R:.+]] = triton_nvidia_gpu.cluster_cta_id : i32
// CHECK: arith.constant dense<0.000000e+00> : tensor<128x64xf32>
// CHECK: %[[O:.+]] = arith.muli %[[R]], %{{.+}} : i32
// CHECK: %[[M0:.+]] = arith.addi %{{.+}}, %[[O]] : i32
// CHECK: tt.make_tensor_ptr %{{.+}}, [%{{.+}}, %{{.+}}], [%{{.+}}, %{{.+}}], [%[[M0]], %{{.+}}] {{.*}} : <tensor<128x64xf16, #tt.sparse<"NV24">>>
// CHECK: tt.make_tensor_ptr %{{.+}} : <tensor<64x64xf16>>
// CHECK: scf.for {{.*}} -> (tensor<128x64xf32>, !tt.ptr<tensor<128x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>)
// CHECK: tt.dot %{{.+}} : tensor<128x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<128x64xf32>
// CHECK: tt.store %{{.+}} : !tt.ptr<tensor<128x64xf16>>
// ONE-NOT: cluster
tt.func @blockptr(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %M: i64, %K: i64, %N: i64, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1l = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %pid = tt.get_program_id x : i32
  %m0 = arith.muli %pid, %c256 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<256x64xf32>
  %pa = tt.make_tensor_ptr %a, [%M, %K], [%K, %c1l], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<256x64xf16, #tt.sparse<"NV24">>>
  %pb = tt.make_tensor_ptr %b, [%K, %N], [%N, %c1l], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %qa = %pa, %qb = %pb) -> (tensor<256x64xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>) : i32 {
    %x = tt.load %qa {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>
    %y = tt.load %qb {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
    %d = tt.dot %x, %y, %acc : tensor<256x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<256x64xf32>
    %na = tt.advance %qa, [%c0, %c64] : <tensor<256x64xf16, #tt.sparse<"NV24">>>
    %nb = tt.advance %qb, [%c64, %c0] : <tensor<64x64xf16>>
    scf.yield %d, %na, %nb : tensor<256x64xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>
  }
  %h = arith.truncf %r#0 : tensor<256x64xf32> to tensor<256x64xf16>
  %pc = tt.make_tensor_ptr %c, [%M, %N], [%N, %c1l], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<256x64xf16>>
  tt.store %pc, %h {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<256x64xf16>>
  tt.return
}

// -----

// A splat of a scalar into the M tile (a per-tensor scale in the epilogue)
// is split with it.
// CHECK-LABEL: tt.func @scaled(
// CHECK: scf.for {{.*}} -> (tensor<128x64xf32>,
// CHECK: %[[S:.+]] = tt.splat %{{.+}} : f32 -> tensor<128x64xf32>
// CHECK: arith.mulf %{{.+}}#0, %[[S]] : tensor<128x64xf32>
// CHECK: tt.store %{{.+}} : !tt.ptr<tensor<128x64xf32>>
tt.func @scaled(%a: !tt.ptr<f16, #tt.sparse<"NV24">>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>, %M: i64, %K: i64, %N: i64, %n: i32, %scale: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1l = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<256x64xf32>
  %pa = tt.make_tensor_ptr %a, [%M, %K], [%K, %c1l], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<256x64xf16, #tt.sparse<"NV24">>>
  %pb = tt.make_tensor_ptr %b, [%K, %N], [%N, %c1l], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %qa = %pa, %qb = %pb) -> (tensor<256x64xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>) : i32 {
    %x = tt.load %qa {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>
    %y = tt.load %qb {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
    %d = tt.dot %x, %y, %acc : tensor<256x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<256x64xf32>
    %na = tt.advance %qa, [%c0, %c64] : <tensor<256x64xf16, #tt.sparse<"NV24">>>
    %nb = tt.advance %qb, [%c64, %c0] : <tensor<64x64xf16>>
    scf.yield %d, %na, %nb : tensor<256x64xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>
  }
  %s = tt.splat %scale : f32 -> tensor<256x64xf32>
  %m = arith.mulf %r#0, %s : tensor<256x64xf32>
  %pc = tt.make_tensor_ptr %c, [%M, %N], [%N, %c1l], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<256x64xf32>>
  tt.store %pc, %m {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<256x64xf32>>
  tt.return
}
