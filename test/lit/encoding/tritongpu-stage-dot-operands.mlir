// RUN: sp-opt %s -split-input-file -tritongpu-stage-dot-operands | FileCheck %s
// RUN: sp-opt %s -split-input-file -tritongpu-stage-dot-operands | sp-opt -split-input-file | FileCheck %s

// BM = BN = BK = 64, f16, 2:4 sparse A: the values (64x32, rows of 64
// bytes), B (64x64, rows of 128 bytes) and the metadata (4x64 i16) each get
// their own swizzle: {8, 2, 4}, {8, 1, 8} and {8, 1, 1}.
// CHECK-DAG: #[[$SV:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
// CHECK-DAG: #[[$SB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// CHECK-DAG: #[[$SE:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
// CHECK-LABEL: tt.func @sparse
// CHECK:       %[[MV:.+]] = triton_gpu.local_alloc %arg0 : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #[[$SV]], #triton_gpu.shared_memory>
// CHECK-NEXT:  %[[V:.+]] = triton_gpu.local_load %[[MV]] : !tt.memdesc<64x32xf16, #[[$SV]], #triton_gpu.shared_memory> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
// CHECK-NEXT:  %[[ME:.+]] = triton_gpu.local_alloc %arg1 : (tensor<4x64xi16, #blocked>) -> !tt.memdesc<4x64xi16, #[[$SE]], #triton_gpu.shared_memory>
// CHECK-NEXT:  %[[E:.+]] = triton_gpu.local_load %[[ME]] : !tt.memdesc<4x64xi16, #[[$SE]], #triton_gpu.shared_memory> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
// CHECK-NEXT:  %[[MB:.+]] = triton_gpu.local_alloc %arg2 : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #[[$SB]], #triton_gpu.shared_memory>
// CHECK-NEXT:  %[[B:.+]] = triton_gpu.local_load %[[MB]] : !tt.memdesc<64x64xf16, #[[$SB]], #triton_gpu.shared_memory> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:  tt.dot %[[V]], %[[B]], %arg3, %[[E]], sparseIndex = 0
// CHECK-NOT:   triton_gpu.convert_layout
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @sparse(%a: tensor<64x32xf16, #blocked>, %e: tensor<4x64xi16, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %av = triton_gpu.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
    %ev = triton_gpu.convert_layout %e : tensor<4x64xi16, #blocked> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
    %bv = triton_gpu.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %av, %bv, %c, %ev, sparseIndex = 0 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Dense bf16 128x32 A (rows of 64 bytes) and 32x128 B with N contiguous;
// A in M-contiguous order [0, 1] keeps its order in shared memory. The
// layout follows the source layout's order.
// CHECK-DAG: #[[$SA:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = false}>
// CHECK-DAG: #[[$SB2:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// CHECK-LABEL: tt.func @dense
// CHECK:       triton_gpu.local_alloc %arg0 : (tensor<128x32xbf16, #{{blocked[0-9]*}}>) -> !tt.memdesc<128x32xbf16, #[[$SA]], #triton_gpu.shared_memory>
// CHECK:       triton_gpu.local_alloc %arg1 : (tensor<32x128xbf16, #{{blocked[0-9]*}}>) -> !tt.memdesc<32x128xbf16, #[[$SB2]], #triton_gpu.shared_memory>
// CHECK:       triton_gpu.local_load {{.+}} -> tensor<32x128xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
#colmajor = #triton_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @dense(%a: tensor<128x32xbf16, #colmajor>, %b: tensor<32x128xbf16, #blocked>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %av = triton_gpu.convert_layout %a : tensor<128x32xbf16, #colmajor> -> tensor<128x32xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %bv = triton_gpu.convert_layout %b : tensor<32x128xbf16, #blocked> -> tensor<32x128xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %av, %bv, %c : tensor<128x32xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// Conversions that are not to an MMA dot operand are left alone.
// CHECK-LABEL: tt.func @other
// CHECK-NOT:   triton_gpu.local_alloc
// CHECK:       triton_gpu.convert_layout
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @other(%c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #blocked> {
    %d = triton_gpu.convert_layout %c : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// A loop-invariant operand is staged once, before the loop; the loaded one
// right after its load.
// CHECK-LABEL: tt.func @invariant
// CHECK:       %[[MB:.+]] = triton_gpu.local_alloc %arg1
// CHECK-NEXT:  %[[B:.+]] = triton_gpu.local_load %[[MB]]
// CHECK:       scf.for
// CHECK-NEXT:    %[[A:.+]] = tt.load
// CHECK-NEXT:    %[[MA:.+]] = triton_gpu.local_alloc %[[A]]
// CHECK-NEXT:    %[[AD:.+]] = triton_gpu.local_load %[[MA]]
// CHECK-NEXT:    tt.dot %[[AD]], %[[B]]
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @invariant(%pa: tensor<64x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %ad = triton_gpu.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = triton_gpu.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
