// RUN: sp-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-accelerate-matmul | sp-opt -split-input-file | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics -o /dev/null
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul{wgmma-a=registers})' 2>&1 | FileCheck %s --check-prefix=RS
// RUN: not sp-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul{wgmma-a=rf})' 2>&1 | FileCheck %s --check-prefix=BADRS
// BADRS: wgmma-a must be shared or registers, got "rf"

// Dense dot in a loop: #mma v2 with warps [2, 2] for a 128x128 tile on 4
// warps; operands become dot_op encodings of #mma with kWidth 2 and no meta;
// the accumulator is #mma from its constant through the loop, and is
// converted back to the blocked layout after the loop.
// CHECK: #[[$MMA:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @dense_loop
// CHECK:       %[[C0:.+]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[$MMA]]>
// CHECK:       %[[R:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[C0]]) -> (tensor<128x128xf32, #[[$MMA]]>)
// CHECK:         %[[A:.+]] = triton_gpu.convert_layout %{{.+}} : tensor<128x32xf16, #{{.+}}> -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK:         %[[B:.+]] = triton_gpu.convert_layout %{{.+}} : tensor<32x128xf16, #{{.+}}> -> tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK:         %[[D:.+]] = tt.dot %[[A]], %[[B]], %[[ACC]] : {{.+}} -> tensor<128x128xf32, #[[$MMA]]>
// CHECK:         scf.yield %[[D]] : tensor<128x128xf32, #[[$MMA]]>
// CHECK:       %[[OUT:.+]] = triton_gpu.convert_layout %[[R]] : tensor<128x128xf32, #[[$MMA]]> -> tensor<128x128xf32, #{{blocked[0-9]*}}>
// CHECK:       arith.truncf %[[OUT]]
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @dense_loop(%pa: tensor<128x32x!tt.ptr<f16>, #blocked1>, %pb: tensor<32x128x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<128x128xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> (tensor<128x128xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked1>
      %b = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blocked>
      %ad = triton_gpu.convert_layout %a : tensor<128x32xf16, #blocked1> -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>
      %bd = triton_gpu.convert_layout %b : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>>
      // expected-remark @+1 {{tt.dot: nvidia_mma v2.0, warpsPerCTA = [2, 2], instruction mma.sync m16n8k16 (dense)}}
      %d = tt.dot %ad, %bd, %acc : tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
      scf.yield %d : tensor<128x128xf32, #blocked>
    }
    %h = arith.truncf %r : tensor<128x128xf32, #blocked> to tensor<128x128xf16, #blocked>
    tt.return %h : tensor<128x128xf16, #blocked>
  }
}

// -----

// Sparse dot: values meta = 0, metadata {opIdx = 0, kWidth = 2, meta = 1},
// B without meta; the m16n8k32 instruction; 8 warps on 256x128 give [4, 2].
// CHECK: #[[$MMA2:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sparse
// CHECK-DAG:   %[[AV:.+]] = triton_gpu.convert_layout %arg0 : tensor<256x32xf16, #{{.+}}> -> tensor<256x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMA2]], kWidth = 2, meta = 0}>>
// CHECK-DAG:   %[[B:.+]] = triton_gpu.convert_layout %arg2 : tensor<64x128xf16, #{{.+}}> -> tensor<64x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$MMA2]], kWidth = 2}>>
// CHECK-DAG:   %[[E:.+]] = triton_gpu.convert_layout %arg1 : tensor<16x64xi16, #{{.+}}> -> tensor<16x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMA2]], kWidth = 2, meta = 1}>>
// CHECK-DAG:   %[[C:.+]] = triton_gpu.convert_layout %arg3 : tensor<256x128xf32, #{{.+}}> -> tensor<256x128xf32, #[[$MMA2]]>
// CHECK:       %[[D:.+]] = tt.dot %[[AV]], %[[B]], %[[C]], %[[E]], sparseIndex = 0 : {{.+}} -> tensor<256x128xf32, #[[$MMA2]]>
// CHECK:       %[[OUT:.+]] = triton_gpu.convert_layout %[[D]] : tensor<256x128xf32, #[[$MMA2]]> -> tensor<256x128xf32, #{{blocked[0-9]*}}>
// CHECK:       tt.return %[[OUT]]
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @sparse(%a: tensor<256x32xf16, #blocked>, %e: tensor<16x64xi16, #blocked>, %b: tensor<64x128xf16, #blocked>, %c: tensor<256x128xf32, #blocked>) -> tensor<256x128xf32, #blocked> {
    %ad = triton_gpu.convert_layout %a : tensor<256x32xf16, #blocked> -> tensor<256x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>
    %ed = triton_gpu.convert_layout %e : tensor<16x64xi16, #blocked> -> tensor<16x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>>
    %bd = triton_gpu.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-remark @+1 {{tt.dot: nvidia_mma v2.0, warpsPerCTA = [4, 2], instruction mma.sp m16n8k32 (2:4 sparse A)}}
    %d = tt.dot %ad, %bd, %c, %ed, sparseIndex = 0 : tensor<256x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>, tensor<16x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>> * tensor<64x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<256x128xf32, #blocked>
    tt.return %d : tensor<256x128xf32, #blocked>
  }
}

// -----

// sm_90: a dense dot becomes triton_nvidia_gpu.warp_group_dot on MMA v3
// (instrShape [16, N, 16], warps in a warpgroup along M); A and B are
// stored to shared memory with the NVMMA layout (hasLeadingOffset = true,
// swizzle from the contiguous extent: 64-byte bf16 rows of A -> 64B, 128-byte
// rows of B -> 128B), the accumulator moves to #mma.
// CHECK-DAG: #[[$MMA3:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[$SA:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = true}>
// CHECK-DAG: #[[$SB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
// CHECK-LABEL: tt.func @hopper
// CHECK-DAG:   %[[A:.+]] = triton_gpu.local_alloc %arg0 : (tensor<64x32xbf16, #{{.+}}>) -> !tt.memdesc<64x32xbf16, #[[$SA]], #triton_gpu.shared_memory>
// CHECK-DAG:   %[[B:.+]] = triton_gpu.local_alloc %arg1 : (tensor<32x64xbf16, #{{.+}}>) -> !tt.memdesc<32x64xbf16, #[[$SB]], #triton_gpu.shared_memory>
// CHECK:       %[[D:.+]] = triton_nvidia_gpu.warp_group_dot %[[A]], %[[B]], %{{.+}} {inputPrecision = 2 : i32} : !tt.memdesc<64x32xbf16, #[[$SA]], #triton_gpu.shared_memory> * !tt.memdesc<32x64xbf16, #[[$SB]], #triton_gpu.shared_memory> -> tensor<64x64xf32, #[[$MMA3]]>
// CHECK-NOT:   tt.dot
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @hopper(%a: tensor<64x32xbf16, #blocked>, %b: tensor<32x64xbf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %ad = triton_gpu.convert_layout %a : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>
    %bd = triton_gpu.convert_layout %b : tensor<32x64xbf16, #blocked> -> tensor<32x64xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-remark @+1 {{tt.dot: nvidia_mma v3.0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16], instruction wgmma.mma_async m64n64k16 (dense), A and B from shared memory}}
    %d = tt.dot %ad, %bd, %c : tensor<64x32xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// sm_90, 2:4 sparse A on 8 warps: wgmma.sp m64n256k32 (instrShape
// [16, 256, 32], two warpgroups along M); the compressed values (128x32:
// 64-byte rows, 64B swizzle) and B (N contiguous, MN-major) go to shared
// memory, the band16 metadata is converted to the v3 dot_op with meta = 1
// (staged later), and warp_group_dot carries it with sparseIndex = 0.
// CHECK-DAG: #[[$MMAS:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
// CHECK-LABEL: tt.func @hopper_sparse
// CHECK-DAG:   %[[AV:.+]] = triton_gpu.local_alloc %arg0 : (tensor<128x32xf16, #{{.+}}>) -> !tt.memdesc<128x32xf16, #[[$SV:shared[0-9]*]], #triton_gpu.shared_memory>
// CHECK-DAG:   %[[B:.+]] = triton_gpu.local_alloc %arg2 : (tensor<64x256xf16, #{{.+}}>) -> !tt.memdesc<64x256xf16, #[[$SB2:shared[0-9]*]], #triton_gpu.shared_memory>
// CHECK-DAG:   %[[E:.+]] = triton_gpu.convert_layout %arg1 : tensor<8x64xi16, #{{.+}}> -> tensor<8x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAS]], kWidth = 2, meta = 1}>>
// CHECK:       triton_nvidia_gpu.warp_group_dot %[[AV]], %[[B]], %{{.+}}, %[[E]], sparseIndex = 0 {inputPrecision = 2 : i32} : !tt.memdesc<128x32xf16, #[[$SV]], #triton_gpu.shared_memory>, tensor<8x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAS]], kWidth = 2, meta = 1}>> * !tt.memdesc<64x256xf16, #[[$SB2]], #triton_gpu.shared_memory> -> tensor<128x256xf32, #[[$MMAS]]>
//
// wgmma-a=registers: the values stay a tensor, converted to the v3 dot_op
// with meta = 0 (tritongpu-stage-dot-operands stages it for ldmatrix), and
// only B goes to NVMMA shared memory.
// RS: remark: tt.dot: nvidia_mma v3.0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32], instruction wgmma.mma_async.sp m64n256k32 (2:4 sparse A), A from registers (ldmatrix), B from shared memory
// RS-LABEL: tt.func @hopper_sparse
// RS-NOT:    local_alloc %arg0
// RS-DAG:    %[[AV:.+]] = triton_gpu.convert_layout %arg0 : tensor<128x32xf16, #{{.+}}> -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAR:mma[0-9]*]], kWidth = 2, meta = 0}>>
// RS-DAG:    %[[B:.+]] = triton_gpu.local_alloc %arg2
// RS:        triton_nvidia_gpu.warp_group_dot %[[AV]], %[[B]], %{{.+}}, %{{.+}}, sparseIndex = 0 {inputPrecision = 2 : i32} : tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAR]], kWidth = 2, meta = 0}>>,
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @hopper_sparse(%a: tensor<128x32xf16, #blocked>, %e: tensor<8x64xi16, #blocked>, %b: tensor<64x256xf16, #blocked>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %ad = triton_gpu.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>
    %ed = triton_gpu.convert_layout %e : tensor<8x64xi16, #blocked> -> tensor<8x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>>
    %bd = triton_gpu.convert_layout %b : tensor<64x256xf16, #blocked> -> tensor<64x256xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-remark @+1 {{tt.dot: nvidia_mma v3.0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32], instruction wgmma.mma_async.sp m64n256k32 (2:4 sparse A), A and B from shared memory}}
    %d = tt.dot %ad, %bd, %c, %ed, sparseIndex = 0 : tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>, tensor<8x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>> * tensor<64x256xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// sm_90 with BLOCK_M = 32: wgmma needs m64 blocks, so the dot falls back to
// mma.sp (MMA v2) and the remark says why.
// CHECK-LABEL: tt.func @hopper_small_m
// CHECK: tt.dot {{.+}}, sparseIndex = 0 : {{.+}} -> tensor<32x64xf32, #mma{{[0-9]*}}>
// CHECK-NOT: warp_group_dot
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @hopper_small_m(%a: tensor<32x32xf16, #blocked>, %e: tensor<2x64xi16, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    %ad = triton_gpu.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>
    %ed = triton_gpu.convert_layout %e : tensor<2x64xi16, #blocked> -> tensor<2x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>>
    %bd = triton_gpu.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-remark @+1 {{tt.dot: nvidia_mma v2.0, warpsPerCTA = [2, 2], instruction mma.sp m16n8k32 (2:4 sparse A); sm_90: wgmma not used: BLOCK_M = 32 is not a multiple of 64}}
    %d = tt.dot %ad, %bd, %c, %ed, sparseIndex = 0 : tensor<32x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 0}>>, tensor<2x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}

// -----

// sm_90 with a 2:4 sparse B: wgmma.sp has metadata for A only, so the
// transposed mma.sp product stays, with a remark.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @hopper_sparse_b(%a: tensor<128x64xf16, #blocked>, %bv: tensor<32x64xf16, #blocked>, %e: tensor<4x64xi16, #blocked>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %ad = triton_gpu.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>
    %bd = triton_gpu.convert_layout %bv : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 0}>>
    %ed = triton_gpu.convert_layout %e : tensor<4x64xi16, #blocked> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 1}>>
    // expected-remark @+1 {{sm_90: wgmma not used: wgmma.sp takes 2:4 metadata for A only, so a sparse B stays on the transposed mma.sp product}}
    %d = tt.dot %ad, %bd, %c, %ed, sparseIndex = 1 : tensor<128x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 1}>> * tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 0}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
}

// -----

// A 2:4 sparse B (values K/2 x N, metadata N/16 x K) is computed as the
// transposed product Cᵀ = Bᵀ·Aᵀ: trans(values) is operand 0 with meta = 0,
// the metadata keeps meta = 1 (now opIdx 0), trans(A) is operand 1, the
// loop-carried accumulator stays N x M in #mma and is transposed back once
// after the loop.
// CHECK: #[[$MMAT:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sparse_b
// CHECK:       %[[ACC0:.+]] = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #[[$MMAT]]>
// CHECK:       %[[R:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ACC0]]) -> (tensor<64x128xf32, #[[$MMAT]]>)
// CHECK-DAG:     %[[VT:.+]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<32x64xf16, #blocked> -> tensor<64x32xf16, #[[$BT:blocked[0-9]*]]>
// CHECK-DAG:     %[[AT:.+]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #[[$BT]]>
// CHECK-DAG:     %[[A2:.+]] = triton_gpu.convert_layout %[[VT]] : {{.+}} -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAT]], kWidth = 2, meta = 0}>>
// CHECK-DAG:     %[[B2:.+]] = triton_gpu.convert_layout %[[AT]] : {{.+}} -> tensor<64x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$MMAT]], kWidth = 2}>>
// CHECK-DAG:     %[[E2:.+]] = triton_gpu.convert_layout %arg2 : {{.+}} -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMAT]], kWidth = 2, meta = 1}>>
// CHECK:         %[[D:.+]] = tt.dot %[[A2]], %[[B2]], %[[ACC]], %[[E2]], sparseIndex = 0 : {{.+}} -> tensor<64x128xf32, #[[$MMAT]]>
// CHECK:         scf.yield %[[D]]
// CHECK:       %[[C:.+]] = triton_gpu.convert_layout %[[R]] : tensor<64x128xf32, #[[$MMAT]]> -> tensor<64x128xf32, #[[$BT2:blocked[0-9]*]]>
// CHECK:       %[[T:.+]] = tt.trans %[[C]] {order = array<i32: 1, 0>} : tensor<64x128xf32, #[[$BT2]]> -> tensor<128x64xf32, #blocked>
// CHECK:       tt.return %[[T]]
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @sparse_b(%a: tensor<128x64xf16, #blocked>, %bv: tensor<32x64xf16, #blocked>, %e: tensor<4x64xi16, #blocked>, %n: i32) -> tensor<128x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x64xf32, #blocked>) : i32 {
      %ad = triton_gpu.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>
      %bd = triton_gpu.convert_layout %bv : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 0}>>
      %ed = triton_gpu.convert_layout %e : tensor<4x64xi16, #blocked> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 1}>>
      // expected-remark @+1 {{tt.dot: nvidia_mma v2.0, warpsPerCTA = [2, 2], instruction mma.sp m16n8k32 (2:4 sparse B as the transposed product Cᵀ = Bᵀ·Aᵀ)}}
      %d = tt.dot %ad, %bd, %acc, %ed, sparseIndex = 1 : tensor<128x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 1}>> * tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #blocked, meta = 0}>> -> tensor<128x64xf32, #blocked>
      scf.yield %d : tensor<128x64xf32, #blocked>
    }
    tt.return %r : tensor<128x64xf32, #blocked>
  }
}
