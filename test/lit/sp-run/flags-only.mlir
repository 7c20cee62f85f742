// A launch described by flags only (no spec): the dense tutorial matmul,
// arguments named arg0..arg8 in parameter order, ragged 200x136x72 shapes.
// RUN: sp-run %S/../../../examples/matmul.ttir.mlir --no-spec --kernel matmul_kernel --grid 4 \
// RUN:   --tensor arg0=200x72:f16 --tensor arg1=72x136:f16 --tensor arg2=200x136:f16 --output arg2 \
// RUN:   --scalar arg3=200 --scalar arg4=136 --scalar arg5=72 --scalar arg6=72 --scalar arg7=136 --scalar arg8=136 \
// RUN:   --verify "arg2 = arg0 @ arg1" | FileCheck %s
// CHECK: @matmul_kernel on cpu
// CHECK: arg2       f16[200x136], output
// CHECK: verify arg2 = arg0 @ arg1: ok (full check, 27200 elements)
