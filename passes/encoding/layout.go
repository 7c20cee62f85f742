package encoding

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/scf"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/limits"
)

// Names of the ops the passes create or look at.
const (
	opConvert      = ttgpu.ConvertLayoutOpName
	opLocalAlloc   = ttgpu.LocalAllocOpName
	opLocalLoad    = ttgpu.LocalLoadOpName
	opLocalDealloc = ttgpu.LocalDeallocOpName
	opSubview      = ttgpu.MemdescSubviewOpName
	opAsyncCopy    = ttgpu.AsyncCopyGlobalToLocalOpName
	opCommit       = ttgpu.AsyncCommitGroupOpName
	opWait         = ttgpu.AsyncWaitOpName
	opFunc         = tt.FuncOpName
	opDot          = tt.DotOpName
	opLoad         = tt.LoadOpName
	opStore        = tt.StoreOpName
	opExpandDims   = tt.ExpandDimsOpName
	opFor          = scf.ForOpName
	opYield        = scf.YieldOpName
	opConstant     = arith.ConstantOpName
)

// blockedFor is Triton's BlockedEncodingAttr::get(shape, sizePerThread,
// order, numWarps, threadsPerWarp): threads and then warps are dealt to the
// dimensions fastest first, each dimension taking what its extent (in
// sizePerThread units) can use; the slowest dimension takes the rest.
func blockedFor(shape []int64, sizePerThread, order []int, numWarps, threadsPerWarp int) ttgpu.BlockedEncoding {
	rank := len(shape)
	tpw, wpc := make([]int, rank), make([]int, rank)
	remLanes, remThreads, remWarps := threadsPerWarp, numWarps*threadsPerWarp, numWarps
	prevLanes, prevWarps := 1, 1
	for k := 0; k < rank-1; k++ {
		d := order[k]
		perCTA := clamp(remThreads, 1, max(1, int(shape[d])/sizePerThread[d]))
		tpw[d] = clamp(perCTA, 1, remLanes)
		wpc[d] = clamp(perCTA/tpw[d], 1, remWarps)
		remWarps /= wpc[d]
		remLanes /= tpw[d]
		remThreads /= perCTA
		prevLanes *= tpw[d]
		prevWarps *= wpc[d]
	}
	last := order[rank-1]
	tpw[last] = threadsPerWarp / prevLanes
	wpc[last] = numWarps / prevWarps
	return ttgpu.BlockedEncoding{
		SizePerThread:  append([]int(nil), sizePerThread...),
		ThreadsPerWarp: tpw,
		WarpsPerCTA:    wpc,
		Order:          append([]int(nil), order...),
	}
}

// defaultBlocked is the layout convert-triton-to-tritongpu gives a tensor
// of the given shape: one element per thread, row-major order.
func defaultBlocked(shape []int64, numWarps, threadsPerWarp int) ttgpu.BlockedEncoding {
	rank := len(shape)
	spt, order := make([]int, rank), make([]int, rank)
	for i := range spt {
		spt[i] = 1
		order[i] = rank - 1 - i
	}
	return blockedFor(shape, spt, order, numWarps, threadsPerWarp)
}

func clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// withEncoding returns t with its encoding replaced (tensors only).
func withEncoding(t ir.Type, enc ir.Attribute) ir.Type {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return rt.WithEncoding(enc)
	}
	return t
}

// encodingOf returns the encoding of a ranked tensor type, or nil.
func encodingOf(t ir.Type) ir.Attribute {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return rt.Encoding
	}
	return nil
}

// setValueType changes v's type; for an arith.constant result it also
// retypes the dense value attribute so the constant keeps verifying.
func setValueType(v *ir.Value, t ir.Type) {
	v.SetType(t)
	op := v.DefiningOp()
	if op == nil || op.Name != opConstant {
		return
	}
	if d, ok := op.Attr("value").(ir.DenseElementsAttr); ok {
		if rt, ok := t.(ir.RankedTensorType); ok {
			d.Type = rt
			op.SetAttr("value", d)
		}
	}
}

// moduleConfig is what the GPU passes read from the module attributes that
// convert-triton-to-tritongpu sets.
type moduleConfig struct {
	numWarps, threadsPerWarp, numCTAs int
	cc                                int // compute capability, e.g. 80
	target                            string
}

// readModuleConfig returns the module's GPU configuration or a positioned
// diagnostic naming the missing attribute.
func readModuleConfig(module *ir.Operation, passName string) (moduleConfig, error) {
	var c moduleConfig
	nw, ok := ttgpu.NumWarps(module)
	if !ok {
		return c, ir.Errorf(module.Loc, "%s: the module has no 'triton_gpu.num-warps' attribute (run convert-triton-to-tritongpu first)", passName)
	}
	target, ok := ttgpu.Target(module)
	if !ok {
		return c, ir.Errorf(module.Loc, "%s: the module has no 'triton_gpu.target' attribute (run convert-triton-to-tritongpu first)", passName)
	}
	cc, err := parseTarget(target)
	if err != nil {
		return c, ir.Errorf(module.Loc, "%s: %v", passName, err)
	}
	return moduleConfig{numWarps: nw, threadsPerWarp: ttgpu.ModuleThreadsPerWarp(module), numCTAs: ttgpu.NumCTAs(module), cc: cc, target: target}, nil
}

// parseTarget reads "cuda:80" into 80; only the targets sp lowers to
// (lower/limits.Targets) are accepted.
func parseTarget(target string) (int, error) {
	t, err := limits.ParseTarget(target)
	if err != nil {
		return 0, err
	}
	return t.SM, nil
}

// funcs returns the tt.func ops directly inside module.
func funcs(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, r := range module.Regions {
		for _, b := range r.Blocks {
			for _, op := range b.Ops() {
				if op.Name == opFunc {
					out = append(out, op)
				}
			}
		}
	}
	return out
}

// isMmaDotOperand reports whether enc is a dot_op encoding whose parent is
// an nvidia_mma layout, and returns it.
func isMmaDotOperand(enc ir.Attribute) (ttgpu.DotOperandEncoding, bool) {
	d, ok := enc.(ttgpu.DotOperandEncoding)
	if !ok {
		return d, false
	}
	_, ok = d.Parent.(ttgpu.NvidiaMmaEncoding)
	return d, ok
}

// elemBits is the bit width of a tensor's element type.
func elemBits(t ir.Type) int { return tt.BitWidth(tt.ElemOf(t)) }

// newConvert inserts `triton_gpu.convert_layout v -> to` at b.
func newConvert(b *ir.Builder, v *ir.Value, to ir.Type) *ir.Value {
	return b.Create(opConvert, []*ir.Value{v}, []ir.Type{to}).Result(0)
}
