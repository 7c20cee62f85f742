package layoutviz

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/encoding"
	"github.com/sparsetriton/sp/passes/encoding/swizzle"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

func mustTensor(t *testing.T, layout, tensor string) ir.RankedTensorType {
	t.Helper()
	rt, err := ParseTensor(layout, tensor)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

const (
	mma22  = `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>`
	mma41  = `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>`
	mmaV3  = `#triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>`
	blk    = `#triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>`
	blkCol = `#triton_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>`
)

func dotOp(opIdx int, parent string, meta int) string {
	m := ""
	if meta >= 0 {
		m = fmt.Sprintf(", meta = %d", meta)
	}
	return fmt.Sprintf(`#triton_gpu.dot_op<{opIdx = %d, parent = %s, kWidth = 2%s}>`, opIdx, parent, m)
}

// TestThreadMapInvariants: every element has a holder; every thread holds
// the same number of slots; when threads x slots equals the element count
// (no replication) each element has exactly one holder; a thread's slots
// are distinct elements.
func TestThreadMapInvariants(t *testing.T) {
	cases := []struct {
		layout, tensor string
		warps          int
		replicated     bool
	}{
		{blk, "tensor<64x64xf16>", 4, false},
		{blk, "tensor<16x8xf16>", 4, true},
		{blkCol, "tensor<128x32xf32>", 4, false},
		{`#triton_gpu.slice<{dim = 1, parent = ` + blk + `}>`, "tensor<64xi32>", 4, true},
		{`#triton_gpu.slice<{dim = 0, parent = ` + blk + `}>`, "tensor<64xi32>", 4, true},
		{mma22, "tensor<64x64xf32>", 4, false},
		{mma41, "tensor<128x64xf32>", 4, false},
		{mmaV3, "tensor<64x128xf32>", 4, false},
		{dotOp(0, mma22, -1), "tensor<64x64xf16>", 4, true},
		{dotOp(0, mma22, 0), "tensor<64x32xf16>", 4, true},
		{dotOp(0, mma22, 1), "tensor<4x64xi16>", 4, true},
		{dotOp(1, mma22, -1), "tensor<64x64xf16>", 4, true},
		{dotOp(0, mma41, -1), "tensor<64x32xf16>", 4, false},
		{dotOp(1, mma41, -1), "tensor<32x64xf16>", 4, true},
	}
	for _, c := range cases {
		rt := mustTensor(t, c.layout, c.tensor)
		m, err := ThreadMap(rt.Encoding, rt.Shape, c.warps)
		if err != nil {
			t.Errorf("%s %s: %v", c.tensor, c.layout, err)
			continue
		}
		n := m.RegsPerThread()
		for th, regs := range m.Regs {
			if len(regs) != n {
				t.Errorf("%s: thread %d holds %d slots, thread 0 %d", m.Kind, th, len(regs), n)
			}
			seen := map[[2]int]bool{}
			for _, rc := range regs {
				if seen[rc] {
					t.Errorf("%s: thread %d holds (%d, %d) twice", m.Kind, th, rc[0], rc[1])
				}
				seen[rc] = true
			}
		}
		total := 0
		for _, e := range m.Elems {
			total += len(e)
			if !c.replicated && len(e) != 1 {
				t.Errorf("%s %s: an element has %d holders", m.Kind, c.tensor, len(e))
				break
			}
		}
		if total != n*32*c.warps {
			t.Errorf("%s: %d slots in the map, %d threads x %d", m.Kind, total, 32*c.warps, n)
		}
	}
}

// TestKnownMaps pins a few holders against the PTX ISA's fragment tables
// (mma.m16n8k16 C/A/B, m16n8k32 metadata, wgmma accumulator).
func TestKnownMaps(t *testing.T) {
	check := func(layout, tensor string, r, c int, want string) {
		t.Helper()
		rt := mustTensor(t, layout, tensor)
		m, err := ThreadMap(rt.Encoding, rt.Shape, WarpsOf(rt.Encoding))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range m.At(r, c) {
			got = append(got, s.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s (%d, %d): %s, want %s", m.Kind, r, c, strings.Join(got, " "), want)
		}
	}
	// C fragment: c0..c3 of lane 4g+t at (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1).
	check(mma41, "tensor<64x8xf32>", 9, 3, "T5:3")
	check(mma41, "tensor<64x8xf32>", 16, 0, "T32:0")
	// A fragment a0..a7: (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1), then +8 columns.
	check(dotOp(0, mma41, -1), "tensor<64x16xf16>", 9, 10, "T5:r3.lo")
	// B fragment b0..b3: (2t, g), (2t+1, g), (2t+8, g), (2t+9, g); all warps of a column share it.
	check(dotOp(1, mma41, -1), "tensor<16x8xf16>", 11, 2, "T9:r1.hi T41:r1.hi T73:r1.hi T105:r1.hi")
	// Metadata: band word of rows g (lo) and g+8 (hi) for chunk t&1, copied to lanes t+2.
	check(dotOp(0, mma41, 1), "tensor<4x32xi16>", 1, 16+2*3+1, "T45:r0.hi T47:r0.hi")
	// wgmma m64n64: d[i] of lane 4g+t at (16w + g + 8((i>>1)&1), 8(i>>2) + 2t + (i&1)).
	check(mmaV3, "tensor<64x64xf32>", 16+8+2, 8*5+2*1+1, "T41:23")
}

// emulate runs a BankMap's loads as the hardware does and returns, per
// lane of the load's first warp, the logical elements each destination
// register half receives: ldmatrix gives lane l of matrix j (rows from
// lanes 8j..8j+7) the elements 2(l%4), 2(l%4)+1 of row l/4 (or, with
// .trans, element l/4 of rows 2(l%4) and 2(l%4)+1); ld.shared.b32 gives
// the two 16-bit elements of the word.
func emulate(t *testing.T, bm *BankMap, ld BankLoad) map[int][][2][2]int {
	t.Helper()
	sh, err := SwizzleOf(mustShared(t, bm.Shared))
	if err != nil {
		t.Fatal(err)
	}
	rowElems := bm.Tile[sh.Order[0]]
	inv := map[int][2]int{} // element offset -> logical (row, col)
	for r := 0; r < bm.Tile[0]; r++ {
		for c := 0; c < bm.Tile[1]; c++ {
			inv[sh.Offset(r, c, rowElems)] = [2]int{r, c}
		}
	}
	at := func(addr, e int) [2]int { return inv[addr/bm.ElemBytes+e] }
	out := map[int][][2][2]int{}
	if ld.Bytes == 4 {
		for _, a := range ld.Lanes {
			out[a.Lane] = [][2][2]int{{at(a.Addr, 0), at(a.Addr, 1)}}
		}
		return out
	}
	trans := strings.Contains(ld.What, ".trans")
	for j := 0; j < len(ld.Lanes)/8; j++ {
		rows := ld.Lanes[8*j : 8*j+8]
		for l := 0; l < 32; l++ {
			var reg [2][2]int
			if trans {
				reg = [2][2]int{at(rows[2*(l%4)].Addr, l/4), at(rows[2*(l%4)+1].Addr, l/4)}
			} else {
				reg = [2][2]int{at(rows[l/4].Addr, 2*(l%4)), at(rows[l/4].Addr, 2*(l%4)+1)}
			}
			out[l] = append(out[l], reg)
		}
	}
	return out
}

func mustShared(t *testing.T, s string) ir.Attribute {
	t.Helper()
	a, err := ParseShared(s, "tensor<16x16xf16>")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// fragmentRegs maps each load (in BankMap order) to the register numbers it
// fills, as lower/ptx numbers fragments: A [rep][k16][4], B [rep][k16][2]
// (an x4 fills reps p and p+1), metadata [rep][k32][1].
func fragmentRegs(bm *BankMap, wm, wn int) [][]int {
	var out [][]int
	switch {
	case strings.Contains(bm.Operand, "metadata"):
		ks, reps := bm.Tile[1]/32, max(1, bm.Tile[0]/wm)
		for w := 0; w < min(wm, bm.Tile[0]); w++ {
			for rep := 0; rep < reps; rep++ {
				for j := 0; j < ks; j++ {
					out = append(out, []int{rep*ks + j})
				}
			}
		}
	case strings.HasPrefix(bm.Operand, "A"):
		ks, reps := bm.Tile[1]/16, max(1, bm.Tile[0]/(16*wm))
		for w := 0; w < min(wm, bm.Tile[0]/16); w++ {
			for rep := 0; rep < reps; rep++ {
				for k := 0; k < ks; k++ {
					b := (rep*ks + k) * 4
					out = append(out, []int{b, b + 1, b + 2, b + 3})
				}
			}
		}
	default:
		ks, reps := bm.Tile[0]/16, max(1, bm.Tile[1]/(8*wn))
		for w := 0; w < min(wn, bm.Tile[1]/8); w++ {
			for p := 0; p < reps; p += 2 {
				for k := 0; k < ks; k++ {
					regs := []int{(p*ks + k) * 2, (p*ks+k)*2 + 1}
					if p+1 < reps {
						regs = append(regs, ((p+1)*ks+k)*2, ((p+1)*ks+k)*2+1)
					}
					out = append(out, regs)
				}
			}
		}
	}
	return out
}

// checkLoadsDeliverFragments: emulating the bank map's loads fills every
// register of the register map with exactly the elements the map says.
func checkLoadsDeliverFragments(t *testing.T, m *RegMap, bm *BankMap, dot ttgpu.DotOperandEncoding) {
	t.Helper()
	mma := dot.Parent.(ttgpu.NvidiaMmaEncoding)
	wm, wn := mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]
	regs := fragmentRegs(bm, wm, wn)
	if len(regs) != len(bm.Loads) {
		t.Fatalf("%s: %d loads, %d register groups", bm.Title, len(bm.Loads), len(regs))
	}
	filled := 0
	for i, ld := range bm.Loads {
		got := emulate(t, bm, ld)
		for lane := 0; lane < 32; lane++ {
			th := 32*ld.Warp + lane
			for j, reg := range regs[i] {
				want := [2][2]int{m.Regs[th][2*reg], m.Regs[th][2*reg+1]}
				if j >= len(got[lane]) || got[lane][j] != want {
					t.Fatalf("%s, %s: lane %d register %d receives %v, the register map says %v", bm.Title, ld.What, lane, reg, got[lane], want)
				}
				filled++
			}
		}
	}
	if filled == 0 {
		t.Errorf("%s: nothing compared", bm.Title)
	}
}

// TestSparseExampleOperands compiles examples/sparse_matmul.mlir with
// sp-pipeline and checks its three dot operands (2:4 values, metadata, B):
// the register pictures and the bank pictures agree with each other
// (emulated ldmatrix / ld.shared deliver exactly the pictured fragments),
// every element of each warp's share is loaded, and the conflict counts
// equal the swizzle pass's own simulation.
func TestSparseExampleOperands(t *testing.T) {
	mod := compileExample(t, "../examples/sparse_matmul.mlir")
	items, err := Collect(mod)
	if err != nil {
		t.Fatal(err)
	}
	maps := map[string]*RegMap{}
	var banks []Item
	for _, it := range items {
		if it.Err != nil {
			t.Errorf("%s: %v", it.Title, it.Err)
		}
		if it.Map != nil && strings.HasPrefix(it.Map.Kind, "dot_op") {
			maps[it.Map.Layout+fmt.Sprint(it.Map.Shape)] = it.Map
		}
		if it.Banks != nil {
			banks = append(banks, it)
		}
	}
	if len(maps) != 3 || len(banks) != 3 {
		t.Fatalf("%d dot operand maps and %d bank maps, want 3 and 3", len(maps), len(banks))
	}
	for _, it := range banks {
		_, dotText, _ := strings.Cut(it.Key, " -> ")
		rt := mustTensor(t, dotText[strings.Index(dotText, "#"):len(dotText)-1], dotText[:strings.Index(dotText, ",")]+">")
		dot := rt.Encoding.(ttgpu.DotOperandEncoding)
		m := maps[ir.AttrString(dot)+fmt.Sprint([2]int{int(rt.Shape[0]), int(rt.Shape[1])})]
		if m == nil {
			t.Fatalf("no register map for %s", dotText)
		}
		checkLoadsDeliverFragments(t, m, it.Banks, dot)
		// The swizzle pass proved these layouts conflict-free with its
		// own load model; the lowering's loads must be too.
		if it.Banks.TotalConflicts() != 0 {
			t.Errorf("%s: %d conflicts", it.Title, it.Banks.TotalConflicts())
		}
		sh, _ := SwizzleOf(mustShared(t, it.Banks.Shared))
		mma := dot.Parent.(ttgpu.NvidiaMmaEncoding)
		model, err := swizzle.DotOperandLoads(dot.OpIdx, dot.Meta, 16, it.Banks.Tile, sh, [2]int{mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]})
		if err != nil {
			t.Fatal(err)
		}
		wf := 0
		for _, l := range model {
			wf += swizzle.Wavefronts(l.Acc)
		}
		got := 0
		for _, l := range it.Banks.Loads {
			got += l.Wavefronts
		}
		if got != wf {
			t.Errorf("%s: the lowering's loads take %d wavefronts, the swizzle model's %d", it.Title, got, wf)
		}
	}
}

// TestConflictsShowUnswizzled: the same A tile without a swizzle has the
// conflicts the swizzle removes, and the picture says so.
func TestConflictsShowUnswizzled(t *testing.T) {
	rt := mustTensor(t, dotOp(0, mma22, 0), "tensor<64x32xf16>")
	plain, err := ParseShared(`#triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>`, "tensor<64x32xf16>")
	if err != nil {
		t.Fatal(err)
	}
	bm, err := OperandBanks(rt.Encoding.(ttgpu.DotOperandEncoding), plain, [2]int{64, 32}, 16)
	if err != nil {
		t.Fatal(err)
	}
	// 64-byte rows: two rows share a 128-byte window, so 8 rows of a phase
	// fall into 2 groups of 16 bytes... 4 wavefronts per phase.
	if bm.TotalConflicts() != 8*4*3 {
		t.Errorf("unswizzled 64x32 A: %d conflicts, want %d", bm.TotalConflicts(), 8*4*3)
	}
	svg := bm.Loads[0].LoadSVG()
	if !strings.Contains(svg, "#ff8a80") || !strings.Contains(svg, "12 conflicts") {
		t.Errorf("the load picture does not show the conflicts:\n%.600s", svg)
	}
}

func compileExample(t *testing.T, path string) *ir.Operation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.Context()
	mod, err := parser.Parse(ctx, path, src)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := pass.NewRegistry(append([]*pass.Pass{transform.Canonicalize, transform.CSE, transform.SymbolDCE, transform.LICM, transform.LoopUnroll,
		decompose.Pass, tensorptr.Pass}, encoding.Passes()...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, pl := range encoding.Pipelines() {
		if err := reg.AddPipeline(pl); err != nil {
			t.Fatal(err)
		}
	}
	pm, err := pass.ParsePipeline(reg, pass.PipelineFile, `builtin.module(sp-pipeline{target=cuda:80})`)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(mod, pass.RunOptions{IR: ctx, Diag: func(*ir.Diagnostic) {}}); err != nil {
		t.Fatal(err)
	}
	return mod
}

func TestWriteDirAndParseErrors(t *testing.T) {
	for _, bad := range [][2]string{
		{blk, "tensor<64x64xf16, #x>"}, {blk, "memref<4xf16>"}, {"#triton_gpu.blocked<{", "tensor<4xf16>"}, {"#nope.x<>", "tensor<4xf16>"},
	} {
		if _, err := ParseTensor(bad[0], bad[1]); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseTensor(%q, %q) = %v, want a one-line error", bad[0], bad[1], err)
		}
	}
	rt := mustTensor(t, mma22, "tensor<64x64xf32>")
	m, err := ThreadMap(rt.Encoding, rt.Shape, 4)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	idx, err := WriteDir(dir, "t", []Item{{Key: "k", Title: "mma", Short: "mma", Map: m}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{idx, filepath.Join(dir, ItemFile(0)), filepath.Join(dir, "layout-00.svg")} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// FuzzParseAndMap: whatever layout text and tensor type come in, parsing
// and mapping return a map or an error, never panic.
func FuzzParseAndMap(f *testing.F) {
	for _, s := range []string{blk, blkCol, mma22, mmaV3, dotOp(0, mma22, 0), dotOp(1, mma41, -1), dotOp(0, mma22, 1), `#triton_gpu.slice<{dim = 0, parent = ` + blk + `}>`} {
		f.Add(s, "tensor<64x64xf16>", 4)
		f.Add(s, "tensor<16x8xi16>", 2)
	}
	f.Add(dotOp(1, `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 0], instrShape = [16, 8]}>`, -1), "tensor<64x64xf16>", 4)
	f.Fuzz(func(t *testing.T, layout, tensor string, warps int) {
		rt, err := ParseTensor(layout, tensor)
		if err != nil {
			return
		}
		m, err := ThreadMap(rt.Encoding, rt.Shape, warps%64)
		if err == nil && len(m.Elems) != m.Shape[0]*m.Shape[1] {
			t.Fatalf("%d elements for %v", len(m.Elems), m.Shape)
		}
		if dot, ok := rt.Encoding.(ttgpu.DotOperandEncoding); ok && len(rt.Shape) == 2 {
			sh := mustShared(t, `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>`)
			_, _ = OperandBanks(dot, sh, [2]int{int(rt.Shape[0]), int(rt.Shape[1])}, 16)
		}
	})
}

// TestOperandBanksZeroWarps: a parent with a zero warp count is an error,
// not a division by zero.
func TestOperandBanksZeroWarps(t *testing.T) {
	sh := mustShared(t, `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>`)
	for _, w := range []string{"[4, 0]", "[0, 2]", "[-1, 2]"} {
		parent := `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = ` + w + `, instrShape = [16, 8]}>`
		for _, op := range []int{0, 1} {
			rt, err := ParseTensor(dotOp(op, parent, -1), "tensor<64x64xf16>")
			if err != nil {
				continue
			}
			dot := rt.Encoding.(ttgpu.DotOperandEncoding)
			if _, err := OperandBanks(dot, sh, [2]int{64, 64}, 16); err == nil || !strings.Contains(err.Error(), "warpsPerCTA") {
				t.Errorf("warpsPerCTA = %s, opIdx %d: err = %v, want a warpsPerCTA error", w, op, err)
			}
		}
	}
}
