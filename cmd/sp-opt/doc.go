// sp-opt is sp's mlir-opt/triton-opt: it parses MLIR text (a file or - for
// stdin; Triton's .ttir, .ttgir and .source as they are; a Triton cache
// entry or dump directory, whose .ttir it reads), verifies it, runs a pass
// pipeline and prints the result, TritonGPU IR in the input's Triton
// spelling unless --triton-version=3.1|3.6 says otherwise.
//
//	sp-opt input.mlir -split-input-file -canonicalize='max-iterations=3' -cse | FileCheck input.mlir
//	sp-opt input.mlir --pass-pipeline='builtin.module(tt.func(canonicalize), cse)'
//	sp-opt input.mlir -split-input-file -verify-diagnostics
//
// Flags follow mlir-opt (ir-syntax.md §7): one flag per registered pass
// (`-name` or `-name='k=v k2=v2'`, run in command-line order; a pass anchored
// on another op than builtin.module is nested automatically), or
// --pass-pipeline (not both); -o; -split-input-file[=marker] and
// --output-split-marker; -verify-diagnostics[=all|only-expected];
// --verify-each; --allow-unregistered-dialect; -mlir-print-ir-before=,
// -after=, -before-all, -after-all, -after-change, -after-failure,
// -module-scope; -mlir-timing; -mlir-print-op-generic, -debuginfo,
// -local-scope; --list-passes, --dump-pass-pipeline, --show-dialects,
// --help (pass flags and their options are generated from the registry);
// --dump-pass-html=FILE; --gen-pass-docs (writes docs/passes.md, see the
// go:generate line in main.go).
//
// # Command line handling
//
// urfave/cli/v2 parses the flags. Go's flag package already accepts
// single-dash long flags (-split-input-file) and `-flag=value with spaces`
// as one argument, so those need no rewriting; but it stops at the first
// positional argument, so normalizeArgs moves positionals (the input file)
// after the flags before urfave sees them, keeping the separate value of
// value-taking flags (`-o out.mlir`). Pass flags are bool-like flag.Values
// that record each occurrence in order.
//
// # Invariants
//
//   - Every error is printed as `file:line:col: error: msg`, the source line
//     and a caret (ir.SourceMgr), and exits 1. Pipeline strings are the
//     buffer `<pass-pipeline>`; pass flags the buffer `<command line>`
//     holding the flag as typed. Flags errors with no position print as
//     `<command line>: error: msg`. No user input reaches a panic; a panic
//     inside a pass is reported as an internal error naming the pass
//     (SP_OPT_STACK=1 adds the Go stack) and always exits 1.
//   - Split chunks are parsed with the preceding lines blanked, so every
//     diagnostic and expected-* comment uses the file's own line numbers
//     (mlir-opt instead names chunk buffers `within split at FILE:N offset`).
//     Chunk outputs are joined by the output marker plus a newline; a
//     failing chunk prints nothing and the exit status is 1.
//   - Under -verify-diagnostics every diagnostic (parser, verifier, passes,
//     notes separately) must match an expected-* comment on its line (@+N,
//     @-N, @above/@below: the nearest line that is not itself an expected-*
//     comment) and every comment must be matched; failures print
//     "unexpected error: ..." and `expected error "..." was not produced`.
//     Pass failures then do not by themselves set the exit status.
//   - -mlir-print-ir-after-change without -after/-after-all means after-all,
//     skipping passes that left the IR unchanged.
package main
