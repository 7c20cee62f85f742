// The flattened persistent fp8 kernel with 128x256 tiles
// (examples/fp8/scaled_mm_e4m3_flat_128x256.mlir): converting its bf16 tile
// to the store's coalesced layout would take 68 KB of shared memory beside
// the ring, so remove-layout-conversions' rule 6 stores it from the
// accumulator layout, rebuilding the pointers and the mask there, and the
// ring keeps its 5 stages (sp-pipeline's last step,
// tritongpu-check-launch-resources, refuses a kernel over 227 KB).
//
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.json --set SMS=3 --set M=1040 --set N=528 --set K=1120 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.json --set SMS=2 --set M=272 --set N=400 --set K=96 | FileCheck %s --check-prefix=CPU
//
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 5 stages, full/empty mbarriers per slot
//
// CHECK-NOT:  triton_gpu.convert_layout {{.*}}tensor<128x256x
// CHECK:      scf.if %{{[0-9]+}} {
// CHECK-NEXT:   %[[R:[0-9]+]] = triton_nvidia_gpu.warp_group_dot_wait %{{[0-9]+}}#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
// CHECK-NEXT:   %[[S:[0-9]+]] = arith.mulf %[[R]], %{{[0-9]+}} : tensor<128x256xf32, #mma>
// CHECK-NEXT:   %[[V:[0-9]+]] = arith.truncf %[[S]] : tensor<128x256xf32, #mma> to tensor<128x256xbf16, #mma>
// CHECK-NOT:    triton_gpu.convert_layout
// CHECK:        tt.make_range {{.*}} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #mma}>>
// CHECK-NOT:    triton_gpu.convert_layout
// CHECK:        tt.store %{{[0-9]+}}, %[[V]], %{{[0-9]+}} : tensor<128x256x!tt.ptr<bf16>, #mma>
//
// CPU: verify C = (A @ Bt.T) * sa * sb: ok
