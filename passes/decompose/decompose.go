package decompose

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// Name is the command-line name of the pass.
const Name = "decompose-sparse-tensors"

const passDoc = `decompose-sparse-tensors splits every 2:4 sparse tensor into a values
tensor and an i16 metadata tensor (sparse-fork.md §3, docs/sparse.md).

Function arguments !tt.ptr<T, #tt.sparse<"NV24">> become two arguments in
place, values !tt.ptr<T> then metadata !tt.ptr<i16>, both with the
original argument attributes.

Operand A (M x K, 2:4 along K, the default role): tt.make_tensor_ptr with
shape [S0, S1], strides [R0, R1], offsets [O0, O1], block [B0, B1] becomes

  values:   shape [S0, S1/2]  strides [R0/2, R1]  offsets [O0, O1/2]  block [B0, B1/2]
  metadata: shape [S0/16, S1] strides [R0, R1]    offsets [O0/16, O1] block [B0/16, B1] (i16)

The metadata is stored in the band16 layout (sparse.Band16): row b holds
the band of A rows 16b..16b+15, and the 16 words of K-chunk c (columns
16c..16c+15) of those rows are contiguous (rows interleaved in pairs
(r, r+8)), so natural metadata element (r, c) is at
(r/16)*K + 16c + 2*(r%8) + (r%16)/8 and [O0/16, O1] / [B0/16, B1] tile the
metadata of exactly A's block.

Operand B (K x N, 2:4 along K, decided by its use as operand B of tt.dot):

  values:   shape [S0/2, S1]  strides [R0, R1]    offsets [O0/2, O1]  block [B0/2, B1]
  metadata: shape [S1/16, S0] strides [S0, 1]     offsets [O1/16, O0] block [B1/16, B0] (i16)

i.e. values [K/2, N] (column n, group g at rows 2g, 2g+1, as
sparse.CompressB) and the band16 metadata of Bᵀ in a packed [N/16, K]
buffer; its tt.dot gets sparseIndex = 1, computed as (Bᵀ Aᵀ)ᵀ.

A tensor descriptor of operand A (Triton 3.6's TMA form), tt.make_tensor_descriptor
with shape [S0, S1], strides [R0, R1] and block [B0, B1], splits the same
way, the metadata spanning whole bands (shape [cdiv(S0, 16), S1], as
sp.compress pads a ragged last band); tt.descriptor_load at [x, y] becomes
loads at [x, y/2] and [x/16, y]. Operand B has no descriptor form.

tt.advance becomes two advances ([o0, o1/2] and [o0/16, o1] for A;
[o0/2, o1] and [o1/16, o0] for B); tt.load two loads (boundaryCheck,
padding, cache, eviction and volatility carried over; a nan padding
becomes zero for the metadata); tt.dot with a sparse operand becomes
tt.dot values, b, c, meta, sparseIndex = 0 (or a, values, c, meta,
sparseIndex = 1); tt.trans of a loaded 2:4 tile (b.T) transposes the
values and keeps the metadata: its operand's class takes the role
opposite to its result's (an N x K tile 2:4 along K, transposed, is a 2:4
operand B, whose [K/2, N] values are the transposed [N, K/2] ones and whose
band16 metadata of Bᵀ is the tile's own); tt.sparse_values forwards the values; tt.store through
a sparse A block pointer stores through the values pointer; any other
user of a loaded 2:4 tile (a reduction, a store of the tile) is an error,
since only the compressed values and metadata exist afterwards.
scf.for, scf.if and scf.yield carrying sparse values are split; other
loops are untouched.

Pointer tensors (Triton's make_ttir form, tensor<MxKx!tt.ptr<T,
#tt.sparse<"NV24">>>) built with tt.splat, tt.addptr and tt.broadcast
from offsets made of tt.make_range, tt.expand_dims, tt.broadcast, tt.splat,
constants and elementwise arithmetic become a values and a metadata
pointer tensor: the offset arithmetic is re-evaluated at the positions
each needs (with o(i, k) the dense offset of tile element (i, k)):

  A values [M, K/2]  o(i, 0)/2 + j                 mask at (i, chunk start of 2j)
  A meta   [M/16, K] R(16b)/16 + T(q), band16 layout  mask at (16b, chunk start of q)
           (R: the row terms of o and uniform row steps, T: the K terms and
           uniform K steps; a chunk is the 16 dense columns of one metadata
           word, 32 for 8-bit elements)
  B values [K/2, N]  K terms of o(2j, n) halved, others kept; mask at (4(j/2), n)
  B meta   [N/16, K] o(q, 16b)/16, band16t layout (band16 of Bᵀ, transposed)

Masked loads get each mask re-evaluated the same way ('other' too; zero
for the metadata); loop-carried pointer tensors are split like block
pointers. The metadata argument records its layout in the argument
attribute sp.metadata_layout ("band16" or "band16t"; band16k32 and
band16k32t for 8-bit elements). A operands must have
a K stride of 1; offsets not affine in the K index, offsets loaded from
memory (gathers), constant offset tables and offsets carried by scf.for
are positioned errors.

Block-sparse operands (#tt.sparse<"BSR24", block = [BM, BK]>, docs/sparse.md
§10) are rewritten first: the argument becomes values, metadata, indptr and
indices (!tt.ptr<i32>, marked sp.block_sparse = "indptr" / "indices"; the
values carry sp.block); the block pointer (K offset 0) addresses the stored
blocks of its block row r = m0/BM, stacked ([end*BM, BK] at [start*BM, 0],
start = indptr[r], end = indptr[r+1]); the scf.for over K that advances it
by [0, BK] becomes scf.for %j = start to end step 1 carrying the current
block column (indices[j]): the old induction variable becomes lb + cur*step,
A advances by one stored block, and every other carried block pointer
advanced by loop-invariant D starts at init + indices[start]*D and advances
by (indices[j+1] - indices[j])*D. The loop may carry only the BSR24
pointer, accumulators of its dot, such block pointers and unchanged values,
and may not store (a skipped block must do nothing); anything else is a
positioned error.

Constant operands divided by 2 or 16 fold to new constants and must be
divisible (K, offsets and blocks by 16, M by 16, R0 by 2); other operands
get arith.shrsi and their divisibility is the caller's contract (for
pointer tensors: row strides multiples of 16, K offsets of whole 16-column
chunks). Sparse values crossing function boundaries (tt.return, tt.call)
or carried by scf.while are positioned errors. Run canonicalize afterwards (sp-pipeline
does) to fold the new constants.`

// Pass is decompose-sparse-tensors.
var Pass = &pass.Pass{
	Name:    Name,
	Title:   "DecomposeSparseTensors",
	Summary: "Split every 2:4 sparse tensor into a values tensor and an i16 metadata tensor",
	Doc:     passDoc,
	Anchor:  builtin.ModuleOpName,
	Run:     run,
}

func run(ctx *pass.Context, mod *ir.Operation) error {
	if ctx.IR == nil {
		return ir.Errorf(mod.Loc, "%s: needs the dialect registry (pass.RunOptions.IR) to build ops", Name)
	}
	for _, fn := range mod.Collect(funcOp) {
		if err := Func(ctx.IR, fn); err != nil {
			return err
		}
	}
	return nil
}

const (
	funcOp = tt.FuncOpName
	forOp  = scf.ForOpName
	ifOp   = scf.IfOpName
)

// pair is the decomposition of one sparse value.
type pair struct{ vals, meta *ir.Value }

// state is the per-function rewrite state.
type state struct {
	ctx      *ir.Context
	roles    *roles
	pairs    map[*ir.Value]pair
	consts   constants
	dead     []*ir.Operation // replaced ops, erased last-first
	deadArgs []*ir.Value     // replaced block arguments
	pt       *ptrState       // pointer-tensor rewrite state (lazily made)
	ptrMode  map[*ir.Value]bool
	metaArgs []metaArg // decomposed arguments, for their layout attribute
}

// metaArg is a split kernel argument: the original value and the index of
// its metadata argument in the new signature.
type metaArg struct {
	old  *ir.Value
	meta int
}

// Func decomposes the sparse values of one tt.func (its signature, body and
// nested regions). It returns a positioned diagnostic for unsupported uses.
func Func(ctx *ir.Context, fn *ir.Operation) error {
	if err := blockSparse(ctx, fn); err != nil {
		return err
	}
	rs, err := analyzeRoles(fn)
	if err != nil {
		return err
	}
	s := &state{ctx: ctx, roles: rs, pairs: map[*ir.Value]pair{}, ptrMode: map[*ir.Value]bool{}}
	if err := s.splitSignature(fn); err != nil {
		return err
	}
	if len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
		return nil // a declaration: only its signature changes
	}
	s.consts = constants{ctx: ctx, entry: fn.Regions[0].Entry()}
	for _, b := range fn.Regions[0].Blocks {
		if err := s.walkBlock(b); err != nil {
			return err
		}
	}
	s.recordLayouts(fn)
	return s.cleanup()
}

// recordLayouts sets sp.metadata_layout on each metadata argument read
// through pointer tensors: band16 for A, band16t for B (band16k32 and
// band16k32t for 8-bit elements). Arguments read
// through block pointers are band16 (docs/sparse.md) and carry no
// attribute.
func (s *state) recordLayouts(fn *ir.Operation) {
	if len(s.metaArgs) == 0 {
		return
	}
	ft, _ := tt.FuncType(fn)
	attrs := make([]ir.DictAttr, len(ft.Inputs))
	for i := range attrs {
		attrs[i] = tt.ArgAttrs(fn, i)
	}
	changed := false
	for _, a := range s.metaArgs {
		if !s.ptrMode[s.roles.find(a.old)] {
			continue // band16, the layout every consumer assumes by default
		}
		w8 := false
		if pt, ok := a.old.Type().(tt.PointerType); ok && tt.BitWidth(pt.Pointee) == 8 {
			w8 = true
		}
		l := layoutPtrA
		switch {
		case s.roles.of(a.old) == roleB && w8:
			l = layoutPtrB8
		case s.roles.of(a.old) == roleB:
			l = layoutPtrB
		case w8:
			l = layoutPtrA8
		}
		attrs[a.meta] = attrs[a.meta].With(AttrMetadataLayout, ir.StringAttr{Value: l})
		changed = true
	}
	if changed {
		tt.SetArgAttrs(fn, attrs)
	}
}

// walkBlock rewrites the ops of b in order, descending into the regions of
// each op (or of the op that replaced it).
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

// splitSignature replaces each sparse pointer argument by (values, meta)
// in the function type, the argument attributes and the entry block.
func (s *state) splitSignature(fn *ir.Operation) error {
	ft, ok := tt.FuncType(fn)
	if !ok {
		return ir.OpError(fn, "has no function type")
	}
	for i, t := range ft.Results {
		if isSparse(t) {
			return ir.Errorf(fn.Loc, "%s: result #%d of type %s is sparse; sparse values cannot be returned from a function (only kernel arguments !tt.ptr<T, #tt.sparse<\"NV24\">> are supported; inline the callee first)", Name, i, ir.TypeString(t))
		}
	}
	var args []*ir.Value // entry arguments before splitting (none for a declaration)
	if len(fn.Regions) > 0 && fn.Regions[0].Entry() != nil {
		args = append(args, fn.Regions[0].Entry().Args()...)
	}
	var ins []ir.Type
	var attrs []ir.DictAttr
	changed := false
	for i, t := range ft.Inputs {
		a := tt.ArgAttrs(fn, i)
		if !tt.IsSparsePointer(t) {
			if isSparse(t) {
				return ir.Errorf(fn.Loc, "%s: argument #%d of type %s: only scalar sparse pointers !tt.ptr<T, #tt.sparse<\"NV24\">> may be function arguments", Name, i, ir.TypeString(t))
			}
			ins, attrs = append(ins, t), append(attrs, a)
			continue
		}
		changed = true
		vt, mt := splitScalarPtr(t.(tt.PointerType))
		ins, attrs = append(ins, vt, mt), append(attrs, a, a)
		if i < len(args) {
			s.metaArgs = append(s.metaArgs, metaArg{old: args[i], meta: len(ins) - 1})
			s.splitBlockArg(args[i], vt, mt)
		}
	}
	if !changed {
		return nil
	}
	fn.SetAttr(tt.AttrFunctionType, ir.TypeAttr{Type: ir.FunctionType{Inputs: ins, Results: ft.Results}})
	tt.SetArgAttrs(fn, attrs)
	return nil
}

// splitBlockArg inserts (values, meta) arguments right before old and maps
// old to them; old is erased at cleanup.
func (s *state) splitBlockArg(old *ir.Value, vt, mt ir.Type) {
	b, i := old.OwnerBlock(), old.Index()
	v := b.InsertArg(i, vt)
	m := b.InsertArg(i+1, mt)
	v.Loc, m.Loc = old.Loc, old.Loc
	s.pairs[old] = pair{v, m}
	s.deadArgs = append(s.deadArgs, old)
}

// cleanup erases replaced ops (users first) and replaced arguments; a use
// left over is an unsupported user that no rewrite handled.
func (s *state) cleanup() error {
	for i := len(s.dead) - 1; i >= 0; i-- {
		op := s.dead[i]
		for _, r := range op.Results() {
			if r.HasUses() {
				return leftoverUse(r)
			}
		}
		op.Erase()
	}
	for i := len(s.deadArgs) - 1; i >= 0; i-- {
		a := s.deadArgs[i]
		if a.HasUses() {
			return leftoverUse(a)
		}
		a.OwnerBlock().EraseArg(a.Index())
	}
	return nil
}

func leftoverUse(v *ir.Value) error {
	u := v.Uses()[0].Op
	return ir.Errorf(u.Loc, "%s: '%s' uses a sparse value of type %s that could not be decomposed; %s", Name, u.Name, ir.TypeString(v.Type()), supported)
}

// supported lists what the pass handles, for diagnostics.
const supported = "supported uses of sparse values are tt.make_tensor_ptr (sparse base), tt.advance, tt.load and tt.store (A) of sparse block pointers, tt.make_tensor_descriptor and tt.descriptor_load (A), tt.splat, tt.addptr, tt.broadcast and (masked) tt.load of sparse pointer tensors, tt.dot, tt.sparse_values, and scf.for/scf.if/scf.yield"
