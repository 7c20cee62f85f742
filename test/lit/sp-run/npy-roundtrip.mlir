// --save writes .npy files; a pruned A saved by one run is valid 2:4 input
// for a second run without --prune, and reproduces the same C.
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --save A=%t.a.npy --save B=%t.b.npy --save C=%t.c.npy
// RUN: sp-run %S/../../../examples/sparse_matmul.mlir --prune=false --input A=%t.a.npy --input B=%t.b.npy --save C=%t.c2.npy | FileCheck %s
// CHECK: A          f16[256x256], validated 2:4 operand A: values f16[256x128], metadata i16[16x256] (band16)
// CHECK: verify C = A @ B: ok
// RUN: cmp %t.c.npy %t.c2.npy
