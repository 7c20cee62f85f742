// A tensor whose dtype differs from the kernel parameter's pointee.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --tensor A=256x256:bf16 2>&1 | FileCheck %s
// CHECK: sp-run: error: argument 0 (A): dtype mismatch: the kernel parameter is !tt.ptr<f16>, the launch gives a bf16 tensor

// A scalar where the kernel takes a pointer, and an unknown dtype.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --scalar B=3 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: sp-run: error: argument 1 (B): the kernel parameter is a pointer to f16, but the launch gives a scalar
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --tensor B=256x256:f12 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: sp-run: error: argument 1 (B): unknown dtype "f12"
