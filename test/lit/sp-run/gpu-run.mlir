// The -tags cuda build on a GPU: the sparse example compiled by sp-pipeline
// and lower/ptx, launched through runtime/cuda, verified on the host; then
// the same kernel from its saved PTX and manifest (no compiler), and a
// CUDA-event benchmark.
// REQUIRES: cuda
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --backend cuda | FileCheck %s
// CHECK: @sparse_matmul on cuda {{.*}}, grid 4x4x1
// CHECK: A          f16[256x256], pruned to 2:4 operand A: values f16[256x128], metadata i16[16x256] (band16)
// CHECK: verify C = A @ B: ok (full check, 65536 elements)

// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --backend cuda --save-ptx %t.ptx --no-verify
// RUN: sp-run %t.ptx --backend cuda --spec %S/../../../examples/sparse_matmul.json --set M=320 --set N=192 --set K=512 | FileCheck %s --check-prefix=PTX
// PTX: {{.*}}.ptx @sparse_matmul on cuda {{.*}}, grid 5x3x1
// PTX: verify C = A @ B: ok (full check, 61440 elements)

// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --backend cuda --bench --warmup 2 --iters 5 --set M=1024 --set N=1024 --set K=1024 | FileCheck %s --check-prefix=BENCH
// BENCH: verify C = A @ B: ok (sampled 64x64 check, 4096 elements)
// BENCH: bench: 5 samples of 1 launch(es), single timing, after 2 warm-up (CUDA events, L2 not flushed): median {{[0-9.]+}} ms
