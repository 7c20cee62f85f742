// End to end on Hopper: target=cuda:90 takes the 2:4-sparse example and
// the dense tutorial matmul through the MMA v3 path. The PTX is sm_90a
// (PTX 8.3), the shared buffer 1024-byte aligned for the swizzled NVMMA
// tiles; per K tile one wgmma.fence, the wgmma.mma_async(.sp) of each k
// step on shared-memory descriptors, commit_group, and wait_group 1 (one
// group in flight); the copies of the next stage follow the wait; the last
// group is retired after the loop (wait_group 0). lower/ptx's golden test
// assembles the same modules with CUDA 12.4's ptxas and checks the SASS for
// HGMMA.SP.64x64x32 / HGMMA.64x128x16.
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:90" --emit=ptx -o %t.sp.ptx
// RUN: FileCheck %s --input-file %t.sp.ptx --check-prefixes=CHECK,SP
// RUN: sp-opt %S/../../../examples/matmul.ttir.mlir --sp-pipeline="target=cuda:90" --emit=ptx -o %t.dense.ptx
// RUN: FileCheck %s --input-file %t.dense.ptx --check-prefixes=CHECK,DENSE
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8" --emit=ptx -o %t.w8.ptx
// RUN: FileCheck %s --input-file %t.w8.ptx --check-prefix=W8
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 async-wait=before-copies" --emit=ptx -o %t.w8r.ptx
// RUN: FileCheck %s --input-file %t.w8r.ptx --check-prefix=W8R
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 async-wait=mbarrier" --emit=ptx -o %t.mb.ptx
// RUN: FileCheck %s --input-file %t.mb.ptx --check-prefix=MB
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 wgmma-a=registers" --emit=ptx -o %t.rs.ptx
// RUN: FileCheck %s --input-file %t.rs.ptx --check-prefixes=RS,RSSP
// RUN: sp-opt %S/../../../examples/matmul.ttir.mlir --sp-pipeline="target=cuda:90 wgmma-a=registers" --emit=ptx -o %t.rsd.ptx
// RUN: FileCheck %s --input-file %t.rsd.ptx --check-prefixes=RS,RSD
// RUN: sp-opt %S/../../../examples/sparse_dot.mlir --sp-pipeline="target=cuda:90" --emit=ptx 2>&1 | FileCheck %s --check-prefix=SMALL

// CHECK: "target": "sm_90a",
// SP: "metadataLayout": "band16"
// CHECK: .version 8.3
// CHECK-NEXT: .target sm_90a
// CHECK: .extern .shared .align 1024 .b8 global_smem[];
// CHECK: $L_for_head_{{[0-9]+}}:
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// SP: ld.shared.b32 %r[[META:[0-9]+]],
// CHECK: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 0x{{[0-9A-F]+}};
// CHECK: wgmma.fence.sync.aligned;
// SP-NEXT: wgmma.mma_async.sp.sync.aligned.m64n64k32.f32.f16.f16 {%f{{[0-9]+}}, {{(%f[0-9]+, )+}}%f{{[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[META]], 0, %p{{[0-9]+}}, 1, 1, 0, 1;
// DENSE-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%f{{[0-9]+}}, {{(%f[0-9]+, )+}}%f{{[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 0, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// SP-NEXT: wgmma.wait_group.sync.aligned 0;
// DENSE-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: bar.sync
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK: bra.uni $L_for_head_{{[0-9]+}};
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.mma_async

// BLOCK_M = 32 cannot feed wgmma: the dot stays on mma.sp, with a remark,
// and the PTX is plain sm_90.
// SMALL: remark: tt.dot: nvidia_mma v2.0, {{.*}} sm_90: wgmma not used: BLOCK_M = 32 is not a multiple of 64
// SMALL: .target sm_90
// SMALL-NOT: wgmma
// SMALL: mma.sp.sync.aligned.m16n8k32

// Two warpgroups (8 warps, warpsPerCTA [8, 1]): a wait retires only the own
// group's wgmma, so a CTA barrier separates it from the copies that refill
// the slot the other warpgroup's group may still read.
// W8: wgmma.mma_async.sp.sync.aligned.m64n128k32
// W8: wgmma.wait_group.sync.aligned 0;
// W8-NOT: cp.async
// W8: bar.sync 0;
// W8: cp.async.cg.shared.global

// async-wait=before-copies: the cp.async wait and its barrier sit between
// the wgmma wait and the copies, the only barrier of the iteration; the
// loop head needs none (the back edge arrives right after that barrier and
// the copies), and stage 0 is waited for before the loop.
// W8R: cp.async.wait_group 1;
// W8R-NEXT: bar.sync 0;
// W8R: $L_for_head_{{[0-9]+}}:
// W8R-NOT: bar.sync
// W8R: wgmma.mma_async.sp.sync.aligned.m64n128k32
// W8R-NOT: bar.sync
// W8R: wgmma.wait_group.sync.aligned 0;
// The wait names the group's metadata: a store that never runs (its
// predicate is false at run time) reads it, so ptxas keeps its registers
// up to the wait.
// W8R-NEXT: @%p{{[0-9]+}} st.shared.v2.b32 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
// W8R-NEXT: cp.async.wait_group 0;
// W8R-NEXT: bar.sync 0;
// W8R-NOT: bar.sync
// W8R: cp.async.cg.shared.global
// W8R-NOT: bar.sync
// W8R: bra.uni $L_for_head_{{[0-9]+}};

// async-wait=mbarrier: thread 0 initialises a full and an empty mbarrier
// per slot for the CTA's 256 threads (a barrier publishes them before the
// first arrival); each thread's copies arrive on the full barrier
// (cp.async.mbarrier.arrive.noinc); the loop has no CTA barrier. The loop
// is unrolled by two; in each half the group is issued with the metadata
// carried in registers, the loop waits on the empty barrier of the slot it
// refills and copies, the previous group retires (wait_group 1) and a store
// that never runs reads its metadata registers (so ptxas keeps them up to
// the wait), every thread releases that group's slot, and the loop waits
// for the next stage's barrier (skipped after the last) and reads its
// metadata into the other register set. After the loop, the odd last
// iteration, then wait 0 (the last group's metadata read after it),
// barrier, inval.
// MB-COUNT-8: mbarrier.init.shared::cta.b64 [{{%r[0-9]+}}], 256;
// MB: bar.sync 0;
// MB-NEXT: cp.async.mbarrier.arrive.noinc.shared::cta.b64 [{{%r[0-9]+}}];
// MB: cp.async.mbarrier.arrive.noinc.shared::cta.b64
// MB: $L_for_head_{{[0-9]+}}:
// MB-NOT: bar.sync
// MB: wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 {{.+}}, [[CUR:%r[0-9]+]], 0, {{.+}};
// MB-NOT: bar.sync
// MB: mbarrier.try_wait.parity.shared::cta.b64
// MB-NOT: bar.sync
// MB: cp.async.cg.shared.global
// MB-NOT: bar.sync
// MB: cp.async.mbarrier.arrive.noinc.shared::cta.b64
// MB-NOT: bar.sync
// MB: wgmma.wait_group.sync.aligned 1;
// MB-NEXT: @[[NEVER:%p[0-9]+]] st.shared.v2.b32 [{{%r[0-9]+}}], {[[PREV:%r[0-9]+]], {{%r[0-9]+}}};
// MB: mbarrier.arrive.shared::cta.b64 _, [{{%r[0-9]+}}];
// MB-NOT: bar.sync
// MB: bra.uni $L_wait_skip_{{[0-9]+}};
// MB: mbarrier.try_wait.parity.shared::cta.b64 [[P:%p[0-9]+]], [{{%r[0-9]+}}], {{%r[0-9]+}};
// MB-NEXT: @![[P]] bra.uni
// MB: ld.shared.b32
// MB-NOT: bar.sync
// MB: wgmma.mma_async.sp.sync.aligned.m64n128k32
// MB-NOT: bar.sync
// MB: cp.async.mbarrier.arrive.noinc.shared::cta.b64
// MB-NOT: bar.sync
// MB: wgmma.wait_group.sync.aligned 1;
// MB-NEXT: @[[NEVER]] st.shared.v2.b32 [{{%r[0-9]+}}], {[[CUR]], {{%r[0-9]+}}};
// MB-NOT: bar.sync
// MB: bra.uni $L_for_head_{{[0-9]+}};
// MB: $L_if_end_{{[0-9]+}}:
// MB-NEXT: wgmma.wait_group.sync.aligned 0;
// MB-NEXT: @[[NEVER]] st.shared.v2.b32
// MB-NEXT: cp.async.commit_group;
// MB-NEXT: cp.async.wait_group 0;
// MB-NEXT: bar.sync 0;
// MB-NEXT: mbarrier.inval.shared::cta.b64

// wgmma-a=registers: A is read with ldmatrix.x4 into the warp's m16n8k32
// (sparse) / m16n8k16 (dense) A fragment and passed as four registers, the
// register form of wgmma (no imm-trans-a); only B is a descriptor. The
// group retires before the next iteration's ldmatrix rewrites A
// (wait_group 0).
// RS: $L_for_head_{{[0-9]+}}:
// RS: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r[[A0:[0-9]+]], %r[[A1:[0-9]+]], %r[[A2:[0-9]+]], %r[[A3:[0-9]+]]}
// RS: wgmma.fence.sync.aligned;
// RSSP-NEXT: wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 {{{(%f[0-9]+, )+}}%f{{[0-9]+}}}, {%r[[A0]], %r[[A1]], %r[[A2]], %r[[A3]]}, %rd{{[0-9]+}}, %r{{[0-9]+}}, 0, %p{{[0-9]+}}, 1, 1, 1;
// RSD-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{{(%f[0-9]+, )+}}%f{{[0-9]+}}}, {%r[[A0]], %r[[A1]], %r[[A2]], %r[[A3]]}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
// RS: wgmma.commit_group.sync.aligned;
// RS-NEXT: wgmma.wait_group.sync.aligned 0;
// RS: cp.async.cg.shared.global
