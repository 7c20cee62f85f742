package ttgpu_test

import (
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/roundtrip"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

func TestRoundTripTTGIR31(t *testing.T) {
	src, err := os.ReadFile("testdata/ttgir31.mlir")
	if err != nil {
		t.Fatal(err)
	}
	got := roundtrip.Check(t, "ttgir31.mlir", string(src))
	if strings.TrimSpace(got) != strings.TrimSpace(string(src)) {
		t.Errorf("custom print differs from the canonical input:\n%s", got)
	}
}

// TestTTGSpelling prints the 3.1 module with the 3.2+ spelling and checks
// the namespace-dependent pieces.
func TestTTGSpelling(t *testing.T) {
	src, err := os.ReadFile("testdata/ttgir31.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m := roundtrip.Parse(t, "ttgir31.mlir", string(src))
	got := ir.Print(m, roundtrip.Spellings()["ttg"])
	dtest.Contains(t, got,
		"#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>\n",
		"#smem = #ttg.shared_memory\n",
		"%0 = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>",
		"-> <128x64xf16, #shared, #smem, mutable>",
		"%3 = ttg.async_commit_group tokens %2",
		"#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>",
		"%11 = ttng.warp_group_dot %8, %9, %10",
		"tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>",
	)
	if strings.Contains(got, "triton_gpu.") {
		t.Errorf("ttg print still spells triton_gpu:\n%s", got)
	}
	// The 3.2+ text is a fixed point of parse and print in that spelling.
	// (It is not the 3.1 IR again: module attributes keep their ttg. names
	// and 3.1's #shared without leading offset is written, and read back,
	// as 3.3+'s #ttg.swizzled_shared.)
	m2 := roundtrip.Parse(t, "ttg.mlir", got)
	if again := ir.Print(m2, roundtrip.Spellings()["ttg"]); again != got {
		t.Errorf("3.2+ text does not print back unchanged:\n%s", again)
	}
	if !strings.Contains(got, "#shared = #ttg.swizzled_shared<{") {
		t.Errorf("3.1's #shared is not written as #ttg.swizzled_shared:\n%s", got)
	}
}

func TestLayoutPrinting(t *testing.T) {
	blocked := ttgpu.BlockedEncoding{SizePerThread: []int{1, 4}, ThreadsPerWarp: []int{4, 8}, WarpsPerCTA: []int{4, 1}, Order: []int{1, 0}}
	mma := ttgpu.NvidiaMmaEncoding{VersionMajor: 2, WarpsPerCTA: []int{4, 1}, InstrShape: []int{16, 8}}
	cases := []struct {
		attr ir.Attribute
		want string
	}{
		{blocked, "#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"},
		{ttgpu.SliceEncoding{Dim: 0, Parent: blocked}, "#triton_gpu.slice<{dim = 0, parent = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>"},
		{ttgpu.DotOp(1, mma, 0), "#triton_gpu.dot_op<{opIdx = 1, parent = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>"},
		{ttgpu.DotOperandEncoding{OpIdx: 0, Parent: mma, KWidth: 2, Meta: ttgpu.MetaValues}, "#triton_gpu.dot_op<{opIdx = 0, parent = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2, meta = 0}>"},
		{ttgpu.SwizzledSharedEncoding{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: []int{1, 0}}, "#triton_gpu.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"},
		{ttgpu.NVMMASharedEncoding{SwizzlingByteWidth: 128, ElementBitWidth: 16}, "#triton_gpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"},
		{ttgpu.LinearEncoding{Register: [][]int{{0, 1}}, Lane: [][]int{{1, 0}, {2, 0}}, Warp: [][]int{}, Block: nil}, "#triton_gpu.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>"},
		{ttgpu.SharedMemorySpace{}, "#triton_gpu.shared_memory"},
	}
	for _, c := range cases {
		if got := ir.AttrString(c.attr); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	// Explicit single-CTA fields equal the default and are not printed.
	withCTA := blocked
	withCTA.CTA = ttgpu.CTALayout{CTAsPerCGA: []int{1, 1}, CTASplitNum: []int{1, 1}, CTAOrder: []int{1, 0}}
	if !withCTA.Equal(blocked) || ir.AttrString(withCTA) != ir.AttrString(blocked) {
		t.Error("default CTA layout must equal and print like an absent one")
	}
	if got := blocked.ShapePerCTATile(); !ir.ShapeEqual(got, []int64{16, 32}) {
		t.Errorf("ShapePerCTATile = %v", got)
	}
	if got := mma.ShapePerCTATile(); !ir.ShapeEqual(got, []int64{64, 8}) {
		t.Errorf("mma ShapePerCTATile = %v", got)
	}
}

func TestMemDescSpelling(t *testing.T) {
	md := tt.MemDescType{Shape: []int64{64, 16}, Elem: ir.F16T, Encoding: ttgpu.SwizzledSharedEncoding{Vec: 1, PerPhase: 1, MaxPhase: 1, Order: []int{1, 0}}, MemorySpace: ttgpu.SharedMemorySpace{}, Mutable: true}
	if got, want := ir.TypeString(md), "!tt.memdesc<64x16xf16, #triton_gpu.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #triton_gpu.shared_memory, mutable>"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := ir.TypeString(ttgpu.AsyncTokenType{}); got != "!triton_gpu.async.token" {
		t.Errorf("got %s", got)
	}
}

func TestLayoutParsing(t *testing.T) {
	// Keys in any order, printed canonically.
	src := `#b = #ttg.blocked<{order = [0], warpsPerCTA = [4], threadsPerWarp = [32], sizePerThread = [2]}>
#m = #ttg.nvidia_mma<{instrShape = [16, 8], warpsPerCTA = [2, 2], versionMinor = 0, versionMajor = 2}>
tt.func @f(%a: tensor<128xf32, #b>, %b: tensor<64x64xf16, #ttg.dot_op<{kWidth = 2, meta = 1, parent = #m, opIdx = 0}>>) {
  tt.return
}`
	got := roundtrip.Check(t, "any-order", src)
	dtest.Contains(t, got,
		"#blocked = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
		"#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
		"tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>",
	)
}

func TestLayoutErrors(t *testing.T) {
	wrap := func(attr string) string {
		return "#a = " + attr + "\ntt.func @f() {\n  tt.return\n}"
	}
	cases := []struct{ name, src, want string }{
		{"blocked unknown key", wrap(`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], bogus = 1}>`),
			"unexpected key 'bogus' in #blocked (expected one of sizePerThread, threadsPerWarp, warpsPerCTA, order, CTAsPerCGA, CTASplitNum, CTAOrder, CGALayout)"},
		{"blocked missing key", wrap(`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>`),
			"#blocked requires 'warpsPerCTA'"},
		{"blocked rank mismatch", wrap(`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>`),
			"'threadsPerWarp' has 1 entries but sizePerThread has 2"},
		{"blocked partial CTA", wrap(`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAOrder = [0]}>`),
			"CTAsPerCGA, CTASplitNum and CTAOrder must be given together"},
		{"shared unknown key", wrap(`#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], swizzle = true}>`),
			"unexpected key 'swizzle' in #shared (expected one of vec, perPhase, maxPhase, order, CTAsPerCGA, CTASplitNum, CTAOrder, CGALayout, hasLeadingOffset)"},
		{"dot_op meta range", wrap(`#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, meta = 2}>`),
			"meta must be -1 (ordinary operand), 0 (sparse values) or 1 (sparse metadata), got 2"},
		{"mma version", wrap(`#ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>`),
			"unsupported nvidia_mma versionMajor 4 (expected 2 or 3)"},
		{"mma v3 instrShape", wrap(`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>`),
			"nvidia_mma versionMajor 3 needs instrShape [16, N, K] with N a multiple of 8 from 8 to 256, got [16, 8]"},
		{"mma v3 N", wrap(`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 264, 16]}>`),
			"nvidia_mma versionMajor 3 needs instrShape [16, N, K] with N a multiple of 8 from 8 to 256, got [16, 264, 16]"},
		{"mma v3 K", wrap(`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 24]}>`),
			"nvidia_mma versionMajor 3: instrShape K must be 8, 16, 32 or 64, got 24"},
		{"mma v3 warpgroups", wrap(`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 64, 16]}>`),
			"nvidia_mma versionMajor 3: warpsPerCTA [2, 2] must group warps in warpgroups of 4 along M"},
		{"layout rank vs tensor", `#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @f(%a: tensor<64xf32, #b>) {
  tt.return
}`, "Layout has rank 2, but the tensor it's attached to has rank 1."},
		{"local_store immutable", `#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @f(%a: tensor<64xf32>, %m: !ttg.memdesc<64xf32, #s, #ttg.shared_memory>) {
  ttg.local_store %a, %m : tensor<64xf32> -> !ttg.memdesc<64xf32, #s, #ttg.shared_memory>
  tt.return
}`, "'triton_gpu.local_store' op cannot store into immutable memory"},
	}
	for _, c := range cases {
		if got := roundtrip.ParseError(c.name, c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestModuleHelpers(t *testing.T) {
	m := roundtrip.Parse(t, "m", `module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
}`)
	if n, ok := ttgpu.NumWarps(m); !ok || n != 8 {
		t.Errorf("NumWarps = %d, %v", n, ok)
	}
	if s, ok := ttgpu.Target(m); !ok || s != "cuda:90" {
		t.Errorf("Target = %q, %v", s, ok)
	}
	if ttgpu.ModuleThreadsPerWarp(m) != 32 || ttgpu.NumCTAs(m) != 1 {
		t.Error("defaults")
	}
	ttgpu.SetModuleAttrs(m, 4, 32, 1, "cuda:80")
	if n, _ := ttgpu.NumWarps(m); n != 4 {
		t.Errorf("NumWarps after SetModuleAttrs = %d", n)
	}
}

func TestLayoutHelpers(t *testing.T) {
	blocked := ttgpu.BlockedEncoding{SizePerThread: []int{1, 4, 2}, ThreadsPerWarp: []int{4, 8, 1}, WarpsPerCTA: []int{4, 1, 1}, Order: []int{2, 0, 1}}
	slice := ttgpu.SliceEncoding{Dim: 0, Parent: blocked}
	mma := ttgpu.NvidiaMmaEncoding{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}
	check := func(name string, got []int, ok bool, want []int) {
		t.Helper()
		if !ok || len(got) != len(want) {
			t.Errorf("%s = %v, %v; want %v", name, got, ok, want)
			return
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s = %v; want %v", name, got, want)
				return
			}
		}
	}
	g, ok := ttgpu.SizePerThread(slice)
	check("SizePerThread(slice)", g, ok, []int{4, 2})
	g, ok = ttgpu.ThreadsPerWarp(blocked)
	check("ThreadsPerWarp", g, ok, []int{4, 8, 1})
	g, ok = ttgpu.Order(slice)
	check("Order(slice dim 0 of [2,0,1])", g, ok, []int{1, 0})
	g, ok = ttgpu.WarpsPerCTA(ttgpu.DotOp(0, mma, 2))
	check("WarpsPerCTA(dot_op)", g, ok, []int{2, 2})
	if tile, ok := ttgpu.ShapePerCTATile(slice); !ok || !ir.ShapeEqual(tile, []int64{32, 2}) {
		t.Errorf("ShapePerCTATile(slice) = %v, %v", tile, ok)
	}
	if d := ttgpu.DotOpForElem(0, mma, 16, ttgpu.MetaValues); d.KWidth != 2 || d.Meta != 0 {
		t.Errorf("DotOpForElem(Ampere) = %+v", d)
	}
	if d := ttgpu.DotOpForElem(0, blocked, 16, ttgpu.MetaValues); d.KWidth != 0 || d.Meta != -1 {
		t.Errorf("DotOpForElem(blocked) = %+v", d)
	}
}
