// sp-pipeline with tma=true on sm_90a: the block-pointer loads of the
// sparse example become tensor-descriptor loads (triton-rewrite-tensor-pointer
// {descriptors=true}), the pipeliner stages them as TMA copies on full/empty
// mbarriers, and triton-nvidia-tma-lowering makes the descriptors device-made
// tensor maps in global scratch.
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=PTX
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=272 --set N=136 --set K=352 | FileCheck %s --check-prefix=CPU
// RUN: not sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:80 tma=true" 2>&1 | FileCheck %s --check-prefix=BADTARGET

// Three tensor maps: the values (128x32 f16, 64-byte swizzle, boxes of 32
// elements), the band16 metadata (8x64 i16, unswizzled: u16, whole rows)
// and B (64x128 f16, 128-byte swizzle, 64-element boxes), each fenced for
// the TMA proxy before use.
// IR: triton_gpu.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg0, [%c32_i32, %c128_i32], {{.+}} {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32}
// IR-NEXT: triton_nvidia_gpu.tensormap_fenceproxy_acquire
// IR-NEXT: triton_nvidia_gpu.reinterpret_tensor_descriptor %{{.+}} : !tt.ptr<i8> to !tt.tensordesc<tensor<128x32xf16, #shared>>
// IR: triton_gpu.global_scratch_alloc
// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg1, [%c64_i32, %c8_i32], {{.+}} {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32}
// IR: triton_gpu.global_scratch_alloc
// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg2, [%c64_i32, %c64_i32], {{.+}} {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
// The full barriers expect one arrival (thread 0's barrier_expect of a
// stage's 8192 + 1024 + 16384 bytes); the empty ones every thread's.
// IR-COUNT-4: triton_nvidia_gpu.init_barrier %{{.+}}, 1 :
// IR-COUNT-4: triton_nvidia_gpu.init_barrier %{{.+}}, 256 :
// IR: triton_nvidia_gpu.barrier_expect %{{.+}}, 25600, %{{.+}} :
// IR-COUNT-3: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: scf.for
// IR-NOT: triton_gpu.async_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot {{.+}}isAsync = true}
// IR: triton_nvidia_gpu.warp_group_dot_wait {{.+}} {pendings = 0 : i32}
// IR: triton_nvidia_gpu.arrive_barrier %{{.+}}, 1 {perThread}
// IR: triton_nvidia_gpu.barrier_expect %{{.+}}, 25600, %{{.+}} :
// IR-COUNT-3: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: scf.yield

// The loop issues the copies from one lane per box and needs no CTA barrier.
// PTX: tensormap.replace.tile.global_address
// PTX: fence.proxy.tensormap::generic.acquire.gpu
// PTX: $L_for_head_{{[0-9]+}}:
// PTX-NOT: bar.sync
// PTX: wgmma.mma_async.sp.sync.aligned.m64n128k32
// PTX-NOT: bar.sync
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{%r[0-9]+}}], 25600;
// PTX-NOT: bar.sync
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX-NOT: bar.sync
// PTX: bra.uni $L_for_head_{{[0-9]+}};

// CPU: verify C = A @ B: ok (full check, 36992 elements)
// BADTARGET: tma=true needs target=cuda:90, got cuda:80
