// RUN: sp-opt %s | FileCheck %s
// RUN: sp-opt %s | sp-opt | FileCheck %s
// RUN: sp-opt %s --triton-version=3.1 | sp-opt --triton-version=3.6 | FileCheck %s
// ttg.warp_specialize: a default region and isolated partition regions
// that read the captures as arguments; each partition's num_warps is the
// context its layouts are checked against.

#b2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @ws
  tt.func @ws(%a: i32, %b: i64) -> i64 {
    // CHECK:      %[[R:.*]] = ttg.warp_specialize(%{{.*}}) attributes {warpGroupStartIds = array<i32: 4, 6>}
    // CHECK-NEXT: default {
    // CHECK-NEXT:   ttg.warp_yield %{{.*}} : i64
    // CHECK-NEXT: }
    // CHECK-NEXT: partition0(%[[X:.*]]: i32) num_warps(2) {
    // CHECK-NEXT:   %{{.*}} = arith.addi %[[X]], %[[X]] : i32
    // CHECK-NEXT:   tt.make_range
    // CHECK-NEXT:   ttg.warp_return
    // CHECK-NEXT: }
    // CHECK-NEXT: partition1(%{{.*}}: i32) num_warps(1) {
    // CHECK-NEXT:   ttg.warp_return
    // CHECK-NEXT: } : (i32) -> i64
    %0 = ttg.warp_specialize(%a) attributes {warpGroupStartIds = array<i32: 4, 6>}
    default {
      ttg.warp_yield %b : i64
    }
    partition0(%x: i32) num_warps(2) {
      %1 = arith.addi %x, %x : i32
      %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b2>
      ttg.warp_return
    }
    partition1(%y: i32) num_warps(1) {
      ttg.warp_return
    } : (i32) -> i64
    tt.return %0 : i64
  }

  // CHECK-LABEL: tt.func @map
  tt.func @map(%x: tensor<256xi32>) -> tensor<256xi32> {
    // CHECK: "tt.map_elementwise"
    // CHECK: tt.map_elementwise.return %{{.*}} : i32
    %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%e: i32):
      tt.map_elementwise.return %e : i32
    }) : (tensor<256xi32>) -> tensor<256xi32>
    tt.return %0 : tensor<256xi32>
  }
}
