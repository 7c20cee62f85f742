// REQUIRES: ptxas
// End to end: a decode split-K kernel (examples/decode, 64x16x128 tiles)
// through sp-pipeline and the PTX lowering. The weight's evict-first
// eviction policy reaches its cp.async copies as an L2 cache hint made
// once by createpolicy; the partial tile is added into C with one
// red.relaxed.gpu.global.add.f32 per element (the 64x16 blocked layout of
// 128 threads replicates nothing, so no owner predicate).
// RUN: sp-opt %s --sp-pipeline="target=cuda:80 num-stages=6" --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.cubin %t.ptx

// CHECK: .visible .entry sparse_matmul_splitk(
// CHECK: createpolicy.fractional.L2::evict_first.b64 [[POL:%rd[0-9]+]];
// CHECK-NOT: createpolicy
// CHECK: cp.async.cg.shared.global.L2::cache_hint [%r{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}}, [[POL]];
// CHECK: cp.async.cg.shared.global [%r{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: mma.sp
// CHECK-COUNT-8: @%p{{[0-9]+}} red.relaxed.gpu.global.add.f32 [%rd{{[0-9]+}}], %f{{[0-9]+}};
// CHECK-NOT: red.
// CHECK-NOT: atom.
// CHECK: ret;
module {
  tt.func public @sparse_matmul_splitk(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %tkm1 = arith.constant 127 : i32
    %tk = arith.constant 128 : i32
    %tm = arith.constant 64 : i32
    %tn = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x16xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %pz = tt.get_program_id z : i32
    %nz = tt.get_num_programs z : i32
    %2 = arith.muli %0, %tm : i32
    %3 = arith.muli %1, %tn : i32
    %11 = arith.addi %arg5, %tkm1 : i32
    %12 = arith.divsi %11, %tk : i32
    %s0 = arith.addi %12, %nz : i32
    %s1 = arith.subi %s0, %c1_i32 : i32
    %per = arith.divsi %s1, %nz : i32
    %kb = arith.muli %pz, %per : i32
    %ke0 = arith.addi %kb, %per : i32
    %ke = arith.minsi %ke0, %12 : i32
    %koff = arith.muli %kb, %tk : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %koff] {order = array<i32: 1, 0>} : <tensor<64x128xf16, #tt.sparse<"NV24">>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%koff, %3] {order = array<i32: 1, 0>} : <tensor<128x16xf16>>
    %13:3 = scf.for %arg9 = %kb to %ke step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<64x16xf32>, !tt.ptr<tensor<64x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x16xf16>>)  : i32 {
      %18 = tt.load %arg11 evictionPolicy = evict_first {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x128xf16, #tt.sparse<"NV24">>>
      %19 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x16xf16>>
      %20 = tt.dot %18, %19, %arg10, inputPrecision = tf32 : tensor<64x128xf16, #tt.sparse<"NV24">> * tensor<128x16xf16> -> tensor<64x16xf32>
      %21 = tt.advance %arg11, [%c0_i32, %tk] : <tensor<64x128xf16, #tt.sparse<"NV24">>>
      %22 = tt.advance %arg12, [%tk, %c0_i32] : <tensor<128x16xf16>>
      scf.yield %20, %21, %22 : tensor<64x16xf32>, !tt.ptr<tensor<64x128xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<128x16xf16>>
    }
    %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %rn = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %bm = tt.splat %2 : i32 -> tensor<64xi32>
    %bn = tt.splat %3 : i32 -> tensor<16xi32>
    %om = arith.addi %bm, %rm : tensor<64xi32>
    %on = arith.addi %bn, %rn : tensor<16xi32>
    %om2 = tt.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %on2 = tt.expand_dims %on {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %scm = tt.splat %arg8 : i32 -> tensor<64x1xi32>
    %roff = arith.muli %om2, %scm : tensor<64x1xi32>
    %roffb = tt.broadcast %roff : tensor<64x1xi32> -> tensor<64x16xi32>
    %onb = tt.broadcast %on2 : tensor<1x16xi32> -> tensor<64x16xi32>
    %off = arith.addi %roffb, %onb : tensor<64x16xi32>
    %cp = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x16x!tt.ptr<f32>>
    %ptrs = tt.addptr %cp, %off : tensor<64x16x!tt.ptr<f32>>, tensor<64x16xi32>
    %sm = tt.splat %arg3 : i32 -> tensor<64x1xi32>
    %sn = tt.splat %arg4 : i32 -> tensor<1x16xi32>
    %mm = arith.cmpi slt, %om2, %sm : tensor<64x1xi32>
    %mn = arith.cmpi slt, %on2, %sn : tensor<1x16xi32>
    %mmb = tt.broadcast %mm : tensor<64x1xi1> -> tensor<64x16xi1>
    %mnb = tt.broadcast %mn : tensor<1x16xi1> -> tensor<64x16xi1>
    %mask = arith.andi %mmb, %mnb : tensor<64x16xi1>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %ptrs, %13#0, %mask : (tensor<64x16x!tt.ptr<f32>>, tensor<64x16xf32>, tensor<64x16xi1>) -> tensor<64x16xf32>
    tt.return
  }
}
