package cpu

import (
	"errors"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
)

func addSCF(m map[string]handler) {
	m[scf.ForOpName] = execFor
	m[scf.IfOpName] = execIf
	m[scf.WhileOpName] = execWhile
}

func execFor(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	loop, ok := scf.AsFor(op)
	if !ok {
		return nil, errors.New("malformed scf.for")
	}
	ei, err := classify(loop.InductionVar().Type())
	if err != nil {
		return nil, err
	}
	lb, ub, step := in[0].I[0], in[1].I[0], in[2].I[0]
	if step <= 0 {
		return nil, errors.New("scf.for step must be positive")
	}
	iters := in[3:]
	args := make([]*Value, 1+len(iters))
	for iv := lb; arith.CompareInts(arith.SLT, iv, ub, ei.width); iv = sext(iv+step, ei.width) {
		args[0] = &Value{I: []int64{iv}}
		copy(args[1:], iters)
		next, err := f.execBlock(loop.Body(), args)
		if err != nil {
			return nil, err
		}
		iters = next
	}
	return iters, nil
}

func execIf(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	o, ok := scf.AsIf(op)
	if !ok {
		return nil, errors.New("malformed scf.if")
	}
	b := o.ThenBlock()
	if in[0].I[0] == 0 {
		b = o.ElseBlock()
	}
	if b == nil {
		return nil, nil
	}
	return f.execBlock(b, nil)
}

func execWhile(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	w, ok := scf.AsWhile(op)
	if !ok {
		return nil, errors.New("malformed scf.while")
	}
	args := in
	for {
		res, err := f.execBlock(w.Before(), args)
		if err != nil {
			return nil, err
		}
		if len(res) == 0 {
			return nil, errors.New("scf.condition without a condition")
		}
		if res[0].I[0] == 0 {
			return res[1:], nil
		}
		if args, err = f.execBlock(w.After(), res[1:]); err != nil {
			return nil, err
		}
	}
}
