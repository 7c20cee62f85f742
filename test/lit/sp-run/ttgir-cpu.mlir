// The CPU interpreter runs TTGIR with its layouts ignored: the sparse
// example after sp-pipeline (decomposed, block pointers rewritten to masked
// pointer tensors, layouts, dot operands staged through local_alloc and
// local_load) computes the same product, which checks the pipeline's
// passes end to end on the host.
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:80 num-warps=4 num-stages=1" -o %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul.json --set M=208 --set N=100 --set K=160 | FileCheck %s
// CHECK: A          f16[208x160], pruned to 2:4 operand A: values f16[208x80], metadata i16[13x160] (band16)
// CHECK: verify C = A @ B: ok (full check, 20800 elements)

// Software-pipelined Hopper TTGIR (num-stages = 3: multi-buffered NVMMA
// shared memory, memdesc_subview ring slots, async copies and waits,
// warp_group_dot with one group in flight) on sm_90.
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:90 num-warps=4 num-stages=3" -o %t3.mlir
// RUN: sp-run %t3.mlir --spec %S/../../../examples/sparse_matmul.json --set M=208 --set N=100 --set K=320 | FileCheck %s --check-prefix=PIPE
// PIPE: verify C = A @ B: ok (full check, 20800 elements)

// The same with two warpgroups and the async_wait before the refill copies
// (async-wait=before-copies): the loop's result does not depend on where it
// waits.
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 async-wait=before-copies" -o %t4.mlir
// RUN: sp-run %t4.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=272 --set N=136 --set K=352 | FileCheck %s --check-prefix=PIPE4
// PIPE4: verify C = A @ B: ok (full check, 36992 elements)

// And with A read into registers (wgmma-a=registers): the values are staged
// for ldmatrix and the warp_group_dot takes them as a tensor.
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 async-wait=before-copies wgmma-a=registers" -o %t5.mlir
// RUN: sp-run %t5.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=272 --set N=136 --set K=352 | FileCheck %s --check-prefix=PIPE5
// PIPE5: verify C = A @ B: ok (full check, 36992 elements)

// And with per-slot full/empty mbarriers instead of CTA barriers
// (async-wait=mbarrier): the interpreter counts every thread's arrivals and
// fails on a wait for a phase that never completes.
// RUN: sp-opt %S/../../../examples/sparse_matmul_128.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 async-wait=mbarrier" -o %t6.mlir
// RUN: sp-run %t6.mlir --spec %S/../../../examples/sparse_matmul_128.json --set M=272 --set N=136 --set K=352 | FileCheck %s --check-prefix=PIPE6
// PIPE6: verify C = A @ B: ok (full check, 36992 elements)
