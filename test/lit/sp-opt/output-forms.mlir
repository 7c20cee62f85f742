// Printing flags, timing, unregistered ops, and the informational flags.
// RUN: sp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sp-opt %s --mlir-print-op-generic | sp-opt | FileCheck %s --check-prefix=CUSTOM
// RUN: sp-opt %s -mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: sp-opt %s -mlir-print-local-scope | FileCheck %s --check-prefix=CUSTOM
// RUN: sp-opt %s -cse -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: not sp-opt %S/Inputs/unregistered.mlir 2>&1 | FileCheck %s --check-prefix=UNREG
// RUN: sp-opt %S/Inputs/unregistered.mlir --allow-unregistered-dialect -cse | FileCheck %s --check-prefix=ALLOW
// RUN: sp-opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: sp-opt --help | FileCheck %s --check-prefix=HELP
// RUN: sp-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS

// GENERIC: "tt.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// GENERIC: "arith.addi"(%arg0, %arg0)

// CUSTOM: tt.func @f(%arg0: i32) -> i32 {
// CUSTOM-NEXT: arith.addi %arg0, %arg0 : i32

// DEBUG: arith.addi %arg0, %arg0 : i32 loc("{{.*}}output-forms.mlir":{{[0-9]+}}:3)

// TIMING: ... Execution time report ...
// TIMING: ----Wall Time----  ----Name----
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  CSE
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output
// TIMING-NEXT: {{[0-9.]+}} (100.0%)  Total

// UNREG: unregistered.mlir:2:8: error:
// Unregistered ops have unknown effects: cse keeps both.
// ALLOW: %[[V:.+]] = "foo.bar"(%arg0) : (i32) -> i32
// ALLOW-NEXT: %[[W:.+]] = "foo.bar"(%arg0) : (i32) -> i32
// ALLOW-NEXT: "foo.use"(%[[V]], %[[W]]) : (i32, i32) -> ()

// LIST: Available Passes:
// LIST: --canonicalize  -  Canonicalize operations: fold, remove dead ops, apply rewrite patterns (on any)
// LIST-NEXT: max-iterations=<int>  -  maximum sweeps over the IR before giving up (default 10)
// LIST: --cse  -  Eliminate common sub-expressions (on any)
// LIST: --symbol-dce  -  Eliminate dead private symbols (on any)

// HELP: Passes
// HELP: --canonicalize {{.*}}options: max-iterations=<int> (default 10)
// HELP: --cse

// DIALECTS: Available Dialects:
// DIALECTS: arith
// DIALECTS: tt
tt.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  tt.return %0 : i32
}
