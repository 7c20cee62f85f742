// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu -tritongpu-coalesce | FileCheck %s
// RUN: sp-opt %s -split-input-file -convert-triton-to-tritongpu -tritongpu-coalesce | sp-opt -split-input-file | FileCheck %s

// Row-major 64x64 f16 tile, base and row stride divisible by 16 bytes:
// 8 contiguous f16 (16 bytes) per thread; the layout class of the load
// (offsets, masks, make_range slices) moves with it, without conversions.
// CHECK: #[[$V:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @aligned
// CHECK:       tt.make_range {{.+}} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #[[$V]]}>>
// CHECK:       tt.load %{{.+}} : tensor<64x64x!tt.ptr<f16>, #[[$V]]>
// CHECK-NOT:   triton_gpu.convert_layout
tt.func @aligned(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %ld: i32 {tt.divisibility = 16 : i32}) {
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
  tt.store %p, %v : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Nothing is known about the row stride: each row may start anywhere, so
// one element per thread (no vector access is provably aligned).
// CHECK: #[[$U:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @unaligned
// CHECK:       tt.load %{{.+}} : tensor<64x64x!tt.ptr<f16>, #[[$U]]>
tt.func @unaligned(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %ld: i32) {
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
  tt.store %p, %v : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// A column mask `n < bound` with bound divisible by 4 is constant over runs
// of 4 columns: 4 f16 (8 bytes) per thread.
// CHECK: #[[$M:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @masked
// CHECK:       tt.load %{{.+}}, %{{.+}} : tensor<64x64x!tt.ptr<f16>, #[[$M]]>
tt.func @masked(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %ld: i32 {tt.divisibility = 16 : i32}, %bound: i32 {tt.divisibility = 4 : i32}) {
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
  %bs = tt.splat %bound : i32 -> tensor<1x64xi32>
  %inb = arith.cmpi slt, %n, %bs : tensor<1x64xi32>
  %mask = tt.broadcast %inb : tensor<1x64xi1> -> tensor<64x64xi1>
  %v = tt.load %p, %mask : tensor<64x64x!tt.ptr<f16>>
  tt.store %p, %v : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// A 4x64 i16 metadata tile: 256 elements over 128 threads caps the vector
// at 2 elements per thread.
// CHECK: #[[$E:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @metadata
// CHECK:       tt.load %{{.+}} : tensor<4x64x!tt.ptr<i16>, #[[$E]]>
tt.func @metadata(%src: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %ld: i32 {tt.divisibility = 16 : i32}) {
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %m = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<4x1xi32>
  %row = arith.muli %m, %lds : tensor<4x1xi32>
  %n = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowb = tt.broadcast %row : tensor<4x1xi32> -> tensor<4x64xi32>
  %nb = tt.broadcast %n : tensor<1x64xi32> -> tensor<4x64xi32>
  %off = arith.addi %rowb, %nb : tensor<4x64xi32>
  %ps = tt.splat %src : !tt.ptr<i16> -> tensor<4x64x!tt.ptr<i16>>
  %p = tt.addptr %ps, %off : tensor<4x64x!tt.ptr<i16>>, tensor<4x64xi32>
  %v = tt.load %p : tensor<4x64x!tt.ptr<i16>>
  tt.store %p, %v : tensor<4x64x!tt.ptr<i16>>
  tt.return
}
