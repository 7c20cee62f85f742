// REQUIRES: FileCheck-14
// The checks filecheck --generate-checks writes pass LLVM's FileCheck on the
// output they came from, with and without --enable-var-scope.
// RUN: sp-opt %S/../../../examples/sparse_matmul.mlir --sp-pipeline="target=cuda:80" -o %t.mlir 2>/dev/null
// RUN: filecheck --generate-checks --input-file %t.mlir > %t.checks
// RUN: FileCheck-14 %t.checks --input-file %t.mlir
// RUN: env -u FILECHECK_OPTS FileCheck-14 %t.checks --input-file %t.mlir
// RUN: sp-opt %S/../../../examples/sparse_dot.mlir -o %t.dot.mlir
// RUN: filecheck --generate-checks --input-file %t.dot.mlir > %t.dot.checks
// RUN: FileCheck-14 %t.dot.checks --input-file %t.dot.mlir
