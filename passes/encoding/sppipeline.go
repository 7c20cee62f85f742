package encoding

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

// PipelineOptions are the options of the sp-pipeline named pipeline.
type PipelineOptions struct {
	Target    string `opt:"target" help:"GPU target, cuda:<compute capability> (cuda:80, cuda:90)"`
	NumWarps  int    `opt:"num-warps" help:"warps per CTA"`
	NumCTAs   int    `opt:"num-ctas" help:"CTAs per program, a cluster that splits the program's M tile (1 or 2; 2 needs cuda:90)"`
	NumStages int    `opt:"num-stages" help:"software-pipelining stages of the K loop (1: no pipelining)"`
	AsyncWait string `opt:"async-wait" help:"how a wgmma loop waits for its copies: head, before-copies or mbarrier (tritongpu-pipeline's option)"`
	// TMA loads block-pointer tiles with TMA (cuda:90): descriptors from
	// triton-rewrite-tensor-pointer, mbarrier rings from the pipeliner.
	TMA    bool   `opt:"tma" help:"load block-pointer tiles with TMA on cuda:90 (tensor descriptors; the pipeliner's mbarriers)"`
	WgmmaA string `opt:"wgmma-a" help:"where a wgmma reads A: shared or registers (tritongpu-accelerate-matmul's option)"`
	// MaxNumImpreciseAcc is tritongpu-accelerate-matmul's option (-1: unset).
	MaxNumImpreciseAcc int `opt:"max-num-imprecise-acc" help:"fp8 wgmma: K elements accumulated in reduced precision before promotion into f32, for dots without their own (-1: each dot's, default a promotion after every wgmma; 1073741824: fast accumulation)"`
	// CheckLaunch runs tritongpu-check-launch-resources last; false keeps
	// the IR of a kernel that could not launch (to inspect its layouts).
	CheckLaunch bool `opt:"check-launch-resources" help:"reject kernels over the target's threads, shared memory or registers (false: keep them)"`
}

// step is one element of sp-pipeline: a pass, how its options derive from
// the pipeline's, and why it sits where it does.
type step struct {
	pass *pass.Pass
	opts func(o *PipelineOptions) string
	why  string
}

// pipelineSteps is sp-pipeline in order (ir-syntax.md §9.3: the Triton 3.1
// make_ttir/make_ttgir order restricted to sp's passes).
func pipelineSteps() []step {
	convertOpts := func(o *PipelineOptions) string {
		return fmt.Sprintf("num-warps=%d threads-per-warp=32 num-ctas=1 target=%s", o.NumWarps, o.Target)
	}
	return []step{
		{SplitCTATiles, func(o *PipelineOptions) string { return fmt.Sprintf("ctas=%d", o.NumCTAs) },
			"num-ctas > 1: the program's M tile split between the CTAs of a cluster, per-CTA IR from here on"},
		{decompose.Pass, nil, "split #tt.sparse tensors into values and i16 metadata before anything looks at shapes"},
		{transform.Canonicalize, nil, "fold the index arithmetic the decomposition emits"},
		{tensorptr.Pass, func(o *PipelineOptions) string {
			switch {
			case o.TMA:
				return "descriptors=true"
			case o.Target != "cuda:90":
				return "lower-descriptors=true"
			}
			return ""
		}, "block pointers -> masked pointer tensors, which the layout passes take (or TMA descriptor loads; before Hopper, Triton's descriptor loads -> pointer tensors)"},
		{transform.Canonicalize, nil, "clean up before layout assignment"},
		{transform.LICM, func(*PipelineOptions) string { return "sink-past-loops=true" }, "hoist the loop-invariant pointer tensors and masks the rewrite emits out of the K loop; sink what only the epilogue uses past it"},
		{Convert, convertOpts, "TTIR -> TTGIR: blocked layouts on every tensor, module attributes"},
		{Coalesce, nil, "16-byte global accesses where the axis analysis proves them safe"},
		{RemoveLayoutConversions, nil, "fold the conversions coalescing left"},
		{AccelerateMatmul, func(o *PipelineOptions) string {
			var opts []string
			if o.WgmmaA != "" && o.WgmmaA != WgmmaAShared {
				opts = append(opts, "wgmma-a="+o.WgmmaA)
			}
			if o.MaxNumImpreciseAcc >= 0 {
				opts = append(opts, fmt.Sprintf("max-num-imprecise-acc=%d", o.MaxNumImpreciseAcc))
			}
			return strings.Join(opts, " ")
		}, "MMA layouts for tt.dot, dot_op encodings with meta -1/0/1"},
		{OptimizeAccumulatorInit, nil, "a flattened persistent loop's accumulator reset becomes the wgmma's useC flag"},
		{RemoveLayoutConversions, nil, "fold the accumulator and epilogue conversions"},
		{StageDotOperands, nil, "stage dot operands through shared memory with a swizzle per operand"},
		{transform.CSE, nil, "merge the duplicated make_range/splat chains before pipelining"},
		{Pipeline, func(o *PipelineOptions) string {
			if o.AsyncWait == "" || o.AsyncWait == AsyncWaitHead {
				return fmt.Sprintf("num-stages=%d", o.NumStages)
			}
			return fmt.Sprintf("num-stages=%d async-wait=%s", o.NumStages, o.AsyncWait)
		},
			"turn the staged loads of K loops into multi-buffered cp.async copies"},
		{transform.LoopUnroll, nil, "unroll the loops the pipeliner marks tt.loop_unroll_factor (sparse wgmma loops on mbarriers)"},
		{TMALowering, nil, "tensor descriptors become device-made tensor maps (a no-op without tma=true)"},
		{FenceInsertion, nil, "fence.proxy.async after register-to-shared stores that wgmma reads (after pipelining, which replaces the loop's stores by cp.async)"},
		{RemoveLayoutConversions, nil, "final cleanup of conversions"},
		{transform.CSE, nil, "merge what pipelining duplicated"},
		{transform.Canonicalize, nil, "fold constants for the lowering"},
		{limits.Pass, nil, "reject kernels over the target's threads, shared memory or registers before lowering"},
	}
}

const pipelineDoc = `sp-pipeline takes sparse (or dense) TTIR to the TTGIR that the PTX
lowering takes (the contract in passes/encoding/doc.go). Order, after
ir-syntax.md §9.3 (Triton 3.1's make_ttir and make_ttgir restricted to sp's
passes, with the 2:4 fork's decomposition first):

 0. tritongpu-split-cta-tiles{ctas} (only with num-ctas > 1): each CTA of the program's cluster takes its part of the M tile
 1. decompose-sparse-tensors: split #tt.sparse tensors into values and metadata
 2. canonicalize
 3. triton-rewrite-tensor-pointer{descriptors | lower-descriptors}: block pointers to masked pointer tensors (with
    tma=true, TMA-eligible loads to tt.descriptor_load; before cuda:90, descriptor loads to pointer tensors)
 4. canonicalize
 5. loop-invariant-code-motion{sink-past-loops=true}: the base pointer tensors and masks leave the loops, epilogue values move after them
 6. convert-triton-to-tritongpu{num-warps threads-per-warp=32 num-ctas=1 target} (per-CTA IR)
 7. tritongpu-coalesce
 8. tritongpu-remove-layout-conversions
 9. tritongpu-accelerate-matmul{wgmma-a max-num-imprecise-acc}
10. tritongpu-optimize-accumulator-init (a flattened persistent loop's accumulator reset becomes wgmma's useC)
11. tritongpu-remove-layout-conversions
12. tritongpu-stage-dot-operands (swizzled shared layout per operand)
13. cse
14. tritongpu-pipeline{num-stages async-wait}
15. triton-loop-unroll (the loops the pipeliner marks: sparse wgmma loops on mbarriers, by two)
16. triton-nvidia-tma-lowering (tensor descriptors, made by step 3 with tma=true, to device-made tensor maps)
17. triton-nvidia-gpu-fence-insertion
18. tritongpu-remove-layout-conversions
19. cse
20. canonicalize
21. tritongpu-check-launch-resources (unless check-launch-resources=false)

Constraints (checked by TestPipelineOrder): the decomposition precedes the
conversion (TTGIR conversion expects sparse operands already split);
coalesce precedes accelerate-matmul (the staged shared order follows the
coalesced global order); accelerate-matmul precedes staging (the swizzle is
derived from the dot_op encodings) and staging precedes the pipeliner (the
pipeliner reuses the staged shared layouts for its ring buffers);
loop-invariant-code-motion follows the pointer rewrite (whose loop-invariant
part it hoists) and precedes the pipeliner (which then only sees the
per-iteration offset arithmetic in the loop).`

// SPPipeline is the sp-pipeline named pipeline.
var SPPipeline = &pass.Pipeline{
	Name:    "sp-pipeline",
	Summary: "Sparse or dense TTIR to the TTGIR the PTX lowering takes",
	Doc:     pipelineDoc,
	Options: &PipelineOptions{Target: "cuda:80", NumWarps: 4, NumCTAs: 1, NumStages: 3, AsyncWait: AsyncWaitHead, WgmmaA: WgmmaAShared, MaxNumImpreciseAcc: -1, CheckLaunch: true},
	Build:   buildPipeline,
}

func buildPipeline(opts any) (string, error) {
	o := opts.(*PipelineOptions)
	if o.NumStages < 1 {
		return "", fmt.Errorf("num-stages must be at least 1, got %d", o.NumStages)
	}
	if _, err := limits.ParseTarget(o.Target); err != nil {
		return "", err
	}
	if o.TMA && o.Target != "cuda:90" {
		return "", fmt.Errorf("tma=true needs target=cuda:90, got %s", o.Target)
	}
	if o.NumCTAs != 1 && (o.NumCTAs != 2 || o.Target != "cuda:90") {
		return "", fmt.Errorf("num-ctas = %d: sp supports 1, and 2 on target=cuda:90 (got %s)", o.NumCTAs, o.Target)
	}
	if err := checkAsyncWait(o.AsyncWait); err != nil {
		return "", err
	}
	if err := checkWgmmaA(o.WgmmaA); err != nil {
		return "", err
	}
	var parts []string
	for _, s := range pipelineSteps() {
		e := s.pass.Name
		if (s.pass == limits.Pass && !o.CheckLaunch) || (s.pass == SplitCTATiles && o.NumCTAs <= 1) {
			continue
		}
		if s.opts != nil {
			if opts := s.opts(o); opts != "" {
				e += "{" + opts + "}"
			}
		}
		parts = append(parts, e)
	}
	return strings.Join(parts, ", "), nil
}

// PipelinePasses returns the passes of sp-pipeline in order (for
// pass.CheckOrder and tools that build the pipeline in code).
func PipelinePasses() []*pass.Pass {
	var ps []*pass.Pass
	for _, s := range pipelineSteps() {
		ps = append(ps, s.pass)
	}
	return ps
}
