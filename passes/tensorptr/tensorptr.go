package tensorptr

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding/axisinfo"
)

// Name is the command-line name of the pass.
const Name = "triton-rewrite-tensor-pointer"

const passDoc = `triton-rewrite-tensor-pointer rewrites block pointers into tensors of
pointers (as Triton's pass of that name): tt.make_tensor_ptr and
tt.advance disappear; tt.load / tt.store through a block pointer of block
[B0, B1, ...] become a load / store through

  addptr(P0, splat(sum_d offset_d * stride_d))
  P0 = splat(base) + sum_d broadcast(expand_dims(make_range(0, B_d) * stride_d))

where P0 does not depend on the offsets (loop-invariant-code-motion hoists
it out of the loop that carries them; the per-element product is i32 when
the stride is a small constant). For each boundaryCheck dimension d the
mask is range_d < clamp(shape_d - offset_d, 0, B_d), compared in i32 with
the bound computed in i64, and range_d >= clamp(-offset_d, 0, B_d) unless
offset_d is provably non-negative (constants, program ids, offsets that
start non-negative and advance by non-negative amounts); padding gives
other = 0 or NaN. A block pointer carried by scf.for (or yielded by
scf.if) is replaced by its i32 offsets, one per dimension, minus the
offsets the loop never advances (those are not carried); its base, shape
and strides must be those of the init value (only tt.advance may change
it inside the loop). Run it after decompose-sparse-tensors (sparse block
pointers are an error), then canonicalize and loop-invariant-code-motion.
Afterwards no !tt.ptr<tensor<...>> remains. A TTIR tt.descriptor_store
(Triton 3.6's TMA store, through tt.make_tensor_descriptor) becomes a store
through the equivalent block pointer with every dimension checked first;
with lower-descriptors (targets without TMA) so does each TTIR
tt.descriptor_load, read as zero out of bounds. With descriptors (TMA), a
block-pointer load a tensor map can serve becomes a tt.descriptor_load,
row-major or column-major (strides [1, s], the K-major B of an 8-bit dot).
In every mode, Triton's transposed 8- or 16-bit load feeding tt.dot as B,
tt.trans(tt.descriptor_load %d[%n, %k]), first becomes a load of the
column-major descriptor of the same memory at [%k, %n] (lowered, a
column-major block pointer, order [0, 1]); with descriptors, so does the
transposed load of a block pointer once it is a descriptor load.`

// Pass is triton-rewrite-tensor-pointer.
var Pass = &pass.Pass{
	Name:    Name,
	Title:   "RewriteTensorPointer",
	Summary: "Rewrite block pointers into tensors of pointers with boundary masks",
	Doc:     passDoc,
	Anchor:  builtin.ModuleOpName,
	Options: &Options{},
	Run:     run,
}

func run(ctx *pass.Context, mod *ir.Operation) error {
	if ctx.IR == nil {
		return ir.Errorf(mod.Loc, "%s: needs the dialect registry (pass.RunOptions.IR) to build ops", Name)
	}
	o := pass.OptionsOf[Options](ctx)
	for _, fn := range mod.Collect(tt.FuncOpName) {
		if err := FuncWith(ctx.IR, fn, *o); err != nil {
			return err
		}
	}
	return nil
}

// frame is what does not change along a chain of advances: the operands of
// the tt.make_tensor_ptr. For an scf.if result it is filled in when the
// first yield is visited.
type frame struct {
	base          *ir.Value
	shape, stride []*ir.Value
	block         ir.RankedTensorType
	def           *ir.Operation // the tt.make_tensor_ptr, for diagnostics
}

func (f *frame) same(g *frame) bool {
	if f.base != g.base || len(f.shape) != len(g.shape) {
		return false
	}
	for i := range f.shape {
		if f.shape[i] != g.shape[i] || f.stride[i] != g.stride[i] {
			return false
		}
	}
	return true
}

// info is one block-pointer value: its frame and current i32 offsets.
type info struct {
	*frame
	offsets []*ir.Value
}

type state struct {
	ctx      *ir.Context
	infos    map[*ir.Value]info
	slots    map[*ir.Operation][]*frame // new scf.for/scf.if -> frame per old result (nil: not a block pointer)
	dead     []*ir.Operation
	deadArgs []*ir.Value
	deadArg  map[*ir.Value]bool      // the members of deadArgs
	carried  []carried               // offset iter args added to loops
	fwd      map[*ir.Value]*ir.Value // forwarded (unchanged) offsets -> their init
	pending  []func() error          // load/store rewrites, run after the walk
	opts     Options
	fn       *ir.Operation
	axis     *axisinfo.Analysis   // for descriptorFit, on first use
	descs    map[*frame]*ir.Value // tensor descriptor per frame (descriptors = true)
}

// Func rewrites the block pointers of one tt.func.
func Func(ctx *ir.Context, fn *ir.Operation) error { return FuncWith(ctx, fn, Options{}) }

// FuncWith is Func with the pass's options.
func FuncWith(ctx *ir.Context, fn *ir.Operation, opts Options) error {
	ft, ok := tt.FuncType(fn)
	if !ok {
		return ir.OpError(fn, "has no function type")
	}
	for _, ts := range [][]ir.Type{ft.Inputs, ft.Results} {
		for _, t := range ts {
			if hasBlockPtr(t) {
				return ir.Errorf(fn.Loc, "%s: block pointers (%s) cannot be function arguments or results; build them with tt.make_tensor_ptr inside the kernel", Name, ir.TypeString(t))
			}
		}
	}
	if len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
		return nil
	}
	foldTransposedLoads(ctx, fn)
	if err := descriptorOps(ctx, fn, opts.LowerDescriptors); err != nil {
		return err
	}
	s := &state{ctx: ctx, infos: map[*ir.Value]info{}, slots: map[*ir.Operation][]*frame{}, fwd: map[*ir.Value]*ir.Value{}, deadArg: map[*ir.Value]bool{},
		opts: opts, fn: fn, descs: map[*frame]*ir.Value{}}
	if opts.Descriptors {
		s.axis = axisinfo.Analyze(fn) // before the rewrite changes the loops
	}
	for _, b := range fn.Regions[0].Blocks {
		if err := s.walkBlock(b); err != nil {
			return err
		}
	}
	s.forwardUnchanged()
	for _, emit := range s.pending {
		if err := emit(); err != nil {
			return err
		}
	}
	if err := s.cleanup(); err != nil {
		return err
	}
	s.dropForwarded()
	if opts.Descriptors {
		foldTransposedLoads(ctx, fn) // the block-pointer loads that became descriptor loads
	}
	return checkNoBlockPtr(fn)
}

func (s *state) walkBlock(b *ir.Block) error {
	for _, op := range append([]*ir.Operation(nil), b.Ops()...) {
		next, err := s.rewrite(op)
		if err != nil {
			return err
		}
		for _, r := range next.Regions {
			for _, blk := range r.Blocks {
				if err := s.walkBlock(blk); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (s *state) cleanup() error {
	for i := len(s.dead) - 1; i >= 0; i-- {
		op := s.dead[i]
		for _, r := range op.Results() {
			if r.HasUses() {
				return leftover(r)
			}
		}
		op.Erase()
	}
	for i := len(s.deadArgs) - 1; i >= 0; i-- {
		a := s.deadArgs[i]
		if a.HasUses() {
			return leftover(a)
		}
		a.OwnerBlock().EraseArg(a.Index())
	}
	return nil
}

func leftover(v *ir.Value) error {
	u := v.Uses()[0].Op
	return ir.Errorf(u.Loc, "%s: '%s' uses a block pointer (%s) that could not be rewritten; %s", Name, u.Name, ir.TypeString(v.Type()), supported)
}

const supported = "block pointers may only be used by tt.advance, tt.load, tt.store, scf.for iter_args, scf.if results and scf.yield"

// checkNoBlockPtr reports any block-pointer value left in fn.
func checkNoBlockPtr(fn *ir.Operation) error {
	var err error
	fn.Walk(func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for _, a := range b.Args() {
					if op != fn && hasBlockPtr(a.Type()) {
						err = ir.Errorf(op.Loc, "%s: a block pointer argument (%s) remains; %s", Name, ir.TypeString(a.Type()), supported)
						return ir.Interrupt
					}
				}
			}
		}
		for _, r := range op.Results() {
			if hasBlockPtr(r.Type()) {
				err = ir.Errorf(op.Loc, "%s: '%s' still produces a block pointer (%s); %s", Name, op.Name, ir.TypeString(r.Type()), supported)
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
	return err
}

// isBlockPtr reports whether t is a block pointer !tt.ptr<tensor<…>>.
func isBlockPtr(t ir.Type) bool {
	pt, ok := t.(tt.PointerType)
	return ok && pt.IsBlockPointer()
}

// hasBlockPtr reports whether t is a block pointer or a tensor of them.
func hasBlockPtr(t ir.Type) bool {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return isBlockPtr(rt.Elem)
	}
	return isBlockPtr(t)
}
