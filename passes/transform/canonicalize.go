package transform

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// CanonicalizeOptions are the options of canonicalize.
type CanonicalizeOptions struct {
	MaxIterations   int      `opt:"max-iterations" help:"maximum sweeps over the IR before giving up"`
	Disabled        []string `opt:"disable-patterns" help:"names of patterns not to apply"`
	RegionSimplify  string   `opt:"region-simplify" help:"remove unreachable blocks: disabled, normal or aggressive (both remove them)"`
	TestConvergence bool     `opt:"test-convergence" help:"fail when the rewrite does not converge within max-iterations"`
}

const canonicalizeDoc = `Canonicalize applies, until nothing changes, in this order on each op:

 1. dead-code elimination: a Pure op whose results are unused (and whose
    nested ops are Pure) is erased;
 2. folding through the op's OpDef.Fold hook: results are replaced by
    existing values, or by constants materialised as arith.constant and
    hoisted to the entry block of the enclosing isolated-from-above op
    (deduplicated there);
 3. the first matching rewrite pattern, highest benefit first,
    op-specific patterns before generic ones at equal benefit.

Ops are visited in program order, and ops touched by a change (users of
replaced values, definitions of erased operands, newly created ops) are
revisited. Before each sweep, blocks unreachable from their region's entry
are erased (region-simplify). Built-in generic pattern:
commute-constant-right (a commutative op with a constant lhs and a
non-constant rhs swaps them, so folders and CSE see one form).`

// NewCanonicalize returns a canonicalize pass applying patterns (on top of
// folding and dead-code elimination). Tools pass the dialects'
// canonicalization patterns here; Canonicalize uses GenericPatterns only.
func NewCanonicalize(patterns ...Pattern) *pass.Pass {
	ps := append([]Pattern(nil), patterns...)
	return &pass.Pass{
		Name:    "canonicalize",
		Title:   "Canonicalizer",
		Summary: "Canonicalize operations: fold, remove dead ops, apply rewrite patterns",
		Doc:     canonicalizeDoc,
		Anchor:  pass.AnyOp,
		Options: &CanonicalizeOptions{MaxIterations: 10, RegionSimplify: "normal"},
		Run: func(ctx *pass.Context, op *ir.Operation) error {
			return runCanonicalize(ctx, op, ps)
		},
	}
}

// Canonicalize is the canonicalize pass with GenericPatterns.
var Canonicalize = NewCanonicalize(GenericPatterns()...)

func runCanonicalize(ctx *pass.Context, op *ir.Operation, ps []Pattern) error {
	o := pass.OptionsOf[CanonicalizeOptions](ctx)
	cfg := GreedyConfig{MaxIterations: o.MaxIterations, Disabled: map[string]bool{}}
	switch o.RegionSimplify {
	case "disabled", "false":
		cfg.NoRegionSimplify = true
	case "normal", "aggressive", "true":
	default:
		return ir.Errorf(op.Loc, "canonicalize: region-simplify must be disabled, normal or aggressive, not %q", o.RegionSimplify)
	}
	if o.MaxIterations <= 0 {
		return ir.Errorf(op.Loc, "canonicalize: max-iterations must be positive, got %d", o.MaxIterations)
	}
	known := map[string]bool{}
	for _, p := range ps {
		known[p.Name] = true
	}
	for _, n := range o.Disabled {
		if !known[n] {
			return ir.Errorf(op.Loc, "canonicalize: disable-patterns names unknown pattern %q", n)
		}
		cfg.Disabled[n] = true
	}
	st := ApplyPatternsGreedily(ctx.IR, op, ps, cfg)
	if o.TestConvergence && !st.Converged {
		return ir.Errorf(op.Loc, "canonicalizer failed to converge within %d iterations", o.MaxIterations)
	}
	return nil
}

// GenericPatterns are the dialect-independent canonicalization patterns.
func GenericPatterns() []Pattern {
	return []Pattern{{
		Name: "commute-constant-right",
		// op(c, x) -> op(x, c) for commutative op, constant c, non-constant x
		Rewrite: func(op *ir.Operation, rw *Rewriter) bool {
			if !op.HasTrait(ir.Commutative) || op.NumOperands() != 2 {
				return false
			}
			l, r := op.Operand(0), op.Operand(1)
			if ConstantValue(l) == nil || ConstantValue(r) != nil {
				return false
			}
			rw.ModifyInPlace(op, func() { op.SetOperands([]*ir.Value{r, l}) })
			return true
		},
	}}
}

// String names a pattern for diagnostics.
func (p Pattern) String() string {
	return fmt.Sprintf("%s (root %q, benefit %d)", p.Name, p.Root, p.Benefit)
}
