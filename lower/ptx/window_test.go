package ptx

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/internal/ptxcheck"
)

// windowModule converts a 128x256 bf16 tile from a wgmma accumulator
// layout (8 warps along M) to the store layout a flattened persistent
// kernel's epilogue uses (one warp per row), while a local_alloc of ring
// bytes is live around the conversion (0: none).
func windowModule(ring int) string {
	alloc, dealloc := "", ""
	if ring > 0 {
		alloc = fmt.Sprintf("    %%ring = triton_gpu.local_alloc  : () -> !tt.memdesc<%dx256xi8, #sh0, #triton_gpu.shared_memory, mutable>\n", ring/256)
		dealloc = "    triton_gpu.local_dealloc %ring : !tt.memdesc<" + fmt.Sprint(ring/256) + "x256xi8, #sh0, #triton_gpu.shared_memory, mutable>\n"
	}
	idx := func(enc string) string {
		return strings.NewReplacer("ENC", enc, "SUF", enc[1:]).Replace(`    %r_SUF = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = ENC}>>
    %r2_SUF = tt.expand_dims %r_SUF {axis = 1 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = ENC}>> -> tensor<128x1xi32, ENC>
    %s_SUF = arith.constant dense<256> : tensor<128x1xi32, ENC>
    %r3_SUF = arith.muli %r2_SUF, %s_SUF : tensor<128x1xi32, ENC>
    %c_SUF = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = ENC}>>
    %c2_SUF = tt.expand_dims %c_SUF {axis = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = ENC}>> -> tensor<1x256xi32, ENC>
    %rb_SUF = tt.broadcast %r3_SUF : tensor<128x1xi32, ENC> -> tensor<128x256xi32, ENC>
    %cb_SUF = tt.broadcast %c2_SUF : tensor<1x256xi32, ENC> -> tensor<128x256xi32, ENC>
    %o_SUF = arith.addi %rb_SUF, %cb_SUF : tensor<128x256xi32, ENC>
`)
	}
	return `#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#st = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#sh0 = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
` + alloc + idx("#mma") + idx("#st") + `    %ps = tt.splat %p : !tt.ptr<bf16> -> tensor<128x256x!tt.ptr<bf16>, #mma>
    %ptrs = tt.addptr %ps, %o_mma : tensor<128x256x!tt.ptr<bf16>, #mma>, tensor<128x256xi32, #mma>
    %v = tt.load %ptrs : tensor<128x256x!tt.ptr<bf16>, #mma>
    %w = triton_gpu.convert_layout %v : tensor<128x256xbf16, #mma> -> tensor<128x256xbf16, #st>
    %qs = tt.splat %q : !tt.ptr<bf16> -> tensor<128x256x!tt.ptr<bf16>, #st>
    %qptrs = tt.addptr %qs, %o_st : tensor<128x256x!tt.ptr<bf16>, #st>, tensor<128x256xi32, #st>
    tt.store %qptrs, %w : tensor<128x256x!tt.ptr<bf16>, #st>
` + dealloc + `    tt.return
  }
}
`
}

// TestWindowedConvert: a conversion whose scratch fits is one round (one
// barrier pair, no predicates); with 200 KB live around it, the 68 KB
// scratch would put the kernel over sm_90's 227 KB, so it goes in 4 row
// windows of 32 rows (17 KB): the #mma side stores under a warp-uniform
// predicate, the store layout's side loads its rows of the window.
func TestWindowedConvert(t *testing.T) {
	shared := regexp.MustCompile(`// kernel k: 256 threads, (\d+) bytes of dynamic shared memory`)
	for _, c := range []struct {
		ring, bytes, windows int
	}{
		{0, 128 * (256 + 8) * 2, 1},
		{200 * 1024, 200*1024 + 32*(256+8)*2, 4},
	} {
		t.Run(fmt.Sprint(c.ring), func(t *testing.T) {
			res, err := lowerSrc(t, "window.mlir", windowModule(c.ring), Options{SM: 90})
			if err != nil {
				t.Fatal(err)
			}
			m := shared.FindStringSubmatch(res.PTX)
			if m == nil || m[1] != fmt.Sprint(c.bytes) {
				t.Fatalf("shared memory: got %v, want %d bytes", m, c.bytes)
			}
			guarded := regexp.MustCompile(`@%p\d+ st\.shared\.b32`).FindAllString(res.PTX, -1)
			stores := regexp.MustCompile(`st\.shared\.b32`).FindAllString(res.PTX, -1)
			loads := regexp.MustCompile(`ld\.shared\.v4\.b32`).FindAllString(res.PTX, -1)
			// 128 bf16 per thread: 64 pair stores per window, 16 v4 loads in all
			wantGuarded := 0
			if c.windows > 1 {
				wantGuarded = 64 * c.windows
			}
			if len(stores) != 64*c.windows || len(guarded) != wantGuarded || len(loads) != 16 {
				t.Errorf("%d windows: %d st.shared.b32 (%d predicated), %d ld.shared.v4; want %d (%d), 16",
					c.windows, len(stores), len(guarded), len(loads), 64*c.windows, wantGuarded)
			}
			if n := strings.Count(res.PTX, "setp.lt.u32"); c.windows > 1 && n != c.windows {
				t.Errorf("%d warp-row predicates, want one per window (%d)", n, c.windows)
			}
			ptxcheck.Check(t, "window", res.PTX)
		})
	}
}

// TestWindowedFlatKernel: the flattened 128x256x128 fp8 kernel with 5
// stages (examples/fp8/scaled_mm_e4m3_flat_128x256.mlir) would need 282880
// bytes with its epilogue's whole conversion beside the ring; it lowers to
// 232192 bytes, converting in 4 windows of 32 rows, and assembles for
// sm_90a. ptxas spills 8 bytes for it (the windows keep the source
// fragments live to the last), so it is checked here rather than as a
// golden, whose sm_90a modules must not spill.
func TestWindowedFlatKernel(t *testing.T) {
	c := goldenCase{name: "flat_128x256_s5", src: "../../examples/fp8/scaled_mm_e4m3_flat_128x256.mlir", sm: 90, pipeline: true,
		opts: "target=cuda:90 num-warps=8 tma=true num-stages=5 max-num-imprecise-acc=1073741824"}
	text, ext := c.render(t)
	if ext != ".ptx" {
		t.Fatalf("lowering failed: %s", text)
	}
	if !strings.Contains(text, "// kernel scaled_mm: 256 threads, 232192 bytes of dynamic shared memory") {
		t.Errorf("want 232192 bytes of shared memory:\n%s", text[:min(len(text), 2000)])
	}
	// one warp-row predicate per window in each of the epilogue's copies
	if n := len(regexp.MustCompile(`setp\.lt\.u32 %p\d+, %r\d+, 32;`).FindAllString(text, -1)); n < 4 {
		t.Errorf("%d window predicates, want at least 4", n)
	}
	r := ptxcheck.CheckWith(t, c.name, text, ptxcheck.Options{AllowSpills: true})
	r.Expect(t, qgmmaSparse, 1)
}
