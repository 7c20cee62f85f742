package ods

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// View splits an op's operands and results into its declared groups.
type View struct {
	c   *compiled
	op  *ir.Operation
	rng [][2]int // per slot: start, end
}

// Group returns the values of the named operand or result group.
func (v *View) Group(name string) []*ir.Value {
	s, ok := v.c.byName[name]
	if !ok {
		return nil
	}
	return v.slotValues(s)
}

func (v *View) slotValues(s int) []*ir.Value {
	r := v.rng[s]
	if v.c.slots[s].result {
		return v.op.Results()[r[0]:r[1]]
	}
	return v.op.Operands()[r[0]:r[1]]
}

// view computes the group ranges of op, or an error when op does not match
// the signature. Ops whose groups are all single share precomputed ranges,
// so that verifying and printing them allocates nothing.
func (c *compiled) view(op *ir.Operation) (View, error) {
	if c.static != nil {
		if op.NumOperands() != c.nOps || op.NumResults() != len(c.slots)-c.nOps {
			return View{}, fmt.Errorf("expects %d operands and %d results, got %d and %d",
				c.nOps, len(c.slots)-c.nOps, op.NumOperands(), op.NumResults())
		}
		return View{c: c, op: op, rng: c.static}, nil
	}
	v := View{c: c, op: op, rng: make([][2]int, len(c.slots))}
	sizes, err := c.operandSizes(op)
	if err != nil {
		return View{}, err
	}
	at := 0
	for i := 0; i < c.nOps; i++ {
		v.rng[i] = [2]int{at, at + sizes[i]}
		at += sizes[i]
	}
	rs, err := groupSizes(c.slots[c.nOps:], op.NumResults(), "result")
	if err != nil {
		return View{}, err
	}
	at = 0
	for i, n := range rs {
		v.rng[c.nOps+i] = [2]int{at, at + n}
		at += n
	}
	return v, nil
}

// operandSizes returns the size of each operand group of op.
func (c *compiled) operandSizes(op *ir.Operation) ([]int, error) {
	groups := c.slots[:c.nOps]
	n := op.NumOperands()
	switch c.op.Segments {
	case Computed:
		out, err := c.op.OperandSizes(op)
		if err != nil {
			return nil, err
		}
		sum := 0
		for i, k := range out {
			if g := groups[i]; k < 0 || (g.Arity == One && k != 1) || (g.Arity == Optional && k > 1) {
				return nil, fmt.Errorf("operand group $%s cannot hold %d values", g.Name, k)
			}
			sum += k
		}
		if len(out) != len(groups) || sum != n {
			return nil, fmt.Errorf("operand group sizes %v do not cover the %d operands", out, n)
		}
		return out, nil
	case AttrSized:
		seg, ok := op.Attr(SegmentAttr).(ir.DenseArrayAttr)
		if !ok {
			return nil, fmt.Errorf("requires attribute '%s'", SegmentAttr)
		}
		if len(seg.Ints) != len(groups) {
			return nil, fmt.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", SegmentAttr, len(groups), len(seg.Ints))
		}
		out := make([]int, len(groups))
		sum := 0
		for i, s := range seg.Ints {
			g := groups[i]
			if s < 0 || (g.Arity == One && s != 1) || (g.Arity == Optional && s > 1) {
				return nil, fmt.Errorf("'%s' %s does not fit operand group $%s", SegmentAttr, ir.AttrString(seg), g.Name)
			}
			out[i] = int(s)
			sum += int(s)
		}
		if sum != n {
			return nil, fmt.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", n, sum, SegmentAttr)
		}
		return out, nil
	case SameSize:
		singles, vars := 0, 0
		for _, g := range groups {
			if g.Arity == One {
				singles++
			} else {
				vars++
			}
		}
		if n < singles || (vars == 0 && n != singles) || (vars > 0 && (n-singles)%vars != 0) {
			return nil, fmt.Errorf("expects %d operands plus %d variadic groups of one size, got %d operands", singles, vars, n)
		}
		out := make([]int, len(groups))
		for i, g := range groups {
			out[i] = 1
			if g.Arity != One {
				out[i] = (n - singles) / vars
			}
		}
		return out, nil
	case OptionalPrefix:
		singles := 0
		for _, g := range groups {
			if g.Arity == One {
				singles++
			}
		}
		extra := n - singles
		if extra < 0 || extra > len(groups)-singles {
			return nil, fmt.Errorf("expects %d to %d operands, got %d", singles, len(groups), n)
		}
		out := make([]int, len(groups))
		for i, g := range groups {
			switch {
			case g.Arity == One:
				out[i] = 1
			case extra > 0:
				out[i], extra = 1, extra-1
			}
		}
		return out, nil
	}
	return groupSizes(groups, n, "operand")
}

// groupSizes splits n values over groups with at most one non-single group.
func groupSizes(groups []slot, n int, what string) ([]int, error) {
	singles, open := 0, -1
	for i, g := range groups {
		if g.Arity == One {
			singles++
		} else {
			open = i
		}
	}
	out := make([]int, len(groups))
	for i := range out {
		out[i] = 1
	}
	switch {
	case open < 0 && n != singles:
		return nil, fmt.Errorf("expects %d %ss, got %d", singles, what, n)
	case open >= 0 && n < singles:
		return nil, fmt.Errorf("expects at least %d %ss, got %d", singles, what, n)
	case open >= 0 && groups[open].Arity == Optional && n > singles+1:
		return nil, fmt.Errorf("expects %d or %d %ss, got %d", singles, singles+1, what, n)
	}
	if open >= 0 {
		out[open] = n - singles
	}
	return out, nil
}

// staticRanges returns the group ranges of an op whose groups are all
// single, or nil.
func staticRanges(slots []slot, nOps int) [][2]int {
	rng := make([][2]int, len(slots))
	for i, s := range slots {
		if s.Arity != One {
			return nil
		}
		k := i
		if i >= nOps {
			k = i - nOps
		}
		rng[i] = [2]int{k, k + 1}
	}
	return rng
}
