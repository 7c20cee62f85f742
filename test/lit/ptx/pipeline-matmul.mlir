// REQUIRES: ptxas
// End to end: the dense Triton tutorial matmul (TTIR, 128x128x32 blocks)
// through sp-pipeline (3-stage cp.async pipeline) and the PTX lowering.
// Both operands are copied with 16-byte cp.async (the `% N` column
// wrap keeps 16-element runs), fed by ldmatrix (.trans for the N-contiguous
// B) into mma.sync m16n8k16; the epilogue goes through shared memory.
// RUN: sp-opt %s --sp-pipeline="target=cuda:80" --emit=ptx -o %t.80.ptx
// RUN: FileCheck %s --input-file %t.80.ptx
// RUN: ptxas -arch=sm_80 -o %t.80.cubin %t.80.ptx
// RUN: sp-opt %s --sp-pipeline="target=cuda:80 num-stages=4" --emit=ptx -o %t.s4.ptx
// RUN: FileCheck %s --input-file %t.s4.ptx --check-prefix=S4
// RUN: ptxas -arch=sm_90 -o %t.s4.cubin %t.s4.ptx

// CHECK: "name": "matmul_kernel",
// CHECK-NOT: "metadataLayout"
// CHECK: .target sm_80
// CHECK: .visible .entry matmul_kernel(
// CHECK: cp.async.cg.shared.global [%r{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: $L_for_head_{{[0-9]+}}:
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sp
// CHECK: bra.uni $L_for_head_{{[0-9]+}};
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
// CHECK-NOT: ld.global.b16

// Four stages; the sm_80 PTX assembles for sm_90 as well.
// S4: .target sm_80
// S4: cp.async.wait_group 2;
module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
    %c31_i32 = arith.constant 31 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst_2 = arith.constant dense<32> : tensor<128x32xi32>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c127_i32 : i32
    %4 = arith.divsi %3, %c128_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %9 : i32
    %11 = arith.addi %7, %10 : i32
    %12 = arith.remsi %0, %5 : i32
    %13 = arith.divsi %12, %9 : i32
    %14 = arith.muli %11, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %16 = tt.splat %14 : i32 -> tensor<128xi32>
    %17 = arith.addi %16, %15 : tensor<128xi32>
    %18 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %19 = arith.remsi %17, %18 : tensor<128xi32>
    %20 = arith.muli %13, %c128_i32 : i32
    %21 = tt.splat %20 : i32 -> tensor<128xi32>
    %22 = arith.addi %21, %15 : tensor<128xi32>
    %23 = tt.splat %arg4 : i32 -> tensor<128xi32>
    %24 = arith.remsi %22, %23 : tensor<128xi32>
    %25 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %26 = tt.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %27 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %28 = arith.muli %26, %27 : tensor<128x1xi32>
    %29 = tt.expand_dims %25 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %30 = tt.broadcast %28 : tensor<128x1xi32> -> tensor<128x32xi32>
    %31 = tt.broadcast %29 : tensor<1x32xi32> -> tensor<128x32xi32>
    %32 = arith.addi %30, %31 : tensor<128x32xi32>
    %33 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
    %34 = tt.addptr %33, %32 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
    %35 = tt.expand_dims %25 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %36 = tt.splat %arg7 : i32 -> tensor<32x1xi32>
    %37 = arith.muli %35, %36 : tensor<32x1xi32>
    %38 = tt.expand_dims %24 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %39 = tt.broadcast %37 : tensor<32x1xi32> -> tensor<32x128xi32>
    %40 = tt.broadcast %38 : tensor<1x128xi32> -> tensor<32x128xi32>
    %41 = arith.addi %39, %40 : tensor<32x128xi32>
    %42 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>>
    %43 = tt.addptr %42, %41 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
    %44 = arith.addi %arg5, %c31_i32 : i32
    %45 = arith.divsi %44, %c32_i32 : i32
    %46 = arith.muli %arg7, %c32_i32 : i32
    %47 = tt.splat %46 : i32 -> tensor<32x128xi32>
    %48:3 = scf.for %arg9 = %c0_i32 to %45 step %c1_i32 iter_args(%arg10 = %cst_1, %arg11 = %34, %arg12 = %43) -> (tensor<128x128xf32>, tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>)  : i32 {
      %66 = arith.muli %arg9, %c32_i32 : i32
      %67 = arith.subi %arg5, %66 : i32
      %68 = tt.splat %67 : i32 -> tensor<1x32xi32>
      %69 = arith.cmpi slt, %29, %68 : tensor<1x32xi32>
      %70 = tt.broadcast %69 : tensor<1x32xi1> -> tensor<128x32xi1>
      %71 = tt.load %arg11, %70, %cst_0 : tensor<128x32x!tt.ptr<f16>>
      %72 = tt.splat %67 : i32 -> tensor<32x1xi32>
      %73 = arith.cmpi slt, %35, %72 : tensor<32x1xi32>
      %74 = tt.broadcast %73 : tensor<32x1xi1> -> tensor<32x128xi1>
      %75 = tt.load %arg12, %74, %cst : tensor<32x128x!tt.ptr<f16>>
      %76 = tt.dot %71, %75, %arg10, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      %77 = tt.addptr %arg11, %cst_2 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
      %78 = tt.addptr %arg12, %47 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
      scf.yield %76, %77, %78 : tensor<128x128xf32>, tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>
    }
    %49 = arith.truncf %48#0 : tensor<128x128xf32> to tensor<128x128xf16>
    %50 = tt.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %51 = tt.splat %arg8 : i32 -> tensor<128x1xi32>
    %52 = arith.muli %51, %50 : tensor<128x1xi32>
    %53 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %54 = tt.addptr %53, %52 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %55 = tt.expand_dims %22 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %56 = tt.broadcast %54 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
    %57 = tt.broadcast %55 : tensor<1x128xi32> -> tensor<128x128xi32>
    %58 = tt.addptr %56, %57 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
    %59 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %60 = arith.cmpi slt, %50, %59 : tensor<128x1xi32>
    %61 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
    %62 = arith.cmpi slt, %55, %61 : tensor<1x128xi32>
    %63 = tt.broadcast %60 : tensor<128x1xi1> -> tensor<128x128xi1>
    %64 = tt.broadcast %62 : tensor<1x128xi1> -> tensor<128x128xi1>
    %65 = arith.andi %63, %64 : tensor<128x128xi1>
    tt.store %58, %49, %65 : tensor<128x128x!tt.ptr<f16>>
    tt.return
  }
}
