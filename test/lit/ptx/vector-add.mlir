// REQUIRES: ptxas
// sp-opt --emit=ptx lowers TritonGPU IR straight to PTX (no passes): the
// vector add of lower/ptx/testdata, 4 f32 per thread, masks vectorized
// because n is divisible by 16. The output assembles for sm_80 and sm_90.
// RUN: sp-opt %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: ptxas -arch=sm_80 -o %t.80.cubin %t.ptx
// RUN: ptxas -arch=sm_90 -o %t.90.cubin %t.ptx
// RUN: sp-opt %s --emit=ptx | FileCheck %s --check-prefix=MANIFEST

// MANIFEST: // sp-manifest-begin
// MANIFEST: "target": "sm_80"
// MANIFEST: "name": "add_kernel"
// MANIFEST: "dtype": "*f32",
// MANIFEST-NEXT: "role": "dense",
// MANIFEST-NEXT: "divisibility": 16
// MANIFEST: "sharedBytes": 0,
// MANIFEST-NEXT: "threadsPerBlock": 128,
// MANIFEST: // sp-manifest-end

// CHECK: .version 7.8
// CHECK-NEXT: .target sm_80
// CHECK-NEXT: .address_size 64
// CHECK: .visible .entry add_kernel(
// CHECK-NEXT: .param .u64 add_kernel_param_0,
// CHECK-NEXT: .param .u64 add_kernel_param_1,
// CHECK-NEXT: .param .u64 add_kernel_param_2,
// CHECK-NEXT: .param .u32 add_kernel_param_3
// CHECK: .maxntid 128, 1, 1
// CHECK: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK: setp.lt.s32 [[P:%p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK: @[[P]] ld.global.v4.f32 {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: add.rn.f32
// CHECK: @[[P]] st.global.v4.f32 [%rd{{[0-9]+}}], {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}};
// CHECK-NOT: ld.global.f32
// CHECK: ret;
#blocked = #triton_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<1024xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<1024xi32, #blocked>
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %9 = tt.load %8, %6 : tensor<1024x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %12 = tt.load %11, %6 : tensor<1024x!tt.ptr<f32>, #blocked>
    %13 = arith.addf %9, %12 : tensor<1024xf32, #blocked>
    %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %15 = tt.addptr %14, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %15, %13, %6 : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
