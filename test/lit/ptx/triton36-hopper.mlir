// Triton 3.6's own Hopper TTGIR of tutorial 03 (cp.async ring buffers,
// ttng.warp_group_dot with one group in flight, async tokens carried through
// the K loop) lowers to sm_90a PTX: per K tile the cp.async wait and its
// barrier, one wgmma.fence, eight m64n128k16 wgmmas (two m64 blocks x four
// k16 steps), commit, wait_group 1, then the next stage's copies. The CPU
// interpreter runs the same TTGIR against its reference (M, N, K multiples
// of 16, as the kernel's tt.divisibility demands, not of the 128x128x64 tile).
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm90.ttgir --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: sp-run %S/../../../examples/triton36/matmul_sm90.ttgir --spec %S/../../../examples/triton36/matmul_dense.launch.json | FileCheck %s --check-prefix=CPU
// CHECK: .target sm_90a
// CHECK: $L_for_head_{{[0-9]+}}:
// CHECK: cp.async.wait_group 2;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK: cp.async.cg.shared.global
// CHECK: bra.uni $L_for_head_{{[0-9]+}};
// CHECK: wgmma.wait_group.sync.aligned 0;
// CPU: verify C = A @ B: ok (full check, 56576 elements)
