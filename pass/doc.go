// Package pass is sp's pass infrastructure: declarative pass values, typed
// pass options, a registry of passes and named pipelines, the textual
// pipeline parser, nested pass managers, verification between passes and
// instrumentation (IR printing, timing, HTML dumps).
//
// # Declaring a pass
//
// A pass is a *Pass value (style.md P1):
//
//	var CSE = &pass.Pass{
//		Name: "cse", Title: "CSE", Summary: "Eliminate common sub-expressions",
//		Doc: doc, Anchor: pass.AnyOp, Run: runCSE,
//	}
//
// Options are a pointer to a struct of tagged fields (`opt:"name"
// help:"..."`) holding the defaults. The template is never written; every
// pipeline occurrence (Instance) gets its own copy, parsed from MLIR option
// syntax (`k=v k2=v2`, bare bool keys, comma-separated lists) through a
// flag.FlagSet bound to the struct, and Run reads it with OptionsOf[T].
//
// # Registry and pipelines
//
// Tools build a Registry explicitly (NewRegistry validates every pass:
// names, docs, anchors, option structs, duplicates, Requires cycles). Named
// pipelines (Pipeline) expand to pipeline text built from their own options.
// ParsePipeline reads `builtin.module(p1, p2{k=v}, tt.func(p3), any(p4))`;
// its errors are *ir.Diagnostic values whose column points into the text.
//
// # Execution invariants
//
//   - A Manager runs its elements in order on its anchor op. A nested
//     Manager runs, in block order, on each op directly nested in the
//     parent's regions whose name is its anchor (for "any": each
//     isolated-from-above op); all its elements run on one op before the next.
//   - A pass anchored on an op name only appears in a manager with that
//     anchor; an "any" manager only holds passes anchored on "any" (checked
//     at parse time).
//   - After every pass the op it ran on is verified unless
//     RunOptions.DisableVerify. A verifier failure there, or a panic inside
//     a pass, is an *InternalError naming the pass and the op location;
//     errors a pass returns are user diagnostics (*ir.Diagnostic).
//   - Instrumentations see Before hooks in registration order and
//     After/AfterFailed hooks in reverse order; they never modify the IR
//     (HTMLDump sets Value.NameHint only while it prints a snapshot and
//     restores every hint before returning). IRPrinter, Timing and HTMLDump
//     are nil-safe.
//   - HTMLDump's snapshots name a value once, when it first appears
//     (%v<N>, %arg<N> or the op's own hint), and keep that name and every
//     alias's name while the value or attribute lives (stablenames.go):
//     a pass that inserts, erases or changes one op shows that op's lines
//     and nothing else in its diff.
//   - The package holds no mutable package-level state.
package pass
