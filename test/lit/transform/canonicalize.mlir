// RUN: sp-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tt.func(canonicalize{max-iterations=4}))' | FileCheck %s

// Constant operands fold into one hoisted constant; the dead inputs go.
// CHECK-LABEL: tt.func @fold_constants
// CHECK-NEXT:    %[[C:.+]] = arith.constant 7 : i32
// CHECK-NEXT:    tt.return %[[C]] : i32
tt.func @fold_constants() -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %c3, %c4 : i32
  tt.return %0 : i32
}

// -----

// addi(x, 0) -> x, muli(x, 1) -> x; the unused pure muli is erased.
// CHECK-LABEL: tt.func @identities
// CHECK-SAME:    (%[[X:.+]]: i32)
// CHECK-NOT:     arith.
// CHECK:         tt.return %[[X]] : i32
tt.func @identities(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %c1 : i32
  %dead = arith.muli %x, %x : i32
  tt.return %1 : i32
}

// -----

// A constant lhs of a commutative op moves to the right.
// CHECK-LABEL: tt.func @commute
// CHECK:         %[[C:.+]] = arith.constant 5 : i32
// CHECK:         arith.addi %arg0, %[[C]] : i32
tt.func @commute(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %x : i32
  tt.return %0 : i32
}

// -----

// Folds inside a loop body materialise their constant at the function entry.
// CHECK-LABEL: tt.func @hoist_from_loop
// CHECK-NEXT:    %[[C6:.+]] = arith.constant 6 : i32
// CHECK:         scf.for
// CHECK-NOT:       arith.constant
// CHECK:           arith.addi %{{.+}}, %[[C6]] : i32
tt.func @hoist_from_loop(%lb: i32, %ub: i32, %init: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %lb iter_args(%acc = %init) -> (i32) : i32 {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %k = arith.muli %c2, %c3 : i32
    %next = arith.addi %acc, %k : i32
    scf.yield %next : i32
  }
  tt.return %r : i32
}
