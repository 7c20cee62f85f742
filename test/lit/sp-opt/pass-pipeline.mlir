// --pass-pipeline with nesting and options; errors point into the string.
// RUN: sp-opt %s --pass-pipeline='builtin.module(tt.func(canonicalize{max-iterations=4}), any(cse), symbol-dce)' | FileCheck %s
// RUN: not sp-opt %s --pass-pipeline='builtin.module(cse,,canonicalize)' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=SYNTAX
// RUN: not sp-opt %s --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// RUN: not sp-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=UNKNOWN
// RUN: not sp-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=lots})' 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not sp-opt %s --pass-pipeline='builtin.module(cse)' -canonicalize 2>&1 | FileCheck %s --check-prefix=BOTH

// CHECK-LABEL: tt.func @f
// CHECK-NEXT:    arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT:    arith.muli %[[A]], %[[A]] : i32

// SYNTAX: <pass-pipeline>:1:20: error: expected a pass, pipeline or op anchor name, found ','
// SYNTAX-NEXT: builtin.module(cse,,canonicalize)
// SYNTAX-NEXT: {{^ {19}\^$}}

// UNCLOSED: <pass-pipeline>:1:19: error: expected ')' to close the pipeline

// UNKNOWN: <pass-pipeline>:1:16: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(no-such-pass)
// UNKNOWN-NEXT: {{^ {15}\^$}}

// BADOPT: <pass-pipeline>:1:44: error: invalid value for option 'max-iterations' of 'canonicalize': expected an integer, got "lots"

// BOTH: <command line>: error: --pass-pipeline cannot be combined with individual pass flags (-canonicalize)
tt.func @f(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.addi %arg0, %0 : i32
  %2 = arith.addi %arg0, %0 : i32
  %3 = arith.muli %1, %2 : i32
  tt.return %3 : i32
}

tt.func private @unused() {
  tt.return
}
// CHECK-NOT: @unused
