package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDumpLayouts: --dump-layouts writes a picture per layout of the output
// and an index; with --dump-pass-html the pass that introduced the dot
// operands links their pictures, and the links resolve.
func TestDumpLayouts(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "passes.html")
	layouts := filepath.Join(dir, "layouts")
	code, _, errs := spOpt(t, "", "../../examples/sparse_matmul.mlir", "--sp-pipeline=target=cuda:80", "-o", filepath.Join(dir, "out.mlir"),
		"--dump-layouts="+layouts, "--dump-pass-html="+page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	index, err := os.ReadFile(filepath.Join(layouts, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dot_op A (meta = 0, 2:4 compressed values) 64x32", "dot_op A metadata (meta = 1, band16 i16) 4x64",
		"dot_op B (meta = -1) 64x64", "banks: A (meta = 0, 2:4 values) 64x32 (0 conflicts)", "nvidia_mma v2 accumulator"} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index lacks %q", want)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// accelerate-matmul introduces the dot operand layouts: its section
	// links them.
	sections := strings.Split(string(html), `<details class="pass"`)
	found := false
	for _, s := range sections {
		if strings.Contains(s, "tritongpu-accelerate-matmul") {
			found = strings.Contains(s, `<p class="links">`) && strings.Contains(s, "dot_op A (meta = 0, 2:4 compressed values) 64x32")
		}
	}
	if !found {
		t.Errorf("the accelerate-matmul section does not link the dot operand pictures")
	}
	for _, m := range regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
		if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
			t.Errorf("link %s does not resolve: %v", m[1], err)
		}
	}
	// Plain TTIR has no layouts to draw: a clear error, exit 1.
	code, _, errs = spOpt(t, "", "../../examples/sparse_matmul.mlir", "-o", filepath.Join(dir, "out2.mlir"), "--dump-layouts="+filepath.Join(dir, "none"))
	if code != 1 || !strings.Contains(errs, "--dump-layouts: the module has no triton_gpu.num-warps") {
		t.Errorf("TTIR: exit %d, %s", code, errs)
	}
}

// TestRooflineLink: for a kernel that sp-run bench measured
// (docs/performance-sp.json names it), the pass viewer links the roofline
// chart and the table; for another kernel it does not.
func TestRooflineLink(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	code, _, errs := spOpt(t, "", "../../examples/sparse_matmul_128.mlir", "-canonicalize", "-o", filepath.Join(dir, "o.mlir"), "--dump-pass-html="+page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(page)
	m := regexp.MustCompile(`<a href="([^"]+)">roofline: this kernel measured at [1-9]\d* shapes \(sp-run bench\)</a>`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("no roofline link:\n%.1500s", b)
	}
	if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil || !strings.HasSuffix(m[1], "docs/performance-sp.png") {
		t.Errorf("roofline link %s: %v", m[1], err)
	}
	code, _, _ = spOpt(t, "", "../../examples/sparse_dot.mlir", "-canonicalize", "-o", filepath.Join(dir, "o2.mlir"), "--dump-pass-html="+page)
	if b, _ := os.ReadFile(page); code != 0 || strings.Contains(string(b), "roofline") {
		t.Errorf("a kernel sp-run bench did not measure links the roofline (exit %d)", code)
	}
}
