// Triton 3.6's TTIR of sp's persistent Python kernel (python/sp/kernels.py,
// sparse_matmul_persistent_kernel: tensor descriptors for A, B and C, one
// program per SM looping over tile ids; its bf16 specialization, a_meta
// dropped as sp.jit drops it). From TTIR on the CPU interpreter, ragged tiles;
// through sp-pipeline on cuda:90 the A values, A metadata and B descriptor
// loads become TMA copies on mbarriers, the C descriptor store a masked
// store, and the pipelined TTGIR runs on the CPU with 3 programs for
// several tiles each.
// RUN: sp-run %S/../../../examples/triton36/sparse_matmul_persistent_tma_bf16.ttir --spec %S/../../../examples/triton36/sparse_matmul_persistent_tma_bf16.launch.json --set M=1008 --set N=520 --set K=1008 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/triton36/sparse_matmul_persistent_tma_bf16.ttir --annotate-sparse=args=a_ptr --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-run %t.mlir --spec %S/../../../examples/triton36/sparse_matmul_persistent_tma_bf16.launch.json --set M=304 --set N=520 --set K=1008 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.mlir --emit=ptx --ptx-version=8.7 | FileCheck %s --check-prefix=PTX

// CPU: verify C = A @ B: ok (

// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 5 stages, full/empty mbarriers per slot

// IR: scf.for
// IR: triton_nvidia_gpu.init_barrier
// IR: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot
// IR: tt.store

// PTX: "globalScratch"
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: wgmma.mma_async.sp.sync.aligned.m64n256k32.f32.bf16.bf16
