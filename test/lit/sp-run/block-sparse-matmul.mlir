// examples/block_sparse_matmul.mlir (A stored as BSR24, 64x64 blocks, 2:4
// inside the stored blocks) on the CPU interpreter at 0 %, 50 % and 90 %
// zero blocks, on ragged shapes (M, N, K multiples of neither the block nor
// 16) and on a row of blocks with nothing stored: the K loop visits only
// the stored blocks of each block row, and C = A @ B verifies against the
// pruned dense A.
// RUN: sp-run %S/../../../examples/block_sparse_matmul.mlir | FileCheck %s --check-prefix=HALF
// HALF: @block_sparse_matmul on cpu (runtime/cpu interpreter, {{[0-9]+}} workers), grid 4x3x1
// HALF-NEXT: A          f16[200x328], pruned to 2:4 operand A: values f16[768x32], metadata i16[48x64] (band16); BSR24 64x64 blocks: 12 of 24 stored (50 % zero), indptr i32[5], indices i32[13]
// HALF: verify C = A @ B: ok (full check, 27200 elements)

// RUN: sp-run %S/../../../examples/block_sparse_matmul.mlir --zero-blocks A=0 --set M=256 --set N=256 --set K=256 | FileCheck %s --check-prefix=NONE
// NONE: BSR24 64x64 blocks: 16 of 16 stored (0 % zero), indptr i32[5], indices i32[17]
// NONE: verify C = A @ B: ok (full check, 65536 elements)

// RUN: sp-run %S/../../../examples/block_sparse_matmul.mlir --zero-blocks A=0.9 --set M=330 --set N=70 --set K=650 --seed 3 | FileCheck %s --check-prefix=MOST
// MOST: grid 6x2x1
// MOST: BSR24 64x64 blocks: 7 of 66 stored (89 % zero), indptr i32[7], indices i32[8]
// MOST: verify C = A @ B: ok (full check, 23100 elements)

// RUN: sp-run %S/../../../examples/block_sparse_matmul.mlir --zero-blocks A=0.5 --set M=17 --set N=3 --set K=5 | FileCheck %s --check-prefix=TINY
// TINY: BSR24 64x64 blocks: 0 of 1 stored (100 % zero), indptr i32[2], indices i32[1]
// TINY: verify C = A @ B: ok (full check, 51 elements)

// Without pruning, a stored block that is not 2:4 is an error naming A's row and group.
// RUN: not sp-run %S/../../../examples/block_sparse_matmul.mlir --prune=false 2>&1 | FileCheck %s --check-prefix=DENSE
// DENSE: argument 0 (A): a stored block is not 2:4 sparse: row {{[0-9]+}}, group {{[0-9]+}} (columns {{[0-9]+}}..{{[0-9]+}}): {{[34]}} non-zeros, 2:4 allows at most 2 (pass --prune to magnitude-prune the input)

// RUN: not sp-run %S/../../../examples/block_sparse_matmul.mlir --zero-blocks A=1.5 2>&1 | FileCheck %s --check-prefix=FRAC
// FRAC: --zero-blocks A: "1.5" is not a fraction between 0 and 1

// The kernel after sp-pipeline (TTGIR), software-pipelined (3 stages: the
// block-column read runs ahead with the copies), on the CPU interpreter:
// the mma.sp (sm_80) and wgmma.sp (sm_90) forms verify as well.
// RUN: sp-opt %S/../../../examples/block_sparse_matmul.mlir --sp-pipeline="target=cuda:80" -o %t.80.ttgir.mlir 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: sp-opt %S/../../../examples/block_sparse_matmul.mlir --sp-pipeline="target=cuda:90" -o %t.90.ttgir.mlir 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: remark: tritongpu-pipeline: 3 loads pipelined with 3 stages
// RUN: sp-run %t.80.ttgir.mlir --spec %S/../../../examples/block_sparse_matmul.json --zero-blocks A=0.9 --set M=330 --set N=70 --set K=650 --seed 3 | FileCheck %s --check-prefix=TTGIR
// RUN: sp-run %t.90.ttgir.mlir --spec %S/../../../examples/block_sparse_matmul.json --zero-blocks A=0.5 --set M=200 --set N=136 --set K=328 | FileCheck %s --check-prefix=TTGIR
// RUN: sp-run %t.80.ttgir.mlir --spec %S/../../../examples/block_sparse_matmul.json --zero-blocks A=0 --set M=128 --set N=64 --set K=512 | FileCheck %s --check-prefix=TTGIR
// TTGIR: verify C = A @ B: ok (full check

// The 128x128-tile variant (128x64 blocks), ragged, at 50 % and 90 % zero blocks.
// RUN: sp-run %S/../../../examples/block_sparse_matmul_128.mlir | FileCheck %s --check-prefix=T128
// RUN: sp-run %S/../../../examples/block_sparse_matmul_128.mlir --zero-blocks A=0.9 --set M=500 --set N=300 --set K=700 --seed 5 | FileCheck %s --check-prefix=T128
// T128: BSR24 128x64 blocks:
// T128: verify C = A @ B: ok (full check
