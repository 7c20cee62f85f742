package encoding

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const removeDoc = `tritongpu-remove-layout-conversions drops and folds redundant
triton_gpu.convert_layout ops, repeating until nothing changes:

 1. identity: convert_layout x : T -> T is replaced by x;
 2. chain: convert_layout (convert_layout x : A -> B) : B -> C becomes
    convert_layout x : A -> C (or x when C = A);
 3. rematerialise: a conversion of a tt.splat, a tt.make_range or a splat
    arith.constant is replaced by that op built directly in the target layout
    (retyped in place when the conversion was its only user, cloned otherwise);
 4. sink: a conversion whose only user is an elementwise op whose other
    operands, if any, are splats (a cast such as arith.truncf, a product
    with a splat scale) is moved after it, so the
    op runs in the source layout and the conversion moves the result (the
    epilogue converts f16 rather than f32 from #mma to #blocked); a
    conversion all of whose users lie in one block of a later op's region
    (the scf.if that holds a flattened persistent loop's epilogue) moves to
    the start of that block, so it runs only when the branch is taken;
 5. dead conversions are erased.

A conversion that is left needs shared-memory scratch in the PTX lowering;
where that scratch beside live buffers (a flattened persistent loop's ring
around its epilogue) would put the kernel over the target's shared memory,
the lowering converts in windows of rows or columns through a fraction of
it (lower/ptx, fitShared).

Conversions to dot_op encodings only take rules 1, 2 and 5: they are what
tritongpu-stage-dot-operands stages through shared memory, so a dot
operand is never rematerialised in a dot_op layout.`

// RemoveLayoutConversions is the tritongpu-remove-layout-conversions pass.
var RemoveLayoutConversions = &pass.Pass{
	Name:    "tritongpu-remove-layout-conversions",
	Title:   "TritonGPURemoveLayoutConversions",
	Summary: "Remove and fold redundant triton_gpu.convert_layout ops",
	Doc:     removeDoc,
	Anchor:  builtin.ModuleOpName,
	Run:     runRemove,
}

func runRemove(ctx *pass.Context, module *ir.Operation) error {
	b := ir.NewBuilder(ctx.IR)
	for _, fn := range funcs(module) {
		for changed := true; changed; {
			changed = false
			for _, cv := range fn.Collect(opConvert) {
				if cv.Block() != nil && simplifyConvert(b, cv) {
					changed = true
				}
			}
		}
	}
	return nil
}

// simplifyConvert applies the first rule that matches cv.
func simplifyConvert(b *ir.Builder, cv *ir.Operation) bool {
	src, res := cv.Operand(0), cv.Result(0)
	to := res.Type()
	switch {
	case !res.HasUses():
		cv.Erase()
		return true
	case ir.TypeEqual(src.Type(), to):
		res.ReplaceAllUsesWith(src)
		cv.Erase()
		return true
	}
	def := src.DefiningOp()
	_, toDot := encodingOf(to).(ttgpu.DotOperandEncoding)
	switch {
	case def == nil:
	case def.Name == opConvert:
		cv.SetOperand(0, def.Operand(0))
		if !src.HasUses() {
			def.Erase()
		}
		return true
	case toDot:
		return false
	case rematerializable(def):
		nv := src
		if len(src.Uses()) == 1 {
			setValueType(src, to)
		} else {
			c := ir.Clone(def, map[*ir.Value]*ir.Value{})
			def.Block().InsertAfter(def, c)
			nv = c.Result(0)
			setValueType(nv, to)
		}
		res.ReplaceAllUsesWith(nv)
		cv.Erase()
		return true
	}
	return sinkConvert(b, cv) || sinkIntoRegion(cv)
}

// sinkIntoRegion moves cv into the block of a later op's region when every
// use lies in that block (or below it): a conversion only an scf.if reads,
// such as the epilogue of a flattened persistent loop, then runs only when
// the branch is taken.
func sinkIntoRegion(cv *ir.Operation) bool {
	var blk *ir.Block
	for _, u := range cv.Result(0).Uses() {
		b := blockUnder(u.Op, cv.Block())
		if b == nil || (blk != nil && b != blk) {
			return false
		}
		blk = b
	}
	if blk == nil {
		return false
	}
	cv.Remove()
	if first := blk.Ops(); len(first) > 0 {
		blk.InsertBefore(first[0], cv)
	} else {
		blk.Append(cv)
	}
	return true
}

func rematerializable(op *ir.Operation) bool {
	switch op.Name {
	case tt.SplatOpName, tt.MakeRangeOpName:
		return true
	case opConstant:
		d, ok := op.Attr("value").(ir.DenseElementsAttr)
		return ok && d.Splat
	}
	return false
}

// sinkConvert moves cv after its single elementwise user, whose other
// operands (if any) are splats or splat constants: those are converted
// too, which rule 3 then folds into the source layout.
func sinkConvert(b *ir.Builder, cv *ir.Operation) bool {
	res := cv.Result(0)
	if len(res.Uses()) != 1 {
		return false
	}
	u := res.Uses()[0].Op
	if !u.HasTrait(ir.Elementwise) || !u.HasTrait(ir.Pure) || u.NumResults() != 1 || len(u.Regions) > 0 {
		return false
	}
	for _, v := range u.Operands() {
		if d := v.DefiningOp(); v != res && (d == nil || !rematerializable(d) || !isTensor(v.Type())) {
			return false
		}
	}
	srcEnc := encodingOf(cv.Operand(0).Type())
	out := u.Result(0)
	outT := out.Type()
	b.Loc = cv.Loc
	for i, v := range u.Operands() {
		if v != res {
			b.SetInsertionPointBefore(u)
			u.SetOperand(i, newConvert(b, v, withEncoding(v.Type(), srcEnc)))
		}
	}
	u.SetOperand(res.Uses()[0].Index, cv.Operand(0))
	out.SetType(withEncoding(outT, srcEnc))
	b.Loc = cv.Loc
	b.SetInsertionPointAfter(u)
	nc := newConvert(b, out, outT)
	out.ReplaceUsesWithIf(nc, func(x ir.Use) bool { return x.Op != nc.DefiningOp() })
	cv.Erase()
	return true
}
