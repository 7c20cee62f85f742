// Package ir is sp's MLIR-style intermediate representation: operations,
// values, blocks, regions, types, attributes, locations, diagnostics, the
// printer and the verifier.
//
// # Model
//
// An Operation has a name, operands, results, two attribute dictionaries
// (Props: inherent attributes, printed `<{...}>` in generic form; Attrs:
// discardable ones), regions, successors and a Location. Registered ops
// carry their *OpDef (traits, hooks); unregistered ops have Def == nil and
// print only in generic form. A Region owns Blocks; a Block owns its
// arguments and an ordered list of ops.
//
// Types and attributes are immutable Go values behind the small Type and
// Attribute interfaces, compared with Equal (structural). Dialect packages
// add their own concrete types; nothing is stored as map[string]any.
//
// # Invariants
//
//   - Use lists are exact: every operand slot that reads a value appears
//     once in that value's Uses. Only Operation.SetOperand/SetOperands (and
//     the helpers built on them) change operands.
//   - Dictionaries are sorted by key with unique keys (DictAttr.With keeps
//     this), so printing is deterministic.
//   - Op names are stored canonically (`triton_gpu.` not `ttg.`); the
//     printer maps namespaces through PrintOptions.Spelling.
//   - Print then parse then print is a fixed point for both the custom and
//     the generic form; value names are recomputed at each print (program
//     order per isolated-from-above scope), so input names are not kept.
//     A printer records each value's name slot in the value itself (not in
//     a map keyed by *Value), so one IR is printed by one goroutine at a
//     time; printing changes nothing else.
//   - Verify checks structure (terminators, dominance, isolation) and then
//     each op's hook; it never panics on malformed IR built by a parser.
//
// # Contexts
//
// A Context is the registry of dialects; tools build it explicitly from the
// dialect packages (no init-time registration). Dialect namespaces may have
// aliases (`ttg` for `triton_gpu`).
package ir
