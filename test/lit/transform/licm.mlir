// RUN: sp-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s
// RUN: sp-opt %s -split-input-file --pass-pipeline='builtin.module(tt.func(loop-invariant-code-motion))' | FileCheck %s

// The loop-invariant pointer tensor leaves the loop; the load through it,
// the store and the addptr by the induction variable stay.
// CHECK-LABEL: tt.func @pointer_chain
// CHECK-SAME:    (%[[P:.+]]: !tt.ptr<f32>, %[[N:.+]]: i32)
// CHECK:         %[[S:.+]] = tt.splat %[[P]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK-NEXT:    %[[R:.+]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK-NEXT:    %[[A:.+]] = tt.addptr %[[S]], %[[R]] : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
// CHECK-NEXT:    scf.for %[[I:.+]] = %{{.+}} to %[[N]] step %{{.+}}  : i32 {
// CHECK-NEXT:      %[[IS:.+]] = tt.splat %[[I]] : i32 -> tensor<16xi32>
// CHECK-NEXT:      %[[B:.+]] = tt.addptr %[[A]], %[[IS]] : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
// CHECK-NEXT:      %[[V:.+]] = tt.load %[[B]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT:      tt.store %[[A]], %[[V]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT:    }
tt.func @pointer_chain(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %is = tt.splat %i : i32 -> tensor<16xi32>
    %b = tt.addptr %a, %is : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %v = tt.load %b : tensor<16x!tt.ptr<f32>>
    tt.store %a, %v : tensor<16x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Innermost loop first: the muli of two arguments leaves both loops, the
// addi of the outer induction variable only the inner one; the division
// (may trap when the loop runs zero times) and the iter-arg update stay.
// CHECK-LABEL: tt.func @nested
// CHECK-SAME:    (%[[X:.+]]: i32, %[[Y:.+]]: i32)
// CHECK:         %[[M:.+]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT:    %[[R:.+]] = scf.for %[[I:.+]] = %{{.+}} to %[[X]] step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32)  : i32 {
// CHECK-NEXT:      %[[D:.+]] = arith.divsi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      %[[K:.+]] = arith.addi %[[M]], %[[I]] : i32
// CHECK-NEXT:      %[[IN:.+]] = scf.for %{{.+}} = %{{.+}} to %[[Y]] step %{{.+}} iter_args(%[[A2:.+]] = %[[ACC]]) -> (i32)  : i32 {
// CHECK-NEXT:        %[[S:.+]] = arith.addi %[[A2]], %[[K]] : i32
// CHECK-NEXT:        scf.yield %[[S]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[T:.+]] = arith.addi %[[IN]], %[[D]] : i32
// CHECK-NEXT:      scf.yield %[[T]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.return %[[R]] : i32
tt.func @nested(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %d = arith.divsi %x, %y : i32
    %in = scf.for %j = %c0 to %y step %c1 iter_args(%a = %acc) -> (i32) : i32 {
      %m = arith.muli %x, %y : i32
      %k = arith.addi %m, %i : i32
      %s = arith.addi %a, %k : i32
      scf.yield %s : i32
    }
    %t = arith.addi %in, %d : i32
    scf.yield %t : i32
  }
  tt.return %r : i32
}

// -----

// Ops nested in an scf.if inside the loop stay, even when invariant; the
// invariant condition leaves.
// CHECK-LABEL: tt.func @if_in_loop
// CHECK:         %[[C:.+]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.if %[[C]] {
// CHECK-NEXT:        %[[E:.+]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:        tt.print
tt.func @if_in_loop(%x: i32, %y: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %x step %c1 : i32 {
    %b = arith.cmpi slt, %x, %y : i32
    scf.if %b {
      %e = arith.addi %x, %y : i32
      tt.print ": " {hex = false, isSigned = array<i32: 1>} : %e : i32
    }
  }
  tt.return
}
