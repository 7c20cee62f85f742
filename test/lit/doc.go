// Package lit holds sp's lit test suite: the *.mlir, *.txt, *.ptx and *.test
// files below this directory, run by lit_test.go through internal/lit.
//
// Invariants:
//
//   - `go test ./test/lit/...` builds every cmd/* main package once (TestMain)
//     and runs each test file as a parallel subtest named by its path
//     relative to this directory, e.g. TestLit/filecheck/check-not-found.txt.
//   - FileCheck and filecheck always mean the project's cmd/filecheck;
//     FileCheck-14 and mlir-opt-14 are LLVM's, found on PATH and guarded by
//     REQUIRES features of the same name.
//   - RUN commands see FILECHECK_OPTS=--enable-var-scope, as in Triton.
//   - Inputs/ and testdata/ directories hold data, never tests; testdata/broken
//     holds lit files that must FAIL (TestRunnerDetectsFailures).
//   - With CI=true a test whose REQUIRES names a missing tool fails instead of
//     being skipped; only the cuda feature may skip in CI.
//
// docs/lit.md explains how to write tests.
package lit
