package limits

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

// Target is one GPU target's per-block launch limits.
type Target struct {
	Name       string // "cuda:80"
	SM         int    // 80
	MaxThreads int    // threads per block
	MaxShared  int    // bytes of shared memory per block (opt-in maximum)
	MaxRegs    int    // registers per thread
}

// Targets are the targets sp lowers to, by compute capability: sm_80
// (A100: 163 KB of shared memory per block), sm_89 (Ada, 99 KB; fp8
// mma.sp) and sm_90 (H100: 227 KB).
var Targets = map[int]Target{
	80: {Name: "cuda:80", SM: 80, MaxThreads: 1024, MaxShared: 163 * 1024, MaxRegs: 255},
	// sm_89 (L4, L40, RTX 4090: 99 KB per block): the first with fp8 mma.sp
	89: {Name: "cuda:89", SM: 89, MaxThreads: 1024, MaxShared: 99 * 1024, MaxRegs: 255},
	90: {Name: "cuda:90", SM: 90, MaxThreads: 1024, MaxShared: 227 * 1024, MaxRegs: 255},
}

// targetNames lists the supported spellings, sorted.
func targetNames() string {
	var ns []string
	for _, t := range Targets {
		ns = append(ns, t.Name)
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

// ParseTarget reads a target name ("cuda:80") and returns its limits.
func ParseTarget(name string) (Target, error) {
	rest, ok := strings.CutPrefix(name, "cuda:")
	cc, err := strconv.Atoi(rest)
	if !ok || err != nil {
		return Target{}, fmt.Errorf("target %q: expected cuda:<compute capability> (supported: %s)", name, targetNames())
	}
	t, ok := Targets[cc]
	if !ok {
		return Target{}, fmt.Errorf("target %q is not supported (supported: %s)", name, targetNames())
	}
	return t, nil
}

// ModuleTarget returns the limits of the module's triton_gpu.target
// (cuda:80 when absent).
func ModuleTarget(module *ir.Operation) (Target, error) {
	name, ok := ttgpu.Target(module)
	if !ok {
		return Targets[80], nil
	}
	t, err := ParseTarget(name)
	if err != nil {
		return Target{}, ir.OpError(module, "%v", err)
	}
	return t, nil
}

// Check verifies a TritonGPU module against its target's limits before
// lowering (see the package invariants). The first violation is returned
// as a positioned diagnostic.
func Check(module *ir.Operation) error {
	t, err := ModuleTarget(module)
	if err != nil {
		return err
	}
	numWarps, ok := ttgpu.NumWarps(module)
	if !ok {
		return nil // not TritonGPU IR: nothing is distributed yet
	}
	tpw := ttgpu.ModuleThreadsPerWarp(module)
	if tpw <= 0 {
		tpw = 32
	}
	if err := CheckThreads(t, numWarps, tpw); err != nil {
		return ir.OpError(module, "%v", err)
	}
	threads := numWarps * tpw
	var first error
	module.WalkOps(func(op *ir.Operation) {
		if first != nil {
			return
		}
		if op.Name == ttgpu.LocalAllocOpName && op.NumResults() == 1 {
			first = checkAlloc(t, op)
		}
		for _, r := range op.Results() {
			if first == nil {
				first = checkRegisters(t, op, r.Type(), numWarps, threads)
			}
		}
	})
	return first
}

// CheckThreads rejects a block of numWarps warps over the thread limit.
func CheckThreads(t Target, numWarps, threadsPerWarp int) error {
	if numWarps < 1 {
		return fmt.Errorf("num-warps=%d: a block needs at least one warp", numWarps)
	}
	if n := int64(numWarps) * int64(threadsPerWarp); n > int64(t.MaxThreads) {
		return fmt.Errorf("num-warps=%d gives %d threads per block, over the %s limit of %d (use num-warps=%d or fewer)",
			numWarps, n, t.Name, t.MaxThreads, t.MaxThreads/threadsPerWarp)
	}
	return nil
}

// bytesOf is the storage size of shape elements of type elem (0 when not
// a sized scalar), saturating instead of overflowing.
func bytesOf(shape []int64, elem ir.Type) int64 {
	bits := int64(tt.BitWidth(elem))
	if bits == 0 {
		return 0
	}
	n := (bits + 7) / 8
	for _, d := range shape {
		if d < 0 {
			return 0
		}
		if d != 0 && n > (1<<62)/d {
			return 1 << 62
		}
		n *= d
	}
	return n
}

// checkAlloc rejects one shared allocation larger than the block's shared
// memory: with a leading multi-buffer dimension that is num-stages.
func checkAlloc(t Target, op *ir.Operation) error {
	md, ok := op.Result(0).Type().(tt.MemDescType)
	if !ok {
		return nil
	}
	shape := md.AllocShape
	if len(shape) == 0 {
		shape = md.Shape
	}
	n := bytesOf(shape, md.Elem)
	if n <= int64(t.MaxShared) {
		return nil
	}
	cause := fmt.Sprintf("a %s tile", shapeString(shape))
	if len(shape) >= 3 {
		cause = fmt.Sprintf("%d buffers (num-stages) of a %s tile", shape[0], shapeString(shape[1:]))
	}
	return ir.OpError(op, "shared memory: %s of %s needs %d bytes, over the %s limit of %d bytes per block; reduce num-stages or the tile sizes",
		cause, ir.TypeString(md.Elem), n, t.Name, t.MaxShared)
}

// distributed reports whether a tensor type carries a register layout
// (blocked, slice, MMA or dot operand) rather than shared memory.
func distributed(rt ir.RankedTensorType) bool {
	switch rt.Encoding.(type) {
	case ttgpu.BlockedEncoding, ttgpu.SliceEncoding, ttgpu.DotOperandEncoding, ttgpu.NvidiaMmaEncoding, ttgpu.LinearEncoding:
		return true
	}
	return false
}

// maxElemsPerThread bounds the elements of one tensor a thread holds: the
// lowering unrolls every one of them.
const maxElemsPerThread = 1024

// checkRegisters rejects a dot accumulator whose elements, spread evenly
// over the block's threads, need more 32-bit registers per thread than
// the target has (it stays live across the K loop, so ptxas would spill
// it), and any tensor with more than maxElemsPerThread elements per
// thread. Other tensors (pointers, loaded tiles) may be rematerialized
// piecewise, so their size is no lower bound on registers.
func checkRegisters(t Target, op *ir.Operation, ty ir.Type, numWarps, threads int) error {
	rt, ok := ty.(ir.RankedTensorType)
	if !ok || !distributed(rt) {
		return nil
	}
	bits := int64(tt.BitWidth(rt.Elem))
	n := rt.NumElements()
	if bits == 0 || n < 0 {
		return nil
	}
	perThread := (n + int64(threads) - 1) / int64(threads)
	what := shapeString(rt.Shape) + "x" + ir.TypeString(rt.Elem)
	if perThread > maxElemsPerThread {
		return ir.OpError(op, "registers: a %s tensor with num-warps=%d puts %d elements in each thread (at most %d); raise num-warps or reduce the tile sizes",
			what, numWarps, perThread, maxElemsPerThread)
	}
	if op.Name != tt.DotOpName && op.Name != ttng.WarpGroupDotOpName {
		return nil
	}
	if regs := (perThread*bits + 31) / 32; regs > int64(t.MaxRegs) {
		return ir.OpError(op, "registers: the %s accumulator with num-warps=%d needs at least %d registers per thread, over the %s limit of %d; raise num-warps or reduce the tile sizes (BLOCK_M x BLOCK_N)",
			what, numWarps, regs, t.Name, t.MaxRegs)
	}
	return nil
}

// CheckKernel judges a lowered kernel's exact launch figures (the
// manifest's threads per block and dynamic shared memory).
func CheckKernel(t Target, kernel string, threads, sharedBytes, numWarps int) error {
	if threads > t.MaxThreads {
		return fmt.Errorf("kernel @%s: %d threads per block (num-warps=%d), over the %s limit of %d", kernel, threads, numWarps, t.Name, t.MaxThreads)
	}
	if sharedBytes > t.MaxShared {
		return fmt.Errorf("kernel @%s needs %d bytes of shared memory, over the %s limit of %d bytes per block; reduce num-stages or the tile sizes", kernel, sharedBytes, t.Name, t.MaxShared)
	}
	return nil
}

// CheckSpills judges ptxas's report of one kernel: registers beyond the
// target's limit or spilled to local memory mean the tiles are too large
// for num-warps.
func CheckSpills(t Target, kernel string, registers, spillStores, numWarps int) error {
	if registers > t.MaxRegs || spillStores > 0 {
		return fmt.Errorf("kernel @%s: ptxas uses %d registers per thread and spills %d bytes (num-warps=%d); raise num-warps or reduce the tile sizes", kernel, registers, spillStores, numWarps)
	}
	return nil
}

func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, "x")
}

// Pass is tritongpu-check-launch-resources: Check as a pass, the last
// step of sp-pipeline.
var Pass = &pass.Pass{
	Name:    "tritongpu-check-launch-resources",
	Title:   "CheckLaunchResources",
	Summary: "Reject kernels over the target's threads, shared memory or registers per block",
	Doc: `tritongpu-check-launch-resources checks a TritonGPU module against the
limits of its triton_gpu.target (cuda:80: 1024 threads, 163 KB of shared
memory per block; cuda:90: 1024 threads, 227 KB; 255 registers per thread)
before it is lowered: num-warps times threads-per-warp, every
triton_gpu.local_alloc (a multi-buffered one is num-stages tiles) and, for
every distributed tensor, its elements spread evenly over the block's threads
as a lower bound of the registers each thread needs for a dot accumulator
(and at most 1024 elements per thread for any tensor). Each violation is an
error naming the option or tile to change. The IR is not modified.`,
	Anchor: "builtin.module",
	Run: func(_ *pass.Context, module *ir.Operation) error {
		return Check(module)
	},
}
