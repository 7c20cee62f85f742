// A launch spec that omits the kernel's last parameter, and one that gives
// an extra argument.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --spec %S/Inputs/missing-arg.json 2>&1 | FileCheck %s
// CHECK: sp-run: error: @sparse_matmul takes more arguments than the launch gives: missing arg8: i32 (dense) (parameter 9 of 10)
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --scalar extra=1 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: sp-run: error: @sparse_matmul takes 10 parameters, but the launch gives more arguments: extra is extra
// Flags only: the arguments after arg0 are missing.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --no-spec --grid 1 --tensor arg0=256x256:f16 --prune 2>&1 | FileCheck %s --check-prefix=FLAGS
// FLAGS: sp-run: error: @sparse_matmul takes more arguments than the launch gives: missing arg1: !tt.ptr<f16> (dense) (parameter 2 of 10)
// A tensor argument named without a shape.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --no-spec --grid 1 --output arg0 2>&1 | FileCheck %s --check-prefix=NOSHAPE
// NOSHAPE: sp-run: error: argument 0 (arg0): missing argument: give a shape and dtype (spec "shape"/"dtype" or --tensor arg0=SHAPE:DTYPE) or a .npy file
