// Package lit is sp's implementation of LLVM's lit test runner: it discovers
// test files, reads their lit keywords, substitutes %-variables and runs the
// RUN lines with a small built-in shell, so `go test ./test/lit/...` needs no
// Python, no lit and no /bin/sh. docs/lit.md is the user guide.
//
// The pieces, in the order a test goes through them:
//
//   - Discover walks a suite root for files with DefaultSuffixes that contain
//     a RUN: line, skipping SkipDirs (Inputs, testdata, Output).
//   - ParseScript reads RUN:, DEFINE:, REDEFINE:, REQUIRES:, UNSUPPORTED:,
//     XFAIL: and END. after any comment leader and joins "\" continuations.
//   - Subst.Expand applies %s %S %p %t %T %% %/s… %{name} %(line) and
//     %if/%else in one left-to-right pass.
//   - ParseShell tokenizes and parses the command into a List of Pipelines;
//     Shell.Run executes it with builtins (not, env, cd, export, echo, cat,
//     rm, mkdir, true, false, :, split-file), mapped tools and PATH.
//   - Config.RunFile combines them and decides PASS, FAIL, XFAIL, XPASS or
//     UNSUPPORTED.
//   - A Suite is a lit.toml (LoadSuite, FindSuiteRoot walking up from a
//     test; lit.local.toml adjusts a directory, Suite.ForDir); Configure
//     turns it into a Config. Main is sp-lit: discovery over suites,
//     filter, shards, workers, llvm-lit's result lines and summary
//     (report.go), JUnit XML (WriteXunit). LitCfgPy writes the
//     lit.site.cfg.py under which LLVM's lit runs the same files.
//
// Invariants:
//
//   - RUN lines of a file run in order, in one Shell whose working directory
//     starts as the test's private %T; the first failing line ends the test.
//   - A pipeline fails if any stage fails (pipefail); its exit code is that of
//     the last failing stage. "not CMD" succeeds iff CMD exits non-zero
//     without crashing (signal or Go panic); "not --crash" iff it crashes.
//   - A command name is resolved as: builtin, then Config.Tools (the project's
//     binaries, built by BuildTools; FileCheck → cmd/filecheck), then the
//     PATH of the command's environment. A tool whose build failed or whose
//     package does not exist fails with exit code 127; it never silently
//     falls back to a same-named program on PATH.
//   - Substitution output is never rescanned, except DEFINE bodies.
//   - An XFAIL test that passes is XPASS, a failure. With Config.CI, a REQUIRES
//     that is unmet because of anything other than an EnvironmentFeatures
//     entry (cuda) is a failure, never a skip.
//   - sp-lit's exit status is lit's: 1 iff a test is FAIL, XPASS or
//     TIMEOUT; 2 for configuration and usage errors. Result lines are
//     numbered in completion order, 1..n, each test exactly once.
//   - An unknown key in lit.toml or lit.local.toml is an error.
//   - The package holds no mutable package-level state; Shell state (Dir,
//     Env) belongs to one test file.
package lit
