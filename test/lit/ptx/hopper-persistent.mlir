// A persistent kernel (Triton tutorial 09's form, examples/sparse_matmul_persistent.mlir) on the Hopper TMA
// pipeline: the K loop is pipelined inside the loop over tiles, its mbarriers set up again per tile; the
// inits share one CTA barrier, after a proxy fence that orders the last tile's epilogue (generic proxy)
// before the next tile's TMA copies (async proxy). On the CPU interpreter with 3 programs and 8 to 12
// tiles, ragged in M, N and K, so that each program computes several tiles.
// RUN: sp-opt %S/../../../examples/sparse_matmul_persistent.mlir --sp-pipeline="target=cuda:90 num-warps=4 num-stages=4 tma=true" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=PTX
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul_persistent.json --set SMS=3 --set M=400 --set N=200 --set K=320 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul_persistent.json --set SMS=3 --set M=272 --set N=256 --set K=192 | FileCheck %s --check-prefix=CPU

// IR: tt.get_num_programs x
// IR: scf.for %[[TILE:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// IR: triton_nvidia_gpu.init_barrier
// IR: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: scf.for
// IR: triton_nvidia_gpu.warp_group_dot
// IR: triton_nvidia_gpu.inval_barrier
// IR: tt.store
// IR: tt.return

// PTX: $L_for_head_[[OUTER:[0-9]+]]:
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX-NEXT: mbarrier.init.shared::cta.b64
// PTX-NOT: bar.sync
// PTX: mbarrier.init.shared::cta.b64
// PTX-NOT: bar.sync
// PTX: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 128;
// PTX: bar.sync 0;
// PTX: wgmma.mma_async.sp.sync.aligned.m64n64k32.f32.f16.f16
// PTX: mbarrier.inval.shared::cta.b64
// PTX-NOT: bar.sync
// PTX: mbarrier.inval.shared::cta.b64
// PTX: bra.uni $L_for_head_[[OUTER]];

// CPU: verify C = A @ B: ok (full check
