// Package transform holds sp's dialect-independent transformations:
// canonicalize (a greedy pattern driver with folding and dead-code
// elimination), cse, symbol-dce, loop-invariant-code-motion and
// triton-loop-unroll (scf.for loops marked tt.loop_unroll_factor: a main
// loop of f body copies, then the leftover iterations; the unrolled loop
// computes what the old one did, iteration by iteration, in the same
// order). Each pass is one exported *pass.Pass.
//
// # Canonicalize: order of application
//
// ApplyPatternsGreedily queues every op nested in the root in program order
// (pre-order) and processes the queue; for each op, in this order:
//
//  1. Dead-code elimination: a Pure, non-terminator op whose results are
//     unused and whose nested ops are all Pure is erased.
//  2. Folding: OpDef.Fold receives the `value` attributes of ConstantLike
//     operand definitions. Results folded to existing values replace the
//     op's results; results folded to attributes are materialised (default:
//     arith.constant) at the front of the entry block of the region directly
//     inside the nearest isolated-from-above ancestor, reusing an equal
//     constant already there (moved to the front). A fold returning the op's
//     own results means "updated in place". ConstantLike ops never fold.
//  3. Patterns: the op's patterns (Root == op name) by decreasing Benefit,
//     then generic patterns (Root == "") by decreasing Benefit; ties keep
//     registration order. The first Rewrite returning true wins.
//
// Every change goes through the Rewriter, which queues the affected ops
// (users of replaced values, definitions of erased operands, created ops).
// A sweep ends when the queue is empty; before each sweep, blocks
// unreachable from their region's entry are erased. Sweeps repeat until one
// changes nothing (converged) or MaxIterations (default 10) ran.
//
// # Invariants
//
//   - The root op is never erased, replaced or moved.
//   - Only Pure ops are erased for being unused; ops without OpDefs
//     (unregistered) are never erased, folded or merged.
//   - CSE never merges ops with regions or successors, and never looks
//     across an isolated-from-above boundary.
//   - symbol-dce erases only symbols with sym_visibility = "private".
//   - loop-invariant-code-motion moves only Pure, speculatable, region-free
//     ops that sit directly in an scf.for body and whose operands are all
//     defined outside the loop; it never moves loads, stores or other ops
//     with side effects.
//   - No package-level mutable state: Canonicalize, CSE, SymbolDCE and LICM are
//     declarations; NewCanonicalize builds a fresh pass value.
package transform
