// PTX that the CUDA driver rejects: the JIT error log is shown, exit 1.
// REQUIRES: cuda
// RUN: not sp-run %S/Inputs/bad.ptx --backend cuda --grid 1 --no-spec --scalar n=1 2>&1 | FileCheck %s
// CHECK: sp-run: error: loading {{.*}}bad.ptx: the CUDA driver rejected the PTX
// CHECK: JIT error log:
// CHECK: {{.*}}undefined_instruction{{.*}}
