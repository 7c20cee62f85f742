package ptx

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// axisInfo is a reduced form of Triton's AxisInfo, per dimension of a
// tensor (a scalar has one pseudo-dimension):
//   - contig: elements come in runs of contig consecutive values (+1 each);
//   - div: the first value of each run is divisible by div (bytes for
//     pointers, units for integers);
//   - constancy: values are equal in runs of constancy elements.
//
// It decides how wide global loads, stores and cp.async can be.
type axisInfo struct {
	contig, div, constancy []int64
}

const maxDiv = int64(1) << 30

func newInfo(n int, contig, div, constancy int64) *axisInfo {
	a := &axisInfo{make([]int64, n), make([]int64, n), make([]int64, n)}
	for i := 0; i < n; i++ {
		a.contig[i], a.div[i], a.constancy[i] = contig, div, constancy
	}
	return a
}

func rankOf(t ir.Type) int {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return len(rt.Shape)
	}
	return 1
}

func shapeOf(t ir.Type) []int64 {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return rt.Shape
	}
	return []int64{1}
}

func pow2Div(v int64) int64 {
	if v == 0 {
		return maxDiv
	}
	if v < 0 {
		v = -v
	}
	d := v & -v
	if d > maxDiv {
		return maxDiv
	}
	return d
}

func (a *axisInfo) equal(b *axisInfo) bool {
	for i := range a.div {
		if a.div[i] != b.div[i] || a.contig[i] != b.contig[i] || a.constancy[i] != b.constancy[i] {
			return false
		}
	}
	return true
}

// meet is the conservative join of two infos (loop-carried values).
func meet(a, b *axisInfo) *axisInfo {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	out := newInfo(len(a.div), 1, 1, 1)
	for i := range a.div {
		out.contig[i] = gcd(a.contig[i], b.contig[i])
		out.div[i] = gcd(a.div[i], b.div[i])
		out.constancy[i] = gcd(a.constancy[i], b.constancy[i])
	}
	return out
}

type axisPass struct {
	info map[*ir.Value]*axisInfo
}

func (p *axisPass) get(v *ir.Value) *axisInfo {
	if a, ok := p.info[v]; ok {
		return a
	}
	return newInfo(rankOf(v.Type()), 1, 1, 1)
}

// analyzeAxis computes axisInfo for every value of fn. Loops iterate to a
// fixed point (at most a few rounds, the lattice only goes down).
func analyzeAxis(fn *ir.Operation) map[*ir.Value]*axisInfo {
	p := &axisPass{info: map[*ir.Value]*axisInfo{}}
	entry := fn.Regions[0].Blocks[0]
	for i, a := range entry.Args() {
		d := int64(1)
		if x, ok := tt.ArgAttrs(fn, i).Get("tt.divisibility").(ir.IntegerAttr); ok && x.Value > 0 {
			d = pow2Div(x.Value)
		}
		p.info[a] = newInfo(1, 1, d, 1)
	}
	p.block(entry)
	return p.info
}

func (p *axisPass) block(b *ir.Block) {
	for _, op := range b.Ops() {
		p.op(op)
	}
}

func (p *axisPass) op(op *ir.Operation) {
	if op.Name == scf.ForOpName {
		p.forOp(op)
		return
	}
	if op.Name == scf.IfOpName {
		ifo, _ := scf.AsIf(op)
		p.block(ifo.ThenBlock())
		if len(op.Regions) > 1 && len(op.Regions[1].Blocks) > 0 {
			p.block(ifo.ElseBlock())
		}
		for i, r := range op.Results() {
			var a *axisInfo
			if y := ifo.ThenYield(); y != nil && i < y.NumOperands() {
				a = p.get(y.Operand(i))
			}
			if len(op.Regions) > 1 && len(op.Regions[1].Blocks) > 0 {
				if y := ifo.ElseYield(); y != nil && i < y.NumOperands() {
					a = meet(a, p.get(y.Operand(i)))
				}
			}
			if a != nil {
				p.info[r] = a
			}
		}
		return
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			p.block(b)
		}
	}
	if op.NumResults() != 1 {
		return
	}
	res := op.Result(0)
	n := rankOf(res.Type())
	shape := shapeOf(res.Type())
	switch op.Name {
	case "arith.constant":
		a := newInfo(n, 1, 1, 1)
		var v int64
		known := false
		switch c := op.Attr("value").(type) {
		case ir.IntegerAttr:
			v, known = c.Value, true
		case ir.DenseElementsAttr:
			if c.Splat && len(c.Elems) == 1 {
				if ia, ok := c.Elems[0].(ir.IntegerAttr); ok {
					v, known = ia.Value, true
				}
			}
		}
		if known {
			for d := 0; d < n; d++ {
				a.div[d] = pow2Div(v)
				a.constancy[d] = shape[d]
			}
		}
		p.info[res] = a
	case "tt.make_range":
		start := op.IntAttrOr("start", 0)
		end := op.IntAttrOr("end", 0)
		p.info[res] = &axisInfo{contig: []int64{end - start}, div: []int64{pow2Div(start)}, constancy: []int64{1}}
	case "tt.splat":
		s := p.get(op.Operand(0))
		a := newInfo(n, 1, s.div[0], 1)
		for d := 0; d < n; d++ {
			a.constancy[d] = shape[d]
		}
		p.info[res] = a
	case "tt.expand_dims":
		s := p.get(op.Operand(0))
		ax := int(op.IntAttrOr("axis", 0))
		a := &axisInfo{}
		for d := 0; d <= len(s.div); d++ {
			switch {
			case d < ax:
				a.contig, a.div, a.constancy = append(a.contig, s.contig[d]), append(a.div, s.div[d]), append(a.constancy, s.constancy[d])
			case d == ax:
				dv := s.div[0]
				a.contig, a.div, a.constancy = append(a.contig, 1), append(a.div, dv), append(a.constancy, 1)
			default:
				a.contig, a.div, a.constancy = append(a.contig, s.contig[d-1]), append(a.div, s.div[d-1]), append(a.constancy, s.constancy[d-1])
			}
		}
		p.info[res] = a
	case "tt.broadcast":
		s := p.get(op.Operand(0))
		src := shapeOf(op.Operand(0).Type())
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			a.contig[d], a.div[d], a.constancy[d] = s.contig[d], s.div[d], s.constancy[d]
			if src[d] == 1 && shape[d] > 1 {
				a.contig[d], a.constancy[d] = 1, shape[d]
			}
		}
		p.info[res] = a
	case "arith.addi", "tt.addptr", "arith.subi":
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		scale := int64(1)
		if op.Name == "tt.addptr" {
			if pt, ok := tt.PointeeOf(ir.ElementType(op.Operand(0).Type())); ok {
				if s, err := scalarOf(pt); err == nil {
					scale = int64(s.bytes())
				}
			}
		}
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			a.constancy[d] = gcd(l.constancy[d], r.constancy[d])
			c := gcd(l.contig[d], r.constancy[d])
			if op.Name != "arith.subi" {
				c = max(c, gcd(l.constancy[d], r.contig[d]))
			}
			a.contig[d] = c
			a.div[d] = min(maxDiv, gcd(l.div[d], min(maxDiv, r.div[d]*scale)))
		}
		p.info[res] = a
	case "arith.muli":
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			a.constancy[d] = gcd(l.constancy[d], r.constancy[d])
			a.div[d] = min(maxDiv, l.div[d]*r.div[d])
		}
		p.info[res] = a
	case "arith.divsi", "arith.divui":
		l := p.get(op.Operand(0))
		a := newInfo(n, 1, 1, 1)
		c, ok := constInt(op.Operand(1))
		for d := 0; d < n; d++ {
			a.constancy[d] = l.constancy[d]
			if ok && c > 0 && isPow2(c) && l.div[d] >= c {
				a.div[d] = l.div[d] / c
			}
		}
		p.info[res] = a
	case "arith.remsi", "arith.remui":
		// x % n keeps runs of x that do not cross a multiple of n.
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			a.constancy[d] = gcd(l.constancy[d], r.constancy[d])
			if r.constancy[d] > 1 || shape[d] == 1 {
				a.contig[d] = gcd(l.contig[d], r.div[d])
			}
			a.div[d] = gcd(l.div[d], r.div[d])
		}
		p.info[res] = a
	case "arith.cmpi":
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		pred := arith.CmpIPredicate(op.IntAttrOr("predicate", 0))
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			c := gcd(l.constancy[d], r.constancy[d])
			// A run [v, v+k) with k | v and k | bound lies entirely on one
			// side of the bound.
			if (pred == arith.SLT || pred == arith.ULT || pred == arith.SGE || pred == arith.UGE) && r.constancy[d] > 1 {
				c = max(c, gcd(gcd(l.contig[d], l.div[d]), gcd(r.div[d], r.constancy[d])))
			}
			a.constancy[d] = c
		}
		p.info[res] = a
	case "arith.shrsi", "arith.shrui":
		// x >> c by a constant is x / 2^c for divisibility (the halved
		// shapes and strides decompose-sparse-tensors emits), as in
		// passes/encoding/axisinfo.
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		a := newInfo(n, 1, 1, 1)
		c, ok := constInt(op.Operand(1))
		for d := 0; d < n; d++ {
			a.constancy[d] = gcd(l.constancy[d], r.constancy[d])
			if ok && c >= 0 && c < 62 && l.div[d]%(int64(1)<<c) == 0 {
				a.div[d] = max(1, l.div[d]>>c)
			}
		}
		p.info[res] = a
	case "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui":
		// The result is one of the operands: what both guarantee holds.
		l, r := p.get(op.Operand(0)), p.get(op.Operand(1))
		a := newInfo(n, 1, 1, 1)
		for d := 0; d < n; d++ {
			a.constancy[d] = gcd(l.constancy[d], r.constancy[d])
			a.div[d] = gcd(l.div[d], r.div[d])
		}
		p.info[res] = a
	case "triton_gpu.convert_layout", "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "tt.int_to_ptr", "tt.ptr_to_int", "tt.bitcast":
		p.info[res] = p.get(op.Operand(0))
	default:
		// Element-wise ops keep constancy; everything else is unknown.
		if op.NumOperands() > 0 && op.HasTrait(ir.Pure) && rankOf(op.Operand(0).Type()) == n && op.Name != "tt.reduce" && op.Name != "tt.trans" {
			a := newInfo(n, 1, 1, maxDiv)
			for _, o := range op.Operands() {
				oi := p.get(o)
				if len(oi.constancy) != n {
					a = newInfo(n, 1, 1, 1)
					break
				}
				for d := 0; d < n; d++ {
					a.constancy[d] = gcd(a.constancy[d], oi.constancy[d])
				}
			}
			for d := 0; d < n; d++ {
				a.constancy[d] = min(a.constancy[d], shape[d])
			}
			p.info[res] = a
		}
	}
}

func (p *axisPass) forOp(op *ir.Operation) {
	f, _ := scf.AsFor(op)
	lb, step := p.get(f.LowerBound()), p.get(f.Step())
	p.info[f.InductionVar()] = newInfo(1, 1, gcd(lb.div[0], step.div[0]), 1)
	args := f.RegionIterArgs()
	inits := f.InitArgs()
	for i, a := range args {
		p.info[a] = p.get(inits[i])
	}
	stable := false
	for round := 0; round < 4 && !stable; round++ {
		p.block(f.Body())
		stable = true
		ys := f.YieldedValues()
		for i, a := range args {
			m := meet(p.get(a), p.get(ys[i]))
			if !m.equal(p.get(a)) {
				p.info[a] = m
				stable = false
			}
		}
	}
	if !stable {
		// No fixed point in a few rounds: assume nothing about the
		// loop-carried values.
		for _, a := range args {
			p.info[a] = newInfo(rankOf(a.Type()), 1, 1, 1)
		}
		p.block(f.Body())
	}
	for i, r := range op.Results() {
		p.info[r] = p.get(args[i])
	}
}
