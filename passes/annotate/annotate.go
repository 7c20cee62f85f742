package annotate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// Name is the command-line name of the pass.
const Name = "annotate-sparse"

// Options are the pass options.
type Options struct {
	Args []string `opt:"args" help:"pointer arguments to mark 2:4 sparse: indices or names (a_ptr), comma-separated"`
	Func string   `opt:"func" help:"the tt.func whose arguments are marked (default: every public tt.func)"`
}

const passDoc = `annotate-sparse marks pointer arguments of a plain TTIR kernel as 2:4
sparse (!tt.ptr<T, #tt.sparse<"NV24">>) and propagates the encoding to every
value derived from them: pointer tensors built with tt.splat, tt.addptr,
tt.broadcast and tt.expand_dims, block pointers (tt.make_tensor_ptr,
tt.advance), tensor descriptors (tt.make_tensor_descriptor, Triton 3.6's
TMA form), loaded tensors, their rank-2 transposes (tt.trans, Triton's
b.T of a weight tile), and the scf.for / scf.if values carrying them.
The derived values must end at tt.dot operands; any other use, or a marked
argument that never reaches a tt.dot, is a positioned error.

  sp-opt k.ttir --annotate-sparse="args=a_ptr" --decompose-sparse-tensors
  sp-opt k.ttir --pass-pipeline='builtin.module(annotate-sparse{args=0})'`

// Pass is annotate-sparse.
var Pass = &pass.Pass{
	Name:    Name,
	Title:   "AnnotateSparse",
	Summary: "Mark pointer arguments 2:4 sparse and propagate #tt.sparse<\"NV24\"> to the values derived from them",
	Doc:     passDoc,
	Anchor:  "builtin.module",
	Options: &Options{},
	Run:     run,
}

func run(ctx *pass.Context, mod *ir.Operation) error {
	o := pass.OptionsOf[Options](ctx)
	if len(o.Args) == 0 {
		return ir.Errorf(mod.Loc, "%s: no arguments to mark: give args=<index or name>[,...]", Name)
	}
	var fns []*ir.Operation
	for _, fn := range mod.Collect(tt.FuncOpName) {
		if len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
			continue
		}
		name, _ := ir.SymbolNameOf(fn)
		vis, _ := fn.Attr(tt.AttrSymVisibility).(ir.StringAttr)
		if (o.Func != "" && name == o.Func) || (o.Func == "" && vis.Value != "private") {
			fns = append(fns, fn)
		}
	}
	if len(fns) == 0 {
		if o.Func != "" {
			return ir.Errorf(mod.Loc, "%s: no tt.func named @%s with a body", Name, o.Func)
		}
		return ir.Errorf(mod.Loc, "%s: the module has no public tt.func with a body", Name)
	}
	for _, fn := range fns {
		if err := Func(fn, o.Args); err != nil {
			return err
		}
	}
	return nil
}

// Func marks the arguments of fn named by args (indices or names) 2:4
// sparse and propagates the encoding.
func Func(fn *ir.Operation, args []string) error {
	entry := fn.Regions[0].Entry()
	ft, ok := tt.FuncType(fn)
	if !ok {
		return ir.OpError(fn, "has no function type")
	}
	seen := map[int]bool{}
	for _, a := range args {
		i, err := argIndex(fn, entry, strings.TrimSpace(a))
		if err != nil {
			return err
		}
		if seen[i] {
			continue
		}
		seen[i] = true
		arg := entry.Arg(i)
		pt, ok := arg.Type().(tt.PointerType)
		if !ok || tt.IsSparseTensorPointer(pt) {
			return ir.Errorf(argLoc(fn, arg), "%s: argument #%d (%s) has type %s; only scalar pointers !tt.ptr<f16|bf16|f8E4M3FN|f8E5M2|i8> can be marked 2:4 sparse", Name, i, argName(arg), ir.TypeString(arg.Type()))
		}
		if !tt.SparseElemOK(pt.Pointee) {
			return ir.Errorf(argLoc(fn, arg), "%s: argument #%d (%s) points to %s; 2:4 sparse operands are f16, bf16, f8E4M3FN, f8E5M2 or i8", Name, i, argName(arg), ir.TypeString(pt.Pointee))
		}
		pr := &propagation{arg: arg, idx: i}
		if !tt.IsSparsePointer(pt) {
			st := tt.PointerType{Pointee: pt.Pointee, AddrSpace: pt.AddrSpace, Encoding: tt.Sparse()}
			arg.SetType(st)
			ft.Inputs[i] = st
		}
		if err := pr.from(arg); err != nil {
			return err
		}
		if !pr.dot {
			return ir.Errorf(argLoc(fn, arg), "%s: argument #%d (%s) never reaches a tt.dot operand; a 2:4 sparse operand must feed tt.dot (through loads of pointers derived from it)", Name, i, argName(arg))
		}
	}
	fn.SetAttr(tt.AttrFunctionType, ir.TypeAttr{Type: ir.FunctionType{Inputs: ft.Inputs, Results: ft.Results}})
	return nil
}

// argIndex resolves an index or a name.
func argIndex(fn *ir.Operation, entry *ir.Block, s string) (int, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n >= entry.NumArgs() {
			return 0, ir.Errorf(fn.Loc, "%s: argument index %d out of range: the function has %d arguments", Name, n, entry.NumArgs())
		}
		return n, nil
	}
	var names []string
	for i, a := range entry.Args() {
		if argName(a) == s {
			return i, nil
		}
		names = append(names, argName(a))
	}
	return 0, ir.Errorf(fn.Loc, "%s: no argument named %q (arguments: %s)", Name, s, strings.Join(names, ", "))
}

// argLoc is the argument's location when it has a position, else the
// function's.
func argLoc(fn *ir.Operation, a *ir.Value) ir.Location {
	if a.Loc != nil {
		if _, ok := a.Loc.Pos(); ok {
			return a.Loc
		}
	}
	return fn.Loc
}

// argName is the argument's name location (Triton 3.x writes
// loc("a_ptr")), else its name hint, else "#i".
func argName(a *ir.Value) string {
	if nl, ok := a.Loc.(ir.NameLoc); ok && nl.Name != "" {
		return nl.Name
	}
	if a.NameHint != "" {
		return a.NameHint
	}
	return fmt.Sprintf("#%d", a.Index())
}

// propagation retypes the values derived from one marked argument.
type propagation struct {
	arg  *ir.Value
	idx  int
	dot  bool
	done map[*ir.Value]bool
}

func (pr *propagation) fail(op *ir.Operation, format string, args ...any) error {
	return ir.Errorf(op.Loc, "%s: %s (derived from 2:4 argument #%d, %s)", Name, fmt.Sprintf(format, args...), pr.idx, argName(pr.arg))
}

// from visits the users of v, whose type is already sparse.
func (pr *propagation) from(v *ir.Value) error {
	if pr.done == nil {
		pr.done = map[*ir.Value]bool{}
	}
	if pr.done[v] {
		return nil
	}
	pr.done[v] = true
	for _, u := range v.Uses() {
		if err := pr.use(u.Op, u.Index, v); err != nil {
			return err
		}
	}
	return nil
}

// retype sets r's type to t (when it changes) and continues from r.
func (pr *propagation) retype(r *ir.Value, t ir.Type) error {
	if !ir.TypeEqual(r.Type(), t) {
		r.SetType(t)
	}
	return pr.from(r)
}

func (pr *propagation) use(op *ir.Operation, i int, v *ir.Value) error {
	switch op.Name {
	case tt.SplatOpName, tt.BroadcastOpName, tt.ExpandDimsOpName, tt.ReshapeOpName, tt.TransOpName:
		rt, ok := op.Result(0).Type().(ir.RankedTensorType)
		if !ok {
			return pr.fail(op, "'%s' of a 2:4 value must give a tensor", op.Name)
		}
		if op.Name != tt.SplatOpName {
			if _, isPtr := rt.Elem.(tt.PointerType); !isPtr {
				if op.Name == tt.TransOpName && tt.IsTranspose2D(op) {
					// b.T of a loaded 2:4 tile: the transposed tile is 2:4
					// along its other dimension (decompose-sparse-tensors
					// gives it the opposite operand role).
					rt.Encoding = tt.Sparse()
					return pr.retype(op.Result(0), rt)
				}
				return pr.fail(op, "'%s' of a loaded 2:4 tensor is not supported: a 2:4 tensor feeds tt.dot directly (or through a rank-2 tt.trans)", op.Name)
			}
			if op.Name == tt.ReshapeOpName || op.Name == tt.TransOpName {
				return pr.fail(op, "'%s' of a 2:4 pointer tensor is not supported: its offsets must stay affine in the K index", op.Name)
			}
		}
		elem := ir.ElementType(v.Type())
		return pr.retype(op.Result(0), rt.WithElem(elem))
	case tt.AddptrOpName:
		if i != 0 {
			return pr.fail(op, "a 2:4 pointer used as an offset")
		}
		return pr.retype(op.Result(0), v.Type())
	case tt.AdvanceOpName:
		return pr.retype(op.Result(0), v.Type())
	case tt.MakeTensorPtrOpName:
		if i != 0 {
			return pr.fail(op, "a 2:4 pointer used as a shape, stride or offset")
		}
		pt := op.Result(0).Type().(tt.PointerType)
		blk, ok := pt.Pointee.(ir.RankedTensorType)
		if !ok {
			return pr.fail(op, "tt.make_tensor_ptr must make a pointer to a tensor")
		}
		blk.Encoding = tt.Sparse()
		return pr.retype(op.Result(0), tt.PointerType{Pointee: blk, AddrSpace: pt.AddrSpace})
	case tt.MakeTensorDescriptorOpName:
		if i != 0 {
			return pr.fail(op, "a 2:4 pointer used as a shape or stride")
		}
		d, ok := op.Result(0).Type().(tt.TensorDescType)
		if !ok {
			return pr.fail(op, "tt.make_tensor_descriptor must make a !tt.tensordesc")
		}
		blk := d.Block
		if len(blk.Shape) != 2 {
			return pr.fail(op, "a 2:4 tensor descriptor must describe rank-2 blocks, got %s", ir.TypeString(blk))
		}
		blk.Encoding = tt.Sparse()
		return pr.retype(op.Result(0), tt.TensorDescType{Block: blk})
	case tt.DescriptorLoadOpName:
		if i != 0 {
			return pr.fail(op, "a 2:4 value used as a coordinate of tt.descriptor_load")
		}
		d, ok := v.Type().(tt.TensorDescType)
		if !ok {
			return pr.fail(op, "tt.descriptor_load takes a !tt.tensordesc, got the 2:4 value %s", ir.TypeString(v.Type()))
		}
		blk := d.Block
		if rt, ok := op.Result(0).Type().(ir.RankedTensorType); !ok || !ir.ShapeEqual(rt.Shape, blk.Shape) {
			return pr.fail(op, "tt.descriptor_load of a 2:4 descriptor must load its whole %s block", ir.TypeString(blk))
		}
		if err := tt.Sparse().VerifyEncoding(blk.Shape, blk.Elem); err != nil {
			return pr.fail(op, "the loaded block %s cannot be 2:4 sparse: %v", ir.TypeString(blk), err)
		}
		return pr.retype(op.Result(0), blk)
	case tt.LoadOpName:
		if i != 0 {
			return pr.fail(op, "a 2:4 value used as the mask or 'other' of tt.load")
		}
		res, _ := tt.LoadResultType(v.Type())
		rt, ok := res.(ir.RankedTensorType)
		if !ok || len(rt.Shape) != 2 {
			return pr.fail(op, "tt.load through a 2:4 pointer must load a rank-2 tensor, got %s", ir.TypeString(res))
		}
		if err := tt.Sparse().VerifyEncoding(rt.Shape, rt.Elem); err != nil {
			return pr.fail(op, "the loaded tile %s cannot be 2:4 sparse: %v", ir.TypeString(rt), err)
		}
		return pr.retype(op.Result(0), res)
	case tt.DotOpName:
		if i > 1 {
			return pr.fail(op, "a 2:4 tensor must be operand A or B of tt.dot, not the accumulator")
		}
		if !tt.IsSparseTensor(v.Type()) {
			return pr.fail(op, "tt.dot takes the loaded 2:4 tensor")
		}
		if o := op.Operand(1 - i); tt.IsSparseTensor(o.Type()) {
			return pr.fail(op, "both operands of tt.dot are 2:4 sparse; only one may be")
		}
		pr.dot = true
		return nil
	case scf.ForOpName:
		return pr.forInit(op, i, v)
	case scf.YieldOpName:
		return pr.yield(op, i, v)
	}
	return pr.fail(op, "'%s' cannot use a 2:4 value of type %s: 2:4 pointers are used through tt.splat, tt.addptr, tt.broadcast, tt.expand_dims, tt.make_tensor_ptr, tt.advance, tt.load, tt.make_tensor_descriptor and tt.descriptor_load, and loaded 2:4 tensors only by tt.dot", op.Name, ir.TypeString(v.Type()))
}

// forInit retypes the iter arg and the result of the loop carrying v.
func (pr *propagation) forInit(op *ir.Operation, i int, v *ir.Value) error {
	_, c, ok := scf.CarriedOfUse(ir.Use{Op: op, Index: i})
	if !ok {
		return pr.fail(op, "a 2:4 value used as a loop bound")
	}
	if err := pr.retype(c.Arg, v.Type()); err != nil {
		return err
	}
	if c.Result == nil {
		return pr.fail(op, "malformed scf.for: no result for carried value #%d", c.Index)
	}
	return pr.retype(c.Result, v.Type())
}

// yield checks that a yielded 2:4 value matches its loop slot and retypes
// the results of an scf.if.
func (pr *propagation) yield(op *ir.Operation, i int, v *ir.Value) error {
	parent := op.ParentOp()
	if parent == nil {
		return pr.fail(op, "scf.yield outside scf.for/scf.if")
	}
	switch parent.Name {
	case scf.ForOpName:
		f, _ := scf.AsFor(parent)
		if !ir.TypeEqual(f.RegionIterArgs()[i].Type(), v.Type()) {
			return pr.fail(op, "the loop carries %s in slot #%d but yields the 2:4 value %s: both must derive from the same 2:4 argument", ir.TypeString(f.RegionIterArgs()[i].Type()), i, ir.TypeString(v.Type()))
		}
		return nil
	case scf.IfOpName:
		if y := otherYield(parent, op); y != nil && i < y.NumOperands() && !pr.done[y.Operand(i)] && !ir.TypeEqual(y.Operand(i).Type(), v.Type()) {
			return pr.fail(op, "the branches of scf.if yield a 2:4 value and %s in slot #%d", ir.TypeString(y.Operand(i).Type()), i)
		}
		return pr.retype(parent.Result(i), v.Type())
	}
	return pr.fail(op, "a 2:4 value yielded from '%s'", parent.Name)
}

func otherYield(ifOp, y *ir.Operation) *ir.Operation {
	f, ok := scf.AsIf(ifOp)
	if !ok {
		return nil
	}
	for _, o := range []*ir.Operation{f.ThenYield(), f.ElseYield()} {
		if o != nil && o != y {
			return o
		}
	}
	return nil
}
