// RUN: sp-opt %s | FileCheck %s
// RUN: sp-opt %s | sp-opt | FileCheck %s
// RUN: sp-opt %s --triton-version=3.1 | sp-opt --triton-version=3.6 | FileCheck %s
// The TMA forms of Triton 3.6 TTGIR dumps: tensor descriptors made on the
// device (with their global scratch), descriptor loads and stores, and the
// ttng copies and mbarrier ops they lower to, in their custom forms.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tma
  tt.func public @tma(%a: !tt.ptr<f16>, %m: i32, %k: i32, %i: i32) {
    %c1 = arith.constant 1 : i64
    %true = arith.constant true
    %ks = arith.extsi %k : i32 to i64
    // CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #{{.*}}>>
    %d = tt.make_tensor_descriptor %a, [%m, %k], [%ks, %c1] : <f16>, <tensor<64x64xf16, #nvmma>>
    // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x64xf16, #{{.*}}>> -> tensor<64x64xf16, #{{.*}}>
    %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #nvmma>> -> tensor<64x64xf16, #blocked>
    // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #{{.*}}>>, tensor<64x64xf16, #{{.*}}>
    tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.init_barrier %{{.*}}, 1 : !ttg.memdesc<1xi64
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.barrier_expect %{{.*}}, 8192, %{{.*}} : !ttg.memdesc<1xi64
    ttng.barrier_expect %b, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #{{.*}}>>, !ttg.memdesc<1xi64, {{.*}}> -> !ttg.memdesc<64x64xf16, {{.*}}>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %b, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.wait_barrier %{{.*}}, %{{.*}} : !ttg.memdesc<1xi64
    ttng.wait_barrier %b, %i : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = false}
    // CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #{{.*}}>>, !ttg.memdesc<64x64xf16
    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK: ttng.inval_barrier %{{.*}} : !ttg.memdesc<1xi64
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %c64 = arith.constant 64 : i32
    %c1i = arith.constant 1 : i32
    %ks2 = arith.muli %ks, %c1 : i64
    ttng.tensormap_create %scratch, %a, [%c64, %c64], [%k, %m], [%ks2], [%c1i, %c1i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: ttng.tensormap_fenceproxy_acquire %{{.*}} : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    // CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #{{.*}}>>
    %d2 = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nvmma>>
    tt.return
  }
}
