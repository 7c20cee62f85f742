// Triton 3.5 replaced memdesc_subview with memdesc_index (one buffer of a
// multi-buffer) and memdesc_subslice (constant offsets, rank kept). Under
// the 3.6 spelling sp prints its subviews in those forms, so Triton 3.6 can
// read what the pipeliner writes; the 3.1 spelling keeps memdesc_subview.
// Either text parses back and prints the same again.
// RUN: sp-opt %s --triton-version=3.6 | FileCheck %s --check-prefix=T36
// RUN: sp-opt %s --triton-version=3.6 > %t.36 && sp-opt %t.36 > %t.36b && diff %t.36 %t.36b
// RUN: sp-opt %s --triton-version=3.1 | FileCheck %s --check-prefix=T31
// RUN: sp-opt %s --triton-version=3.1 > %t.31 && sp-opt %t.31 > %t.31b && diff %t.31 %t.31b
// RUN: sp-opt %t.36 --triton-version=3.1 > %t.3631 && sp-opt %t.3631 > %t.3631b && diff %t.3631 %t.3631b
// RUN: sp-opt %S/../../../examples/triton36/matmul_ragged_sm90.ttir --annotate-sparse="args=0" --sp-pipeline="target=cuda:80 num-stages=3" --triton-version=3.6 2>/dev/null > %t.pipe
// RUN: FileCheck %s --check-prefix=PIPE < %t.pipe
// RUN: sp-opt %t.pipe > %t.pipe2 && diff %t.pipe %t.pipe2
// T36-LABEL: tt.func @views
// T36: ttg.memdesc_index %arg0[%arg1] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// T36: ttg.memdesc_index %arg0[%c1_i32] :
// T36: ttg.memdesc_subslice %{{.*}} [0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// The offsets inside the tile are not all constant: no single 3.6 op says it.
// T36: ttg.memdesc_subview %arg0[%arg1, %arg1, %c0_i32]
// T31-LABEL: tt.func @views
// T31-COUNT-2: triton_gpu.memdesc_subview %arg0[{{%arg1|%c1_i32}}, %c0_i32, %c0_i32]
// T31: triton_gpu.memdesc_subview %{{.*}}[%c0_i32, %c32_i32]
// T31: triton_gpu.memdesc_subview %arg0[%arg1, %arg1, %c0_i32]
// T31-NOT: memdesc_index
// PIPE-NOT: memdesc_subview
// PIPE: ttg.memdesc_index %{{.*}}[%c0_i32] : !ttg.memdesc<3x128x32xf16
// PIPE: scf.for
// PIPE: ttg.memdesc_index %{{.*}}[%{{.*}}] : !ttg.memdesc<3x128x32xf16
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @views(%buf: !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %a = triton_gpu.memdesc_subview %buf[%i, %c0, %c0] : !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %b = triton_gpu.memdesc_subview %buf[%c1, %c0, %c0] : !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    %c = triton_gpu.memdesc_subview %b[%c0, %c32] : !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory, mutable>
    %d = triton_gpu.memdesc_subview %buf[%i, %i, %c0] : !tt.memdesc<3x64x64xf16, #shared, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory, mutable>
    tt.return
  }
}
