// Triton's 16-bit TMA matmul with B given N x K (examples/tma/matmul_bt_f16.ttir: b_desc.load([n, k]).T fed to
// tt.dot). triton-rewrite-tensor-pointer folds the transposed load into a load of the [BK, BN] tile through a
// column-major descriptor of B, with or without descriptors=true; lowered to block pointers (cuda:80), that
// descriptor becomes a column-major block pointer and then pointer tensors. Dense and with A marked 2:4, on the CPU interpreter at ragged
// sizes before and after sp-pipeline, and as PTX for cuda:90 (wgmma, B K-major: imm-trans-b 0) and cuda:80.
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16.ttir --triton-rewrite-tensor-pointer | FileCheck %s --check-prefix=FOLD
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16.ttir --triton-rewrite-tensor-pointer="lower-descriptors=true" | FileCheck %s --check-prefix=BP
// RUN: sp-run %S/../../../examples/tma/matmul_bt_f16.ttir | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16.ttir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t.d90.mlir
// RUN: FileCheck %s --input-file %t.d90.mlir --check-prefix=IR
// RUN: sp-run %t.d90.mlir --spec %S/../../../examples/tma/matmul_bt_f16.launch.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.d90.mlir --emit=ptx | FileCheck %s --check-prefix=PTX90
// RUN: sp-opt %S/../../../examples/tma/matmul_bt_f16.ttir --annotate-sparse="args=0" -o %t.a.mlir
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t.a90.mlir
// RUN: sp-run %t.a90.mlir --spec %S/../../../examples/tma/matmul_bt_f16_sparse_a.launch.json | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.a90.mlir --spec %S/../../../examples/tma/matmul_bt_f16_sparse_a.launch.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.a90.mlir --emit=ptx | FileCheck %s --check-prefix=SPTX90
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:80 num-warps=8 num-stages=3" -o %t.a80.mlir
// RUN: sp-run %t.a80.mlir --spec %S/../../../examples/tma/matmul_bt_f16_sparse_a.launch.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.a80.mlir --emit=ptx | FileCheck %s --check-prefix=PTX80

// FOLD: %[[B:.+]] = tt.make_tensor_descriptor %arg1, [%arg5, %arg4], [%c1_i64, %{{.+}}] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x128xf16>>
// FOLD: scf.for %[[K:[^ ]+]] =
// FOLD: %[[KOFF:.+]] = arith.muli %[[K]], %c64_i32
// FOLD: %[[NOFF:.+]] = arith.muli %{{.+}}, %c128_i32
// FOLD: tt.descriptor_load %[[B]][%[[KOFF]], %[[NOFF]]] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
// FOLD-NOT: tt.trans
// FOLD: tt.dot

// BP-NOT: tt.trans
// BP-NOT: tt.descriptor_load
// BP: tt.dot {{.+}} : tensor<128x64xf16> * tensor<64x128xf16>

// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg1, [%c64_i32, %c128_i32], [%arg5, %arg4]
// IR-NOT: tt.trans
// IR: triton_nvidia_gpu.warp_group_dot

// PTX90: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.+}}, %p{{[0-9]+}}, 1, 1, 0, 0;
// SPTX90: wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 {{.+}}, %r{{[0-9]+}}, 0, %p{{[0-9]+}}, 1, 1, 0, 0;
// PTX80: mma.sp{{.*}}.m16n8k32.row.col.f32.f16.f16.f32
// PTX80-NOT: ldmatrix{{.*}}.trans

// CPU: verify C = A @ Bt.T: ok (full check
