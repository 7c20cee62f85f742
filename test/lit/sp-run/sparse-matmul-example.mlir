// The README's main command: compile examples/sparse_matmul.mlir (TTIR with
// a #tt.sparse A), run it on the CPU interpreter with its default launch
// spec (examples/sparse_matmul.json, found by name), verify C = A @ B.
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir | FileCheck %s
// CHECK: @sparse_matmul on cpu (runtime/cpu interpreter, {{[0-9]+}} workers), grid 4x4x1
// CHECK-NEXT: A          f16[256x256], pruned to 2:4 operand A: values f16[256x128], metadata i16[16x256] (band16)
// CHECK-NEXT: B          f16[256x256]
// CHECK-NEXT: C          f16[256x256], output
// CHECK: verify C = A @ B: ok (full check, 65536 elements)
// CHECK-NEXT: worst element C[{{[0-9]+}}, {{[0-9]+}}]: got {{.*}} (error/tolerance 0.{{[0-9]+}})

// Ragged shapes: M, N, K not multiples of the 64x64x64 tile. The last K
// tile is zero-padded by the boundary-checked loads (values and metadata).
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --set M=208 --set N=100 --set K=160 --seed 7 | FileCheck %s --check-prefix=RAGGED
// RAGGED: grid 4x2x1
// RAGGED: A          f16[208x160], pruned to 2:4 operand A: values f16[208x80], metadata i16[13x160] (band16)
// RAGGED: verify C = A @ B: ok (full check, 20800 elements)

// A forced sampled check reports its sample size.
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --check sampled --samples 16 | FileCheck %s --check-prefix=SAMPLED
// SAMPLED: verify C = A @ B: ok (sampled 16x16 check, 256 elements)

// The JSON report.
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --json | FileCheck %s --check-prefix=JSON
// JSON: "kernel": "sparse_matmul",
// JSON: "metadataLayout": "band16",
// JSON: "mode": "full",
// JSON-NEXT: "checked": 65536,
// JSON-NEXT: "mismatches": 0,

// Benchmark mode on the CPU (wall clock).
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --bench --warmup 1 --iters 3 | FileCheck %s --check-prefix=BENCH
// BENCH: bench: 3 samples of 1 launch(es), single timing, after 1 warm-up (wall clock, L2 not flushed): median {{[0-9.]+}} ms (p20 {{.*}}), {{[0-9.e+-]+}} TFLOP/s (dense-equivalent 2MNK), {{[0-9.e+-]+}} GB/s
