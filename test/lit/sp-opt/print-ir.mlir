// IR dumps go to stderr with MLIR's exact headers.
// RUN: sp-opt %s -canonicalize -cse -symbol-dce -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTERALL
// RUN: sp-opt %s -canonicalize -cse -symbol-dce -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: sp-opt %s -canonicalize -cse -mlir-print-ir-before=cse -mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
// RUN: sp-opt %s -cse -mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFOREALL
// RUN: sp-opt %s --pass-pipeline='builtin.module(tt.func(cse))' -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: sp-opt %s --pass-pipeline='builtin.module(tt.func(cse))' -mlir-print-ir-after-all -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: not sp-opt %s -cse -canonicalize=region-simplify=odd -mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE

// AFTERALL: // -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
// AFTERALL-NEXT: module {
// AFTERALL: // -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //
// AFTERALL: // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //

// symbol-dce changes nothing here, so it has no dump.
// CHANGE: IR Dump After Canonicalizer (canonicalize)
// CHANGE: IR Dump After CSE (cse)
// CHANGE-NOT: IR Dump After SymbolDCE

// SELECT: // -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
// SELECT: // -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //
// SELECT-NOT: IR Dump

// BEFOREALL: // -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //
// BEFOREALL-NEXT: module {

// NESTED: // -----// IR Dump After CSE (cse) ('tt.func' operation: @f) //----- //
// NESTED-NEXT: tt.func @f(

// SCOPE: // -----// IR Dump After CSE (cse) ('tt.func' operation: @f) //----- //
// SCOPE-NEXT: module {

// FAILURE-NOT: IR Dump After CSE
// FAILURE: // -----// IR Dump After Canonicalizer Failed (canonicalize) ('builtin.module' operation) //----- //
// FAILURE: error: canonicalize: region-simplify must be disabled, normal or aggressive
tt.func @f(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.addi %arg0, %0 : i32
  %2 = arith.addi %arg0, %0 : i32
  %3 = arith.muli %1, %2 : i32
  tt.return %3 : i32
}
