// A verification that fails exits 1 and names the worst element.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --verify "C = B @ A" | FileCheck %s
// CHECK: verify C = B @ A: MISMATCH (full check, 65536 elements, {{[0-9]+}} outside the tolerance)
// CHECK-NEXT: worst element C[{{[0-9]+}}, {{[0-9]+}}]: got {{.*}}, want {{.*}}, error {{.*}}, tolerance {{.*}} (error/tolerance {{.*}})
