// REQUIRES: ptxas
// tt.atomic_rmw: one update per element. A blocked layout whose CTA tile
// (128 threads) is larger than the tensor (16 elements) masks off the
// threads that replicate others; an unused result becomes red, a used one
// atom; a scalar atomic runs in thread 0; the op's semantic and scope
// become qualifiers (red takes .relaxed or .release).
// RUN: sp-opt %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.cubin %t.ptx

#b = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: .visible .entry add16(
  // CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
  // CHECK: setp.lt.u32 [[OWN:%p[0-9]+]], %r{{[0-9]+}}, 16;
  // CHECK: and.pred [[G:%p[0-9]+]], %p{{[0-9]+}}, [[OWN]];
  // CHECK-NEXT: @[[G]] red.relaxed.gpu.global.add.f32 [%rd{{[0-9]+}}], %f{{[0-9]+}};
  // CHECK-NOT: red.
  // CHECK: ret;
  tt.func public @add16(%p: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #b>
    %a = tt.addptr %ps, %r : tensor<16x!tt.ptr<f32>, #b>, tensor<16xi32, #b>
    %ns = tt.splat %n : i32 -> tensor<16xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<16xi32, #b>
    %v = arith.sitofp %r : tensor<16xi32, #b> to tensor<16xf32, #b>
    %o = tt.atomic_rmw fadd, relaxed, gpu, %a, %v, %m : (tensor<16x!tt.ptr<f32>, #b>, tensor<16xf32, #b>, tensor<16xi1, #b>) -> tensor<16xf32, #b>
    tt.return
  }

  // CHECK-LABEL: .visible .entry counter(
  // CHECK: atom.acq_rel.gpu.global.add.u32 [[OLD:%r[0-9]+]], [%rd{{[0-9]+}}], %r{{[0-9]+}};
  // CHECK: atom.acq_rel.gpu.global.add.u32
  // CHECK: st.global
  // CHECK: setp.eq.u32 [[T0:%p[0-9]+]], %r{{[0-9]+}}, 0;
  // CHECK: @[[T0]] red.release.sys.global.max.s32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
  tt.func public @counter(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>, %s: !tt.ptr<i32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #b2>
    %a = tt.addptr %ps, %r : tensor<256x!tt.ptr<i32>, #b2>, tensor<256xi32, #b2>
    %old = tt.atomic_rmw add, acq_rel, gpu, %a, %r : (tensor<256x!tt.ptr<i32>, #b2>, tensor<256xi32, #b2>) -> tensor<256xi32, #b2>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #b2>
    %qa = tt.addptr %qs, %r : tensor<256x!tt.ptr<i32>, #b2>, tensor<256xi32, #b2>
    tt.store %qa, %old : tensor<256x!tt.ptr<i32>, #b2>
    %c = arith.constant 7 : i32
    %x = tt.atomic_rmw max, acq_rel, sys, %s, %c : (!tt.ptr<i32>, i32) -> i32
    tt.return
  }
}
