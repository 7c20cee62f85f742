// The split-K kernel with a 2:4 B whose base moves by one scalar sum, b_ptr + (pid_k * 64 * N + n0), before the
// tile's offsets are built: the K step (scaled by the kernel argument N) is halved for the values, the N step is
// not (the sum was taken as one N step, and a K step seen before any K stride was not recognised). Verified on
// the CPU interpreter before and after sp-pipeline.
// RUN: sp-run %s --spec %S/Inputs/uniform-sum-scalar-b.json | FileCheck %s
// RUN: sp-run %s --spec %S/Inputs/uniform-sum-scalar-b.json --set M=128 --set N=256 --set K=512 | FileCheck %s
// RUN: sp-opt %s --annotate-sparse="args=1" -o %t.b.mlir
// RUN: sp-opt %t.b.mlir --sp-pipeline="target=cuda:80" -o %t.80.mlir
// RUN: sp-run %t.80.mlir --spec %S/Inputs/uniform-sum-scalar-b.json --set M=128 --set N=256 --set K=512 | FileCheck %s
// CHECK: verify C = A @ B: ok (full check
module {
  tt.func public @splitk_ptr_b(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
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
    %pn = tt.get_program_id y : i32
    %n0 = arith.muli %pn, %c64 : i32
    %bk0 = arith.muli %kz, %N : i32
    %bkoff = arith.addi %bk0, %n0 : i32
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
    %cb0 = arith.muli %m0, %N : i32
    %cbase0 = arith.addi %cb0, %n0 : i32
    %cbase = tt.addptr %c, %cbase0 : !tt.ptr<f32>, i32
    %pc = tt.splat %cbase : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %pc2 = tt.addptr %pc, %offb : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %pc2, %d : (tensor<64x64x!tt.ptr<f32>>, tensor<64x64xf32>) -> tensor<64x64xf32>
    tt.return
  }
}
