package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mma = `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>`

func spLayout(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestText(t *testing.T) {
	code, out, errs := spLayout("-t", "tensor<32x16xf32>", mma)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	// Row 0: lanes 0..3 of warp 0 for columns 0..7, warp 2 (warpN 1) for 8..15.
	if !strings.HasPrefix(lines[1], "nvidia_mma v2 accumulator") || !strings.HasPrefix(strings.Join(strings.Fields(lines[2]), " "), "[ 0] T0:0 T0:1 T1:0 T1:1 T2:0 T2:1 T3:0 T3:1 T64:0 T64:1") {
		t.Errorf("output:\n%s", out)
	}
}

func TestBanksHTMLAndSVG(t *testing.T) {
	dot := `#triton_gpu.dot_op<{opIdx = 1, parent = ` + mma + `, kWidth = 2}>`
	sh := `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>`
	file := filepath.Join(t.TempDir(), "b.html")
	if code, _, errs := spLayout("--shared", sh, "-t", "tensor<64x64xf16>", "--format", "html", "-o", file, dot); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	page, _ := os.ReadFile(file)
	if !strings.Contains(string(page), "ldmatrix.x4.trans") || !strings.Contains(string(page), "0 bank conflicts") {
		t.Errorf("page:\n%.2000s", page)
	}
	code, out, _ := spLayout("--format=svg", "-t", "tensor<64x64xf32>", mma)
	if code != 0 || !strings.HasPrefix(out, "<svg ") || strings.Count(out, "<rect ") != 64*64+4 {
		t.Errorf("svg: exit %d, %d rects", code, strings.Count(out, "<rect "))
	}
}

func TestModuleDir(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := spLayout("-i", "../../lower/ptx/testdata/sparse_matmul_bf16.mlir", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "layouts: ") {
		t.Errorf("output %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		t.Error(err)
	}
}

func TestErrors(t *testing.T) {
	for _, args := range [][]string{
		{mma},                                   // no -t
		{"-t", "tensor<64x64xf32>"},             // no layout
		{"-t", "tensor<64x64xf32>", "#bogus<>"}, // unknown attribute
		{"-t", "tensor<3x64xf32>", mma},         // not a power of two
		{"-t", "tensor<64x64xf32>", "--format", "png", mma},
		{"--shared", "#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>", "-t", "tensor<64x64xf32>", mma},
		{"-i", "/nonexistent.mlir", "-o", "x"},
	} {
		code, out, errs := spLayout(args...)
		if code != 1 || out != "" || !strings.HasPrefix(errs, "sp-layout: error: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
