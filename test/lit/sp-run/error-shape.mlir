// Shapes that do not form the product named by --verify.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --tensor B=128x256:f16 2>&1 | FileCheck %s
// CHECK: sp-run: error: verify C = A @ B: shape mismatch: A is 256x256, B is 128x256, C is 256x256 (want MxK, KxN, MxN)

// A buffer too small for the kernel's accesses is caught by the interpreter.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --no-spec --grid 4,4 --prune --tensor arg0=256x256:f16 \
// RUN:   --tensor arg1=256x256:f16 --tensor arg2=16x16:f16 --scalar arg3=256 --scalar arg4=256 --scalar arg5=256 \
// RUN:   --scalar arg6=256 --scalar arg7=256 --scalar arg8=256 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: sp-run: error: launch of @sparse_matmul failed: program ({{[0-9]+}}, {{[0-9]+}}, 0): {{.*}}sparse_matmul.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tt.store': block element {{[0-9]+}} (offsets [{{.*}}]): out-of-bounds access to buffer "arg2": bytes [{{[0-9]+}}, {{[0-9]+}}) of 512

// A 2:4 operand needs K % 16 == 0.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --set K=72 2>&1 | FileCheck %s --check-prefix=K16
// K16: sp-run: error: argument 0 (A): compressing operand A needs K % 16 == 0, got K = 72
