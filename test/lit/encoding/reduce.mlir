// REQUIRES: ptxas
// tt.reduce (Triton's tl.max(x, axis=1)): convert-triton-to-tritongpu gives its result the slice of the
// operand's layout along the axis, so the reduction's users need no conversion; tritongpu-coalesce moves the result
// with the operand. The row maxima are checked on the CPU interpreter before and after sp-pipeline (sp-run --save),
// and the reduction lowers to warp shuffles.
// RUN: sp-opt %s -convert-triton-to-tritongpu | FileCheck %s --check-prefix=CONV
// RUN: sp-opt %s -convert-triton-to-tritongpu -tritongpu-coalesce | FileCheck %s --check-prefix=COAL
// RUN: sp-opt %s -convert-triton-to-tritongpu -tritongpu-coalesce | sp-opt | FileCheck %s --check-prefix=COAL
// RUN: sp-opt %s --sp-pipeline="target=cuda:80 num-warps=8" -o %t.mlir
// RUN: sp-opt %t.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.cubin %t.ptx
// RUN: sp-run %s --spec %S/Inputs/reduce-rows.json --save Q=%t.want.npy
// RUN: sp-run %t.mlir --spec %S/Inputs/reduce-rows.json --save Q=%t.got.npy
// RUN: cmp %t.want.npy %t.got.npy

// CONV: #[[$B:blocked[0-9]*]] = #triton_gpu.blocked
// CONV: "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
// CONV: }) : (tensor<64x64xf32, #[[$B]]>) -> tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #[[$B]]}>>
// CONV-NOT: triton_gpu.convert_layout
// CONV: tt.store %{{.+}} : tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #[[$B]]}>>
// COAL: #[[$V:blocked[0-9]*]] = #triton_gpu.blocked<{sizePerThread = [1, 4]
// COAL: tt.load %{{.+}} : tensor<64x64x!tt.ptr<f32>, #[[$V]]>
// COAL: }) : (tensor<64x64xf32, #[[$V]]>) -> tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #[[$V]]}>>
// COAL-NOT: triton_gpu.convert_layout
// PTX: shfl.sync.bfly.b32
tt.func public @rowmax(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
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
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %qp = tt.addptr %qs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %qp, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}
