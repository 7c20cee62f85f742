// Package ods declares operations as data, in the spirit of MLIR's ODS: an
// Op lists its operands (single, optional or variadic groups), results,
// attributes with their kinds, traits and an assembly format such as
//
//	$ptr (`,` $mask^)? attr-dict `:` type($ptr)
//
// Op.Def compiles the format once into the ir.OpDef Parse and Print hooks and
// derives a verifier from the signature (operand and result counts, type
// constraints, type relations, required attributes and attribute kinds),
// followed by the op's own Verify hook for what a signature cannot say.
//
// Invariants:
//   - A format names every operand, and every operand and result type is
//     either written by the format (type, functional-type, custom) or
//     derived (Infer). Def panics otherwise: a malformed declaration is a
//     programming error caught by the dialect tests, never user input.
//   - Print(Parse(text)) is a fixed point: attributes printed by the format
//     are elided from attr-dict, as are operandSegmentSizes and attributes
//     equal to their declared default.
//   - The compiled printer never panics on an op that does not match its
//     signature (a failed pass may leave one); it writes a marker instead.
//   - Irregular ops (functions, reductions with regions, ops whose syntax
//     depends on the spelling) keep hand-written Parse and Print hooks but
//     still declare their signature, so every op is verified the same way.
package ods
