// Inputs that are not kernels, and unknown flags.
// RUN: not sp-run %S/Inputs/missing-arg.json 2>&1 | FileCheck %s --check-prefix=EXT
// EXT: sp-run: error: {{.*}}missing-arg.json: the input must be Triton IR (.ttir, .ttgir, .source or .mlir) or a .ptx file
// RUN: not sp-run 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: sp-run: error: missing input: sp-run KERNEL.mlir|KERNEL.ptx
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --bogus 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: sp-run: error: flag provided but not defined: -bogus
// RUN: not sp-run %S/Inputs/syntax-error.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: syntax-error.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// A .ptx input without a manifest, and on the CPU backend.
// RUN: not sp-run %S/Inputs/bad.ptx --backend cpu 2>&1 | FileCheck %s --check-prefix=PTXCPU
// PTXCPU: sp-run: error: {{.*}}bad.ptx: a .ptx input needs --backend cuda
// RUN: not sp-run %S/Inputs/no-manifest.ptx --backend cpu 2>&1 | FileCheck %s --check-prefix=NOMAN
// NOMAN: sp-run: error: {{.*}}no-manifest.ptx: no manifest: pass --manifest FILE.json
