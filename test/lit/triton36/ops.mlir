// RUN: sp-opt %s | FileCheck %s
// RUN: sp-opt %s | sp-opt | FileCheck %s
// RUN: sp-opt %s --triton-version=3.1 | sp-opt --triton-version=3.6 | FileCheck %s
// Ops of Triton 3.5/3.6 in their custom forms: gathers, tensor-descriptor
// gathers, scatters and reductions, inline assembly, unsplat, scaled dots,
// shared-memory views, fp4 unpacking and global scratch.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tt_ops
  tt.func @tt_ops(%src: tensor<128x16xf32>, %idx: tensor<64x16xi32>, %one: tensor<1x1xf32>, %p: !tt.ptr<f32>, %i: i32, %i64: i64,
                  %xo: tensor<32xi32>, %rows: tensor<32x128xbf16>, %a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>,
                  %c: tensor<128x128xf32>, %as: tensor<128x2xi8>, %x: tensor<256xf16>) {
    // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
    // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>
    %1 = tt.unsplat %one : tensor<1x1xf32>
    // CHECK: tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %{{.*}} : tensor<256xf16> -> tensor<256xf16>
    %2 = tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %x : tensor<256xf16> -> tensor<256xf16>
    // CHECK: tt.make_tensor_descriptor %{{.*}} : !tt.ptr<f32>, !tt.tensordesc<tensor<1x128xf32>>
    %d = tt.make_tensor_descriptor %p, [%i, %i], [%i64, %i64] : <f32>, <tensor<1x128xf32>>
    // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x128xf32>>, tensor<1x128xf32>
    %r = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<1x128xf32>> -> tensor<1x128xf32>
    tt.descriptor_reduce add, %d[%i, %i], %r : !tt.tensordesc<tensor<1x128xf32>>, tensor<1x128xf32>
    %pb = tt.splat %p : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
    %db = tt.make_tensor_descriptor %p, [%i, %i], [%i64, %i64] : !tt.ptr<f32>, !tt.tensordesc<tensor<1x128xbf16>>
    // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
    %g = tt.descriptor_gather %db[%xo, %i] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
    // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
    tt.descriptor_scatter %db[%xo, %i], %rows : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
    // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
    %3 = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
    // CHECK: tt.dot_scaled %{{.*}}, %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 {fastMath = true} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
    %4 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = true} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
    tt.return
  }

  // CHECK-LABEL: tt.func @ttg_ops
  tt.func @ttg_ops(%m: !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, %q: tensor<64x16xi8, #blocked>) {
    // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<1024xf16, #shared, #smem, mutable>
    %1 = ttg.memdesc_reshape %m : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<1024xf16, #shared, #smem, mutable>
    // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<64x16xi8, #blocked> -> tensor<64x32xbf16, #blocked>
    %2 = ttg.fp4_to_fp %q {axis = 1 : i32} : tensor<64x16xi8, #blocked> -> tensor<64x32xbf16, #blocked>
    // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %3 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    // CHECK: ttg.local_barrier
    ttg.local_barrier
    // CHECK: ttg.warp_id
    %4 = ttg.warp_id
    tt.return
  }
}

// CHECK-LABEL: tt.func @histogram
tt.func @histogram(%x: tensor<512xi32>, %m: tensor<512xi1>) {
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<512xi32> -> tensor<16xi32>
  %0 = tt.histogram %x, %m : tensor<512xi32> -> tensor<16xi32>
  tt.return
}
