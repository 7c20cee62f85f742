// A split-K kernel in pointer form whose 2:4 A base moves by one scalar sum, a_ptr + (m0 * K + pid_k * 64): the
// row step goes to the metadata in bands of 16 and the K step as is (the sum was taken as one K step, so every
// program but the first read metadata rows 16 times too far). Verified on the CPU interpreter before and after
// sp-pipeline, with the partial products added atomically.
// RUN: sp-run %s --spec %S/Inputs/uniform-sum-scalar.json | FileCheck %s
// RUN: sp-run %s --spec %S/Inputs/uniform-sum-scalar.json --set M=512 --set K=512 | FileCheck %s
// RUN: sp-opt %s --annotate-sparse="args=0" -o %t.a.mlir
// RUN: sp-opt %t.a.mlir --sp-pipeline="target=cuda:80" -o %t.80.mlir
// RUN: sp-run %t.80.mlir --spec %S/Inputs/uniform-sum-scalar.json --set M=512 --set K=512 | FileCheck %s
// CHECK: verify C = A @ B: ok (full check
module {
  tt.func public @splitk_ptr(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %pm = tt.get_program_id x : i32
    %pz = tt.get_program_id z : i32
    %m0 = arith.muli %pm, %c64 : i32
    %rowoff = arith.muli %m0, %K : i32
    %kz = arith.muli %pz, %c64 : i32
    %aoff = arith.addi %rowoff, %kz : i32
    %abase = tt.addptr %a, %aoff : !tt.ptr<f16>, i32
    %bkoff = arith.muli %kz, %N : i32
    %bbase = tt.addptr %b, %bkoff : !tt.ptr<f16>, i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ks = tt.splat %K : i32 -> tensor<64x1xi32>
    %rk = arith.muli %re, %ks : tensor<64x1xi32>
    %ce = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rkb = tt.broadcast %rk : tensor<64x1xi32> -> tensor<64x64xi32>
    %ceb = tt.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
    %offa = arith.addi %rkb, %ceb : tensor<64x64xi32>
    %pa = tt.splat %abase : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %pa2 = tt.addptr %pa, %offa : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %av = tt.load %pa2 : tensor<64x64x!tt.ptr<f16>>
    %ns = tt.splat %N : i32 -> tensor<64x1xi32>
    %rn = arith.muli %re, %ns : tensor<64x1xi32>
    %rnb = tt.broadcast %rn : tensor<64x1xi32> -> tensor<64x64xi32>
    %offb = arith.addi %rnb, %ceb : tensor<64x64xi32>
    %pb = tt.splat %bbase : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %pb2 = tt.addptr %pb, %offb : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %bv = tt.load %pb2 : tensor<64x64x!tt.ptr<f16>>
    %acc = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tt.dot %av, %bv, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %cbase0 = arith.muli %m0, %N : i32
    %cbase = tt.addptr %c, %cbase0 : !tt.ptr<f32>, i32
    %pc = tt.splat %cbase : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %pc2 = tt.addptr %pc, %offb : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %pc2, %d : (tensor<64x64x!tt.ptr<f32>>, tensor<64x64xf32>) -> tensor<64x64xf32>
    tt.return
  }
}
