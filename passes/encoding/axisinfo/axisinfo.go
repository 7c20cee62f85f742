package axisinfo

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/scf"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// MaxDivisibility caps divisibility (the value 0 is divisible by anything).
const MaxDivisibility = int64(1) << 30

// Info is what the analysis knows about one value.
type Info struct {
	Contiguity, Divisibility, Constancy []int64
	// Constant is the value when the value (or every element) is a known
	// integer constant.
	Constant *int64
}

func (i Info) String() string {
	return fmt.Sprintf("contiguity = %v, divisibility = %v, constancy = %v", i.Contiguity, i.Divisibility, i.Constancy)
}

// Rank is the number of dimensions (1 for scalars).
func (i Info) Rank() int { return len(i.Contiguity) }

// Analysis holds the result for one function.
type Analysis struct {
	info map[*ir.Value]Info
}

// Get returns what is known about v (pessimistic when v was not analysed).
func (a *Analysis) Get(v *ir.Value) Info {
	if i, ok := a.info[v]; ok {
		return i
	}
	return unknown(shapeOf(v.Type()))
}

func shapeOf(t ir.Type) []int64 {
	if s, ok := tt.ShapeOf(t); ok {
		return s
	}
	return []int64{1}
}

func fill(n int, v int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func unknown(shape []int64) Info {
	return Info{Contiguity: fill(len(shape), 1), Divisibility: fill(len(shape), 1), Constancy: fill(len(shape), 1)}
}

// pow2Div is the largest power of two dividing v (MaxDivisibility for 0).
func pow2Div(v int64) int64 {
	if v == 0 {
		return MaxDivisibility
	}
	if v < 0 {
		v = -v
	}
	return min(v&-v, MaxDivisibility)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 1 {
		return 1
	}
	return a
}

func constant(shape []int64, v int64) Info {
	c := v
	return Info{Contiguity: fill(len(shape), 1), Divisibility: fill(len(shape), pow2Div(v)), Constancy: append([]int64(nil), shape...), Constant: &c}
}

func join(a, b Info) Info {
	if a.Rank() != b.Rank() {
		return unknown(make([]int64, a.Rank()))
	}
	out := Info{Contiguity: make([]int64, a.Rank()), Divisibility: make([]int64, a.Rank()), Constancy: make([]int64, a.Rank())}
	for d := range out.Contiguity {
		out.Contiguity[d] = gcd(a.Contiguity[d], b.Contiguity[d])
		out.Divisibility[d] = gcd(a.Divisibility[d], b.Divisibility[d])
		out.Constancy[d] = gcd(a.Constancy[d], b.Constancy[d])
	}
	if a.Constant != nil && b.Constant != nil && *a.Constant == *b.Constant {
		out.Constant = a.Constant
	}
	return out
}

func equal(a, b Info) bool {
	eq := func(x, y []int64) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	return eq(a.Contiguity, b.Contiguity) && eq(a.Divisibility, b.Divisibility) && eq(a.Constancy, b.Constancy) &&
		(a.Constant == nil) == (b.Constant == nil) && (a.Constant == nil || *a.Constant == *b.Constant)
}

// Analyze runs the analysis on fn (a tt.func).
func Analyze(fn *ir.Operation) *Analysis {
	a := &Analysis{info: map[*ir.Value]Info{}}
	if len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
		return a
	}
	entry := fn.Regions[0].Entry()
	for i, arg := range entry.Args() {
		a.info[arg] = argInfo(fn, i, arg)
	}
	for iter := 0; iter < 16; iter++ {
		if !a.visitBlock(entry) {
			break
		}
	}
	return a
}

func argInfo(fn *ir.Operation, i int, arg *ir.Value) Info {
	in := unknown(shapeOf(arg.Type()))
	if d, ok := tt.ArgAttrs(fn, i).Get("tt.divisibility").(ir.IntegerAttr); ok && d.Value > 0 {
		in.Divisibility[0] = pow2Div(d.Value)
	}
	return in
}

// set records in for v and reports whether it changed.
func (a *Analysis) set(v *ir.Value, in Info) bool {
	old, ok := a.info[v]
	if ok && equal(old, in) {
		return false
	}
	a.info[v] = in
	return true
}

func (a *Analysis) visitBlock(b *ir.Block) bool {
	changed := false
	for _, op := range b.Ops() {
		if op.Name == scf.ForOpName {
			if a.visitFor(op) {
				changed = true
			}
			continue
		}
		for _, r := range op.Regions {
			for _, blk := range r.Blocks {
				for _, arg := range blk.Args() {
					if _, ok := a.info[arg]; !ok {
						a.info[arg] = unknown(shapeOf(arg.Type()))
					}
				}
				if a.visitBlock(blk) {
					changed = true
				}
			}
		}
		for i, r := range op.Results() {
			in, ok := a.ifResult(op, i)
			if !ok {
				in = a.transfer(op, i)
			}
			if a.set(r, in) {
				changed = true
			}
		}
	}
	return changed
}

// ifResult is result i of an scf.if with both branches: the join of what
// they yield (a flattened persistent loop's tile offsets, recomputed in the
// then branch and carried in the else branch).
func (a *Analysis) ifResult(op *ir.Operation, i int) (Info, bool) {
	if op.Name != scf.IfOpName || len(op.Regions) != 2 {
		return Info{}, false
	}
	var in Info
	for k, r := range op.Regions {
		if len(r.Blocks) == 0 {
			return Info{}, false
		}
		y := r.Entry().Terminator()
		if y == nil || y.Name != scf.YieldOpName || i >= y.NumOperands() {
			return Info{}, false
		}
		if k == 0 {
			in = a.Get(y.Operand(i))
		} else {
			in = join(in, a.Get(y.Operand(i)))
		}
	}
	return in, true
}

// visitFor joins each carried value's initial and yielded info.
func (a *Analysis) visitFor(op *ir.Operation) bool {
	body := op.Regions[0].Entry()
	changed := false
	lb, step := a.Get(op.Operand(0)), a.Get(op.Operand(2))
	iv := unknown([]int64{1})
	iv.Divisibility[0] = gcd(lb.Divisibility[0], step.Divisibility[0])
	if a.set(body.Arg(0), iv) {
		changed = true
	}
	y := body.Terminator()
	for j, init := range op.Operands()[scf.InitOperandIndex(0):] {
		in := a.Get(init)
		if prev, ok := a.info[y.Operand(j)]; ok {
			in = join(in, prev)
		}
		if a.set(body.Arg(j+1), in) {
			changed = true
		}
	}
	if a.visitBlock(body) {
		changed = true
	}
	for j := range op.Results() {
		if a.set(op.Result(j), join(a.Get(body.Arg(j+1)), a.Get(y.Operand(j)))) {
			changed = true
		}
	}
	return changed
}

// MaxAccessBytes is the widest global access per thread (ld.global.v4.b32).
const MaxAccessBytes = 16

// AccessElems is the number of consecutive elements along dim d that one
// thread may move in a single vector access through ptr (a pointer
// tensor) under the optional mask: at most MaxAccessBytes, no more than
// the pointer's contiguity, no more than its alignment allows and no more
// than the mask's constancy. The coalesce pass sizes sizePerThread with it
// and the PTX lowering sizes its ld/st.global and cp.async with it, so the
// two agree on every access. 8-bit elements (i8, fp8) get vectors too:
// cp.async moves their bytes unchanged; the lowering's register loads and
// stores of them go one byte at a time (and i1 never reaches here: the
// coalesce pass leaves sub-byte types alone).
func (a *Analysis) AccessElems(ptr, mask *ir.Value, d int, elemBytes int64) int64 {
	if elemBytes < 1 {
		return 1
	}
	info := a.Get(ptr)
	n := int64(MaxAccessBytes) / max(1, elemBytes)
	n = min(n, info.Contiguity[d], max(1, info.Divisibility[d]/max(1, elemBytes)))
	if mask != nil {
		n = min(n, a.Get(mask).Constancy[d])
	}
	return max(1, n)
}
