// TMA, mbarrier and tensor-map ops the PTX lowering cannot honour are
// positioned errors, never crashes.
// RUN: not sp-opt %s -split-input-file --emit=ptx 2>&1 | FileCheck %s
#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.reinterpret_tensor_descriptor' op TMA, tensor-map and mbarrier ops need sm_90a; the target is sm_80
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nv128>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv128, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<64x64xf16, #nv128>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv128, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<8x512xf16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x512xf16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_global_to_local' op an unswizzled TMA tile's contiguous dimension (512 elements) must be at most 256
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<8x512xf16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<8x512xf16, #nv0, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<8x4xf16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x4xf16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_global_to_local' op a TMA box's inner extent must be a multiple of 16 bytes, got 4 elements of 2 bytes
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<8x4xf16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<8x4xf16, #nv0, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<2x8x64xf16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x8x64xf16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_global_to_local' op TMA copies of rank 3 (a 2x8x64 tile) are not supported: 1-D and 2-D boxes are
    ttng.async_tma_copy_global_to_local %desc[%i, %i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<2x8x64xf16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<2x8x64xf16, #nv0, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i64
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.tensormap_create' op tensormap_create elem_type = 13 is not supported (0..12)
    ttng.tensormap_create %d, %g, [%c1], [%i], [], [%c1] {elem_type = 13 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.barrier_expect' op barrier_expect size 2000000 is not in 0..1048575 (the mbarrier's tx-count range)
    ttng.barrier_expect %bar, 2000000, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.init_barrier' op an mbarrier must be a memdesc of one i64, got !{{tt|ttg}}.memdesc<2xi64
    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nv128>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_local_to_global' op shared layout #{{.*}}swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>: TMA writes the NVMMA swizzles or none; this swizzle is neither
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #nv128>>, !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%d: !tt.ptr<i8>, %g: !tt.ptr<f16>, %i: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nv128>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_local_to_global' op the descriptor's block tensor<64x64xf16, #{{.*}}> differs from the shared tile !{{tt|ttg}}.memdesc<64x128xf16
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #nv128>>, !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    tt.return
  }
}

// -----

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%g: !tt.ptr<f16>, %i: i32, %l: i64, %p: i1) {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %s, %g, [%c128, %c64], [%i, %i], [%l], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %desc = ttng.reinterpret_tensor_descriptor %s : !tt.ptr<i8> to !tt.tensordesc<tensor<64x128xf16, #nv128>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_global_to_local' op the tensor map's box (tensormap_create at {{.*}}tma-errors.mlir:[[@LINE-4]]:5) has box_dim[0] = 128; this tile of {{.*}} takes boxes of [64 64] (innermost first)
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<64x128xf16, #nv128>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    tt.return
  }
}

// -----

#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%g: !tt.ptr<f16>, %i: i32, %l: i64, %p: i1) {
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %s, %g, [%c32, %c64], [%i, %i], [%l], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %desc = ttng.reinterpret_tensor_descriptor %s : !tt.ptr<i8> to !tt.tensordesc<tensor<64x32xf16, #nv64>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #nv64, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: tma-errors.mlir:[[@LINE+1]]:5: error: 'triton_nvidia_gpu.async_tma_copy_global_to_local' op the tensor map (tensormap_create at {{.*}}) has swizzle_mode 3; the shared tile's layout needs 64-byte swizzling
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<64x32xf16, #nv64>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #nv64, #smem, mutable>
    tt.return
  }
}
