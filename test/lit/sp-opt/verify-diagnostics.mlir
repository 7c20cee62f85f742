// RUN: sp-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not sp-opt %S/Inputs/diag-mismatch.mlir -split-input-file -verify-diagnostics -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not sp-opt %S/Inputs/diag-mismatch.mlir -split-input-file -verify-diagnostics=only-expected -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONLY
// RUN: sp-opt %s -split-input-file -verify-diagnostics -canonicalize -cse -o /dev/null

tt.func @bad_return(%arg0: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 (i32) doesn't match function result type (f32)}}
  tt.return %arg0 : i32
}

// -----

tt.func @undefined(%arg0: i32) -> i32 {
  // expected-error @below {{use of undeclared SSA value name '%x'}}
  %0 = arith.addi %arg0, %x : i32
  tt.return %0 : i32
}

// -----

tt.func @regex(%arg0: i32) -> f32 {
  tt.return %arg0 : i32 // expected-error-re {{return operand {{[0-9]+}} (i{{[0-9]+}})}}
}

// -----

tt.func @above(%arg0: i32) -> f32 {
  tt.return %arg0 : i32
  // expected-error @above {{doesn't match function result type}}
}

// -----

tt.func @minus(%arg0: i32) -> f32 {
  tt.return %arg0 : i32


  // expected-error @-3 {{doesn't match}}
}

// -----

// A chunk without diagnostics is fine.
tt.func @ok(%arg0: i32) -> i32 {
  tt.return %arg0 : i32
}

// MISMATCH: diag-mismatch.mlir:3:3: error: unexpected error: 'tt.return' op type of return operand 0 (i32) doesn't match function result type (f32) in function @f
// MISMATCH: diag-mismatch.mlir:2:6: error: expected error "something else" was not produced
// MISMATCH: diag-mismatch.mlir:9:6: error: expected warning "never emitted" was not produced

// ONLY: diag-mismatch.mlir:2:6: error: expected error "something else" was not produced
// ONLY-NOT: unexpected error
