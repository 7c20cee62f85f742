package transform

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const cseDoc = `CSE replaces an operation by an equivalent one that dominates it and
erases it. Two ops are equivalent when both are Pure, have no regions, and
have the same name, operands (order-insensitive for Commutative ops),
properties, discardable attributes and result types.

Scoping: an op is visible in the rest of its block and in the regions
nested below it, except inside isolated-from-above ops (functions), which
start an empty scope. In a multi-block region each block sees the ops of
its immediate dominator's scope. Trivially dead Pure ops met on the way
are erased too (as MLIR's cse does).`

// CSE is the common sub-expression elimination pass.
var CSE = &pass.Pass{
	Name:    "cse",
	Title:   "CSE",
	Summary: "Eliminate common sub-expressions",
	Doc:     cseDoc,
	Anchor:  pass.AnyOp,
	Run: func(_ *pass.Context, op *ir.Operation) error {
		EliminateCommonSubexpressions(op)
		return nil
	},
}

// CSEStats counts what EliminateCommonSubexpressions did.
type CSEStats struct{ Replaced, Dead int }

// EliminateCommonSubexpressions runs CSE on everything nested in root.
func EliminateCommonSubexpressions(root *ir.Operation) CSEStats {
	c := &cse{ids: map[*ir.Value]int{}}
	for _, r := range root.Regions {
		c.region(r, nil)
	}
	return c.stats
}

type cseScope struct {
	parent *cseScope
	ops    map[string]*ir.Operation
}

func (s *cseScope) lookup(k string) *ir.Operation {
	for ; s != nil; s = s.parent {
		if o, ok := s.ops[k]; ok {
			return o
		}
	}
	return nil
}

type cse struct {
	ids   map[*ir.Value]int
	sb    strings.Builder
	stats CSEStats
}

func (c *cse) region(r *ir.Region, parent *cseScope) {
	switch len(r.Blocks) {
	case 0:
		return
	case 1:
		c.block(r.Blocks[0], &cseScope{parent: parent, ops: map[string]*ir.Operation{}})
		return
	}
	idom := immediateDominators(r)
	scopes := map[*ir.Block]*cseScope{}
	for _, b := range dominatorOrder(r, idom) {
		p := parent
		if d := idom[b]; d != nil {
			p = scopes[d]
		}
		scopes[b] = &cseScope{parent: p, ops: map[string]*ir.Operation{}}
		c.block(b, scopes[b])
	}
}

func (c *cse) block(b *ir.Block, s *cseScope) {
	for _, op := range append([]*ir.Operation(nil), b.Ops()...) {
		if isTriviallyDead(op) {
			op.Erase()
			c.stats.Dead++
			continue
		}
		if c.eligible(op) {
			k := c.key(op)
			if prev := s.lookup(k); prev != nil {
				op.ReplaceAllUsesWith(prev.Results())
				op.Erase()
				c.stats.Replaced++
				continue
			}
			s.ops[k] = op
		}
		for _, r := range op.Regions {
			if op.HasTrait(ir.IsolatedFromAbove) {
				c.region(r, nil)
			} else {
				c.region(r, s)
			}
		}
	}
}

func (c *cse) eligible(op *ir.Operation) bool {
	return op.HasTrait(ir.Pure) && len(op.Regions) == 0 && op.NumResults() > 0 && !op.HasTrait(ir.Terminator) && len(op.Successors) == 0
}

func (c *cse) id(v *ir.Value) int {
	if n, ok := c.ids[v]; ok {
		return n
	}
	n := len(c.ids) + 1
	c.ids[v] = n
	return n
}

// key encodes name, operand identities, attributes and result types.
func (c *cse) key(op *ir.Operation) string {
	ids := make([]int, op.NumOperands())
	for i, v := range op.Operands() {
		ids[i] = c.id(v)
	}
	if op.HasTrait(ir.Commutative) {
		sort.Ints(ids)
	}
	sb := &c.sb
	sb.Reset()
	sb.WriteString(op.Name)
	sb.WriteByte('(')
	for _, n := range ids {
		sb.WriteString(strconv.Itoa(n))
		sb.WriteByte(',')
	}
	sb.WriteByte(')')
	if op.Props.Len() > 0 {
		sb.WriteString(ir.AttrString(op.Props))
	}
	sb.WriteByte('|')
	if op.Attrs.Len() > 0 {
		sb.WriteString(ir.AttrString(op.Attrs))
	}
	sb.WriteString("->")
	for _, t := range op.ResultTypes() {
		sb.WriteString(ir.TypeString(t))
		sb.WriteByte(',')
	}
	return sb.String()
}

// immediateDominators computes, for each block of r reachable from its
// entry, its immediate dominator (nil for the entry) with the iterative
// data-flow algorithm over dominator sets; regions are small.
func immediateDominators(r *ir.Region) map[*ir.Block]*ir.Block {
	n := len(r.Blocks)
	idx := map[*ir.Block]int{}
	for i, b := range r.Blocks {
		idx[b] = i
	}
	preds := make([][]int, n)
	for i, b := range r.Blocks {
		for _, s := range b.Successors() {
			if j, ok := idx[s]; ok {
				preds[j] = append(preds[j], i)
			}
		}
	}
	dom := make([][]bool, n)
	for i := range dom {
		dom[i] = make([]bool, n)
		for j := range dom[i] {
			dom[i][j] = i != 0 || j == 0
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			next := make([]bool, n)
			for j := range next {
				next[j] = len(preds[i]) > 0
				for _, p := range preds[i] {
					next[j] = next[j] && dom[p][j]
				}
			}
			next[i] = true
			for j := range next {
				if next[j] != dom[i][j] {
					changed = true
				}
			}
			dom[i] = next
		}
	}
	// The immediate dominator is the strict dominator with the most
	// dominators of its own (strict dominators form a chain).
	size := func(i int) int {
		k := 0
		for _, x := range dom[i] {
			if x {
				k++
			}
		}
		return k
	}
	out := map[*ir.Block]*ir.Block{}
	for i, b := range r.Blocks {
		if i == 0 || len(preds[i]) == 0 {
			out[b] = nil
			continue
		}
		best := -1
		for j := range dom[i] {
			if j != i && dom[i][j] && (best < 0 || size(j) > size(best)) {
				best = j
			}
		}
		if best >= 0 {
			out[b] = r.Blocks[best]
		}
	}
	return out
}

// dominatorOrder lists blocks so that each comes after its immediate
// dominator (region order among blocks with no dominator relation).
func dominatorOrder(r *ir.Region, idom map[*ir.Block]*ir.Block) []*ir.Block {
	done := map[*ir.Block]bool{}
	var out []*ir.Block
	var add func(b *ir.Block)
	add = func(b *ir.Block) {
		if done[b] {
			return
		}
		done[b] = true
		if d := idom[b]; d != nil {
			add(d)
		}
		out = append(out, b)
	}
	for _, b := range r.Blocks {
		add(b)
	}
	return out
}
