// Triton 3.6's TTIR of an earlier form of sp's persistent Python kernel (python/sp/kernels.py,
// sparse_matmul_persistent_kernel, block pointers), as sp.jit hands it to
// sp-opt: make_ttir has rewritten the block pointers into pointer tensors
// with i64 offsets, which decompose-sparse-tensors splits (the values
// offset's K range widened to i64 to match). On the CPU interpreter from
// TTIR (ragged M, N, K) and from the pipelined sm_90a TTGIR, 3 programs for
// 4 to 6 tiles.
// RUN: sp-run %S/../../../examples/triton36/sparse_matmul_persistent.ttir --spec %S/../../../examples/triton36/sparse_matmul_persistent.launch.json --set M=300 --set N=600 --set K=1001 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/triton36/sparse_matmul_persistent.ttir --annotate-sparse=args=a_ptr -decompose-sparse-tensors | FileCheck %s --check-prefix=DEC
// RUN: sp-opt %S/../../../examples/triton36/sparse_matmul_persistent.ttir --annotate-sparse=args=a_ptr --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4" -o %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/triton36/sparse_matmul_persistent.launch.json --set M=304 --set N=600 --set K=1008 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.mlir --emit=ptx | FileCheck %s --check-prefix=PTX

// DEC: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// DEC: arith.extsi %{{.+}} : tensor<128x32xi32> to tensor<128x32xi64>
// DEC: tt.addptr %{{.+}}, %{{.+}} : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi64>

// CPU: verify C = A @ B: ok (full check

// PTX: .visible .entry sparse_matmul_persistent_kernel(
// PTX: wgmma.mma_async.sp.sync.aligned.m64n256k32.f32.f16.f16
