// The Triton 3.6 tutorial 03 TTIR (pointer tensors, tl.assume) with a_ptr
// marked 2:4 goes through the default pipeline to PTX: mma.sp on the
// decomposed operand, and the manifest names the layout the kernel reads
// its metadata in (natural, as decompose-sparse-tensors recorded it).
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --annotate-sparse="args=a_ptr" --sp-pipeline="target=cuda:80" --emit=ptx 2>/dev/null | FileCheck %s
// CHECK: "name": "arg1",
// CHECK-NEXT: "dtype": "*i16",
// CHECK-NEXT: "role": "metadata",
// CHECK: "metadataLayout": "natural"
// CHECK: "metadataLayout": "natural"
// CHECK: .visible .entry matmul_kernel(
// CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
