// Pass flags run in command-line order, take MLIR option strings with one or
// two dashes, and may come after the input file.
// RUN: sp-opt %s -canonicalize -cse | FileCheck %s
// RUN: sp-opt -canonicalize='max-iterations=3 region-simplify=disabled' --cse %s | FileCheck %s
// RUN: cat %s | sp-opt - -canonicalize -cse -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-opt %s -canonicalize=max-iterations=2 -cse -canonicalize --dump-pass-pipeline -o %t.out 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: sp-opt %s -cse -verify-each=false -mlir-disable-threading | FileCheck %s --check-prefix=CSEONLY

// CHECK-LABEL: tt.func @f
// CHECK-NEXT:    %[[C:.+]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[M:.+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    tt.return %[[M]] : i32

// PIPE: builtin.module(canonicalize{max-iterations=2 disable-patterns= region-simplify=normal test-convergence=false}, cse, canonicalize{max-iterations=10 {{.*}}})

// CSEONLY: arith.addi %c1_i32, %c2_i32
// CSEONLY: arith.addi %arg0
// CSEONLY-NOT: arith.addi %arg0
// CSEONLY: arith.muli %[[A:.+]], %[[A]]
tt.func @f(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.addi %arg0, %0 : i32
  %2 = arith.addi %arg0, %0 : i32
  %3 = arith.muli %1, %2 : i32
  tt.return %3 : i32
}
