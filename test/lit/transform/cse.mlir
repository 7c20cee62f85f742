// RUN: sp-opt %s -split-input-file -cse | FileCheck %s
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(any(cse))' | FileCheck %s

// Equal pure ops merge; equal constants merge.
// CHECK-LABEL: tt.func @simple
// CHECK-SAME:    (%[[X:.+]]: i32)
// CHECK:         %[[C:.+]] = arith.constant 1 : i32
// CHECK-NOT:     arith.constant
// CHECK:         %[[A:.+]] = arith.addi %[[X]], %[[C]] : i32
// CHECK-NOT:     arith.addi
// CHECK:         %[[M:.+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK:         tt.return %[[M]] : i32
tt.func @simple(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %x, %c1_0 : i32
  %2 = arith.muli %0, %1 : i32
  tt.return %2 : i32
}

// -----

// Commutative operands in either order are the same expression.
// CHECK-LABEL: tt.func @commutative
// CHECK:         %[[A:.+]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.muli %[[A]], %[[A]] : i32
tt.func @commutative(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  %1 = arith.addi %y, %x : i32
  %2 = arith.muli %0, %1 : i32
  tt.return %2 : i32
}

// -----

// An op inside a loop body reuses one from the enclosing block; ops in the
// body are not visible after the loop.
// CHECK-LABEL: tt.func @regions
// CHECK:         %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK:         scf.for
// CHECK-NOT:       arith.addi %arg0, %arg0
// CHECK:           arith.muli %[[A]], %{{.+}} : i32
// CHECK:         scf.yield
// CHECK:         arith.subi %arg0, %arg1 : i32
tt.func @regions(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %r = scf.for %i = %x to %y step %x iter_args(%acc = %y) -> (i32) : i32 {
    %1 = arith.addi %x, %x : i32
    %s = arith.subi %x, %y : i32
    %m = arith.muli %1, %s : i32
    scf.yield %m : i32
  }
  %s2 = arith.subi %x, %y : i32
  %t = arith.addi %r, %s2 : i32
  %u = arith.addi %t, %0 : i32
  tt.return %u : i32
}

// -----

// Functions are isolated: each keeps its own constant.
// CHECK-LABEL: tt.func @f1
// CHECK:         arith.constant 9 : i32
// CHECK-LABEL: tt.func @f2
// CHECK:         arith.constant 9 : i32
tt.func @f1() -> i32 {
  %c = arith.constant 9 : i32
  tt.return %c : i32
}
tt.func @f2() -> i32 {
  %c = arith.constant 9 : i32
  tt.return %c : i32
}
