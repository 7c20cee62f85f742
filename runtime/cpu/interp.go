package cpu

import (
	"context"
	"errors"
	"fmt"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// Arg is one kernel argument: a pointer, an integer or a float scalar.
type Arg struct {
	isPtr, isFloat bool
	ptr            Ptr
	i              int64
	f              float64
}

// PtrArg passes a pointer.
func PtrArg(p Ptr) Arg { return Arg{isPtr: true, ptr: p} }

// IntArg passes an integer scalar (truncated to the parameter's width).
func IntArg(v int64) Arg { return Arg{i: v} }

// FloatArg passes a float scalar (rounded to the parameter's type).
func FloatArg(v float64) Arg { return Arg{isFloat: true, f: v} }

// handler executes one op on its operand values and returns its results.
type handler func(f *frame, op *ir.Operation, in []*Value) ([]*Value, error)

// Kernel is a tt.func prepared for interpretation.
type Kernel struct {
	Name   string
	fn     *ir.Operation
	module *ir.Operation
	params []ir.Type
	ops    map[string]handler
	funcs  map[string]*ir.Operation
}

// NewKernel finds the tt.func called name in module (with name == "", the
// only public tt.func) and checks that the interpreter supports every op
// and type in it and in the functions it calls.
func NewKernel(module *ir.Operation, name string) (*Kernel, error) {
	k := &Kernel{module: module, ops: opTable(), funcs: map[string]*ir.Operation{}}
	var public []*ir.Operation
	module.WalkOps(func(op *ir.Operation) {
		if op.Name != tt.FuncOpName {
			return
		}
		n, _ := ir.SymbolNameOf(op)
		k.funcs[n] = op
		if v, ok := op.Attr(tt.AttrSymVisibility).(ir.StringAttr); !ok || v.Value == "public" {
			public = append(public, op)
		}
	})
	switch {
	case name != "":
		k.fn = k.funcs[name]
		if k.fn == nil {
			return nil, fmt.Errorf("no tt.func named @%s in the module (have %s)", name, funcNames(k.funcs))
		}
	case len(public) == 1:
		k.fn = public[0]
	case len(public) == 0:
		return nil, errors.New("the module has no public tt.func to run")
	default:
		return nil, fmt.Errorf("the module has %d public tt.funcs (%s): name the kernel", len(public), funcNames(k.funcs))
	}
	k.Name, _ = ir.SymbolNameOf(k.fn)
	ft, ok := tt.FuncType(k.fn)
	if !ok || len(k.fn.Regions) == 0 || k.fn.Regions[0].Entry() == nil {
		return nil, fmt.Errorf("@%s has no body", k.Name)
	}
	k.params = ft.Inputs
	return k, k.check()
}

func funcNames(m map[string]*ir.Operation) string {
	var ns []string
	for n := range m {
		ns = append(ns, "@"+n)
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

// Params returns the kernel's parameter types.
func (k *Kernel) Params() []ir.Type { return k.params }

// check rejects unsupported ops and types before any program runs.
func (k *Kernel) check() error {
	var err error
	for _, fn := range k.funcs {
		fn.WalkOps(func(op *ir.Operation) {
			if err != nil {
				return
			}
			if _, ok := k.ops[op.Name]; !ok && !isTerminator(op.Name) {
				err = ir.Errorf(op.Loc, "the CPU interpreter does not support '%s'", op.Name)
				return
			}
			if op.Name == tt.DotOpName {
				for _, v := range op.Operands()[:2] {
					if tt.IsSparseTensor(v.Type()) {
						err = ir.Errorf(op.Loc, "tt.dot on a #tt.sparse operand: run decompose-sparse-tensors first")
						return
					}
				}
			}
			for _, r := range op.Results() {
				if _, e := classify(r.Type()); e != nil {
					err = ir.Errorf(op.Loc, "'%s': %v", op.Name, e)
					return
				}
			}
		})
	}
	return err
}

func isTerminator(name string) bool {
	switch name {
	case tt.ReturnOpName, scf.YieldOpName, scf.ConditionOpName, tt.ReduceReturnOpName:
		return true
	}
	return false
}

// LaunchOptions configures Launch.
type LaunchOptions struct {
	// Workers is the number of programs run at once (default GOMAXPROCS).
	Workers int
}

// Launch runs every program id of grid (x, y, z) on mem with args, in
// parallel. The first error stops the launch and names its program id.
func (k *Kernel) Launch(ctx context.Context, mem *Memory, grid [3]int, args []Arg, opts LaunchOptions) error {
	if len(args) != len(k.params) {
		return fmt.Errorf("@%s takes %d arguments, got %d", k.Name, len(k.params), len(args))
	}
	in, err := k.bindArgs(args)
	if err != nil {
		return err
	}
	for i, g := range grid {
		if g < 1 {
			return fmt.Errorf("grid dimension %d is %d, must be at least 1", i, g)
		}
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ids := make(chan [3]int)
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pid := range ids {
				// A program of a kernel split between the CTAs of a cluster
				// (tritongpu-split-cta-tiles) runs its CTAs one after the
				// other: at this level they share nothing but global memory.
				for rank := range k.clusterCTAs() {
					if err := k.runProgram(mem, pid, grid, rank, in); err != nil {
						once.Do(func() { first = fmt.Errorf("program (%d, %d, %d): %w", pid[0], pid[1], pid[2], err); cancel() })
						break
					}
				}
			}
		}()
	}
feed:
	for z := range grid[2] {
		for y := range grid[1] {
			for x := range grid[0] {
				select {
				case ids <- [3]int{x, y, z}:
				case <-ctx.Done():
					break feed
				}
			}
		}
	}
	close(ids)
	wg.Wait()
	if first == nil {
		return parent.Err()
	}
	return first
}

func (k *Kernel) bindArgs(args []Arg) ([]*Value, error) {
	in := make([]*Value, len(args))
	for i, a := range args {
		ei, err := classify(k.params[i])
		if err != nil {
			return nil, fmt.Errorf("parameter %d: %v", i, err)
		}
		switch {
		case ei.kind == kindPtr && a.isPtr:
			in[i] = &Value{P: []Ptr{a.ptr}}
		case ei.kind == kindInt && !a.isPtr && !a.isFloat:
			in[i] = &Value{I: []int64{sext(a.i, ei.width)}}
		case ei.kind == kindFloat && !a.isPtr:
			v := a.f
			if !a.isFloat {
				v = float64(a.i)
			}
			in[i] = &Value{F: []float64{roundTo(v, ei.float)}}
		default:
			return nil, fmt.Errorf("parameter %d has type %s; the argument given is %s", i, ir.TypeString(k.params[i]), a.describe())
		}
	}
	return in, nil
}

func (a Arg) describe() string {
	switch {
	case a.isPtr:
		return "a pointer"
	case a.isFloat:
		return "a float"
	}
	return "an integer"
}

// frame is the state of one program: its ids and the values computed so far.
type frame struct {
	k    *Kernel
	mem  *Memory
	pid  [3]int
	grid [3]int
	rank int // the CTA's rank in its cluster (sp.cluster_ctas)
	vals map[*ir.Value]*Value
	cur  *ir.Operation // the op being executed (for internal errors)
	// TMA state (tma.go): tensor maps by their global-scratch pointer,
	// mbarriers, and the end of the program's global scratch.
	descs      map[Ptr]*tmaDesc
	bars       map[barKey]*mbar
	scratchEnd int64
}

// clusterCTAs is the module's sp.cluster_ctas (CTAs per program), 1 when absent.
func (k *Kernel) clusterCTAs() int {
	if k.module == nil {
		return 1
	}
	return ttng.ClusterCTAs(k.module)
}

func (k *Kernel) runProgram(mem *Memory, pid, grid [3]int, rank int, args []*Value) (err error) {
	f := &frame{k: k, mem: mem, pid: pid, grid: grid, rank: rank, vals: map[*ir.Value]*Value{}, descs: map[Ptr]*tmaDesc{}, bars: map[barKey]*mbar{}}
	defer func() {
		if r := recover(); r != nil { // a bug in a handler, not in the input
			loc, name := ir.Location(ir.UnknownLoc{}), "?"
			if f.cur != nil {
				loc, name = f.cur.Loc, f.cur.Name
			}
			err = ir.Errorf(loc, "internal error: the CPU interpreter failed on '%s': %v", name, r)
		}
	}()
	_, err = f.call(k.fn, args)
	return err
}

// call runs a tt.func body and returns the tt.return operands.
func (f *frame) call(fn *ir.Operation, args []*Value) ([]*Value, error) {
	return f.execBlock(fn.Regions[0].Entry(), args)
}

// execBlock binds the block arguments, runs the ops and returns the values
// of the terminator's operands.
func (f *frame) execBlock(b *ir.Block, args []*Value) ([]*Value, error) {
	if len(args) != b.NumArgs() {
		return nil, fmt.Errorf("block takes %d arguments, got %d", b.NumArgs(), len(args))
	}
	for i, a := range b.Args() {
		f.vals[a] = args[i]
	}
	for _, op := range b.Ops() {
		in, err := f.operands(op)
		if err != nil {
			return nil, err
		}
		if isTerminator(op.Name) {
			return in, nil
		}
		f.cur = op
		out, err := f.k.ops[op.Name](f, op, in)
		if err != nil {
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				return nil, err
			}
			return nil, ir.Errorf(op.Loc, "'%s': %v", op.Name, err)
		}
		if len(out) != op.NumResults() {
			return nil, ir.Errorf(op.Loc, "'%s': internal error: %d results computed for %d", op.Name, len(out), op.NumResults())
		}
		for i, r := range op.Results() {
			f.vals[r] = out[i]
		}
	}
	return nil, nil
}

func (f *frame) operands(op *ir.Operation) ([]*Value, error) {
	in := make([]*Value, op.NumOperands())
	for i, v := range op.Operands() {
		x, ok := f.vals[v]
		if !ok {
			return nil, ir.Errorf(op.Loc, "'%s': operand %d has no value (not dominated by its definition?)", op.Name, i)
		}
		in[i] = x
	}
	return in, nil
}

// opTable maps op names to handlers; built per kernel (no package state).
func opTable() map[string]handler {
	m := map[string]handler{}
	addArith(m)
	addMath(m)
	addTT(m)
	addMem(m)
	addSCF(m)
	m[tt.DotOpName] = execDot
	m[ttgpu.ConvertLayoutOpName] = identity
	addShared(m)
	addHopper(m)
	addTMA(m)
	addMbarrier(m)
	return m
}

// identity forwards its operand (values are never modified in place).
func identity(_ *frame, _ *ir.Operation, in []*Value) ([]*Value, error) {
	return []*Value{in[0]}, nil
}
