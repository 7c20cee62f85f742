package cpu

import (
	"errors"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// addHopper registers the Hopper ops: warp_group_dot computes like tt.dot
// (its shared-memory operands read through their views), the wait forwards
// its inputs (the interpreter's dots complete when issued) and the fence
// orders nothing on one host thread.
func addHopper(m map[string]handler) {
	m[ttng.WarpGroupDot] = execWarpGroupDot
	m[ttng.WarpGroupDotWait] = func(_ *frame, _ *ir.Operation, in []*Value) ([]*Value, error) { return in, nil }
	m[ttng.FenceAsyncShared] = func(*frame, *ir.Operation, []*Value) ([]*Value, error) { return nil, nil }
}

// execWarpGroupDot evaluates d = a·b + c (c taken as zero when useC is
// false), with A and B read from shared memory when they are memdescs and
// the sparse form's metadata as tt.dot's.
func execWarpGroupDot(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	args := []*Value{in[0], in[1], in[2]}
	if e := ttng.WarpGroupDotMeta(op); e != nil {
		args = append(args, in[3])
	}
	for i := 0; i < 2; i++ {
		if mv := in[i].M; mv != nil {
			mt, ok := op.Operand(i).Type().(tt.MemDescType)
			if !ok {
				return nil, errors.New("shared operand without a memdesc type")
			}
			ei, err := classify(mt.Elem)
			if err != nil {
				return nil, err
			}
			v := newValue(ir.NewTensor(mt.Shape, mt.Elem), ei)
			gather(mv.buf, v, mv.index)
			args[i] = v
		}
	}
	if u := ttng.WarpGroupDotUseC(op); u != nil {
		if flag := in[len(in)-1]; len(flag.I) == 1 && flag.I[0] == 0 {
			z := *in[2] // zero of C's kind (float or integer)
			z.F, z.I = make([]float64, len(in[2].F)), make([]int64, len(in[2].I))
			if len(in[2].F) == 0 {
				z.F = nil
			}
			if len(in[2].I) == 0 {
				z.I = nil
			}
			args[2] = &z
		}
	}
	return execDot(f, op, args)
}
