// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu='num-warps=4 target=cuda:80' | FileCheck %s
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu='num-warps=8 target=cuda:90' | FileCheck %s --check-prefix=W8

// Module attributes, one blocked layout per class, slice layouts on the
// make_range copies that feed expand_dims (one copy per expand_dims axis).
// CHECK: #[[$B0:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK:     module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @copy
// CHECK-DAG:   %[[R0:.+]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #[[$B0]]}>>
// CHECK-DAG:   %[[R1:.+]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #[[$B0]]}>>
// CHECK-DAG:   tt.expand_dims %[[R0]] {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #[[$B0]]}>> -> tensor<64x1xi32, #[[$B0]]>
// CHECK-DAG:   tt.expand_dims %[[R1]] {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #[[$B0]]}>> -> tensor<1x64xi32, #[[$B0]]>
// CHECK:       %[[V:.+]] = tt.load %{{.+}} : tensor<64x64x!tt.ptr<f16>, #[[$B0]]>
// CHECK:       tt.store %{{.+}}, %[[V]] : tensor<64x64x!tt.ptr<f16>, #[[$B0]]>
// CHECK-NOT:   triton_gpu.convert_layout
// W8: "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:90"
tt.func @copy(%src: !tt.ptr<f16>, %dst: !tt.ptr<f16>, %ld: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %m = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<64x1xi32>
  %row = arith.muli %m, %lds : tensor<64x1xi32>
  %n = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowb = tt.broadcast %row : tensor<64x1xi32> -> tensor<64x64xi32>
  %nb = tt.broadcast %n : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %nb : tensor<64x64xi32>
  %ps = tt.splat %src : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %p = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %v = tt.load %p : tensor<64x64x!tt.ptr<f16>>
  %qs = tt.splat %dst : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %q = tt.addptr %qs, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  tt.store %q, %v : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Dot operands are converted to dot_op encodings of the accumulator's
// layout: the sparse values with meta = 0, the metadata with opIdx =
// sparseIndex and meta = 1, B without meta. The loop-carried accumulator
// keeps one layout through init, argument, yield and result.
// CHECK-LABEL: tt.func @sparse_dot
// CHECK:       %[[ACC0:.+]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #[[$P:blocked[0-9]*]]>
// CHECK:       scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ACC0]]) -> (tensor<32x64xf32, #[[$P]]>)
// CHECK-DAG:     %[[A:.+]] = triton_gpu.convert_layout %{{.+}} : tensor<32x32xf16, #{{blocked[0-9]*}}> -> tensor<32x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$P]], meta = 0}>>
// CHECK-DAG:     %[[B:.+]] = triton_gpu.convert_layout %{{.+}} : tensor<64x64xf16, #{{blocked[0-9]*}}> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$P]]}>>
// CHECK-DAG:     %[[E:.+]] = triton_gpu.convert_layout %{{.+}} : tensor<2x64xi16, #{{blocked[0-9]*}}> -> tensor<2x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$P]], meta = 1}>>
// CHECK:         %[[D:.+]] = tt.dot %[[A]], %[[B]], %[[ACC]], %[[E]], sparseIndex = 0
// CHECK:         scf.yield %[[D]] : tensor<32x64xf32, #[[$P]]>
tt.func @sparse_dot(%pa: !tt.ptr<f16>, %pe: !tt.ptr<i16>, %pb: !tt.ptr<f16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
  %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
  %pes = tt.splat %pe : !tt.ptr<i16> -> tensor<2x64x!tt.ptr<i16>>
  %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32x64xf32>) : i32 {
    %a = tt.load %pas : tensor<32x32x!tt.ptr<f16>>
    %e = tt.load %pes : tensor<2x64x!tt.ptr<i16>>
    %b = tt.load %pbs : tensor<64x64x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc, %e, sparseIndex = 0 : tensor<32x32xf16>, tensor<2x64xi16> * tensor<64x64xf16> -> tensor<32x64xf32>
    scf.yield %d : tensor<32x64xf32>
  }
  tt.return
}
