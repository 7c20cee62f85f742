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
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=272 --set N=136 --set K=320 | FileCheck %s --check-prefix=CPU5
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t3.mlir
// RUN: sp-run %t3.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=144 --set N=128 --set K=192 | FileCheck %s --check-prefix=CPU3
// RUN: sp-run %t3.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=144 --set N=128 --set K=256 | FileCheck %s --check-prefix=CPU3
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
// Stage 0's metadata is read before the loop. Each iteration issues its
// group with the metadata read by the one before, refills a slot (released
// an iteration earlier), retires the previous group (pendings = 1, naming
// that group's metadata), releases its slot, then reads the next stage's
// metadata. triton-loop-unroll
// has unrolled the loop by two (the two register sets alternate) and put
// the odd last iteration under scf.if; the final wait names the last
// group's metadata.
// IR: triton_gpu.local_load
// IR: scf.for {{.+}} step %c2_i32
// IR-NOT: triton_gpu.async_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot %{{.+}}, %{{.+}}, %[[ACC:arg[0-9]+]], %[[CUR:arg[0-9]+]], sparseIndex = 0 {{.+}}isAsync = true}
// IR: triton_nvidia_gpu.barrier_expect %{{.+}}, 25600, %{{.+}} :
// IR-COUNT-3: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot_wait %{{.+}}, %{{.+}}, %{{.+}}, %[[PREV:arg[0-9]+]] {pendings = 1 : i32}
// IR: triton_nvidia_gpu.arrive_barrier %{{.+}}, 1, %{{.+}} {perThread}
// IR: %[[NEXT:[0-9]+]] = triton_gpu.local_load
// IR: triton_nvidia_gpu.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}}, %[[NEXT]], sparseIndex = 0 {{.+}}isAsync = true}
// IR: triton_nvidia_gpu.barrier_expect %{{.+}}, 25600, %{{.+}} :
// IR-COUNT-3: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot_wait %{{.+}}, %{{.+}}, %{{.+}}, %[[CUR]] {pendings = 1 : i32}
// IR: %[[NEXT2:[0-9]+]] = triton_gpu.local_load
// IR: scf.yield %{{.+}}, %[[NEXT2]], %[[NEXT]] :
// IR: scf.if
// IR: } else {
// IR: triton_nvidia_gpu.warp_group_dot_wait %{{.+}}, %{{.+}}#9 {pendings = 0 : i32}

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
// CPU5: verify C = A @ B: ok (full check, 36992 elements)
// CPU3: verify C = A @ B: ok (full check, 18432 elements)
// BADTARGET: tma=true needs target=cuda:90, got cuda:80
