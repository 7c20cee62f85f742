// Triton 3.6's own Hopper TTGIR in its TMA form (tutorial 03 through
// tl.make_tensor_descriptor: tensor maps made on the device in global
// scratch, a 3-stage mbarrier ring of TMA loads feeding warp_group_dot, a
// TMA store epilogue) lowers to sm_90a PTX: the kernel takes the 384-byte
// per-program scratch as a trailing parameter (globalScratch in the
// manifest), builds its three maps with tensormap.replace, and per K tile
// waits on the stage's mbarrier, issues the eight m64n128k16 wgmmas, retires
// the previous group, passes one CTA barrier, expects 32768 bytes and issues
// three boxes (A 128x64, B 64x128 as two 64-column boxes). The CPU
// interpreter runs the same TTGIR (tensor maps as views of the global
// tensors with zero fill, copies completing on issue, mbarrier phases
// checked) against its reference at tile multiples and ragged sizes (M, N,
// K multiples of 16, as the kernel's tt.divisibility demands).
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttgir --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttgir --spec %S/../../../examples/triton36/matmul_tma.launch.json | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttgir --spec %S/../../../examples/triton36/matmul_tma.launch.json --set M=256 --set N=256 --set K=256 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttgir --spec %S/../../../examples/triton36/matmul_tma.launch.json --set M=144 --set N=400 --set K=48 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttgir --spec %S/../../../examples/triton36/matmul_tma.launch.json --set M=16 --set N=16 --set K=16 | FileCheck %s --check-prefix=CPU
// A wait on the wrong phase would hang the GPU; the interpreter says so.
// RUN: sed 's/ttng.wait_barrier %%acc_30, %%acc_29/ttng.wait_barrier %%acc_30, %%arg10/' %S/../../../examples/triton36/matmul_tma_sm90.ttgir > %t.hang.ttgir
// RUN: not sp-run %t.hang.ttgir --spec %S/../../../examples/triton36/matmul_tma.launch.json 2>&1 | FileCheck %s --check-prefix=HANG
// CHECK: "globalScratch": {
// CHECK-NEXT: "bytes": 384,
// CHECK-NEXT: "align": 128
// CHECK: .target sm_90a
// CHECK: .param .u64 matmul_tma_param_6
// CHECK-COUNT-3: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// CHECK: $L_for_head_{{[0-9]+}}:
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r{{[0-9]+}}], 32768;
// CHECK-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: bra.uni $L_for_head_{{[0-9]+}};
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CPU: verify C = A @ B: ok (full check
// HANG: error: 'triton_nvidia_gpu.wait_barrier': waiting for the phase of parity 0, which never completes
