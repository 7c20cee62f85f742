// Package parser reads MLIR's textual form (custom and generic op forms,
// the Triton 3.1 triton_gpu. and 3.2+ ttg./ttng. spellings) into ir values.
//
//	mod, err := parser.ParseAndVerify(all.Context(), "k.mlir", src)
//
// The lexer is hand-written (a byte-class table and switches, no regular
// expressions or reflection) because the parser must keep pace with
// mlir-opt on 200,000-op modules: it lexes each token in place into the
// stream's current slot as a 40-byte value with a byte offset, line and
// column (the file name is the parser's), and a type spelled as before
// (an interned tensor type) is skipped without lexing its tokens. It
// also implements participle's lexer.Definition, for the location
// grammar that is the spec of the hand-written location parser. Operations, types and attributes are
// read by recursive descent; the parser implements ir.OpParser and
// ir.AsmParser, through which each op's custom assembly hook and each
// dialect's type and attribute parsers (declared with the dialect, found
// through the ir.Context) read their syntax. Location bodies (loc(...)) are
// a closed sub-language read by a hand-written descent (locparse.go, no
// reflection on the hot path); its participle grammar (locgrammar.go, EBNF
// golden in testdata/loc.ebnf) is the spec and the reference of a
// differential test.
//
// # Invariants
//
//   - Phases: location aliases (#loc = loc(...)) are indexed on the first
//     use of one not yet defined, since MLIR prints them after the module
//     (a definition starts a line); then attribute and type aliases and
//     top-level operations are parsed in order, forward references to values
//     and blocks resolved per region; top-level operations are wrapped in an
//     implicit builtin.module unless the file is exactly one module.
//   - Every op gets the position of its first token as its location unless
//     the text gives a loc(...); errors are *ir.Diagnostic values with
//     file:line:col, one per failure, never a panic.
//   - SSA names that are plain decimal numbers (`%12`, as printers emit)
//     are bound in a slice per isolated frame indexed by the number, and
//     `#loc<N>` location aliases in a slice indexed by N; other names in
//     maps.
//   - Names are resolved per isolated-from-above scope; a use of an
//     undefined value, a redefinition or a use with a type other than the
//     definition's is an error at the use.
//   - Parse only builds IR; verification is a separate step (Verify after
//     Parse, or ParseAndVerify), so tools can print unverifiable input.
//   - print(parse(print(x))) == print(x) for every dialect and spelling
//     (the round-trip tests check every .mlir file in the repository).
//   - The parser keeps no package state; the dialect registry comes from
//     the caller's ir.Context.
package parser
