// REQUIRES: ptxas
// Triton's b.T on a register tile (examples/tma/matmul_bt_f16_bp.mlir: a block-pointer load of Bt's [BN, BK]
// tile, tt.trans, tt.dot). The transpose takes the operand's layout transposed; the pipeliner stages the
// [BN, BK] tile and reads B through a transposed shared-memory view (mma: ldmatrix without .trans; wgmma:
// imm-trans-b 0, K-major B); with tma=true the block-pointer load becomes a descriptor load that
// triton-rewrite-tensor-pointer folds into a column-major one. Dense and with A 2:4, on the CPU interpreter at
// ragged sizes before and after sp-pipeline.
// RUN: sp-run %S/../../../examples/tma/matmul_bt_f16_bp.mlir | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16_bp.mlir --sp-pipeline="target=cuda:80 num-warps=8 num-stages=3" -o %t.80.mlir
// RUN: FileCheck %s --input-file %t.80.mlir --check-prefix=IR80
// RUN: sp-run %t.80.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.80.mlir --emit=ptx | FileCheck %s --check-prefix=PTX80
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3" -o %t.90.mlir
// RUN: sp-run %t.90.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.90.mlir --emit=ptx | FileCheck %s --check-prefix=PTX90
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16_bp.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t.tma.mlir
// RUN: FileCheck %s --input-file %t.tma.mlir --check-prefix=TMA
// RUN: sp-run %t.tma.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/tma/matmul_bt_f16_bp.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_a.json | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16_bp.mlir --annotate-sparse="args=0" -o %t.a.mlir
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:80 num-warps=8 num-stages=3" -o %t.a80.mlir
// RUN: sp-run %t.a80.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_a.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.a80.mlir --emit=ptx | FileCheck %s --check-prefix=SPTX80
// RUN: sp-opt %t.a80.mlir --emit=ptx -o %t.a80.ptx
// RUN: ptxas -arch=sm_80 -o %t.a80.cubin %t.a80.ptx
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t.a90.mlir
// RUN: sp-run %t.a90.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_a.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU

// IR80: tt.trans %{{.+}} {order = array<i32: 1, 0>} : !tt.memdesc<128x32xf16, {{.+}}> -> !tt.memdesc<32x128xf16,
// IR80: triton_gpu.local_load %{{.+}} : !tt.memdesc<32x128xf16, {{.+}}> -> tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1

// PTX80-NOT: ldmatrix{{.*}}.trans
// PTX80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX80-NOT: ldmatrix{{.*}}.trans

// PTX90: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.+}}, %p{{[0-9]+}}, 1, 1, 0, 0;

// TMA: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg1, [%c32_i32, %c128_i32], [%{{.+}}, %{{.+}}]
// TMA-NOT: tt.trans
// TMA: triton_nvidia_gpu.warp_group_dot

// SPTX80: mma.sp{{.*}}.m16n8k32.row.col.f32.f16.f16.f32

// CPU: verify C = A @ Bt.T: ok (full check
