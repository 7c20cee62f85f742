// REQUIRES: ptxas
// End to end: the 2:4-sparse-A matmul example (TTIR with block pointers)
// through sp-pipeline and the PTX lowering for sm_80 (assembled for sm_80
// and sm_90). The
// metadata is band16 ([M/16, K] i16); each lane's m16n8k32 metadata
// register comes from one ldmatrix.x1.trans; plain mma.sp (PTX 7.8, which
// CUDA 11.8's ptxas accepts).
// RUN: sp-opt %s --sp-pipeline="target=cuda:80" --emit=ptx -o %t.80.ptx
// RUN: FileCheck %s --input-file %t.80.ptx --check-prefixes=CHECK,SM80
// RUN: ptxas -arch=sm_80 -o %t.80.cubin %t.80.ptx
// RUN: ptxas -arch=sm_90 -o %t.90.cubin %t.80.ptx

// CHECK: // sp-manifest-begin
// CHECK: "name": "sparse_matmul",
// CHECK: "dtype": "*f16",
// CHECK-NEXT: "role": "values",
// CHECK: "dtype": "*i16",
// CHECK-NEXT: "role": "metadata",
// CHECK: "dtype": "*f16",
// CHECK-NEXT: "role": "dense",
// CHECK: "metadataLayout": "band16"
// CHECK: // sp-manifest-end
// SM80: .target sm_80
// CHECK: .extern .shared .align 16 .b8 global_smem[];
// CHECK: .visible .entry sparse_matmul(
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group
// CHECK-NEXT: bar.sync 0;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ld.shared.b32 %r{{[0-9]+}}, [
// CHECK: mma.sp{{.*}}.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, {{.*}}, %r{{[0-9]+}}, 0x0;
// CHECK-NOT: mma.sync.aligned.m16n8k16
// CHECK: st.global
// CHECK: ret;
module {
  tt.func public @sparse_matmul(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = arith.muli %1, %c64_i32 : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16, #tt.sparse<"NV24">>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%c0_i32, %3] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %11 = arith.addi %arg5, %c63_i32 : i32
    %12 = arith.divsi %11, %c64_i32 : i32
    %13:3 = scf.for %arg9 = %c0_i32 to %12 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<64x64xf32>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>)  : i32 {
      %18 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>
      %19 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
      %20 = tt.dot %18, %19, %arg10, inputPrecision = tf32 : tensor<64x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<64x64xf32>
      %21 = tt.advance %arg11, [%c0_i32, %c64_i32] : <tensor<64x64xf16, #tt.sparse<"NV24">>>
      %22 = tt.advance %arg12, [%c64_i32, %c0_i32] : <tensor<64x64xf16>>
      scf.yield %20, %21, %22 : tensor<64x64xf32>, !tt.ptr<tensor<64x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x64xf16>>
    }
    %14 = arith.truncf %13#0 : tensor<64x64xf32> to tensor<64x64xf16>
    %15 = arith.extsi %arg8 : i32 to i64
    %16 = tt.make_tensor_ptr %arg2, [%4, %8], [%15, %c1_i64], [%2, %3] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    tt.store %16, %14 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x64xf16>>
    tt.return
  }
}
