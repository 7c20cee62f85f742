// REQUIRES: ptxas
// Triton's softmax (tutorial 02's row form): two tt.reduce whose results come back through tt.expand_dims and
// tt.broadcast. The reductions' slice layouts are exactly what the expand_dims need, so sp-pipeline inserts no
// conversion; the CPU interpreter gives the same bytes before and after the pipeline.
// RUN: sp-opt %s --sp-pipeline="target=cuda:80 num-warps=8" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.cubin %t.ptx
// RUN: sp-run %s --spec %S/Inputs/softmax-rows.json --save Q=%t.want.npy
// RUN: sp-run %t.mlir --spec %S/Inputs/softmax-rows.json --save Q=%t.got.npy
// RUN: cmp %t.want.npy %t.got.npy
// CHECK-NOT: triton_gpu.convert_layout
// CHECK: "tt.reduce"
// CHECK-NOT: triton_gpu.convert_layout
// CHECK: "tt.reduce"
// CHECK-NOT: triton_gpu.convert_layout
module {
  tt.func public @softmax(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %rr = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %rs = arith.muli %rr, %c64 : tensor<64x1xi32>
    %cc = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tt.broadcast %cc : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rb, %cb : tensor<64x64xi32>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %pp = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %x = tt.load %pp : tensor<64x64x!tt.ptr<f32>>
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maxnumf %a, %b : f32
      tt.reduce.return %mx : f32
    }) : (tensor<64x64xf32>) -> tensor<64xf32>
    %me = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %mb = tt.broadcast %me : tensor<64x1xf32> -> tensor<64x64xf32>
    %d = arith.subf %x, %mb : tensor<64x64xf32>
    %e = math.exp %d : tensor<64x64xf32>
    %s = "tt.reduce"(%e) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %sm = arith.addf %a, %b : f32
      tt.reduce.return %sm : f32
    }) : (tensor<64x64xf32>) -> tensor<64xf32>
    %se = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %sb = tt.broadcast %se : tensor<64x1xf32> -> tensor<64x64xf32>
    %y = arith.divf %e, %sb : tensor<64x64xf32>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %qp = tt.addptr %qs, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    tt.store %qp, %y : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
