package ptx

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/internal/ptxcheck"
	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/annotate"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/encoding"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

var update = flag.Bool("update", false, "rewrite the golden PTX files in testdata/golden")

// goldenCase is one PTX module checked into testdata/golden: a lower/ptx
// testdata kernel lowered directly, or an example compiled end to end.
type goldenCase struct {
	name string // golden file name without extension
	src  string // .mlir path
	sm   int
	// pipeline runs sp-pipeline{target=cuda:<sm>} before lowering (TTIR
	// examples); TTGIR inputs are lowered as they are.
	pipeline bool
	// opts, when set, are the sp-pipeline options instead (testdata/hopper).
	opts string
	// annotate, when set, are annotate-sparse options run first (a Triton
	// TTIR whose launch marks an operand 2:4).
	annotate string
}

// fp8Cases are the 8-bit examples: mma.sp m16n8k64 for e4m3 on sm_89
// (PTX 8.4, CUDA 12.4's ptxas) and int8 on sm_80 and sm_89;
// wgmma.mma_async.sp m64nNk64 on sm_90 (sm_90a); with the launch
// configuration they are timed with.
var fp8Cases = []struct {
	file string
	sms  []int
}{
	{"../../examples/fp8/scaled_mm_e4m3_bp.mlir", []int{89, 90}},
	{"../../examples/fp8/mm_i8_bp.mlir", []int{80, 89, 90}},
}

// goldenCases lists every testdata kernel (testdata/*.mlir and
// testdata/bench/*.mlir, Options{SM: 80} and {SM: 90}), every example
// (../../examples/*.mlir: TTIR through sp-pipeline with target cuda:80
// and cuda:90, TTGIR directly with the module's own target) and every
// Hopper tile (testdata/hopper/*.mlir, bench/gen_tile.py's TTIR: one case
// per leading "// golden <suffix>: <sp-pipeline options>" line, named
// hopper.<file>.<suffix>), which cover the sm_90a kernels sparse and
// dense, f16 and bf16, one and two warpgroups, and both async-wait
// placements, and Triton 3.6's Hopper TTGIR (examples/triton36).
func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	var cases []goldenCase
	files, _ := filepath.Glob("testdata/*.mlir")
	bench, _ := filepath.Glob("testdata/bench/*.mlir")
	for _, f := range append(files, bench...) {
		base := strings.TrimSuffix(filepath.Base(f), ".mlir")
		if strings.Contains(f, "/bench/") {
			base = "bench." + base
		}
		for _, sm := range []int{80, 90} {
			cases = append(cases, goldenCase{name: base + ".sm_" + itoa(sm), src: f, sm: sm})
		}
	}
	examples, _ := filepath.Glob("../../examples/*.mlir")
	if len(files) == 0 || len(examples) == 0 {
		t.Fatalf("no kernels: %d testdata, %d examples", len(files), len(examples))
	}
	for _, f := range examples {
		base := "example." + strings.TrimSuffix(filepath.Base(f), ".mlir")
		if strings.Contains(f, ".ttgir.") {
			cases = append(cases, goldenCase{name: base, src: f})
			continue
		}
		for _, sm := range []int{80, 90} {
			cases = append(cases, goldenCase{name: base + ".sm_" + itoa(sm), src: f, sm: sm, pipeline: true})
		}
	}
	// Triton 3.6's own Hopper TTGIR (cp.async + warp_group_dot, async
	// tokens carried through the loop).
	cases = append(cases, goldenCase{name: "triton36.matmul_sm90", src: "../../examples/triton36/matmul_sm90.ttgir"})
	// Its TMA form: device-made tensor maps in global scratch, mbarriers,
	// TMA loads and the TMA store epilogue.
	cases = append(cases, goldenCase{name: "triton36.matmul_tma_sm90", src: "../../examples/triton36/matmul_tma_sm90.ttgir"})
	tiles, _ := filepath.Glob("testdata/hopper/*.mlir")
	for _, f := range tiles {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := "hopper." + strings.TrimSuffix(filepath.Base(f), ".mlir")
		n := 0
		for _, l := range strings.Split(string(src), "\n") {
			rest, ok := strings.CutPrefix(l, "// golden ")
			if !ok {
				break
			}
			suffix, opts, ok := strings.Cut(rest, ": ")
			if !ok {
				t.Fatalf("%s: %q is not \"// golden <suffix>: <options>\"", f, l)
			}
			cases = append(cases, goldenCase{name: base + "." + suffix, src: f, sm: 90, pipeline: true, opts: opts})
			n++
		}
		if n == 0 {
			t.Fatalf("%s: no \"// golden <suffix>: <options>\" line", f)
		}
	}
	for _, c := range fp8Cases {
		base := "example.fp8." + strings.TrimSuffix(filepath.Base(c.file), ".mlir")
		for _, sm := range c.sms {
			cases = append(cases, goldenCase{name: base + ".sm_" + itoa(sm), src: c.file, sm: sm, pipeline: true, opts: "target=cuda:" + itoa(sm) + " num-warps=8 num-stages=3"})
		}
	}
	// The e4m3 kernel as it is timed (partials promoted once per 128-wide
	// tile, the wait before the copies) and with fast accumulation.
	for suffix, opt := range map[string]string{"acc128_bc": "max-num-imprecise-acc=128 async-wait=before-copies", "fast": "max-num-imprecise-acc=1073741824"} {
		cases = append(cases, goldenCase{name: "example.fp8.scaled_mm_e4m3_bp.sm_90." + suffix, src: fp8Cases[0].file, sm: 90, pipeline: true,
			opts: "target=cuda:90 num-warps=8 num-stages=3 " + opt})
	}
	// The persistent TMA kernels (B K-major through a column-major tensor
	// map), as bench/fp8_variants.sh times them.
	for _, c := range []struct{ name, src, opts string }{
		{"example.fp8.scaled_mm_e4m3_persistent.sm_90.tma_s5_fast", "../../examples/fp8/scaled_mm_e4m3_persistent.mlir",
			"num-stages=5 max-num-imprecise-acc=1073741824"},
		{"example.fp8.mm_i8_persistent.sm_90.tma_s4", "../../examples/fp8/mm_i8_persistent.mlir", "num-stages=4"},
		// the flattened form: one loop over tiles and K, the ring kept full
		// across tiles, the reset a useC flag, the epilogue in an scf.if
		{"example.fp8.scaled_mm_e4m3_flat.sm_90.tma_s5_fast", "../../examples/fp8/scaled_mm_e4m3_flat.mlir",
			"num-stages=5 max-num-imprecise-acc=1073741824"},
		// 128x256 tiles: the epilogue's conversion beside the 4-stage ring
		// goes through shared memory in 2 windows of 64 rows (fitShared)
		{"example.fp8.scaled_mm_e4m3_flat_128x256.sm_90.tma_s4_fast", "../../examples/fp8/scaled_mm_e4m3_flat_128x256.mlir",
			"num-stages=4 max-num-imprecise-acc=1073741824"},
	} {
		cases = append(cases, goldenCase{name: c.name, src: c.src, sm: 90, pipeline: true,
			opts: "target=cuda:90 num-warps=8 tma=true " + c.opts})
	}
	// Triton's own fp8 TMA form (b_desc.load(...).T), A marked 2:4 as its launch does.
	cases = append(cases, goldenCase{name: "example.fp8.triton_tma_e4m3.sm_90.tma_s4_fast", src: "../../examples/fp8/triton_tma_e4m3.ttir",
		sm: 90, pipeline: true, annotate: "args=0", opts: "target=cuda:90 num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824"})
	// The same form without TMA (sm_89, mma.sp): the folded descriptor becomes a column-major block pointer.
	cases = append(cases, goldenCase{name: "example.fp8.triton_tma_e4m3.sm_89", src: "../../examples/fp8/triton_tma_e4m3.ttir",
		sm: 89, pipeline: true, annotate: "args=0", opts: "target=cuda:89 num-warps=8 num-stages=3"})
	// Triton's 16-bit b.T form: wgmma with a K-major B (dense, 2:4 A) and mma.sp without ldmatrix .trans.
	bt := "../../examples/tma/matmul_bt_f16.ttir"
	cases = append(cases,
		goldenCase{name: "example.tma.matmul_bt_f16.sm_90.tma_s3", src: bt, sm: 90, pipeline: true, opts: "target=cuda:90 num-warps=8 num-stages=3 tma=true"},
		goldenCase{name: "example.tma.matmul_bt_f16.sparse_a.sm_90.tma_s3", src: bt, sm: 90, pipeline: true, annotate: "args=0",
			opts: "target=cuda:90 num-warps=8 num-stages=3 tma=true"},
		goldenCase{name: "example.tma.matmul_bt_f16.sparse_a.sm_80", src: bt, sm: 80, pipeline: true, annotate: "args=0",
			opts: "target=cuda:80 num-warps=8 num-stages=3"})
	// b.T of a register tile (block pointers): B read through a transposed shared-memory view.
	btbp := "../../examples/tma/matmul_bt_f16_bp.mlir"
	cases = append(cases,
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sm_80", src: btbp, sm: 80, pipeline: true, opts: "target=cuda:80 num-warps=8 num-stages=3"},
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sm_90", src: btbp, sm: 90, pipeline: true, opts: "target=cuda:90 num-warps=8 num-stages=3"},
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sparse_a.sm_90.tma_s3", src: btbp, sm: 90, pipeline: true, annotate: "args=0",
			opts: "target=cuda:90 num-warps=8 num-stages=3 tma=true"},
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sparse_w.sm_80", src: btbp, sm: 80, pipeline: true, annotate: "args=1",
			opts: "target=cuda:80 num-warps=8 num-stages=3"},
		// The 2:4 weight on wgmma.sp: Cᵀ = W·Xᵀ, the weight tile as the sparse A, X's TMA tile read transposed as B.
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sparse_w.sm_90.tma_s4", src: btbp, sm: 90, pipeline: true, annotate: "args=1",
			opts: "target=cuda:90 num-warps=8 num-stages=4 tma=true"},
		goldenCase{name: "example.tma.linear_decode_bt_f16.sm_90.tma_s4", src: "../../examples/tma/linear_decode_bt_f16.mlir", sm: 90, pipeline: true,
			annotate: "args=1", opts: "target=cuda:90 num-warps=4 num-stages=4 tma=true"},
		goldenCase{name: "example.tma.matmul_bt_f16_bp.sparse_w.sm_90", src: btbp, sm: 90, pipeline: true, annotate: "args=1",
			opts: "target=cuda:90 num-warps=8 num-stages=3"},
		goldenCase{name: "example.fp8.linear_bt_e4m3.sm_90", src: "../../examples/fp8/linear_bt_e4m3.mlir", sm: 90, pipeline: true,
			annotate: "args=1", opts: "target=cuda:90 num-warps=8 num-stages=3"})
	return cases
}

// goldenPipeline is sp-pipeline as sp-opt parses it (registry built here,
// as cmd/sp-opt does).
func goldenPipeline(t *testing.T, opts, annotateOpts string) *pass.Manager {
	t.Helper()
	reg, err := pass.NewRegistry(annotate.Pass, transform.Canonicalize, transform.CSE, transform.LICM, transform.LoopUnroll, decompose.Pass, tensorptr.Pass,
		encoding.SplitCTATiles, encoding.Convert, encoding.Coalesce, encoding.RemoveLayoutConversions, encoding.AccelerateMatmul,
		encoding.OptimizeAccumulatorInit, encoding.StageDotOperands, encoding.Pipeline, encoding.TMALowering, encoding.FenceInsertion, limits.Pass)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.AddPipeline(encoding.SPPipeline); err != nil {
		t.Fatal(err)
	}
	text := "sp-pipeline{" + opts + "}"
	if annotateOpts != "" {
		text = annotate.Name + "{" + annotateOpts + "}," + text
	}
	m, err := pass.ParsePipeline(reg, "<golden>", "builtin.module("+text+")")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// render produces the golden text of one case: the manifest comment block
// and the PTX, or, where the lowering rejects the input, the diagnostic
// (a .err golden; such inputs are listed so that the day they lower the
// golden changes).
func (c goldenCase) render(t *testing.T) (text, ext string) {
	t.Helper()
	src, err := os.ReadFile(c.src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, filepath.Base(c.src), src)
	if err != nil {
		t.Fatalf("parse %s: %v", c.src, err)
	}
	if c.pipeline {
		opts := c.opts
		if opts == "" {
			opts = "target=cuda:" + itoa(c.sm)
		}
		if err := goldenPipeline(t, opts, c.annotate).Run(mod, pass.RunOptions{IR: ctx}); err != nil {
			t.Fatalf("sp-pipeline on %s: %v", c.src, err)
		}
	}
	res, err := Lower(mod, Options{SM: c.sm})
	if err != nil {
		return err.Error() + "\n", ".err"
	}
	head, err := res.Manifest.CommentBlock()
	if err != nil {
		t.Fatal(err)
	}
	return head + res.PTX, ".ptx"
}

// TestGolden compares the PTX of every testdata kernel and example with
// testdata/golden (go test ./lower/ptx -run TestGolden -update rewrites
// them) and assembles every golden module with ptxas for its target.
func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	want := map[string]bool{}
	var mu sync.Mutex
	t.Run("compare", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				got, ext := c.render(t)
				path := filepath.Join("testdata", "golden", c.name+ext)
				mu.Lock()
				want[filepath.Base(path)] = true
				mu.Unlock()
				if *update {
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				old, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./lower/ptx -run TestGolden -update)", err)
				}
				if string(old) != got {
					dmp := diffmatchpatch.New()
					a, b, lines := dmp.DiffLinesToChars(string(old), got)
					d := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
					t.Errorf("%s differs from the golden file (-update rewrites it):\n%s", path, lineDiff(d))
				}
			})
		}
	})
	// No stale goldens: every file in testdata/golden belongs to a case.
	entries, err := os.ReadDir(filepath.Join("testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if want[e.Name()] {
			continue
		}
		if *update {
			os.Remove(filepath.Join("testdata", "golden", e.Name()))
			continue
		}
		t.Errorf("testdata/golden/%s belongs to no kernel (run -update)", e.Name())
	}
}

// lineDiff renders a line diff with - and + prefixes, at most 80 lines.
func lineDiff(diffs []diffmatchpatch.Diff) string {
	var sb strings.Builder
	n := 0
	for _, d := range diffs {
		prefix := ""
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			prefix = "-"
		case diffmatchpatch.DiffInsert:
			prefix = "+"
		default:
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n") {
			if n++; n > 80 {
				sb.WriteString("...\n")
				return sb.String()
			}
			sb.WriteString(prefix + l + "\n")
		}
	}
	return sb.String()
}

// SASS of the wgmma instructions: HGMMA.SP.64xNx32 (2:4 f16/bf16) and the
// dense HGMMA.64xNx16.
var (
	hgmmaSparse = regexp.MustCompile(`HGMMA\.SP\.64x[0-9]+x32\.F32`)
	hgmmaDense  = regexp.MustCompile(`HGMMA\.64x[0-9]+x16\.F32`)
	// 8-bit mma.sp m16n8k64 (sm_89, sm_90: QMMA for fp8; IMMA for s8)
	qmmaSparseE4M3 = regexp.MustCompile(`QMMA\.SP\.16864\.F32\.E4M3\.E4M3`)
	immaSparseS8   = regexp.MustCompile(`IMMA\.SP\.16864\.S8\.S8`)
	// 8-bit wgmma.mma_async.sp m64nNk64 (sm_90a)
	// the 8-bit sparse wgmma in PTX (any N)
	wgmmaSparseE4M3 = regexp.MustCompile(`wgmma\.mma_async\.sp\.sync\.aligned\.m64n\d+k64\.f32\.e4m3\.e4m3`)
	wgmmaSparseS8   = regexp.MustCompile(`wgmma\.mma_async\.sp\.sync\.aligned\.m64n\d+k64\.s32\.s8\.s8`)
	qgmmaSparse     = regexp.MustCompile(`QGMMA\.SP\.64x`)
	igmmaSparse     = regexp.MustCompile(`IGMMA\.SP\.64x`)
	// TMA: tiled loads and stores, and the mbarrier phase wait.
	utmaLoad  = regexp.MustCompile(`UTMALDG\.[1-5]D`)
	utmaStore = regexp.MustCompile(`UTMASTG\.[1-5]D`)
	tryWait   = regexp.MustCompile(`SYNCS\.PHASECHK\.TRANS64\.TRYWAIT`)
)

// expectTMA checks that the TMA and mbarrier ops of the PTX reached the
// SASS: at least one UTMALDG / UTMASTG / try-wait when the PTX has them.
func expectTMA(t *testing.T, ptx string, r *ptxcheck.Report) {
	t.Helper()
	for _, c := range []struct {
		ptx  string
		sass *regexp.Regexp
	}{
		{"mbarrier::complete_tx::bytes", utmaLoad},
		{".bulk_group", utmaStore},
		{"mbarrier.try_wait.parity", tryWait},
	} {
		if strings.Contains(ptx, c.ptx) {
			r.Expect(t, c.sass, 1)
		}
	}
}

// TestGoldenAssembles runs ptxas (sm_80, sm_90 or sm_90a, as the module's
// .target says, through internal/ptxcheck) on every golden PTX file.
// Spills fail sm_90a modules; on sm_80/sm_90 ptxcheck logs them (the
// matmul-3.6 example spills 72 bytes on sm_80).
func TestGoldenAssembles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.ptx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden PTX: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			arch := ""
			for _, l := range strings.Split(string(text), "\n") {
				if a, ok := strings.CutPrefix(l, ".target "); ok {
					arch = a
					break
				}
			}
			if arch != "sm_80" && arch != "sm_89" && arch != "sm_90" && arch != "sm_90a" {
				t.Fatalf(".target %q, want sm_80, sm_89, sm_90 or sm_90a", arch)
			}
			r := ptxcheck.CheckWith(t, f, string(text), ptxcheck.Options{AllowSpills: arch != "sm_90a"})
			switch {
			case wgmmaSparseE4M3.MatchString(string(text)):
				r.Expect(t, qgmmaSparse, 1)
			case wgmmaSparseS8.MatchString(string(text)):
				r.Expect(t, igmmaSparse, 1)
			case strings.Contains(string(text), "m16n8k64.row.col.f32.e4m3.e4m3.f32"):
				r.Expect(t, qmmaSparseE4M3, 1)
			case strings.Contains(string(text), "m16n8k64.row.col.s32.s8.s8.s32"):
				r.Expect(t, immaSparseS8, 1)
			case strings.Contains(string(text), "wgmma.mma_async.sp."):
				r.Expect(t, hgmmaSparse, 1)
			case strings.Contains(string(text), "wgmma.mma_async."):
				r.Expect(t, hgmmaDense, 1)
				r.Expect(t, hgmmaSparse, 0)
			}
			checkHGMMAShapes(t, string(text), r.SASSFor(t))
			if arch == "sm_90a" {
				for _, h := range ptxcheck.MetadataHazards(r.SASSFor(t)) {
					t.Errorf("SASS: %s", h)
				}
			}
			expectTMA(t, string(text), r)
		})
	}
}

// wgmmaPTX matches a wgmma of the PTX: sparse or not, N, K, input type.
var wgmmaPTX = regexp.MustCompile(`wgmma\.mma_async(\.sp)?\.sync\.aligned\.m64n(\d+)k(\d+)\.f32\.(b?f16)\.`)

// checkHGMMAShapes checks that every wgmma.mma_async(.sp) form of the PTX
// (m64nNkK, f16 or bf16) became as many SASS HGMMA(.SP).64xNxK.F32[.BF16]
// instructions, none serialized into something else or dropped.
func checkHGMMAShapes(t *testing.T, ptx, sass string) {
	t.Helper()
	want := map[string]int{}
	for _, m := range wgmmaPTX.FindAllStringSubmatch(ptx, -1) {
		sp, ty := "", ".F32 "
		if m[1] != "" {
			sp = "SP."
		}
		if m[4] == "bf16" {
			ty = ".F32.BF16 "
		}
		want["HGMMA."+sp+"64x"+m[2]+"x"+m[3]+ty]++
	}
	for k, n := range want {
		if got := strings.Count(sass, k); got != n {
			t.Errorf("SASS has %d %q, the PTX %d wgmma of that shape and type", got, strings.TrimSpace(k), n)
		}
	}
}
