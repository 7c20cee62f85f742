// A persistent kernel written as one flat loop over tiles and K (Triton's
// tutorial 09 form, examples/fp8/scaled_mm_e4m3_flat.mlir): the tile change
// is an scf.if in the loads' address computation, the epilogue an scf.if
// that yields a zero accumulator.
//
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_flat.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat.json --set SMS=3 --set M=1040 --set N=528 --set K=1120 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat.json --set SMS=2 --set M=272 --set N=400 --set K=96 | FileCheck %s --check-prefix=CPU
//
// The pipeliner decouples the address computation (the tile offsets also
// address the epilogue's store): the loop pipelines, the ring spans tiles.
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 5 stages, full/empty mbarriers per slot
//
// tritongpu-optimize-accumulator-init: the reset is the wgmma's useC, a
// carried i1 that starts false; the accumulator is carried in #mma.
// CHECK:      scf.for {{.+}} iter_args({{.*}}%[[ACC:arg[0-9]+]] = %cst, %[[USE:arg[0-9]+]] = %false,
// CHECK:      triton_nvidia_gpu.warp_group_dot %{{[0-9]+}}, %{{[0-9]+}}, %[[ACC]], %{{arg[0-9]+}}, %[[USE]], sparseIndex = 0 {{.*}}isAsync = true
// CHECK:      %[[W:[0-9]+]]:4 = triton_nvidia_gpu.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// The epilogue retires the group before it reads the accumulator, converts
// bf16 (not f32) to the store's layout, and only in its branch.
// CHECK-NOT:  triton_gpu.convert_layout
// CHECK:      scf.if %{{[0-9]+}} {
// CHECK-NEXT:   %[[R:[0-9]+]] = triton_nvidia_gpu.warp_group_dot_wait %[[W]]#0 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
// CHECK-NEXT:   arith.mulf %[[R]]
// CHECK-NEXT:   arith.truncf
// CHECK-NEXT:   triton_gpu.convert_layout %{{[0-9]+}} : tensor<128x128xbf16, #mma> -> tensor<128x128xbf16, #blocked>
// CHECK:        tt.store
//
// CPU: verify C = (A @ Bt.T) * sa * sb: ok
