// Package archtest holds tests of rules that span the tree rather than one
// package: no code outside dialect/ names an op by a string literal where
// it compares or looks up op names (dialect/*'s OpName constants and typed
// views are the one spelling), and no function of the PTX backend runs
// over 60 lines without a doc comment that says why it is long.
//
// Invariant: the package has no non-test code; its tests read the Go
// sources of the repository with go/parser and fail naming file:line.
package archtest
