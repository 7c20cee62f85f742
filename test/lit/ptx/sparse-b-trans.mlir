// REQUIRES: ptxas
// The Triton 3.6 tutorial 03 TTIR with b_ptr marked 2:4 goes through the
// default sm_80 pipeline to PTX. accelerate-matmul computes Cᵀ = Bᵀ·Aᵀ:
// tt.trans of both shared-memory tiles becomes a view (rows and columns
// swapped, the contiguous dim flipped), so the sparse values, row-major K x N
// in shared memory, load as the mma.sp A operand with ldmatrix.trans and A,
// row-major M x K, loads as the B operand without .trans; the tt.trans of the
// accumulator renumbers each thread's registers. ptxas accepts the result.
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --annotate-sparse="args=b_ptr" --sp-pipeline="target=cuda:80" --emit=ptx 2>/dev/null > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.cubin %t.ptx
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --annotate-sparse="args=b_ptr" --sp-pipeline="target=cuda:80" --triton-version=3.6 2>/dev/null | sp-opt --emit=ptx > %t.36.ptx
// RUN: diff %t.ptx %t.36.ptx
// CHECK: "name": "arg1",
// CHECK-NEXT: "dtype": "*f16",
// CHECK-NEXT: "role": "values",
// CHECK: "metadataLayout": "band16t"
// CHECK: .visible .entry matmul_kernel(
// CHECK-NOT: mma.sync
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
