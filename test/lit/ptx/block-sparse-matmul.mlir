// REQUIRES: ptxas
// End to end: the block-sparse 2:4 matmul example (A as BSR24, 64x64
// blocks) through sp-pipeline and the PTX lowering for sm_80, assembled by
// ptxas for sm_80 and sm_90. The K loop runs from indptr[r] to indptr[r+1],
// both loaded from global memory (a data-dependent trip count); the next
// block column is loaded ahead with the asynchronous copies of the
// 3-stage pipeline; the stored blocks go through mma.sp. The manifest names the four buffers of
// the operand and the block.
// RUN: sp-opt %S/../../../examples/block_sparse_matmul.mlir --sp-pipeline="target=cuda:80" --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.80.cubin %t.ptx
// RUN: ptxas -arch=sm_90 -o %t.90.cubin %t.ptx

// CHECK: // sp-manifest-begin
// CHECK: "name": "block_sparse_matmul",
// CHECK: "dtype": "*f16",
// CHECK-NEXT: "role": "values",
// CHECK-NEXT: "divisibility": 16,
// CHECK-NEXT: "block": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "dtype": "*i16",
// CHECK-NEXT: "role": "metadata",
// CHECK: "dtype": "*i32",
// CHECK-NEXT: "role": "indptr",
// CHECK: "dtype": "*i32",
// CHECK-NEXT: "role": "indices",
// CHECK: "dtype": "*f16",
// CHECK-NEXT: "role": "dense",
// CHECK: // sp-manifest-end
// CHECK: .visible .entry block_sparse_matmul(
// CHECK: ld.param.u64 %rd{{[0-9]+}}, [block_sparse_matmul_param_2];
// CHECK: ld.param.u64 %rd{{[0-9]+}}, [block_sparse_matmul_param_3];
// The row's range and first block column.
// CHECK: ld.global.b32 %r[[START:[0-9]+]], [%rd{{[0-9]+}}];
// CHECK: ld.global.b32 %r[[END:[0-9]+]], [%rd{{[0-9]+}}];
// CHECK: ld.global.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: cp.async.commit_group;
// CHECK: $L_for_head_[[L:[0-9]+]]:
// CHECK-NEXT: setp.ge.s32 %p{{[0-9]+}}, %r{{[0-9]+}}, %r[[END]];
// CHECK-NEXT: @%p{{[0-9]+}} bra $L_for_exit_{{[0-9]+}};
// CHECK-NEXT: cp.async.wait_group 1;
// CHECK: ld.global.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
// CHECK: bra.uni $L_for_head_[[L]];
