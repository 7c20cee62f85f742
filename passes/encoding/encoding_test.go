package encoding

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding/swizzle"
)

func TestPassDeclarations(t *testing.T) {
	if err := pass.Validate(Passes()); err != nil {
		t.Fatal(err)
	}
	if err := pass.CheckOrder(PipelinePasses()); err != nil {
		t.Fatalf("sp-pipeline violates a Requires edge: %v", err)
	}
	for _, p := range Passes() {
		if !strings.Contains(p.Doc, p.Name) {
			t.Errorf("%s: Doc does not name the pass", p.Name)
		}
	}
}

// TestPipelineOrder keeps the ordering constraints of sp-pipeline
// (style.md P2) with the reason for each.
func TestPipelineOrder(t *testing.T) {
	order := []struct{ before, after, reason string }{
		{"decompose-sparse-tensors", "convert-triton-to-tritongpu", "TTGIR conversion expects sparse operands already split into values and metadata"},
		{"decompose-sparse-tensors", "triton-rewrite-tensor-pointer", "the pointer rewrite cannot read #tt.sparse block pointers"},
		{"triton-rewrite-tensor-pointer", "convert-triton-to-tritongpu", "the layout assignment rejects block pointers"},
		{"triton-rewrite-tensor-pointer", "loop-invariant-code-motion", "LICM hoists the loop-invariant pointer tensors and masks the rewrite emits"},
		{"loop-invariant-code-motion", "tritongpu-pipeline", "the pipeliner should only see the per-iteration address arithmetic in the loop"},
		{"convert-triton-to-tritongpu", "tritongpu-coalesce", "coalescing changes blocked layouts that the conversion assigned"},
		{"tritongpu-coalesce", "tritongpu-accelerate-matmul", "the staged shared order follows the coalesced global order, and MMA parents must not be relaid out"},
		{"tritongpu-accelerate-matmul", "tritongpu-stage-dot-operands", "the swizzle is derived from the dot_op encodings (opIdx, kWidth, meta)"},
		{"tritongpu-stage-dot-operands", "tritongpu-pipeline", "the pipeliner derives its ring buffers from the staged local_alloc layouts"},
		{"tritongpu-pipeline", "canonicalize", "the pipeliner's index arithmetic is folded at the end"},
	}
	pos := map[string][]int{}
	for i, s := range pipelineSteps() {
		pos[s.pass.Name] = append(pos[s.pass.Name], i)
	}
	for _, o := range order {
		b, a := pos[o.before], pos[o.after]
		if len(b) == 0 || len(a) == 0 {
			t.Errorf("%s or %s missing from sp-pipeline", o.before, o.after)
			continue
		}
		if b[0] > a[len(a)-1] {
			t.Errorf("%s must run before %s: %s", o.before, o.after, o.reason)
		}
	}
	for _, s := range pipelineSteps() {
		if s.why == "" {
			t.Errorf("step %s has no reason", s.pass.Name)
		}
	}
}

// TestPipelineDocListsTheSteps keeps the numbered list in sp-pipeline's
// Doc (docs/passes.md) equal to the steps Build emits.
func TestPipelineDocListsTheSteps(t *testing.T) {
	var listed []string
	for _, line := range strings.Split(pipelineDoc, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && strings.HasSuffix(f[0], ".") && strings.Trim(f[0], "0123456789") == "." {
			listed = append(listed, strings.TrimRight(strings.SplitN(f[1], "{", 2)[0], ":"))
		}
	}
	var steps []string
	for _, s := range pipelineSteps() {
		steps = append(steps, s.pass.Name)
	}
	if strings.Join(listed, " ") != strings.Join(steps, " ") {
		t.Errorf("Doc lists\n%v\nbut the pipeline is\n%v", listed, steps)
	}
}

func TestPipelineBuildOptions(t *testing.T) {
	text, err := buildPipeline(&PipelineOptions{Target: "cuda:90", NumWarps: 8, NumCTAs: 1, NumStages: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"convert-triton-to-tritongpu{num-warps=8 threads-per-warp=32 num-ctas=1 target=cuda:90}", "tritongpu-pipeline{num-stages=4}"} {
		if !strings.Contains(text, want) {
			t.Errorf("pipeline text %q lacks %q", text, want)
		}
	}
	if _, err := buildPipeline(&PipelineOptions{Target: "cuda:80", NumWarps: 4, NumCTAs: 1, NumStages: 0}); err == nil {
		t.Error("num-stages = 0 accepted")
	}
	text, err = buildPipeline(&PipelineOptions{Target: "cuda:90", NumWarps: 8, NumCTAs: 1, NumStages: 3, AsyncWait: AsyncWaitBeforeCopies})
	if err != nil || !strings.Contains(text, "tritongpu-pipeline{num-stages=3 async-wait=before-copies}") {
		t.Errorf("async-wait=before-copies: %q, %v", text, err)
	}
	if _, err := buildPipeline(&PipelineOptions{Target: "cuda:90", NumWarps: 8, NumCTAs: 1, NumStages: 3, AsyncWait: "tail"}); err == nil || !strings.Contains(err.Error(), "async-wait must be head, before-copies or mbarrier") {
		t.Errorf("async-wait=tail: %v", err)
	}
}

// TestBlockedFor checks the layouts Triton 3.1 prints for the tutorial
// matmul (examples/matmul.ttgir.mlir) and the default layouts.
func TestBlockedFor(t *testing.T) {
	cases := []struct {
		shape      []int64
		spt, order []int
		warps      int
		tpw, wpc   []int
	}{
		{[]int64{128, 32}, []int{1, 8}, []int{1, 0}, 4, []int{8, 4}, []int{4, 1}},
		{[]int64{32, 128}, []int{1, 8}, []int{1, 0}, 4, []int{2, 16}, []int{4, 1}},
		{[]int64{128, 128}, []int{1, 1}, []int{1, 0}, 4, []int{1, 32}, []int{1, 4}},
		{[]int64{128, 32}, []int{1, 1}, []int{1, 0}, 4, []int{1, 32}, []int{4, 1}},
		{[]int64{4, 64}, []int{1, 2}, []int{1, 0}, 4, []int{1, 32}, []int{4, 1}},
		{[]int64{128, 64}, []int{8, 1}, []int{0, 1}, 8, []int{16, 2}, []int{1, 8}},
		{[]int64{1024}, []int{4}, []int{0}, 4, []int{32}, []int{4}},
	}
	for _, c := range cases {
		got := blockedFor(c.shape, c.spt, c.order, c.warps, 32)
		if fmt.Sprint(got.ThreadsPerWarp) != fmt.Sprint(c.tpw) || fmt.Sprint(got.WarpsPerCTA) != fmt.Sprint(c.wpc) {
			t.Errorf("blockedFor(%v, %v, %v, %d) = tpw %v wpc %v, want %v %v", c.shape, c.spt, c.order, c.warps,
				got.ThreadsPerWarp, got.WarpsPerCTA, c.tpw, c.wpc)
		}
	}
}

func TestWarpsPerTileV2(t *testing.T) {
	cases := []struct {
		m, n         int64
		warps        int
		wantM, wantN int
	}{
		{128, 128, 4, 2, 2}, {32, 16, 4, 2, 2}, {256, 128, 8, 4, 2}, {64, 256, 4, 1, 4},
		{16, 64, 4, 1, 4}, {128, 64, 4, 4, 1}, {64, 64, 8, 4, 2},
	}
	for _, c := range cases {
		got := warpsPerTileV2([]int64{c.m, c.n}, c.warps)
		if got[0] != c.wantM || got[1] != c.wantN {
			t.Errorf("%dx%d on %d warps: %v, want [%d %d]", c.m, c.n, c.warps, got, c.wantM, c.wantN)
		}
	}
}

// TestEachPassVerifiesAndRoundTrips runs sp-pipeline one step at a time on
// the examples and on generated kernels; after every pass the module must
// verify and print/parse/print to the same text (custom and generic form).
func TestEachPassVerifiesAndRoundTrips(t *testing.T) {
	inputs := map[string]string{
		"sparse 64x64x64":    sparseKernel(64, 64, 64, "f16"),
		"dense 128x128x32":   denseKernel(128, 128, 32, "bf16"),
		"sparse B 64x128x64": sparseBKernel(64, 128, 64, "f16"),
	}
	for _, f := range []string{"matmul.ttir.mlir", "sparse_dot.mlir", "sparse_dot.decomposed.mlir"} {
		src, err := os.ReadFile("../../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = string(src)
	}
	text, err := buildPipeline(&PipelineOptions{Target: "cuda:80", NumWarps: 4, NumCTAs: 1, NumStages: 3})
	if err != nil {
		t.Fatal(err)
	}
	steps := strings.Split(text, ", ")
	for name, src := range inputs {
		for i := range steps {
			mod, _ := runPasses(t, src, "builtin.module("+strings.Join(steps[:i+1], ", ")+")")
			checkRoundTrip(t, mod, name+" after "+steps[i])
		}
	}
}

// operandInfo is one staged dot operand found in pipelined output.
type operandInfo struct {
	dot    ttgpu.DotOperandEncoding
	tile   [2]int
	bits   int
	shared ttgpu.SharedEncoding
}

// stagedOperands collects, for every local_load producing a dot operand,
// the operand encoding and the shared layout of the tile it reads.
func stagedOperands(t *testing.T, mod *ir.Operation) ([]operandInfo, [2]int) {
	t.Helper()
	var out []operandInfo
	var warps [2]int
	mod.WalkOps(func(op *ir.Operation) {
		switch op.Name {
		case opLocalLoad:
			d, ok := isMmaDotOperand(encodingOf(op.Result(0).Type()))
			md, ok2 := op.Operand(0).Type().(tt.MemDescType)
			sh, ok3 := md.Encoding.(ttgpu.SharedEncoding)
			if !ok || !ok2 || !ok3 || len(md.Shape) != 2 {
				t.Fatalf("local_load %s from %s: not a staged dot operand", ir.TypeString(op.Result(0).Type()), ir.TypeString(op.Operand(0).Type()))
			}
			out = append(out, operandInfo{d, [2]int{int(md.Shape[0]), int(md.Shape[1])}, elemBits(md), sh})
		case opDot:
			m := encodingOf(op.Result(0).Type()).(ttgpu.NvidiaMmaEncoding)
			warps = [2]int{m.WarpsPerCTA[0], m.WarpsPerCTA[1]}
			for i, v := range op.Operands() {
				if i == 2 {
					continue
				}
				if def := v.DefiningOp(); def == nil || def.Name != opLocalLoad {
					t.Fatalf("dot operand %d is not a local_load", i)
				}
			}
		}
	})
	return out, warps
}

// TestSharedLayoutsAreConflictFree runs sp-pipeline on dense, sparse-A and
// sparse-B (transposed product) kernels over BM, BN ∈ {64, 128, 256}, BK ∈ {32, 64, 128}, f16 and bf16,
// and checks that every staged operand uses exactly swizzle.ForDotOperand's
// layout and that the lowering's loads on it (swizzle.DotOperandLoads, with
// the chosen warpsPerCTA) are bank-conflict free.
func TestSharedLayoutsAreConflictFree(t *testing.T) {
	if testing.Short() {
		t.Skip("long grid")
	}
	for _, elem := range []string{"f16", "bf16"} {
		for _, bm := range []int{64, 128, 256} {
			for _, bn := range []int{64, 128, 256} {
				for _, bk := range []int{32, 64, 128} {
					kernels := map[string]string{
						"dense":    denseKernel(bm, bn, bk, elem),
						"sparse A": sparseKernel(bm, bn, bk, elem),
						"sparse B": sparseBKernel(bm, bn, bk, elem),
					}
					for kind, src := range kernels {
						name := fmt.Sprintf("%s %s %dx%dx%d", kind, elem, bm, bn, bk)
						checkConflictFree(t, name, src, kind != "dense")
					}
				}
			}
		}
	}
}

func checkConflictFree(t *testing.T, name, src string, sparse bool) {
	t.Helper()
	mod, _ := runPasses(t, src, "builtin.module(sp-pipeline{num-stages=3 check-launch-resources=false})") // the grid has tiles no GPU launches
	ops, warps := stagedOperands(t, mod)
	want := 2
	if sparse {
		want = 3
	}
	if len(ops) != want {
		t.Fatalf("%s: %d staged operands, want %d", name, len(ops), want)
	}
	kinds := map[string]bool{}
	for _, o := range ops {
		exp, err := swizzle.ForDotOperand(o.dot.OpIdx, o.dot.KWidth, o.bits, o.tile, o.shared.Order, o.dot.Meta)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := swizzle.Shared{Vec: o.shared.Vec, PerPhase: o.shared.PerPhase, MaxPhase: o.shared.MaxPhase, Order: o.shared.Order}
		if !got.Equal(exp) || o.shared.HasLeadingOffset {
			t.Errorf("%s: operand %d meta %d: shared %v, swizzle chose %v", name, o.dot.OpIdx, o.dot.Meta, got, exp)
		}
		loads, err := swizzle.DotOperandLoads(o.dot.OpIdx, o.dot.Meta, o.bits, o.tile, got, warps)
		if err != nil {
			t.Fatalf("%s: operand %d meta %d tile %v: %v", name, o.dot.OpIdx, o.dot.Meta, o.tile, err)
		}
		for _, l := range loads {
			if c := swizzle.Conflicts(l.Acc); c != 0 {
				t.Errorf("%s: operand %d meta %d: %s has %d bank conflicts", name, o.dot.OpIdx, o.dot.Meta, l.What, c)
			}
		}
		kinds[fmt.Sprint(o.dot.OpIdx, o.dot.Meta)] = true
	}
	if len(kinds) != want {
		t.Errorf("%s: operand kinds %v", name, kinds)
	}
}

// TestSparseOperandsGetThreeLayouts is the acceptance case: values, B and
// metadata of one sparse dot are staged through three different layouts.
func TestSparseOperandsGetThreeLayouts(t *testing.T) {
	mod, remarks := runPasses(t, sparseKernel(128, 128, 64, "f16"), "builtin.module(sp-pipeline{num-stages=2})")
	ops, _ := stagedOperands(t, mod)
	seen := map[string]string{}
	for _, o := range ops {
		seen[fmt.Sprint(o.shared)] = fmt.Sprintf("opIdx %d meta %d", o.dot.OpIdx, o.dot.Meta)
	}
	if len(ops) != 3 || len(seen) != 3 {
		t.Fatalf("want three operands with three different layouts, got %v", seen)
	}
	if !containsPrefix(remarks, "tt.dot: nvidia_mma v2.0, warpsPerCTA = [2, 2], instruction mma.sp m16n8k32") {
		t.Errorf("remarks %q lack the MMA choice", remarks)
	}
	if !containsPrefix(remarks, "tritongpu-pipeline: 3 loads pipelined with 2 stages") {
		t.Errorf("remarks %q lack the pipelining", remarks)
	}
}

// TestSparseBTransposedProduct: a sparse B dot becomes the sparse-A dot
// of the transposed operands, pipelined through transposed memdesc views,
// with the result transposed back once after the loop.
func TestSparseBTransposedProduct(t *testing.T) {
	mod, remarks := runPasses(t, sparseBKernel(128, 64, 64, "f16"), "builtin.module(sp-pipeline{num-stages=3})")
	checkRoundTrip(t, mod, "sparse B")
	if !containsPrefix(remarks, "tt.dot: nvidia_mma v2.0, warpsPerCTA = [2, 2], instruction mma.sp m16n8k32 (2:4 sparse B as the transposed product") {
		t.Errorf("remarks %q", remarks)
	}
	dots := mod.Collect(opDot)
	if len(dots) != 1 || tt.DotSparseIndex(dots[0]) != tt.SparseIndexA {
		t.Fatalf("want one sparseIndex = 0 dot, got %d", len(dots))
	}
	if s, _ := tt.ShapeOf(dots[0].Result(0).Type()); s[0] != 64 || s[1] != 128 {
		t.Errorf("accumulator %v, want the transposed 64x128", s)
	}
	var trans, onMemdesc int
	for _, op := range mod.Collect("tt.trans") {
		trans++
		if _, ok := op.Operand(0).Type().(tt.MemDescType); ok {
			onMemdesc++
		}
	}
	if trans != 3 || onMemdesc != 2 {
		t.Errorf("tt.trans: %d (%d on memdescs), want 3 (2 on memdescs: values and A; 1 for the result)", trans, onMemdesc)
	}
	if !containsPrefix(remarks, "tritongpu-pipeline: 3 loads pipelined with 3 stages") {
		t.Errorf("remarks %q lack the pipelining", remarks)
	}
}

func containsPrefix(ss []string, p string) bool {
	for _, s := range ss {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
