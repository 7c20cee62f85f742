// tt.trans of a rank-2 register tensor (Triton's b.T): convert-triton-to-tritongpu gives the result its
// operand's blocked layout transposed, so the transpose moves no data; x + x.T, whose operand and result
// share a class, converts the operand first; tritongpu-coalesce keeps the relation when it moves either side.
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu | FileCheck %s --check-prefix=CONV
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu -tritongpu-coalesce | FileCheck %s --check-prefix=COAL
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu -tritongpu-coalesce | sp-opt -split-input-file | FileCheck %s --check-prefix=COAL

// CONV: #[[$ROW:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CONV: #[[$COL:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CONV-LABEL: tt.func @dot_bt
// CONV: tt.load
// CONV: %[[B:.+]] = tt.load %{{.+}} : tensor<64x32x!tt.ptr<f16>, #[[$ROW]]>
// CONV-NOT: triton_gpu.convert_layout %[[B]]
// CONV: %[[T:.+]] = tt.trans %[[B]] {order = array<i32: 1, 0>} : tensor<64x32xf16, #[[$ROW]]> -> tensor<32x64xf16, #[[$COL]]>
// CONV: triton_gpu.convert_layout %[[T]] : tensor<32x64xf16, #[[$COL]]> -> tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1
// COAL-LABEL: tt.func @dot_bt
// COAL: tt.load
// COAL: %[[B:.+]] = tt.load %{{.+}} : tensor<64x32x!tt.ptr<f16>, #[[$V:blocked[0-9]*]]>
// COAL-NOT: triton_gpu.convert_layout %[[B]]
// COAL: tt.trans %[[B]] {order = array<i32: 1, 0>} : tensor<64x32xf16, #[[$V]]> -> tensor<32x64xf16, #[[$VT:blocked[0-9]*]]>
tt.func @dot_bt(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %bt: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk = arith.muli %rows, %c32 : tensor<64x1xi32>
  %cols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rkb = tt.broadcast %rk : tensor<64x1xi32> -> tensor<64x32xi32>
  %colb = tt.broadcast %cols : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rkb, %colb : tensor<64x32xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa2 = tt.addptr %pa, %off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %av = tt.load %pa2 : tensor<64x32x!tt.ptr<f16>>
  %pb = tt.splat %bt : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pb2 = tt.addptr %pb, %off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %bv = tt.load %pb2 : tensor<64x32x!tt.ptr<f16>>
  %b = tt.trans %bv {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  %acc = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tt.dot %av, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %rn = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rnb = tt.broadcast %rn : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cnb = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %offc = arith.addi %rnb, %cnb : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc2 = tt.addptr %pc, %offc : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc2, %d : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// CONV-LABEL: tt.func public @sym
// CONV: %[[X:.+]] = tt.load %{{.+}} : tensor<64x64x!tt.ptr<f32>, #[[$R:blocked[0-9]*]]>
// CONV: %[[XC:.+]] = triton_gpu.convert_layout %[[X]] : tensor<64x64xf32, #[[$R]]> -> tensor<64x64xf32, #[[$C:blocked[0-9]*]]>
// CONV: %[[XT:.+]] = tt.trans %[[XC]] {order = array<i32: 1, 0>} : tensor<64x64xf32, #[[$C]]> -> tensor<64x64xf32, #[[$R]]>
// CONV: arith.addf %[[X]], %[[XT]] : tensor<64x64xf32, #[[$R]]>
// COAL-LABEL: tt.func public @sym
// COAL: %[[X:.+]] = tt.load %{{.+}} : tensor<64x64x!tt.ptr<f32>, #[[$V:blocked[0-9]*]]>
// COAL: %[[XC:.+]] = triton_gpu.convert_layout %[[X]] : tensor<64x64xf32, #[[$V]]> -> tensor<64x64xf32, #[[$C:blocked[0-9]*]]>
// COAL: %[[XT:.+]] = tt.trans %[[XC]] {order = array<i32: 1, 0>} : tensor<64x64xf32, #[[$C]]> -> tensor<64x64xf32, #[[$R:blocked[0-9]*]]>
// COAL: %[[XV:.+]] = triton_gpu.convert_layout %[[XT]] : tensor<64x64xf32, #[[$R]]> -> tensor<64x64xf32, #[[$V]]>
// COAL: arith.addf %[[X]], %[[XV]] : tensor<64x64xf32, #[[$V]]>
tt.func public @sym(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rr = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rs = arith.muli %rr, %c64 : tensor<64x1xi32>
  %cc = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tt.broadcast %cc : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %x = tt.load %pp : tensor<64x64x!tt.ptr<f32>>
  %xt = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
  %s = arith.addf %x, %xt : tensor<64x64xf32>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %qp = tt.addptr %qs, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %qp, %s : tensor<64x64x!tt.ptr<f32>>
  tt.return
}
