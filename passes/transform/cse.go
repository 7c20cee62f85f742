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
	dt := ir.NewDomTree(r)
	scopes := map[*ir.Block]*cseScope{}
	for _, b := range dt.Order() {
		p := parent
		if d := dt.Idom(b); d != nil {
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
