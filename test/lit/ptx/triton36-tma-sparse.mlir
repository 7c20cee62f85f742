// Triton 3.6's TMA matmul TTIR (tl.make_tensor_descriptor, examples/triton36/matmul_tma_sm90.ttir) with
// a_ptr marked 2:4: annotate-sparse carries the encoding through the descriptor and its loads,
// decompose-sparse-tensors splits the descriptor into values and band16 metadata descriptors, the CPU
// interpreter runs descriptor loads and stores at the TTIR level, and sp-pipeline on cuda:90 stages the
// descriptor loads as TMA copies on mbarriers (the descriptor store becomes a masked pointer store).
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --annotate-sparse=args=a_ptr | FileCheck %s --check-prefix=ANN
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --annotate-sparse=args=a_ptr -decompose-sparse-tensors | FileCheck %s --check-prefix=DEC
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttir --spec %S/../../../examples/triton36/matmul_tma_sparse_a.launch.json --set M=1008 --set N=200 --set K=304 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../examples/triton36/matmul_tma_sm90.ttir --spec %S/../../../examples/triton36/matmul_tma.launch.json | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --annotate-sparse=args=a_ptr --sp-pipeline="target=cuda:90 num-warps=4 num-stages=4" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-run %t.mlir --spec %S/../../../examples/triton36/matmul_tma_sparse_a.launch.json --set K=336 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.mlir --emit=ptx --ptx-version=8.7 | FileCheck %s --check-prefix=PTX
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --sp-pipeline="target=cuda:90 num-warps=4 num-stages=4" -o %td.mlir
// RUN: sp-run %td.mlir --spec %S/../../../examples/triton36/matmul_tma.launch.json | FileCheck %s --check-prefix=CPU
// RUN: not sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --annotate-sparse=args=b_ptr -decompose-sparse-tensors 2>&1 | FileCheck %s --check-prefix=ERRB
// Before Hopper (cuda:80) the descriptor loads become bounds-checked pointer-tensor loads (cp.async, mma.sp):
// RUN: sp-opt %S/../../../examples/triton36/matmul_tma_sm90.ttir --annotate-sparse=args=a_ptr --sp-pipeline="target=cuda:80 num-warps=4 num-stages=3" -o %t80.mlir
// RUN: FileCheck %s --input-file %t80.mlir --check-prefix=IR80
// RUN: sp-run %t80.mlir --spec %S/../../../examples/triton36/matmul_tma_sparse_a.launch.json --set K=336 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t80.mlir --emit=ptx | FileCheck %s --check-prefix=PTX80

// ANN: tt.make_tensor_descriptor %{{.+}} : !tt.ptr<f16, #tt.sparse<"NV24">>, !tt.tensordesc<tensor<128x64xf16, #tt.sparse<"NV24">>>
// ANN: tt.descriptor_load %{{.+}} : !tt.tensordesc<tensor<128x64xf16, #tt.sparse<"NV24">>> -> tensor<128x64xf16, #tt.sparse<"NV24">>

// DEC: tt.make_tensor_descriptor %{{.+}} : !tt.ptr<f16>, !tt.tensordesc<tensor<128x32xf16>>
// DEC: tt.make_tensor_descriptor %{{.+}} : !tt.ptr<i16>, !tt.tensordesc<tensor<8x64xi16>>
// DEC: tt.descriptor_load %{{.+}} : !tt.tensordesc<tensor<128x32xf16>> -> tensor<128x32xf16>
// DEC: tt.descriptor_load %{{.+}} : !tt.tensordesc<tensor<8x64xi16>> -> tensor<8x64xi16>
// DEC: tt.dot %{{.+}}, sparseIndex = 0

// CPU: verify C = A @ B: ok (full check

// IR-COUNT-3: triton_nvidia_gpu.tensormap_create
// IR: triton_nvidia_gpu.async_tma_copy_global_to_local
// IR: triton_nvidia_gpu.warp_group_dot

// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16

// ERRB: error: decompose-sparse-tensors: a 2:4 tensor descriptor must describe operand A of tt.dot

// IR80-NOT: tt.descriptor_load
// IR80: triton_gpu.async_copy_global_to_local
// IR80-NOT: tt.descriptor_load

// PTX80: .target sm_80
// PTX80: mma.sp
