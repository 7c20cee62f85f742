// A 2:4 weight read as Triton reads torch.nn.Linear's weight: Bt (N x K) 2:4 along K, a [BN, BK] tile
// transposed for tt.dot (examples/tma/matmul_bt_f16_bp.mlir with Bt marked 2:4). annotate-sparse types the
// transposed tile 2:4 (along dimension 0 now); decompose-sparse-tensors compresses Bt in operand A's form
// (values [N, K/2], band16 metadata) and transposes only the values, which are then exactly a 2:4 operand B's
// (values [K/2, N], the same metadata); the dot gets sparseIndex = 1 and runs as the transposed product
// Cᵀ = Bᵀ·Aᵀ: on mma.sp for cuda:80, and on wgmma.sp for cuda:90, since the weight tile is K-contiguous and so a
// valid sparse A (the two transposes cancel), with X's tile read through a transposed view as the K-major B (with
// tma=true all three tiles are TMA copies on mbarriers). On the CPU interpreter at ragged sizes before and after
// sp-pipeline.
// RUN: sp-run %S/../../../examples/tma/matmul_bt_f16_bp.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16_bp.mlir --annotate-sparse="args=1" -o %t.w.mlir
// RUN: sp-opt %t.w.mlir --decompose-sparse-tensors | FileCheck %s --check-prefix=DEC
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:80 num-warps=8 num-stages=3" -o %t.80.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sp-run %t.80.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.80.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3" -o %t.90.mlir 2>&1 | FileCheck %s --check-prefix=REMARK90
// RUN: sp-run %t.90.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.90.mlir --emit=ptx | FileCheck %s --check-prefix=PTX90
// RUN: sp-opt %t.w.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" -o %t.tma.mlir 2>&1 | FileCheck %s --check-prefix=REMARKTMA
// RUN: FileCheck %s --input-file %t.tma.mlir --check-prefix=TMA
// RUN: sp-run %t.tma.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.tma.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json | FileCheck %s --check-prefix=CPU
// RUN: not sp-run %S/../../../examples/tma/matmul_bt_f16_bp.mlir --spec %S/../../../examples/tma/matmul_bt_f16_bp_sparse_w.json --set M=64 --set N=64 --set K=64 --sparse Bt=B 2>&1 | FileCheck %s --check-prefix=ROLE

// DEC: %[[V:.+]] = tt.load %{{.+}} : !tt.ptr<tensor<128x16xf16>>
// DEC: %[[E:.+]] = tt.load %{{.+}} : !tt.ptr<tensor<8x32xi16>>
// DEC: %[[T:.+]] = tt.trans %[[V]] {order = array<i32: 1, 0>} : tensor<128x16xf16> -> tensor<16x128xf16>
// DEC: tt.dot %{{.+}}, %[[T]], %{{.+}}, %[[E]], sparseIndex = 1

// REMARK: remark: tt.dot: nvidia_mma v2.0, {{.+}} instruction mma.sp m16n8k32 (2:4 sparse B as the transposed product

// PTX: mma.sp{{.*}}.m16n8k32.row.col.f32.f16.f16.f32

// REMARK90: remark: tt.dot: nvidia_mma v3.0, {{.+}} wgmma.mma_async.sp m64n128k32 {{.+}} (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)
// REMARK90: remark: tritongpu-pipeline: 3 loads pipelined with 3 stages
// PTX90: wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 {{.+}}, %r{{[0-9]+}}, 0, %p{{[0-9]+}}, 1, 1, 0, 0;

// REMARKTMA: remark: tritongpu-pipeline: 3 loads pipelined with 4 stages, full/empty mbarriers per slot
// TMA-COUNT-3: triton_nvidia_gpu.tensormap_create
// TMA: scf.for
// TMA: tt.trans %{{.+}} {order = array<i32: 1, 0>} : !tt.memdesc<128x32xf16, {{.+}}> -> !tt.memdesc<32x128xf16,
// TMA: triton_nvidia_gpu.warp_group_dot {{.+}} sparseIndex = 0

// ROLE: the launch says this 2:4 matrix is operand B, but the kernel reads it in operand A's form

// CPU: verify C = A @ Bt.T: ok (full check
