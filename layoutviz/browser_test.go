package layoutviz

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/ttgpu"
)

// chromium returns the headless browser, failing in CI (CI=true) when it
// is missing and skipping elsewhere.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found and CI=true: the layout pictures must be checked in a browser in CI")
	}
	t.Skip("chromium not installed")
	return ""
}

func runChromium(t *testing.T, bin, dir string, args ...string) (string, string) {
	t.Helper()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--hide-scrollbars", "--user-data-dir=" + filepath.Join(dir, "profile"), "--enable-logging=stderr", "--v=0"}
	cmd := exec.Command(bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return stdout.String(), stderr.String()
}

// TestPicturesInChromium renders a register map page and a bank map page in
// headless Chromium: the DOM must hold one SVG rect per element (and per
// bank cell), the console must stay silent, and the screenshot must show
// the picture (many distinct colours, not a blank page). Set
// SP_LAYOUT_SHOTS=DIR to keep the screenshots.
func TestPicturesInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	keep := os.Getenv("SP_LAYOUT_SHOTS")
	rt := mustTensor(t, dotOp(0, mma22, 0), "tensor<64x32xf16>")
	m, err := ThreadMap(rt.Encoding, rt.Shape, 4)
	if err != nil {
		t.Fatal(err)
	}
	sh := mustShared(t, `#triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>`)
	bm, err := OperandBanks(rt.Encoding.(ttgpu.DotOperandEncoding), sh, [2]int{64, 32}, 16)
	if err != nil {
		t.Fatal(err)
	}
	pages := []struct {
		name  string
		item  Item
		rects int
	}{
		{"regs", Item{Title: "A values", Map: m}, 64*32 + 4},         // cells + warp legend
		{"banks", Item{Title: "A banks", Banks: bm}, 64*32 + 8*4*32}, // tile + 8 loads x 4 phases x 32 banks
	}
	for _, p := range pages {
		file := filepath.Join(dir, p.name+".html")
		if err := os.WriteFile(file, []byte(p.item.PageHTML()), 0o644); err != nil {
			t.Fatal(err)
		}
		dom, logs := runChromium(t, bin, dir, "--dump-dom", "file://"+file)
		if n := strings.Count(dom, "<rect "); n != p.rects {
			t.Errorf("%s: the rendered DOM has %d rects, want %d", p.name, n, p.rects)
		}
		for _, line := range strings.Split(logs, "\n") {
			if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Uncaught") {
				t.Errorf("%s: console: %s", p.name, line)
			}
		}
		shot := filepath.Join(dir, p.name+".png")
		runChromium(t, bin, dir, "--window-size=1400,1000", "--screenshot="+shot, "file://"+file)
		colours := distinctColours(t, shot)
		if colours < 24 {
			t.Errorf("%s: the screenshot has %d distinct colours; the picture did not render", p.name, colours)
		}
		if keep != "" {
			data, _ := os.ReadFile(shot)
			_ = os.WriteFile(filepath.Join(keep, p.name+".png"), data, 0o644)
		}
	}
}

func distinctColours(t *testing.T, file string) int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 10, g >> 10, bl >> 10}] = true
		}
	}
	var _ image.Image = img
	return len(seen)
}
