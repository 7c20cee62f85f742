package ptx

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
)

func TestPromoteSteps(t *testing.T) {
	for _, c := range []struct {
		in                        string
		max, kStep, steps, steps2 int64
	}{
		{"e4m3", 0, 64, 2, 1},       // Triton's default: after every wgmma
		{"e5m2", 64, 64, 2, 1},      // one k64 step
		{"e4m3", 65, 64, 2, 2},      // at least 65 K elements: two steps
		{"e4m3", 128, 64, 2, 2},     // once per 128-wide tile
		{"e4m3", 128, 64, 4, 2},     // twice per 256-wide tile
		{"e4m3", 100, 64, 3, 2},     // ceil(100 / 64)
		{"e4m3", 256, 64, 3, 3},     // the whole tile (K 192 < 256: never)
		{"e4m3", 192, 64, 3, 3},     // exactly the tile's K
		{"e4m3", 1 << 30, 64, 2, 0}, // fast accumulation
		{"s8", 0, 64, 2, 0},         // integers accumulate exactly
		{"f16", 0, 32, 4, 0},        // f16 / bf16 accumulate in f32
		{"e4m3", 129, 64, 2, 0},     // more than the tile: never, as Triton
	} {
		want := c.steps2
		if c.in == "e4m3" && c.max == 256 {
			want = 0
		}
		if got := promoteSteps(c.in, c.max, c.kStep, c.steps); got != want {
			t.Errorf("promoteSteps(%s, %d, k%d, %d steps) = %d, want %d", c.in, c.max, c.kStep, c.steps, got, want)
		}
	}
}

// fp8PTX compiles examples/fp8's block-pointer kernel of dtype dt through
// sp-pipeline{opts} and lowers it for sm_90a.
func fp8PTX(t *testing.T, file, opts string) string {
	t.Helper()
	src, err := os.ReadFile("../../examples/fp8/" + file)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, file, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := goldenPipeline(t, "target=cuda:90 num-warps=8 "+opts, "").Run(mod, pass.RunOptions{IR: ctx}); err != nil {
		t.Fatal(err)
	}
	res, err := Lower(mod, Options{SM: 90})
	if err != nil {
		t.Fatal(err)
	}
	return res.PTX
}

// wgmmaEvents abstracts the wgmma-related instructions of a PTX range:
// W<n> wait_group n, F fence, C commit, M0 / M1 a wgmma with scale-d false
// / true, A<n> a run of n add.f32, Z<n> a run of n mov.f32 of zero, B bar.sync.
// (The predicates are looked up in the whole module, full.)
func wgmmaEvents(t *testing.T, full, ptx string) string {
	t.Helper()
	falseP := map[string]bool{}
	for _, m := range regexp.MustCompile(`setp\.eq\.u32 (%p\d+), %r\d+, 0;`).FindAllStringSubmatch(full, -1) {
		falseP[m[1]] = true
	}
	scaleD := regexp.MustCompile(`\}, %rd\d+, %rd\d+, %r\d+, 0, (%p\d+)`)
	var ev []string
	run := func(tag string) {
		if n := len(ev); n > 0 && strings.HasPrefix(ev[n-1], tag) && tag != "" {
			var c int
			for _, r := range ev[n-1][len(tag):] {
				c = c*10 + int(r-'0')
			}
			ev[n-1] = tag + itoa(c+1)
			return
		}
		ev = append(ev, tag+"1")
	}
	for _, l := range strings.Split(ptx, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "wgmma.wait_group.sync.aligned "):
			ev = append(ev, "W"+strings.TrimSuffix(strings.TrimPrefix(l, "wgmma.wait_group.sync.aligned "), ";"))
		case strings.HasPrefix(l, "wgmma.fence"):
			ev = append(ev, "F")
		case strings.HasPrefix(l, "wgmma.commit_group"):
			ev = append(ev, "C")
		case strings.HasPrefix(l, "wgmma.mma_async"):
			m := scaleD.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("no scale-d in %q", l)
			}
			if falseP[m[1]] {
				ev = append(ev, "M0")
			} else {
				ev = append(ev, "M1")
			}
		case strings.HasPrefix(l, "add.f32 "):
			run("A")
		case strings.HasPrefix(l, "mov.f32 ") && strings.HasSuffix(l, ", 0f00000000;"):
			run("Z")
		case strings.HasPrefix(l, "bar.sync"):
			ev = append(ev, "B")
		}
	}
	return strings.Join(ev, " ")
}

// loopParts splits PTX at the K loop: before its head, the head and body, after.
func loopParts(t *testing.T, ptx string) (before, body, after string) {
	t.Helper()
	h := strings.Index(ptx, "$L_for_head_")
	b := strings.Index(ptx, "bra.uni $L_for_head_")
	if h < 0 || b < h {
		t.Fatalf("no K loop in the PTX")
	}
	return ptx[:h], ptx[h:b], ptx[b:]
}

// TestPromotedWGMMA checks the instruction order of fp8 wgmma.sp kernels
// (128x128x128 tile, 8 warps: one m64n128 block of 64 accumulator
// registers per thread, two k64 steps per tile) for each promotion
// interval, and that integers and fast accumulation add nothing.
func TestPromotedWGMMA(t *testing.T) {
	for _, c := range []struct {
		name, file, opts string
		body, tail       string
	}{
		// promotion after each wgmma (the default): the first partial
		// retires within the dot, the second at the next iteration's dot
		// (which first adds the one in flight) or after the loop.
		{"acc0", "scaled_mm_e4m3_bp.mlir", "num-stages=3 async-wait=before-copies",
			"W0 A64 F M0 C W0 A64 F M0 C W1 B", "W0 A64 Z64 B B"},
		// promotion once per 128-wide tile: one group, deferred.
		{"acc128", "scaled_mm_e4m3_bp.mlir", "num-stages=3 async-wait=before-copies max-num-imprecise-acc=128",
			"W0 A64 F M0 M1 C W1 B", "W0 A64 Z64 B B"},
		// the pipeline's head placement: same dot, the wait before the copies' barrier.
		{"acc128-head", "scaled_mm_e4m3_bp.mlir", "num-stages=3 max-num-imprecise-acc=128",
			"B W0 A64 F M0 M1 C W1 B", "W0 A64 Z64 B B"},
		// no pipelining: a synchronous dot retires and adds its partial itself.
		{"sync", "scaled_mm_e4m3_bp.mlir", "num-stages=1 max-num-imprecise-acc=128",
			"B F M0 M1 C W0 A64", "B"},
		// 256x128: two m64n128 blocks per warpgroup; the accumulator (128
		// registers) and a partial of both would not fit, so a partial of one
		// m block at a time, each retired within the dot.
		{"256x128", "scaled_mm_e4m3_bp_256x128.mlir", "num-stages=3 async-wait=before-copies max-num-imprecise-acc=128",
			"F M0 M1 C W0 A64 F M0 M1 C W0 A64 W1 B", "W0 B B"},
		// fast accumulation: the wgmmas accumulate into the f32 registers.
		{"fast", "scaled_mm_e4m3_bp.mlir", "num-stages=3 async-wait=before-copies max-num-imprecise-acc=1073741824",
			"F M1 M1 C W1 B", "W0 B B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ptx := fp8PTX(t, c.file, c.opts)
			_, body, after := loopParts(t, ptx)
			if got := wgmmaEvents(t, ptx, body); !strings.HasSuffix(got, c.body) {
				t.Errorf("loop body: %q, want it to end in %q", got, c.body)
			}
			if got := wgmmaEvents(t, ptx, after); !strings.HasPrefix(got, c.tail) {
				t.Errorf("after the loop: %q, want it to start with %q", got, c.tail)
			}
		})
	}
	// int8 accumulates exactly: never promoted, whatever the option says.
	i8 := fp8PTX(t, "mm_i8_bp.mlir", "num-stages=3 max-num-imprecise-acc=0")
	if got := wgmmaEvents(t, i8, i8); strings.Contains(got, "A") {
		t.Errorf("int8 kernel adds partials: %q", got)
	}
}
