package cpu

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsetriton/sp/dialect/llvm"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

func addTT(m map[string]handler) {
	m[tt.GetProgramIdOpName] = func(f *frame, op *ir.Operation, _ []*Value) ([]*Value, error) {
		ax, err := axisOf(op)
		if err != nil {
			return nil, err
		}
		return []*Value{{I: []int64{int64(f.pid[ax])}}}, nil
	}
	m[tt.GetNumProgramsOpName] = func(f *frame, op *ir.Operation, _ []*Value) ([]*Value, error) {
		ax, err := axisOf(op)
		if err != nil {
			return nil, err
		}
		return []*Value{{I: []int64{int64(f.grid[ax])}}}, nil
	}
	m[ttng.ClusterCTAIdOpName] = func(f *frame, _ *ir.Operation, _ []*Value) ([]*Value, error) {
		return []*Value{{I: []int64{int64(f.rank)}}}, nil
	}
	m[tt.MakeRangeOpName] = execMakeRange
	m[tt.SplatOpName] = execSplat
	m[tt.BroadcastOpName] = execBroadcast
	m[tt.ExpandDimsOpName] = reshapeLike
	m[tt.ReshapeOpName] = reshapeLike
	m[tt.TransOpName] = execTrans
	m[tt.BitcastOpName] = castHandler("bitcast")
	m[tt.FpToFpOpName] = floatMap(func(x []float64) float64 { return x[0] })
	m[tt.PreciseSqrtOpName] = floatMap(func(x []float64) float64 { return math.Sqrt(x[0]) })
	m[tt.PreciseDivfOpName] = floatMap(func(x []float64) float64 { return x[0] / x[1] })
	m[tt.ClampfOpName] = floatMap(func(x []float64) float64 { return math.Min(math.Max(x[0], x[1]), x[2]) })
	m[tt.MulhiuiOpName] = intBinaryHandler(func(a, b int64, w int) (int64, error) {
		return int64((zext(a, w) * zext(b, w)) >> uint(w)), nil
	})
	m[tt.ReduceOpName] = execReduce
	m[tt.CallOpName] = execCall
	m[tt.AssertOpName] = execAssert
	m[llvm.AssumeOpName] = execAssume
}

// execAssume checks tl.assume's condition: a false assumption is a broken
// contract of the launch (e.g. a non-positive stride), reported rather than
// ignored.
func execAssume(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	for _, v := range in[0].I {
		if v == 0 {
			return nil, fmt.Errorf("llvm.intr.assume: the kernel assumes a condition that does not hold for this launch")
		}
	}
	return nil, nil
}

func axisOf(op *ir.Operation) (int, error) {
	ax, ok := tt.EnumProp(op, "axis", tt.ProgramIDDim(0))
	if !ok || ax < 0 || ax > 2 {
		return 0, errors.New("bad axis")
	}
	return int(ax), nil
}

func intProp(op *ir.Operation, name string) (int64, error) {
	a, ok := op.Attr(name).(ir.IntegerAttr)
	if !ok {
		return 0, fmt.Errorf("missing integer attribute '%s'", name)
	}
	return a.Value, nil
}

func execMakeRange(_ *frame, op *ir.Operation, _ []*Value) ([]*Value, error) {
	start, err := intProp(op, "start")
	if err != nil {
		return nil, err
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	for i := range out.I {
		out.I[i] = start + int64(i)
	}
	return []*Value{out}, nil
}

func execSplat(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	x := in[0]
	switch {
	case out.F != nil:
		for i := range out.F {
			out.F[i] = x.F[0]
		}
	case out.I != nil:
		for i := range out.I {
			out.I[i] = x.I[0]
		}
	case out.P != nil:
		for i := range out.P {
			out.P[i] = x.P[0]
		}
	default:
		return nil, errors.New("cannot splat this type")
	}
	return []*Value{out}, nil
}

// strides returns row-major strides of shape.
func strides(shape []int) []int {
	s := make([]int, len(shape))
	n := 1
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = n
		n *= shape[i]
	}
	return s
}

// gather fills out[i] = x[idx(i)] for every lane, whatever the storage.
func gather(x, out *Value, idx func(i int) int) {
	switch {
	case out.F != nil:
		for i := range out.F {
			out.F[i] = x.F[idx(i)]
		}
	case out.I != nil:
		for i := range out.I {
			out.I[i] = x.I[idx(i)]
		}
	case out.P != nil:
		for i := range out.P {
			out.P[i] = x.P[idx(i)]
		}
	}
}

func execBroadcast(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if len(x.Shape) != len(out.Shape) {
		return nil, errors.New("broadcast between different ranks")
	}
	src := strides(x.Shape)
	dst := strides(out.Shape)
	gather(x, out, func(i int) int {
		j := 0
		for d := range out.Shape {
			c := i / dst[d] % out.Shape[d]
			if x.Shape[d] != 1 {
				j += c * src[d]
			}
		}
		return j
	})
	return []*Value{out}, nil
}

// reshapeLike keeps the row-major data and changes the shape
// (tt.expand_dims, tt.reshape).
func reshapeLike(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	shape := shapeOfType(op.Result(0).Type())
	x := in[0]
	if numElems(shape) != x.len() {
		return nil, errors.New("element count changes")
	}
	return []*Value{{Shape: shape, F: x.F, I: x.I, P: x.P}}, nil
}

func execTrans(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	if m := in[0].M; m != nil {
		v, err := transView(op, m)
		if err != nil {
			return nil, err
		}
		return []*Value{v}, nil
	}
	_, out, err := resultInfo(op, 0)
	if err != nil {
		return nil, err
	}
	order := tt.TransOrder(op)
	x := in[0]
	if len(order) != len(x.Shape) {
		return nil, errors.New("order does not match the rank")
	}
	src := strides(x.Shape)
	dst := strides(out.Shape)
	gather(x, out, func(i int) int {
		j := 0
		for d := range out.Shape {
			j += (i / dst[d] % out.Shape[d]) * src[order[d]]
		}
		return j
	})
	return []*Value{out}, nil
}

// execReduce runs the combiner region over the reduced axis, lane by lane.
func execReduce(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	axis, err := intProp(op, "axis")
	if err != nil {
		return nil, err
	}
	body := op.Regions[0].Entry()
	shape := in[0].Shape
	ax := int(axis)
	outer, n, inner := 1, shape[ax], 1
	for d := range shape {
		switch {
		case d < ax:
			outer *= shape[d]
		case d > ax:
			inner *= shape[d]
		}
	}
	outs := make([]*Value, len(in))
	for r := range outs {
		_, outs[r], err = resultInfo(op, r)
		if err != nil {
			return nil, err
		}
	}
	args := make([]*Value, 2*len(in))
	for o := range outer {
		for i := range inner {
			acc := make([]*Value, len(in))
			for r, x := range in {
				acc[r] = lane(x, o*n*inner+i)
			}
			for k := 1; k < n; k++ {
				for r, x := range in {
					args[r], args[len(in)+r] = acc[r], lane(x, (o*n+k)*inner+i)
				}
				if acc, err = f.execBlock(body, args); err != nil {
					return nil, err
				}
			}
			for r := range outs {
				setLane(outs[r], o*inner+i, acc[r])
			}
		}
	}
	return outs, nil
}

// lane extracts element i of x as a scalar value.
func lane(x *Value, i int) *Value {
	switch {
	case x.F != nil:
		return &Value{F: []float64{x.F[i]}}
	case x.I != nil:
		return &Value{I: []int64{x.I[i]}}
	}
	return &Value{P: []Ptr{x.P[i]}}
}

func setLane(x *Value, i int, s *Value) {
	switch {
	case x.F != nil:
		x.F[i] = s.F[0]
	case x.I != nil:
		x.I[i] = s.I[0]
	case x.P != nil:
		x.P[i] = s.P[0]
	}
}

func execCall(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	ref, ok := op.Attr("callee").(ir.SymbolRefAttr)
	if !ok {
		return nil, errors.New("missing callee")
	}
	fn := f.k.funcs[ref.Root]
	if fn == nil {
		return nil, fmt.Errorf("no tt.func @%s", ref.Root)
	}
	return f.call(fn, in)
}

func execAssert(_ *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	msg, _ := op.Attr("message").(ir.StringAttr)
	for i, v := range in[0].I {
		if v == 0 {
			return nil, fmt.Errorf("device assertion failed at element %d: %s", i, msg.Value)
		}
	}
	return nil, nil
}
