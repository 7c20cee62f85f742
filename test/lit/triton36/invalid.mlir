// RUN: sp-opt %s -split-input-file -verify-diagnostics
// Verifier messages in Triton 3.6's words (what Triton's own invalid.mlir
// tests expect), for the ops and layouts of 3.5/3.6.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @warps() {
    // expected-error @+1 {{Layout has 8 warps per CTA, but the context requires 4 warps per CTA}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ctas(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA}}
    %t = tt.splat %p : !tt.ptr<i32> -> tensor<8x1x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// expected-error @+1 {{interval values must all be power of two}}
#shared = #ttg.padded_shared<[3:+2] {offset = [[0]], block = []}>

// -----

// expected-error @+1 {{Unexpected attribute "order" found}}
#shared = #ttg.padded_shared<[2:+1, 4:+2] {offset = [[1, 0], [2, 0]], block = [], order = [0, 1]}>

// -----

// expected-error @+1 {{Expected basis of 'block' not found}}
#shared = #ttg.padded_shared<[2:+1] {offset = [[0, 1]]}>

// -----

#shared = #ttg.padded_shared<[4:+4] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>
// expected-error @below {{Mismatch in expected shape for dimension 0. Expected: 2, got: 4}}
!small = !ttg.memdesc<2x2xf32, #shared, #ttg.shared_memory>

// -----

// expected-error @below {{alignment must be specified outside of the linear layout braces}}
#shared = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [], alignment = 16}>

// -----

tt.func @gather(%src: tensor<128x16xf32>, %idx: tensor<64x32xi32>) {
  // expected-error @+1 {{indices and output shapes must match}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x32xi32>) -> tensor<64x16xf32>
  tt.return
}

// -----

tt.func @desc_gather(%d: !tt.tensordesc<tensor<2x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{block must have exactly 1 row}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @desc_load(%d: !tt.tensordesc<tensor<16x128xbf16>>, %i: i32) {
  // expected-error @+1 {{tensor descriptor block and tensor types must match}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x128xbf16>> -> tensor<16x64xbf16>
  tt.return
}

// -----

tt.func @bitcast(%x: tensor<128xf32>) {
  // expected-error @+1 {{Cannot bitcast data-type of size 32 to data-type of size 16}}
  %0 = tt.bitcast %x : tensor<128xf32> -> tensor<128xi16>
  tt.return
}

// -----

tt.func @join(%x: tensor<32xf32>) {
  // expected-error @+1 {{result shape must be (32, 2), but got 64}}
  %0 = tt.join %x, %x : tensor<32xf32> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @split(%x: tensor<32xf32>) {
  // expected-error @+2 {{last dimension}}
  // expected-error @+1 {{op failed to infer returned types}}
  %a, %b = tt.split %x : tensor<32xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @range() {
  // expected-error @+1 {{invalid kind of type}}
  %0 = tt.make_range {start = 0 : i32, end = 16 : i32} : i32
  tt.return
}

// -----

tt.func @cas(%p: tensor<128x!tt.ptr<f32>>, %c: tensor<128xi32>, %v: tensor<128xf32>) {
  // expected-error @+1 {{failed to verify that ptr type matches cmp type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (tensor<128x!tt.ptr<f32>>, tensor<128xi32>, tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @unsplat(%x: tensor<2xf32>) {
  // expected-error @+1 {{source tensor must have exactly one element}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @dot_scaled(%a: tensor<128x64xf8E4M3FN>, %as: tensor<128x4xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{scales K dimension must match the operand K divided by the scale factor}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x4xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @ws_args() {
  // expected-error @below {{'ttg.warp_specialize' op partition region #0 has 1 arguments but expected 0}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0(%arg0: i32) num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

#b8 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ws_context() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      // expected-error @below {{Layout has 8 warps per CTA, but the context requires 2 warps per CTA}}
      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b8>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

tt.func @map_store(%p: tensor<256x!tt.ptr<i32>>, %v: tensor<256xi32>) {
  "tt.map_elementwise"(%p, %v) <{pack = 1 : i32}> ({
  ^bb0(%a: !tt.ptr<i32>, %b: i32):
    // expected-error @below {{Stores are not supported inside map_elementwise}}
    tt.store %a, %b : !tt.ptr<i32>
    tt.map_elementwise.return %b : i32
  }) : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

// expected-note @+1 {{prior use here}}
tt.func @prior_use(%a: tensor<32xf32>, %b: tensor<33xf32>) {
  // expected-error @+1 {{expects different type than prior uses}}
  %0 = tt.join %a, %b : tensor<32xf32> -> tensor<32x2xf32>
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensormap_ranks(%s: !tt.ptr<i8>, %a: !tt.ptr<f16>, %i: i32, %l: i64) {
    // expected-error @+1 {{Rank mismatch for global dim. Got 1 but expected 2}}
    ttng.tensormap_create %s, %a, [%i, %i], [%i], [%l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}
