// The flattened persistent fp8 kernel with 128x256 tiles
// (examples/fp8/scaled_mm_e4m3_flat_128x256.mlir): its epilogue converts the
// bf16 tile from the accumulator layout to the store's coalesced layout
// inside the loop, beside the 5-stage ring. The whole conversion would take
// 68 KB of scratch and put the kernel at 282 880 bytes, over sm_90's 232 448;
// the lowering converts it in 4 windows of 32 rows through 17 KB instead
// (lower/ptx fitShared), and the ring keeps its 5 stages. That PTX is
// checked and assembled for sm_90a by lower/ptx TestWindowedFlatKernel; the
// 4-stage form (2 windows) is a golden.
//
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.json --set SMS=3 --set M=1040 --set N=528 --set K=1120 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat_128x256.json --set SMS=2 --set M=272 --set N=400 --set K=96 | FileCheck %s --check-prefix=CPU
//
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 5 stages, full/empty mbarriers per slot
//
// CHECK:      scf.if %{{[0-9]+}} {
// CHECK-NEXT:   %[[R:[0-9]+]] = triton_nvidia_gpu.warp_group_dot_wait %{{[0-9]+}}#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
// CHECK-NEXT:   %[[S:[0-9]+]] = arith.mulf %[[R]], %{{[0-9]+}} : tensor<128x256xf32, #mma>
// CHECK-NEXT:   %[[V:[0-9]+]] = arith.truncf %[[S]] : tensor<128x256xf32, #mma> to tensor<128x256xbf16, #mma>
// CHECK-NEXT:   %[[C:[0-9]+]] = triton_gpu.convert_layout %[[V]] : tensor<128x256xbf16, #mma> -> tensor<128x256xbf16, #blocked>
// CHECK:        tt.store %{{[0-9]+}}, %[[C]], %{{[0-9]+}} : tensor<128x256x!tt.ptr<bf16>, #blocked>
//
// CPU: verify C = (A @ Bt.T) * sa * sb: ok
