// fp8 wgmma.sp with promotion (Hopper's fp8 tensor cores sum in about 14
// bits): the e4m3 block-pointer example on cuda:90, 8 warps (one m64n128
// block of 64 f32 accumulator registers per thread, two k64 steps per
// 128-wide tile). tritongpu-accelerate-matmul moves tt.dot's
// maxNumImpreciseAcc (or the max-num-imprecise-acc option's, for dots
// without one) onto the warp_group_dot; the lowering issues each interval's
// wgmmas into a zeroed partial (scale-d false on its first step), and adds
// the partial into the accumulator after wait_group 0. In the pipelined
// loop the last interval stays in flight: the next iteration's dot waits
// and adds it first, the wait after the loop adds the last one.
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 max-num-imprecise-acc=128" 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8" 2>/dev/null | FileCheck %s --check-prefix=IR0
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 async-wait=before-copies max-num-imprecise-acc=128" --emit=ptx -o %t.acc128.ptx 2>/dev/null
// RUN: FileCheck %s --input-file %t.acc128.ptx --check-prefix=ACC128
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 async-wait=before-copies" --emit=ptx -o %t.acc0.ptx 2>/dev/null
// RUN: FileCheck %s --input-file %t.acc0.ptx --check-prefix=ACC0
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 max-num-imprecise-acc=1073741824" --emit=ptx -o %t.fast.ptx 2>/dev/null
// RUN: FileCheck %s --input-file %t.fast.ptx --check-prefix=FAST
// RUN: not sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --sp-pipeline="target=cuda:90 max-num-imprecise-acc=many" 2>&1 | FileCheck %s --check-prefix=BAD

// IR: triton_nvidia_gpu.warp_group_dot {{.*}}maxNumImpreciseAcc = 128 : i32
// IR0: triton_nvidia_gpu.warp_group_dot
// IR0-NOT: maxNumImpreciseAcc

// Per iteration: wait for the
// previous iteration's group, add its partial, one group of two wgmmas
// (scale-d false, then true) into the partial, commit, and no wait_group 0
// before the copies.
// ACC128: setp.eq.u32 %[[F:p[0-9]+]], %r{{[0-9]+}}, 0;
// ACC128: $L_for_head_
// ACC128: wgmma.wait_group.sync.aligned 0;
// ACC128-NEXT: add.f32 %f1, %f1, %[[P0:f[0-9]+]];
// ACC128: wgmma.fence.sync.aligned;
// ACC128-NEXT: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3 {%[[P0]], {{.*}}, 0, %[[F]], 1, 1;
// ACC128: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3 {%[[P0]], {{.*}}, 0, %p{{[0-9]+}}, 1, 1;
// ACC128-NEXT: wgmma.commit_group.sync.aligned;
// ACC128-NEXT: wgmma.wait_group.sync.aligned 1;
// ACC128-NOT: wgmma.wait_group.sync.aligned 0;
// ACC128: bra.uni $L_for_head_
// ACC128-NEXT: $L_for_exit_
// ACC128-NEXT: wgmma.wait_group.sync.aligned 0;
// ACC128-NEXT: add.f32 %f1, %f1, %[[P0]];
// ACC128: mov.f32 %[[P0]], 0f00000000;
// (zeroed for a later run of the loop, as the prologue does for the first)

// acc0 (the default, a promotion after every wgmma): the first k step's
// partial is added within the iteration, the second's at the next.
// ACC0: $L_for_head_
// ACC0: wgmma.wait_group.sync.aligned 0;
// ACC0: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3
// ACC0-NEXT: wgmma.commit_group.sync.aligned;
// ACC0-NEXT: wgmma.wait_group.sync.aligned 0;
// ACC0-NEXT: add.f32
// ACC0: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3
// ACC0-NEXT: wgmma.commit_group.sync.aligned;
// ACC0-NEXT: wgmma.wait_group.sync.aligned 1;

// Fast accumulation: the wgmmas accumulate into the f32 registers.
// FAST-NOT: add.f32
// FAST: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3 {%f1,
// FAST-NOT: add.f32 %f1,

// BAD: max-num-imprecise-acc
