// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=ONE
// RUN: sp-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-diagnostics -o /dev/null
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=3 async-wait=before-copies})' 2>&1 | FileCheck %s --check-prefix=ROT
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=2 async-wait=before-copies})' 2>&1 | FileCheck %s --check-prefix=ROT2
// RUN: not sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{async-wait=tail})' 2>&1 | FileCheck %s --check-prefix=BADWAIT
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=4 async-wait=mbarrier})' 2>&1 | FileCheck %s --check-prefixes=MB,MBR
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=4 async-wait=mbarrier})' 2>/dev/null | sp-opt -split-input-file | FileCheck %s --check-prefix=MB
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=2 async-wait=mbarrier})' 2>&1 | FileCheck %s --check-prefix=MB2
// BADWAIT: async-wait must be head, before-copies or mbarrier, got "tail"

// One staged, masked load of A in a K loop, three stages: a 3-deep ring
// buffer, two prologue copies (iterations 0 and 1, masked by lb + s*step <
// ub and the load's own mask), the wait for all but one group, the local
// load from the extract slot, the copy of iteration i+2 into the insert
// slot, and the drain after the loop.
// CHECK-LABEL: tt.func @one_load
// CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : i32
// CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : i32
// CHECK-DAG:   %[[C3:.+]] = arith.constant 3 : i32
// CHECK:       %[[BUF:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<3x64x32xf16, #shared, #triton_gpu.shared_memory, mutable>
// CHECK:       %[[V0:.+]] = arith.cmpi slt, %{{.+}}, %[[UB:.+]] : i32
// CHECK:       %[[M0S:.+]] = tt.splat %[[V0]] : i1 -> tensor<64x32xi1, #blocked>
// CHECK:       %[[M0:.+]] = arith.andi %{{.+}}, %[[M0S]] : tensor<64x32xi1, #blocked>
// CHECK:       %[[S0:.+]] = triton_gpu.memdesc_subview %[[BUF]][%[[C0]], %[[C0]], %[[C0]]] : !tt.memdesc<3x64x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory, mutable>
// CHECK:       %[[T0:.+]] = triton_gpu.async_copy_global_to_local %[[P0:.+]], %[[S0]] mask %[[M0]] other %{{.+}} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #triton_gpu.shared_memory, mutable>
// CHECK:       %[[P1:.+]] = tt.addptr %[[P0]], %{{.+}}
// CHECK:       triton_gpu.async_commit_group %[[T0]]
// CHECK:       triton_gpu.memdesc_subview %[[BUF]][%[[C1]], %[[C0]], %[[C0]]]
// CHECK:       %[[T1:.+]] = triton_gpu.async_copy_global_to_local %[[P1]], %{{.+}} mask
// CHECK:       %[[P2:.+]] = tt.addptr %[[P1]], %{{.+}}
// CHECK:       triton_gpu.async_commit_group %[[T1]]
// CHECK:       scf.for %[[IV:.+]] = %{{.+}} to %[[UB]] step %[[STEP:.+]] iter_args(%[[ACC:.+]] = %{{.+}}, %[[P:.+]] = %[[P2]], %[[INS:.+]] = %[[C2]], %[[EXT:.+]] = %[[C0]]) -> ({{.+}}, i32, i32)
// CHECK-NEXT:    triton_gpu.async_wait {num = 1 : i32}
// CHECK-NEXT:    %[[CUR:.+]] = triton_gpu.memdesc_subview %[[BUF]][%[[EXT]], %[[C0]], %[[C0]]]
// CHECK:         triton_gpu.async_copy_global_to_local %[[P]], %{{.+}} mask
// CHECK:         triton_gpu.async_commit_group
// CHECK:         triton_gpu.local_load %[[CUR]] : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory, mutable> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK:         tt.dot
// CHECK:         scf.yield {{.+}} : {{.+}}, i32, i32
// CHECK:       triton_gpu.async_wait {num = 0 : i32}
// CHECK-NEXT:  triton_gpu.local_dealloc %[[BUF]]
// ONE-LABEL:   tt.func @one_load
// ONE-NOT:     async_copy
// ONE:         %[[A:.+]] = tt.load
// ONE-NEXT:    triton_gpu.local_alloc %[[A]]
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @one_load(%p0: tensor<64x32x!tt.ptr<f16>, #blocked>, %mask: tensor<64x32xi1, #blocked>, %b: tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %k: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %step = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // expected-remark @+1 {{tritongpu-pipeline: 1 loads pipelined with 3 stages}}
    %r:2 = scf.for %i = %c0 to %k step %c32 iter_args(%acc = %acc0, %p = %p0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %p, %mask, %zero : tensor<64x32x!tt.ptr<f16>, #blocked>
      %m = triton_gpu.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory>
      %ad = triton_gpu.local_load %m : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %pn = tt.addptr %p, %step : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %d, %pn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// The final pointer is used after the loop: stage 0 runs ahead of it, so
// the compute gets its own copy of the pointer chain (a second iter arg
// with the same init, advanced once per iteration) and the loop returns
// that copy's final value.
// CHECK-LABEL: tt.func @pointer_escapes
// CHECK-SAME:  (%[[P0:arg0]]: tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK:       triton_gpu.async_copy_global_to_local %[[P0]],
// CHECK:       %[[R:.+]]:5 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %[[Q:arg[0-9]+]] = %[[P0]],
// CHECK:         %[[QN:.+]] = tt.addptr %[[Q]], %{{.+}}
// CHECK:         scf.yield %{{.+}}, %{{.+}}, %[[QN]],
// CHECK:       tt.return %[[R]]#2
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @pointer_escapes(%p0: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %k: i32) -> tensor<64x32x!tt.ptr<f16>, #blocked> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %step = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // expected-remark @+1 {{1 loads pipelined with 3 stages}}
    %r:2 = scf.for %i = %c0 to %k step %c32 iter_args(%acc = %acc0, %p = %p0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f16>, #blocked>
      %m = triton_gpu.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory>
      %ad = triton_gpu.local_load %m : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %pn = tt.addptr %p, %step : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      scf.yield %d, %pn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#1 : tensor<64x32x!tt.ptr<f16>, #blocked>
  }
}

// -----

// A load staged through tt.trans (a sparse-B operand of the transposed
// product): the ring buffer holds the loaded 32x64 tile with the transposed
// shared order, and the loop reads it through tt.trans of the memdesc view.
// CHECK-LABEL: tt.func @transposed
// CHECK:       %[[BUF:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<3x32x64xf16, #[[$SU:shared[0-9]*]], #triton_gpu.shared_memory, mutable>
// CHECK:       triton_gpu.async_copy_global_to_local %{{.+}}, %{{.+}} mask %{{.+}} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #[[$SU]], #triton_gpu.shared_memory, mutable>
// CHECK:       scf.for
// CHECK-NEXT:    triton_gpu.async_wait {num = 1 : i32}
// CHECK-NEXT:    %[[V:.+]] = triton_gpu.memdesc_subview %[[BUF]]
// CHECK-NEXT:    %[[T:.+]] = tt.trans %[[V]] {order = array<i32: 1, 0>} : !tt.memdesc<32x64xf16, #[[$SU]], #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x32xf16, #[[$ST:shared[0-9]*]], #triton_gpu.shared_memory, mutable>
// CHECK:         triton_gpu.local_load %[[T]] : !tt.memdesc<64x32xf16, #[[$ST]], #triton_gpu.shared_memory, mutable> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #triton_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @transposed(%p0: tensor<32x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %e: tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>, %k: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %step = arith.constant dense<32> : tensor<32x64xi32, #blocked>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // expected-remark @+1 {{tritongpu-pipeline: 1 loads pipelined with 3 stages}}
    %r:2 = scf.for %i = %c0 to %k step %c64 iter_args(%acc = %acc0, %p = %p0) -> (tensor<64x64xf32, #mma>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %v = tt.load %p : tensor<32x64x!tt.ptr<f16>, #blocked>
      %vt = tt.trans %v {order = array<i32: 1, 0>} : tensor<32x64xf16, #blocked> -> tensor<64x32xf16, #blockedT>
      %m = triton_gpu.local_alloc %vt : (tensor<64x32xf16, #blockedT>) -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory>
      %a = triton_gpu.local_load %m : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
      %d = tt.dot %a, %b, %acc, %e, sparseIndex = 0 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %pn = tt.addptr %p, %step : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %pn : tensor<64x64xf32, #mma>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Hopper: the staged A and B tiles feed triton_nvidia_gpu.warp_group_dot
// (2:4 sparse A, metadata through local_load). The wgmma becomes
// asynchronous: isAsync = true, a warp_group_dot_wait right after it
// (pendings = 0 for a sparse dot, whose metadata registers the next
// iteration reloads; 1 keeps a dense dot's group in flight) forwarding the
// accumulator and the operands still in use, the next stage's copies (which
// overwrite the slot the previous group read) after that wait, the
// accumulator yielded from the wait, and a wait {pendings = 0} after the
// loop before the result is used.
// CHECK-LABEL: tt.func @wgmma
// CHECK:       scf.for
// CHECK-NEXT:    triton_gpu.async_wait {num = 1 : i32}
// CHECK:         %[[E:.+]] = triton_gpu.local_load
// CHECK-NOT:     async_copy_global_to_local
// CHECK:         %[[D:.+]] = triton_nvidia_gpu.warp_group_dot %[[A:.+]], %[[B:.+]], %{{.+}}, %[[E]], sparseIndex = 0 {isAsync = true}
// CHECK-NEXT:    %[[W:.+]]:4 = triton_nvidia_gpu.warp_group_dot_wait %[[D]], %[[A]], %[[B]], %[[E]] {pendings = 0 : i32}
// CHECK-COUNT-3: triton_gpu.async_copy_global_to_local
// CHECK:         triton_gpu.async_commit_group
// CHECK:         scf.yield %[[W]]#0,
// CHECK:       %[[F:.+]] = triton_nvidia_gpu.warp_group_dot_wait %{{.+}}#0 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// CHECK-NEXT:  triton_gpu.async_wait {num = 0 : i32}
// CHECK:       tt.return %[[F]]
//
// async-wait=before-copies: the loop waits for stage 0 before it starts,
// and each iteration waits (num = S-3: stage i+1 has landed) between the
// wgmma wait and the copies, so that one CTA barrier both publishes the
// next stage and orders every warpgroup's retired reads before the refill.
// With two stages there is no slot to spare and the wait stays at the head.
// ROT:       remark: tritongpu-pipeline: 3 loads pipelined with 3 stages, async_wait before the copies
// ROT-LABEL: tt.func @wgmma
// ROT:         triton_gpu.async_commit_group
// ROT:         triton_gpu.async_commit_group
// ROT-NEXT:    triton_gpu.async_wait {num = 1 : i32}
// ROT-NEXT:    scf.for
// ROT-NOT:     triton_gpu.async_wait
// ROT:         %[[D:.+]] = triton_nvidia_gpu.warp_group_dot %{{.+}} {isAsync = true}
// ROT-NEXT:    triton_nvidia_gpu.warp_group_dot_wait %[[D]], {{.+}} {pendings = 0 : i32}
// ROT-NEXT:    triton_gpu.async_wait {num = 0 : i32}
// ROT-COUNT-3: triton_gpu.async_copy_global_to_local
// ROT:         triton_gpu.async_commit_group
// ROT-NOT:     triton_gpu.async_wait
// ROT:         scf.yield
// ROT2: remark: tritongpu-pipeline: 3 loads pipelined with 2 stages (async-wait=before-copies needs num-stages >= 3: the wait stays at the head)
//
// async-wait=mbarrier: a full and an empty mbarrier per slot, initialised
// for the CTA's 128 threads; the prologue fills slots 0..1 (S-2 stages run
// ahead) and arrives on their full barriers once each thread's copies land,
// then waits for stage 0 and reads its metadata. The dot is sparse, and
// ptxas does not keep the metadata registers of a wgmma group in flight, so
// the metadata is carried: each iteration issues its group with the
// metadata the previous one read (MC); right after it, waits until every
// thread released the slot it refills (in an earlier iteration), copies and
// arrives on its full barrier; then retires the previous group
// (pendings = 1) naming that group's metadata (MP) so that the PTX lowering
// keeps its registers up to the wait, releases that group's slot (every
// thread, not in the first iteration), waits for stage i+1 (if any) and
// reads its metadata. The loop is marked for
// triton-loop-unroll by two. No async_wait in the loop; after it the last
// group retires, its metadata named, then commit + wait 0 and inval.
// MBR:      remark: tritongpu-pipeline: 3 loads pipelined with 4 stages, full/empty mbarriers per slot
// MB-LABEL: tt.func @wgmma
// MB:         %[[FULL:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<4x1xi64
// MB:         %[[EMPTY:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<4x1xi64
// MB-COUNT-8: triton_nvidia_gpu.init_barrier %{{.+}}, 128 :
// MB-COUNT-3: triton_gpu.async_copy_global_to_local
// MB:         triton_nvidia_gpu.async_copy_mbarrier_arrive %{{.+}} {noIncrement}
// MB-COUNT-3: triton_gpu.async_copy_global_to_local
// MB:         triton_nvidia_gpu.async_copy_mbarrier_arrive %{{.+}} {noIncrement}
// MB-NOT:     triton_gpu.async_copy_global_to_local
// MB:         triton_nvidia_gpu.wait_barrier %{{.+}}, %c0_i32, %{{.+}} :
// MB-NEXT:    %[[M0V:.+]] = triton_gpu.memdesc_subview
// MB-NEXT:    %[[M0:.+]] = triton_gpu.local_load %[[M0V]]
// MB-NEXT:    scf.for %[[I:[^ ]+]] = %{{.+}} iter_args({{.+}} = %c2_i32, %{{.+}} = %c0_i32, %[[PE:[^ ]+]] = %c0_i32, %[[PW:[^ ]+]] = %c1_i32, %[[MC:[^ ]+]] = %[[M0]], %[[MP:[^ ]+]] = %[[M0]])
// MB-NOT:       triton_nvidia_gpu.wait_barrier
// MB:           %[[D:.+]] = triton_nvidia_gpu.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}}, %[[MC]], sparseIndex = 0 {isAsync = true}
// MB-NEXT:      triton_gpu.memdesc_subview %[[EMPTY]]
// MB-NEXT:      triton_nvidia_gpu.wait_barrier %{{.+}}, %[[PW]] :
// MB-COUNT-3:   triton_gpu.async_copy_global_to_local
// MB:           triton_nvidia_gpu.async_copy_mbarrier_arrive %{{.+}} {noIncrement}
// MB:           triton_nvidia_gpu.warp_group_dot_wait %[[D]], %{{.+}}, %{{.+}}, %[[MP]] {pendings = 1 : i32}
// MB:           triton_gpu.memdesc_subview %[[EMPTY]]
// MB-NEXT:      triton_nvidia_gpu.arrive_barrier %{{.+}}, 1, %{{.+}} {perThread}
// MB:           triton_nvidia_gpu.wait_barrier %{{.+}}, %{{.+}}, %{{.+}} :
// MB-NEXT:      triton_gpu.memdesc_subview
// MB-NEXT:      %[[MN:.+]] = triton_gpu.local_load
// MB-NOT:       triton_gpu.async_wait
// MB:           scf.yield {{.+}}, %[[MN]], %[[MC]] :
// MB-NEXT:    } {tt.loop_unroll_factor = 2 : i32}
// MB-NEXT:    triton_nvidia_gpu.warp_group_dot_wait %{{.+}}#0, %{{.+}}#9 {pendings = 0 : i32}
// MB-NEXT:    triton_gpu.async_commit_group
// MB-NEXT:    triton_gpu.async_wait {num = 0 : i32}
// MB-COUNT-8: triton_nvidia_gpu.inval_barrier
// MB2: remark: tritongpu-pipeline: 3 loads pipelined with 2 stages (async-wait=mbarrier: needs num-stages >= 3; the wait stays at the head)
// ROT2-LABEL: tt.func @wgmma
// ROT2:       scf.for
// ROT2-NEXT:    triton_gpu.async_wait {num = 0 : i32}
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#sv = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = true}>
#sb = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
#se = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @wgmma(%pa0: tensor<64x32x!tt.ptr<f16>, #blocked>, %pe0: tensor<4x64x!tt.ptr<i16>, #blocked1>, %pb0: tensor<64x64x!tt.ptr<f16>, #blocked1>, %k: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sa = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %se = arith.constant dense<64> : tensor<4x64xi32, #blocked1>
    %sb = arith.constant dense<4096> : tensor<64x64xi32, #blocked1>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // expected-remark @+1 {{tritongpu-pipeline: 3 loads pipelined with 3 stages}}
    %r:4 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pe = %pe0, %pb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
      %am = triton_gpu.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #sv, #triton_gpu.shared_memory>
      %e = tt.load %pe : tensor<4x64x!tt.ptr<i16>, #blocked1>
      %em = triton_gpu.local_alloc %e : (tensor<4x64xi16, #blocked1>) -> !tt.memdesc<4x64xi16, #se, #triton_gpu.shared_memory>
      %ed = triton_gpu.local_load %em : !tt.memdesc<4x64xi16, #se, #triton_gpu.shared_memory> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %bm = triton_gpu.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> !tt.memdesc<64x64xf16, #sb, #triton_gpu.shared_memory>
      %d = triton_nvidia_gpu.warp_group_dot %am, %bm, %acc, %ed, sparseIndex = 0 : !tt.memdesc<64x32xf16, #sv, #triton_gpu.shared_memory>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * !tt.memdesc<64x64xf16, #sb, #triton_gpu.shared_memory> -> tensor<64x64xf32, #mma>
      %pan = tt.addptr %pa, %sa : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %pen = tt.addptr %pe, %se : tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<4x64xi32, #blocked1>
      %pbn = tt.addptr %pb, %sb : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      scf.yield %d, %pan, %pen, %pbn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<4x64x!tt.ptr<i16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
