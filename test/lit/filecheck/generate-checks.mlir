// filecheck --generate-checks writes CHECK lines for a tool's output, with SSA
// names as FileCheck variables and layout aliases as global ones; the result
// must pass FileCheck on the output it came from (LLVM's FileCheck too:
// generate-checks-llvm.mlir).
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:80" -o %t.mlir 2>/dev/null
// RUN: filecheck --generate-checks --input-file %t.mlir > %t.checks
// RUN: FileCheck %t.checks --input-file %t.mlir
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.checks
// A changed operand makes the generated checks fail.
// RUN: sed -e 's/arith.muli %0, %c64_i32/arith.muli %c64_i32, %0/' %t.mlir > %t.changed.mlir
// RUN: not FileCheck %t.checks --input-file %t.changed.mlir --dump-input=never
// GEN{LITERAL}: // CHECK: #[[$MMA:[a-zA-Z0-9_$.-]+]] = #triton_gpu.nvidia_mma<{versionMajor = 2
// GEN{LITERAL}: // CHECK-LABEL: tt.func public @sparse_matmul(
// GEN-NEXT{LITERAL}: // CHECK-SAME: [[VAL_0:%[a-zA-Z0-9_$.-]+]]: !tt.ptr<f16>
// GEN: tt.dot
// GEN-SAME{LITERAL}: #[[$MMA]]>
