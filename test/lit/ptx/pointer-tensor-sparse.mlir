// The Triton 3.6 tutorial 03 TTIR (pointer tensors, tl.assume) with a_ptr
// marked 2:4 goes through the default pipeline to PTX: mma.sp on the
// decomposed operand, and the manifest names the layout the kernel reads
// its metadata in (band16, as decompose-sparse-tensors recorded it).
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:80" --emit=ptx 2>/dev/null | FileCheck %s
// CHECK: "name": "arg1",
// CHECK-NEXT: "dtype": "*i16",
// CHECK-NEXT: "role": "metadata",
// CHECK: "metadataLayout": "band16"
// CHECK: "metadataLayout": "band16"
// CHECK: .visible .entry matmul_kernel(
// CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32

// With the divisibility Triton specializes at M = N = K = 512
// (matmul_sm90.ttir), every global load of the 128x128x64 kernel is a vector
// as wide as the block-pointer kernel's (sparse_matmul_128.mlir): per stage
// four 16-byte copies of A's values (a 128x32 f16 tile), one 8-byte copy of
// its band16 metadata (an 8x64 i16 tile, 4 words a thread), eight 16-byte
// copies of B, all cp.async into the pipeline's buffers; no scalar load.
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:80 num-warps=4 num-stages=3" --emit=ptx 2>/dev/null | FileCheck %s --check-prefix=VEC
// RUN: sp-opt %S/../../../examples/triton36/matmul_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:90 num-warps=4 num-stages=3" --emit=ptx 2>/dev/null | FileCheck %s --check-prefix=VEC
// VEC: .visible .entry matmul_kernel(
// VEC-NOT: ld.global
// VEC-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16,
// VEC-NOT: ld.global
// VEC: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8,
// VEC-NOT: ld.global
// VEC-COUNT-8: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16,
// VEC-NOT: ld.global
// VEC: cp.async.commit_group
// VEC-NOT: ld.global
