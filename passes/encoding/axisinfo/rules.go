package axisinfo

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// transfer computes result i of op from its operands' info.
func (a *Analysis) transfer(op *ir.Operation, i int) Info {
	shape := shapeOf(op.Result(i).Type())
	ops := make([]Info, op.NumOperands())
	for k, v := range op.Operands() {
		ops[k] = a.Get(v)
	}
	switch op.Name {
	case arith.ConstantOpName:
		return constantInfo(op, shape)
	case tt.MakeRangeOpName:
		start := op.IntAttrOr("start", 0)
		return Info{Contiguity: []int64{shape[0]}, Divisibility: []int64{pow2Div(start)}, Constancy: []int64{1}}
	case tt.SplatOpName:
		return splat(ops[0], shape)
	case tt.BroadcastOpName:
		return broadcast(ops[0], shapeOf(op.Operand(0).Type()), shape)
	case tt.ExpandDimsOpName:
		return expandDims(ops[0], int(op.IntAttrOr("axis", 0)))
	case arith.AddiOpName:
		return add(ops[0], ops[1], 1, shape)
	case tt.AddptrOpName:
		return add(ops[0], ops[1], int64(max(1, tt.BitWidth(pointee(op.Operand(0).Type()))/8)), shape)
	case arith.SubiOpName:
		return sub(ops[0], ops[1], shape)
	case arith.MuliOpName:
		return mul(ops[0], ops[1], shape)
	case arith.DivsiOpName, arith.DivuiOpName:
		return div(ops[0], ops[1], shape)
	case arith.RemsiOpName, arith.RemuiOpName:
		return rem(ops[0], ops[1], shape)
	case arith.CmpiOpName:
		return cmp(ops[0], ops[1], shape)
	case arith.ShrsiOpName, arith.ShruiOpName:
		return shr(ops[0], ops[1], shape)
	case arith.ShliOpName:
		return shl(ops[0], ops[1], shape)
	case arith.MaxsiOpName, arith.MinsiOpName, arith.MaxuiOpName, arith.MinuiOpName:
		return minMax(op.Name, ops[0], ops[1], shape)
	case arith.AndiOpName:
		return andi(ops[0], ops[1], shape)
	case arith.OriOpName, arith.XoriOpName:
		return constOnly(shape, ops...)
	case arith.SelectOpName:
		return constOnly(shape, ops...)
	case arith.ExtsiOpName, arith.ExtuiOpName, arith.TrunciOpName, arith.IndexCastOpName, arith.IndexCastuiOpName, tt.BitcastOpName,
		ttgpu.ConvertLayoutOpName, tt.IntToPtrOpName, tt.PtrToIntOpName:
		return ops[0]
	}
	return unknown(shape)
}

func pointee(t ir.Type) ir.Type {
	p, _ := tt.PointeeOf(t)
	return p
}

func constantInfo(op *ir.Operation, shape []int64) Info {
	switch v := op.Attr("value").(type) {
	case ir.IntegerAttr:
		return constant(shape, v.Value)
	case ir.DenseElementsAttr:
		if iv, ok := v.Elems[0].(ir.IntegerAttr); ok && v.Splat {
			return constant(shape, iv.Value)
		}
		if v.Splat {
			in := unknown(shape)
			in.Constancy = append([]int64(nil), shape...)
			return in
		}
	}
	return unknown(shape)
}

func splat(s Info, shape []int64) Info {
	return Info{Contiguity: fill(len(shape), 1), Divisibility: fill(len(shape), s.Divisibility[0]),
		Constancy: append([]int64(nil), shape...), Constant: s.Constant}
}

func broadcast(s Info, from, to []int64) Info {
	out := Info{Contiguity: make([]int64, len(to)), Divisibility: make([]int64, len(to)), Constancy: make([]int64, len(to)), Constant: s.Constant}
	for d := range to {
		if from[d] == 1 && to[d] != 1 {
			out.Contiguity[d], out.Divisibility[d], out.Constancy[d] = 1, s.Divisibility[d], to[d]
			continue
		}
		out.Contiguity[d], out.Divisibility[d], out.Constancy[d] = s.Contiguity[d], s.Divisibility[d], s.Constancy[d]
	}
	return out
}

// expandDims inserts a dimension of extent 1 whose divisibility is that of
// every element (Triton: a run of length > 1 only guarantees its first).
func expandDims(s Info, axis int) Info {
	nd := MaxDivisibility
	if s.Constant != nil {
		nd = pow2Div(*s.Constant)
	} else {
		for d := range s.Contiguity {
			x := s.Divisibility[d]
			if s.Contiguity[d] > 1 {
				x = 1
			}
			nd = gcd(nd, x)
		}
	}
	ins := func(xs []int64, v int64) []int64 {
		out := append([]int64(nil), xs[:axis]...)
		out = append(out, v)
		return append(out, xs[axis:]...)
	}
	return Info{Contiguity: ins(s.Contiguity, 1), Divisibility: ins(s.Divisibility, nd), Constancy: ins(s.Constancy, 1), Constant: s.Constant}
}

func binary(shape []int64, f func(d int) (c, v, k int64)) Info {
	out := unknown(shape)
	for d := range shape {
		c, v, k := f(d)
		out.Contiguity[d] = max(1, min(c, shape[d]))
		out.Divisibility[d] = max(1, min(v, MaxDivisibility))
		out.Constancy[d] = max(1, min(k, shape[d]))
	}
	return out
}

func constOf(l, r Info, f func(x, y int64) (int64, bool)) *int64 {
	if l.Constant == nil || r.Constant == nil {
		return nil
	}
	v, ok := f(*l.Constant, *r.Constant)
	if !ok {
		return nil
	}
	return &v
}

// add: a run of l plus a constant stretch of r (or vice versa) stays a run;
// rhs is scaled by scale (the element size, for tt.addptr).
func add(l, r Info, scale int64, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		c := max(gcd(l.Contiguity[d], r.Constancy[d]), gcd(l.Constancy[d], r.Contiguity[d]))
		return c, gcd(l.Divisibility[d], r.Divisibility[d]*scale), gcd(l.Constancy[d], r.Constancy[d])
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x + y*scale, true })
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}

func sub(l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		return gcd(l.Contiguity[d], r.Constancy[d]), gcd(l.Divisibility[d], r.Divisibility[d]), gcd(l.Constancy[d], r.Constancy[d])
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x - y, true })
	return out
}

func mul(l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		c := int64(1)
		if r.Constant != nil && *r.Constant == 1 {
			c = l.Contiguity[d]
		} else if l.Constant != nil && *l.Constant == 1 {
			c = r.Contiguity[d]
		}
		v := l.Divisibility[d] * r.Divisibility[d]
		if l.Divisibility[d] >= MaxDivisibility || r.Divisibility[d] >= MaxDivisibility {
			v = MaxDivisibility
		}
		return c, v, gcd(l.Constancy[d], r.Constancy[d])
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x * y, true })
	return out
}

// div: an exact division by a constant power of two p (p divides the
// dividend's divisibility) leaves divisibility / p.
func div(l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		v := int64(1)
		if p := r.Constant; p != nil && *p > 0 && *p&(*p-1) == 0 && l.Divisibility[d]%*p == 0 {
			v = l.Divisibility[d] / *p
		}
		return 1, v, gcd(l.Constancy[d], r.Constancy[d])
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x / max(y, 1), y != 0 })
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}

// rem by a value constant along d keeps runs that do not cross a multiple
// of the divisor: runs of gcd(contiguity, divisor divisibility, start
// divisibility).
func rem(l, r Info, shape []int64) Info {
	return binary(shape, func(d int) (int64, int64, int64) {
		c := int64(1)
		if r.Constancy[d] >= l.Contiguity[d] {
			c = gcd(gcd(l.Contiguity[d], r.Divisibility[d]), l.Divisibility[d])
		}
		return c, gcd(l.Divisibility[d], r.Divisibility[d]), gcd(l.Constancy[d], r.Constancy[d])
	})
}

// cmp: equal-operand stretches compare equal; a run compared with a
// constant stretch gives runs of equal results aligned to the common
// divisibility (Triton's heuristic for `range < splat(bound)`).
func cmp(l, r Info, shape []int64) Info {
	return binary(shape, func(d int) (int64, int64, int64) {
		k := gcd(l.Constancy[d], r.Constancy[d])
		switch {
		case l.Contiguity[d] > 1 && r.Constancy[d] >= l.Contiguity[d]:
			k = max(k, gcd(l.Contiguity[d], gcd(l.Divisibility[d], r.Divisibility[d])))
		case r.Contiguity[d] > 1 && l.Constancy[d] >= r.Contiguity[d]:
			k = max(k, gcd(r.Contiguity[d], gcd(r.Divisibility[d], l.Divisibility[d])))
		}
		return 1, 1, k
	})
}

// shiftOf returns the constant shift amount of r when it is one in
// [0, 62).
func shiftOf(r Info) (int64, bool) {
	if p := r.Constant; p != nil && *p >= 0 && *p < 62 {
		return *p, true
	}
	return 0, false
}

// blockConstancy is the length of the aligned runs on which x >> p (and
// x & -2^p) is constant, for runs of x of contiguity c starting at
// multiples of div: gcd(c, div, 2^p) (1 when x has no runs).
func blockConstancy(c, div, p int64) int64 {
	if c <= 1 {
		return 1
	}
	return gcd(gcd(c, div), int64(1)<<p)
}

// elemDiv is the divisibility of every element of x along d: its
// divisibility when it has no runs (each element starts one), else 1.
func elemDiv(l Info, d int) int64 {
	if l.Contiguity[d] > 1 {
		return 1
	}
	return l.Divisibility[d]
}

// shr: x >> c by a constant is x / 2^c for divisibility (what
// decompose-sparse-tensors emits for the halved and /16 shapes, strides and
// offsets of dynamic sparse operands); constancy survives, and a run of x
// aligned to 2^c becomes a constant stretch (a range >> 3 is constant over
// aligned groups of 8). Runs end, so the result's divisibility is that of
// every element: x's when x has no runs, else that of a run's first
// element when the whole run shifts to it.
func shr(l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		p, ok := shiftOf(r)
		if !ok {
			return 1, 1, gcd(l.Constancy[d], r.Constancy[d])
		}
		v := int64(1)
		div := l.Divisibility[d]
		if l.Contiguity[d] > 1 && l.Contiguity[d] > int64(1)<<p {
			div = 1 // several values per run
		}
		if div%(int64(1)<<p) == 0 {
			v = max(1, div>>p)
		}
		k := max(gcd(l.Constancy[d], r.Constancy[d]), min(blockConstancy(l.Contiguity[d], l.Divisibility[d], p), r.Constancy[d]))
		return 1, v, k
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x >> y, y >= 0 && y < 64 })
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}

// shl: x << c by a constant multiplies every element's divisibility by 2^c;
// constancy survives.
func shl(l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		k := gcd(l.Constancy[d], r.Constancy[d])
		p, ok := shiftOf(r)
		if !ok {
			return 1, 1, k
		}
		if p == 0 {
			return l.Contiguity[d], l.Divisibility[d], k
		}
		return 1, min(elemDiv(l, d)<<p, MaxDivisibility), k
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x << y, y >= 0 && y < 62 })
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}

// andi: x & -2^p (clearing the low p bits: the start of x's aligned block
// of 2^p) is constant on aligned runs like x >> p and divisible by 2^p;
// other masks keep only constancy.
func andi(l, r Info, shape []int64) Info {
	if l.Constant != nil && r.Constant == nil {
		l, r = r, l
	}
	m := r.Constant
	if m == nil || *m >= 0 || (-*m)&(-*m-1) != 0 {
		out := constOnly(shape, l, r)
		out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x & y, true })
		if out.Constant != nil {
			for d := range shape {
				out.Divisibility[d] = pow2Div(*out.Constant)
			}
		}
		return out
	}
	blk := -*m // 2^p
	p := int64(0)
	for int64(1)<<p < blk {
		p++
	}
	out := binary(shape, func(d int) (int64, int64, int64) {
		v := max(elemDiv(l, d), blk)
		if l.Contiguity[d] > 1 && l.Contiguity[d] <= blk && l.Divisibility[d]%blk == 0 {
			v = l.Divisibility[d] // the whole run clears to its first element
		}
		k := max(gcd(l.Constancy[d], r.Constancy[d]), min(blockConstancy(l.Contiguity[d], l.Divisibility[d], p), r.Constancy[d]))
		return 1, v, k
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) { return x & y, true })
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}

// constOnly: only constancy survives (gcd over all operands).
func constOnly(shape []int64, ops ...Info) Info {
	return binary(shape, func(d int) (int64, int64, int64) {
		k := shape[d]
		for _, o := range ops {
			if d < o.Rank() {
				k = gcd(k, o.Constancy[d])
			} else {
				k = 1
			}
		}
		return 1, 1, k
	})
}

// minMax: the result is one of the operands, so it has what both have in
// common (the bounds tensorptr clamps into [0, B]).
func minMax(name string, l, r Info, shape []int64) Info {
	out := binary(shape, func(d int) (int64, int64, int64) {
		return 1, gcd(l.Divisibility[d], r.Divisibility[d]), gcd(l.Constancy[d], r.Constancy[d])
	})
	out.Constant = constOf(l, r, func(x, y int64) (int64, bool) {
		switch name {
		case arith.MaxsiOpName:
			return max(x, y), true
		case arith.MinsiOpName:
			return min(x, y), true
		}
		return 0, false // unsigned: left unknown
	})
	if out.Constant != nil {
		for d := range shape {
			out.Divisibility[d] = pow2Div(*out.Constant)
		}
	}
	return out
}
