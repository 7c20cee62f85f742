// Triton's fp8 TMA matmul (examples/fp8/triton_tma_e4m3.ttir: B given N x K, b_desc.load([n, k]).T fed to tt.dot)
// with A marked 2:4. triton-rewrite-tensor-pointer{descriptors} folds the transposed load into a load of the
// [BK, BN] tile through a column-major descriptor of B (strides [1, K], coordinates [k, n]), which the TMA pipeline
// stages K-contiguous for the 8-bit wgmma. On the CPU interpreter at ragged sizes, before and after sp-pipeline.
// RUN: sp-opt %S/../../../examples/fp8/triton_tma_e4m3.ttir --triton-rewrite-tensor-pointer="descriptors=true" | FileCheck %s --check-prefix=FOLD
// RUN: sp-opt %S/../../../examples/fp8/triton_tma_e4m3.ttir --annotate-sparse="args=0" -o %t.a.mlir
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-opt %t.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sp-run %S/../../../examples/fp8/triton_tma_e4m3.ttir --spec %S/../../../examples/fp8/triton_tma_e4m3.launch.json | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/triton_tma_e4m3.launch.json | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/triton_tma_e4m3.launch.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// Without TMA (cuda:89, mma.sp), the folded descriptor is lowered to a column-major block pointer.
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:89 num-warps=8 num-stages=3" -o %t.89.mlir
// RUN: sp-run %t.89.mlir --spec %S/../../../examples/fp8/triton_tma_e4m3.launch.json --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.89.mlir --emit=ptx | FileCheck %s --check-prefix=PTX89

// FOLD: %[[B:.+]] = tt.make_tensor_descriptor %arg1, [%arg5, %arg4], [%c1_i64, %{{.+}}] : !tt.ptr<f8E4M3FN>, !tt.tensordesc<tensor<128x128xf8E4M3FN>>
// FOLD: scf.for %[[K:[^ ]+]] =
// FOLD: %[[KOFF:.+]] = arith.muli %[[K]], %c128_i32
// FOLD: %[[NOFF:.+]] = arith.muli %{{.+}}, %c128_i32
// FOLD: tt.descriptor_load %[[B]][%[[KOFF]], %[[NOFF]]]
// FOLD-NOT: tt.trans
// FOLD: tt.dot

// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg2, [%c128_i32, %c128_i32], [%arg6, %arg5]
// IR-SAME: swizzle_mode = 3
// IR-NOT: tt.trans
// IR: triton_nvidia_gpu.warp_group_dot

// PTX: wgmma.mma_async.sp.sync.aligned.m64n128k64.f32.e4m3.e4m3

// PTX89: mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32

// CPU: verify C = A @ Bt.T: ok (full check
