// REQUIRES: ptxas
// A 64x64 tile on 8 warps (examples/sparse_matmul.mlir, B N-contiguous): two warpgroups split N into m64n32
// blocks, which do not span the 128-byte swizzle atoms an MN-major B needs, so tritongpu-accelerate-matmul keeps the
// dot on mma.sp and says why (the lowering used to stop on it); with tma=true the tiles staged for mma cannot be
// TMA copies, which triton-nvidia-tma-lowering says in one line.
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sp-opt %t.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: ptxas -arch=sm_90 -o %t.cubin %t.ptx
// RUN: sp-run %t.mlir --spec %S/../../../examples/sparse_matmul.json --set M=272 --set N=200 --set K=320 | FileCheck %s --check-prefix=CPU
// RUN: not sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=3 tma=true" -o %t.tma.mlir 2>&1 | FileCheck %s --check-prefix=TMA

// REMARK: remark: tt.dot: nvidia_mma v2.0, {{.+}} mma.sp m16n8k32 (2:4 sparse A); sm_90: wgmma not used: an N-contiguous B needs m64n32 to span whole 128-byte swizzle atoms
// PTX: mma.sp{{.*}}.m16n8k32.row.col.f32.f16.f16.f32
// CPU: verify C = A @ B: ok (full check
// TMA: error: 'tt.descriptor_load' op triton-nvidia-tma-lowering: shared layout {{.+}} is not one a TMA copy writes {{.+}} drop tma=true for this kernel)
