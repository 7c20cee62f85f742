package ods

import (
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// verify runs the checks derived from the signature, then the op's hook.
func (c *compiled) verify(op *ir.Operation) error {
	v, err := c.view(op)
	if err != nil {
		return ir.OpError(op, "%v", err)
	}
	for i, sl := range c.slots {
		vs := v.slotValues(i)
		what := "operand"
		if sl.result {
			what = "result"
		}
		for _, x := range vs {
			if !sl.Type.Accepts(x.Type()) {
				kind := ""
				if _, isTensor := x.Type().(ir.RankedTensorType); !isTensor && wantsTensor(sl.Type.Desc) {
					kind = "invalid kind of type specified: " // MLIR's words for a scalar where a tensor is required
				}
				return ir.OpError(op, "%s%s $%s must be %s, got %s", kind, what, sl.Name, sl.Type.Desc, ir.TypeString(x.Type()))
			}
		}
		if sl.Infer == nil || len(vs) == 0 && !sl.Infer.Each {
			continue
		}
		if sl.Infer.Each {
			src := v.slotValues(c.byName[sl.Infer.From])
			if len(src) != len(vs) {
				return ir.OpError(op, "%s $%s must have %s: %d values for %d", what, sl.Name, sl.Infer.Desc, len(vs), len(src))
			}
			for k, x := range vs {
				if want, ok := sl.Infer.Fn(src[k].Type()); ok && !ir.TypeEqual(x.Type(), want) {
					return ir.OpError(op, "%s $%s must have %s: #%d is %s, not %s", what, sl.Name, sl.Infer.Desc, k, ir.TypeString(x.Type()), ir.TypeString(want))
				}
			}
			continue
		}
		var from ir.Type
		if sl.Infer.From != "" {
			src := v.slotValues(c.byName[sl.Infer.From])
			if len(src) == 0 {
				continue
			}
			from = src[0].Type()
		}
		want, ok := sl.Infer.Fn(from)
		if !ok {
			continue // the source's own constraint reports it
		}
		for _, x := range vs {
			if !ir.TypeEqual(x.Type(), want) {
				if sl.Infer.Summary != "" {
					return ir.OpError(op, "failed to verify that %s: %s $%s must have %s (%s), got %s", sl.Infer.Summary, what, sl.Name, sl.Infer.Desc, ir.TypeString(want), ir.TypeString(x.Type()))
				}
				return ir.OpError(op, "%s $%s must have %s (%s), got %s", what, sl.Name, sl.Infer.Desc, ir.TypeString(want), ir.TypeString(x.Type()))
			}
		}
	}
	for _, a := range c.op.Attrs {
		x := op.Attr(a.Name)
		if x == nil {
			if !a.Optional {
				return ir.OpError(op, "requires attribute '%s'", a.Name)
			}
			continue
		}
		if a.Kind.Is != nil && !a.Kind.Is(x) {
			return ir.OpError(op, "attribute '%s' must be %s, got %s", a.Name, a.Kind.Desc, ir.AttrString(x))
		}
	}
	if c.op.Verify != nil {
		return c.op.Verify(op)
	}
	return nil
}

// wantsTensor reports whether a constraint description asks for tensors
// only ("a ranked tensor", "a tensor of floats").
func wantsTensor(desc string) bool {
	return strings.HasPrefix(desc, "a ranked tensor") || strings.HasPrefix(desc, "a tensor of")
}
