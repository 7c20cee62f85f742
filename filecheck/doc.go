// Package filecheck is a Go implementation of LLVM's FileCheck (version 14
// behaviour): it verifies a text input against CHECK directives in a check
// file. cmd/filecheck wraps it as a drop-in binary; the lit runner can call
// it in process.
//
// # API
//
//	inv, err := filecheck.ParseArgs(os.Args[1:], os.Getenv("FILECHECK_OPTS"))
//	code := filecheck.Check(inv.Options, checkName, checkText, inputName, input, os.Stderr)
//
// Check returns ExitOK (0), ExitFail (1) or ExitError (2) and writes
// diagnostics to its writer in LLVM's format ("file:line:col: error: ..."
// quoting the line with a caret, then notes such as "scanning from here"),
// byte for byte with what LLVM prints before the input dump on every case
// of the differential corpus (testdata/corpus). On failure it
// then prints the annotated input dump (Options.Dump, as --dump-input) and a
// line diff of the failed directive and the positive directives after it
// against the input where the search began (suppressed by Options.NoDiff or
// the extra flag --no-diff).
//
// # Invariants
//
//   - Both files are canonicalized first ("\r\n" to "\n"; unless
//     StrictWhitespace, runs of blanks to one space); all offsets and
//     columns refer to the canonical text, as in LLVM.
//   - A check file is parsed completely before any matching; a parse error
//     stops with ExitError (an unmatched "]" in a variable regex exits 1,
//     as LLVM does).
//   - Matching is one left-to-right pass in LLVM's order: CHECK-LABEL
//     matches partition the input; in each region, every positive directive
//     first matches its preceding CHECK-DAG/CHECK-NOT group, then itself,
//     then NEXT/SAME placement and the NOTs over the skipped text.
//   - Patterns are translated from POSIX ERE to Go RE2 (ere.go) and run
//     leftmost-longest with (?m); negated brackets exclude '\n'; "\x" is the
//     literal x. A same-line [[VAR]] use is a back-reference: it is matched
//     as a copy of the definition's regex and the two captures are then
//     compared; on mismatch the search retries with the captured text, then
//     from the next position.
//   - Variables live in one context per Check call: string values, numeric
//     variables (exact big.Int values limited to [-2^63, 2^64-1]) and @LINE.
//     --enable-var-scope clears names without '$' at each label region.
//   - No package-level mutable state; Check is safe for concurrent use with
//     distinct writers.
//
// # Flag parsing
//
// cmd/filecheck parses flags by hand (ParseArgs) rather than with
// urfave/cli or the flag package: LLVM accepts every long option with one or
// two dashes, "-opt=value" and "-opt value", takes -D only with a joined value
// ("-DNAME=V", "-D#%x,N=16"), and reads FILECHECK_OPTS before the command line;
// urfave/cli treats single-dash words as short-flag clusters and cannot
// express a joined, repeatable -D.
//
// # Differences from LLVM
//
// Back-references written by hand inside {{...}} ("\1") are rejected;
// -vv behaves like -v; --dump-input annotations cover failures (and -v
// matches are not annotated), and --dump-input-filter and --color are
// accepted but ignored. Command-line syntax errors exit 1, like LLVM's
// option parser. See docs/filecheck.md.
package filecheck
