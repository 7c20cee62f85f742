package encoding

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding/swizzle"
)

const stageDoc = `tritongpu-stage-dot-operands stages every MMA dot operand through shared
memory: a triton_gpu.convert_layout from a distributed layout to
#triton_gpu.dot_op<{opIdx, parent = #mma, kWidth[, meta]}> becomes

  %m = triton_gpu.local_alloc %x : (tensor<…, #blocked>) -> !tt.memdesc<…, #shared, #triton_gpu.shared_memory>
  %y = triton_gpu.local_load %m : !tt.memdesc<…> -> tensor<…, #dot_op>

placed right after the definition of %x (so a loop-invariant operand is
staged once, before the loop).

The shared layout #triton_gpu.shared<{vec, perPhase, maxPhase, order,
hasLeadingOffset = false}> is chosen per operand by
swizzle.ForDotOperand(opIdx, kWidth, elemBits, tile, order, meta), the
formula whose loads (ldmatrix for A values and dense operands, the metadata
words for meta = 1) the swizzle package proves bank-conflict free; order is
the order of the source layout (the contiguous dimension of the global
access, as tritongpu-coalesce chose it). A values, dense B and metadata thus
get separately chosen layouts (for BM = BN = BK = 64, f16: values {8, 2, 4},
B {8, 1, 8}, metadata {8, 1, 1}). Operands the swizzle package does not
model (element widths other than 16, metadata tiles whose K extent is not a
multiple of 32, rows of unsupported byte length) are diagnosed at the dot.

tritongpu-pipeline later turns a staged global load inside a loop into a
multi-buffered asynchronous copy with the same shared layout.`

// StageDotOperands is the tritongpu-stage-dot-operands pass.
var StageDotOperands = &pass.Pass{
	Name:     "tritongpu-stage-dot-operands",
	Title:    "TritonGPUStageDotOperands",
	Summary:  "Stage MMA dot operands through swizzled shared memory (one layout per operand kind)",
	Doc:      stageDoc,
	Anchor:   builtin.ModuleOpName,
	Requires: []*pass.Pass{AccelerateMatmul},
	Run:      runStage,
}

func runStage(ctx *pass.Context, module *ir.Operation) error {
	b := ir.NewBuilder(ctx.IR)
	for _, fn := range funcs(module) {
		for _, cv := range fn.Collect(opConvert) {
			dst, ok := isMmaDotOperand(encodingOf(cv.Result(0).Type()))
			if !ok {
				continue
			}
			if err := stageOperand(b, cv, dst); err != nil {
				return err
			}
		}
	}
	return nil
}

// stageOperand replaces cv (distributed -> dot_op) by local_alloc + local_load.
func stageOperand(b *ir.Builder, cv *ir.Operation, dst ttgpu.DotOperandEncoding) error {
	src := cv.Operand(0)
	rt, ok := src.Type().(ir.RankedTensorType)
	if !ok || len(rt.Shape) != 2 {
		return ir.OpError(cv, "tritongpu-stage-dot-operands: only rank-2 dot operands are supported")
	}
	order, ok := ttgpu.Order(rt.Encoding)
	if !ok {
		order = []int{1, 0}
	}
	sh, err := sharedForDotOperand(dst, elemBits(rt), [2]int{int(rt.Shape[0]), int(rt.Shape[1])}, order)
	if err != nil {
		return ir.OpError(cv, "tritongpu-stage-dot-operands: no shared layout for dot operand %d (meta = %d) of %s: %v",
			dst.OpIdx, dst.Meta, ir.TypeString(rt), err)
	}
	md := tt.MemDescType{Shape: rt.Shape, Elem: rt.Elem, Encoding: sh, MemorySpace: ttgpu.SharedMemorySpace{}}
	b.Loc = cv.Loc
	// Stage right after the operand is defined, so that a loop-invariant
	// operand is staged once, outside the loop.
	switch def := src.DefiningOp(); {
	case def != nil:
		b.SetInsertionPointAfter(def)
	case cv.Block() == src.OwnerBlock():
		b.SetInsertionPointBefore(cv)
	default:
		b.SetInsertionPointToStart(src.OwnerBlock())
	}
	alloc := b.Create(opLocalAlloc, []*ir.Value{src}, []ir.Type{md}).Result(0)
	ld := b.Create(opLocalLoad, []*ir.Value{alloc}, []ir.Type{cv.Result(0).Type()}).Result(0)
	cv.Result(0).ReplaceAllUsesWith(ld)
	cv.Erase()
	return nil
}

// sharedForDotOperand is the single call site of the swizzle package: it
// translates a dot_op encoding into swizzle.ForDotOperand's arguments and
// the result into #triton_gpu.shared (an error for operands it does not
// model becomes the caller's diagnostic).
func sharedForDotOperand(d ttgpu.DotOperandEncoding, bits int, tile [2]int, order []int) (ttgpu.SharedEncoding, error) {
	s, err := swizzle.ForDotOperand(d.OpIdx, d.KWidth, bits, tile, order, d.Meta)
	if err != nil {
		return ttgpu.SharedEncoding{}, err
	}
	return ttgpu.SharedEncoding{Vec: s.Vec, PerPhase: s.PerPhase, MaxPhase: s.MaxPhase, Order: append([]int(nil), s.Order...)}, nil
}
