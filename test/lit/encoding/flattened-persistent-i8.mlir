// The flattened persistent kernel with i8 2:4 operands and an i32
// accumulator (examples/fp8/mm_i8_flat.mlir): the reset becomes useC on an
// integer wgmma, and the CPU interpreter zeroes an i32 C when useC is false
// (it used to zero it as floats and refuse the integer dot). Exact results.
//
// RUN: sp-opt %S/../../../examples/fp8/mm_i8_flat.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/mm_i8_flat.json --set SMS=3 --set M=272 --set N=400 --set K=416 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/mm_i8_flat.json --set SMS=5 --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
//
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 4 stages, full/empty mbarriers per slot
// CHECK: triton_nvidia_gpu.warp_group_dot {{.*}}, %{{arg[0-9]+}}, sparseIndex = 0 {{.*}} -> tensor<128x128xi32, #mma>
// CPU: verify C = A @ Bt.T: ok (full check
// CPU: error 0, tolerance 0
