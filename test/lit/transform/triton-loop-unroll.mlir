// RUN: sp-opt %s -split-input-file -triton-loop-unroll | FileCheck %s
// RUN: sp-opt %s -split-input-file -triton-loop-unroll | sp-opt -split-input-file | FileCheck %s

// tt.loop_unroll_factor = 2: a main loop by twice the step whose body is
// two copies of the old one (the second at iv + step, taking what the first
// yields), then the odd last iteration under scf.if, with the main loop's
// results as its iter args. The attribute is dropped, other attributes stay.
tt.func @two(%lb: i32, %ub: i32, %x: f32) -> f32 {
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %f = arith.sitofp %i : i32 to f32
    %s = arith.addf %acc, %f : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32, keep}
  tt.return %r : f32
}
// CHECK-LABEL: tt.func @two
// CHECK:       %[[SPAN:.+]] = arith.subi %arg1, %arg0 : i32
// CHECK:       %[[TRIPS:.+]] = arith.divsi
// CHECK:       %[[STEP2:.+]] = arith.muli %c1_i32, %c2_i32 : i32
// CHECK:       %[[MAINUB:.+]] = arith.addi %arg0,
// CHECK:       %[[MAIN:.+]] = scf.for %[[I:.+]] = %arg0 to %[[MAINUB]] step %[[STEP2]] iter_args(%[[ACC:.+]] = %arg2) -> (f32)  : i32 {
// CHECK-NEXT:    %[[F0:.+]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT:    %[[S0:.+]] = arith.addf %[[ACC]], %[[F0]] : f32
// CHECK:         %[[I1:.+]] = arith.addi %[[I]],
// CHECK-NEXT:    %[[F1:.+]] = arith.sitofp %[[I1]] : i32 to f32
// CHECK-NEXT:    %[[S1:.+]] = arith.addf %[[S0]], %[[F1]] : f32
// CHECK-NEXT:    scf.yield %[[S1]] : f32
// CHECK-NEXT:  } {keep}
// CHECK:       %[[MORE:.+]] = arith.cmpi slt, %[[MAINUB]], %arg1 : i32
// CHECK-NEXT:  %[[R:.+]] = scf.if %[[MORE]] -> (f32) {
// CHECK-NEXT:    %[[FL:.+]] = arith.sitofp %[[MAINUB]] : i32 to f32
// CHECK-NEXT:    %[[SL:.+]] = arith.addf %[[MAIN]], %[[FL]] : f32
// CHECK-NEXT:    scf.yield %[[SL]] : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %[[MAIN]] : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return %[[R]] : f32

// -----

// A larger factor leaves the remaining iterations to an scf.for by the old
// step.
tt.func @three(%ub: i32, %x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %c0 to %ub step %c2 iter_args(%acc = %x) -> (f32) : i32 {
    %f = arith.sitofp %i : i32 to f32
    %s = arith.addf %acc, %f : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 3 : i32}
  tt.return %r : f32
}
// CHECK-LABEL: tt.func @three
// CHECK:       %[[MAIN:.+]] = scf.for %{{.+}} = %c0_i32 to %[[MAINUB:.+]] step %{{.+}} iter_args(%{{.+}} = %arg1) -> (f32)  : i32 {
// CHECK-COUNT-3: arith.addf
// CHECK:       }
// CHECK-NOT:   tt.loop_unroll_factor
// CHECK:       %[[R:.+]] = scf.for %[[J:.+]] = %[[MAINUB]] to %arg0 step %c2_i32 iter_args(%[[A:.+]] = %[[MAIN]]) -> (f32)  : i32 {
// CHECK-NEXT:    arith.sitofp %[[J]]
// CHECK-NEXT:    arith.addf %[[A]]
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return %[[R]] : f32
