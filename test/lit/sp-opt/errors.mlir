// Unknown passes, bad option values and bad flags are located diagnostics
// with exit status 1.
// RUN: not sp-opt %s -no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not sp-opt %s -canonicalize=max-iterations=x 2>&1 | FileCheck %s --strict-whitespace --check-prefix=BADVAL
// RUN: not sp-opt %s -canonicalize='max-iterations=2 bogus=1' 2>&1 | FileCheck %s --check-prefix=BADKEY
// RUN: not sp-opt %s -cse=x 2>&1 | FileCheck %s --check-prefix=NOOPTS
// RUN: not sp-opt %s -canonicalize=region-simplify=sometimes 2>&1 | FileCheck %s --check-prefix=INPASS
// RUN: not sp-opt %s -mlir-print-ir-after=nope 2>&1 | FileCheck %s --check-prefix=PRINTNAME
// RUN: not sp-opt %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sp-opt %S/Inputs/bad-return.mlir 2>&1 | FileCheck %s --strict-whitespace --check-prefix=VERIFY

// UNKNOWN: <command line>: error: flag provided but not defined: -no-such-pass

// BADVAL: <command line>:1:30: error: invalid value for option 'max-iterations' of 'canonicalize': expected an integer, got "x"
// BADVAL-NEXT: -canonicalize=max-iterations=x
// BADVAL-NEXT: {{^ {29}\^$}}

// BADKEY: <command line>:1:32: error: no such option 'bogus' for 'canonicalize' (known: disable-patterns, max-iterations, region-simplify, test-convergence)

// NOOPTS: <command line>:1:6: error: 'cse' has no options

// INPASS: error: canonicalize: region-simplify must be disabled, normal or aggressive, not "sometimes"

// PRINTNAME: <command line>: error: 'nope' given to -mlir-print-ir-before/after is not a registered pass

// NOFILE: <command line>: error: cannot open input file

// VERIFY: bad-return.mlir:2:3: error: 'tt.return' op type of return operand 0 (i32) doesn't match function result type (f32) in function @f
// VERIFY-NEXT: {{^}}  tt.return %arg0 : i32
// VERIFY-NEXT: {{^  \^$}}
tt.func @f() {
  tt.return
}
