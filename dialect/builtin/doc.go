// Package builtin defines MLIR's builtin dialect ops: builtin.module and
// builtin.unrealized_conversion_cast.
//
// # Forms
//
//	module [@name] [attributes {k = v, ...}] { ops }
//	%y = builtin.unrealized_conversion_cast %x : T to U
//
// The custom form of builtin.module is spelled `module` (the ir printer
// elides the namespace for this op only); its generic form keeps
// "builtin.module".
//
// # Invariants
//
//   - A module has exactly one region; the region has one block without
//     arguments (NewModule and the parse hook create the block when the
//     text has none) and no terminator. Ops in it form a symbol table.
//   - `sym_name` and `sym_visibility` are properties and must be strings.
//   - unrealized_conversion_cast has at least one result; it folds to its
//     inputs when they already have the result types, and a round trip
//     cast(cast(x : T to U) : U to T) folds to x.
//
// Dialect returns a fresh value each call; the package has no mutable
// state and registers nothing at init time.
package builtin
