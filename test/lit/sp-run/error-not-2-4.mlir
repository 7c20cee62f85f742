// Dense random A without --prune: validation fails with the first bad
// group and a hint, exit 1.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --prune=false 2>&1 | FileCheck %s
// CHECK: sp-run: error: argument 0 (A): not 2:4 sparse: row 0, group 0 (columns 0..3): {{[34]}} non-zeros, 2:4 allows at most 2 (pass --prune to magnitude-prune the input)
