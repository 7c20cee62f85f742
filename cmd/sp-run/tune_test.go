package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decodeKernel(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "examples", "decode", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTuneSplitKCPU runs a small space on the CPU interpreter: a plain
// decode tile and its split-K variant (tt.atomic_rmw fadd into f32 C) at
// ragged sizes, every candidate verified against float64, then merges
// the records and lets sp-run bench pick the fastest per shape.
func TestTuneSplitKCPU(t *testing.T) {
	dir := t.TempDir()
	space := writeFile(t, dir, "space.json", `{
  "backend": "cpu",
  "variants": [
    {"kernel": "`+decodeKernel(t, "sparse_matmul_64x16x128.mlir")+`"},
    {"kernel": "`+decodeKernel(t, "sparse_matmul_64x16x128_splitk_ef.mlir")+`", "splitK": [2, 3]}
  ],
  "numWarps": [4], "numStages": [3], "warmup": 0, "iters": 1,
  "shapes": [{"M": 80, "N": 48, "K": 400}, {"M": 64, "N": 16, "K": 1040}]
}`)
	out := filepath.Join(dir, "rec", "cpu.jsonl")
	os.MkdirAll(filepath.Dir(out), 0o755)
	var so, se bytes.Buffer
	if code := run([]string{"sp-run", "tune", space, "-o", out}, &so, &se); code != 0 {
		t.Fatalf("tune: exit %d: %s", code, se.String())
	}
	recs, err := readRecords(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 {
		t.Fatalf("%d records, want 2 shapes x 3 candidates", len(recs))
	}
	splits := 0
	for _, r := range recs {
		if !r.Verified || r.Error != "" || r.Check != "full" || r.MedianMs <= 0 || r.GPU != "cpu" || r.Timing != "single" {
			t.Errorf("record %+v", r)
		}
		if strings.HasSuffix(r.Kernel, "_splitk_ef.mlir") {
			splits++
			if r.Config.SplitK < 2 {
				t.Errorf("split-K record with SPLIT_K %d", r.Config.SplitK)
			}
		}
	}
	if splits != 4 {
		t.Errorf("%d split-K records, want 4", splits)
	}
	// Shards partition the list; merge keeps one record per candidate.
	var parts []string
	for _, sh := range []string{"0/2", "1/2"} {
		p := filepath.Join(dir, "rec", "part"+sh[:1]+".jsonl")
		if code := run([]string{"sp-run", "tune", space, "--shard", sh, "-o", p}, &so, &se); code != 0 {
			t.Fatalf("tune --shard %s: %s", sh, se.String())
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	so.Reset()
	if code := run(append([]string{"sp-run", "tune", "merge", "-o", merged, out}, parts...), &so, &se); code != 0 {
		t.Fatalf("merge: %s", se.String())
	}
	m, err := readRecords(merged)
	if err != nil || len(m) != 6 {
		t.Fatalf("merged: %d records, %v", len(m), err)
	}
	if !strings.Contains(so.String(), "cpu, single timing, M=80 N=48 K=400: ") {
		t.Errorf("merge summary:\n%s", so.String())
	}
	// sp-run bench with the records runs each shape's best candidate.
	bench := writeFile(t, dir, "bench.json", `{
  "kernel": "`+decodeKernel(t, "sparse_matmul_64x16x128.mlir")+`",
  "launch": "`+decodeKernel(t, "sparse_matmul_64x16x128.json")+`",
  "backend": "cpu", "warmup": 0, "iters": 1, "timing": ["single", "back-to-back"], "batch": 2,
  "tuning": "merged.jsonl",
  "roofline": {"peakTFLOPs": 1, "peakGBs": 10},
  "shapes": [{"M": 80, "N": 48, "K": 400}, {"M": 64, "N": 32, "K": 256}],
  "json": "rows.json", "png": "roof.png"
}`)
	so.Reset()
	if code := run([]string{"sp-run", "bench", bench}, &so, &se); code != 0 {
		t.Fatalf("bench: %s\n%s", se.String(), so.String())
	}
	var rows []sweepRow
	raw, _ := os.ReadFile(filepath.Join(dir, "rows.json"))
	if err := json.Unmarshal(raw, &rows); err != nil || len(rows) != 2 {
		t.Fatalf("rows: %v", err)
	}
	best := bestRecord(m, "cpu", "single", rows[0].Shape)
	if !rows[0].Tuned || filepath.Base(rows[0].Kernel) != filepath.Base(best.Kernel) || *rows[0].Config != best.Config {
		t.Errorf("row 0 ran %s %+v, the best record is %s %+v", rows[0].Kernel, rows[0].Config, best.Kernel, best.Config)
	}
	if rows[1].Tuned || rows[1].Timings["back-to-back"] == nil || rows[1].Timings["back-to-back"].Batch != 2 || !rows[1].Verify.ok() {
		t.Errorf("row 1 (no record): %+v", rows[1])
	}
	if st, err := os.Stat(filepath.Join(dir, "roof.png")); err != nil || st.Size() == 0 {
		t.Errorf("roofline chart: %v", err)
	}
	if !strings.Contains(so.String(), "(tuned)") {
		t.Errorf("table does not mark the tuned row:\n%s", so.String())
	}
}

func TestTuneErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ args, want string }{
		{"tune", "usage: sp-run tune SPACE.json"},
		{"tune " + writeFile(t, dir, "a.json", `{"variants": []}`), "needs \"variants\""},
		{"tune " + writeFile(t, dir, "b.json", `{"variants": [{"kernel": "x.mlir"}], "numWarps": [4], "numStages": [3], "bogus": 1}`), "unknown field"},
		{"tune " + writeFile(t, dir, "c.json", `{"variants": [{"kernel": "x.mlir"}], "numWarps": [4], "numStages": [3]}`), "no shapes"},
		{"tune --shard 2/2 " + writeFile(t, dir, "d.json", `{"variants": [{"kernel": "x.mlir"}], "numWarps": [4], "numStages": [3], "shapes": [{"M": 1}]}`), "want I/N"},
		{"tune --timing fast " + filepath.Join(dir, "d.json"), "want single, back-to-back or graph"},
		{"tune merge", "usage: sp-run tune merge"},
		{"tune merge " + writeFile(t, dir, "e.jsonl", "{\"kernel\": \"k\"}\n"), "e.jsonl:1: a tuning record needs"},
	} {
		var so, se bytes.Buffer
		if code := run(append([]string{"sp-run"}, strings.Fields(c.args)...), &so, &se); code != 1 || !strings.Contains(se.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", c.args, code, se.String(), c.want)
		}
	}
}

func TestTimingFlag(t *testing.T) {
	k := decodeKernel(t, "sparse_matmul_64x16x128.mlir")
	var so, se bytes.Buffer
	if code := run([]string{"sp-run", k, "--set", "M=64", "--set", "N=16", "--set", "K=256", "--bench", "--iters", "2", "--warmup", "0",
		"--timing", "back-to-back", "--batch", "3"}, &so, &se); code != 0 || !strings.Contains(so.String(), "2 samples of 3 launch(es), back-to-back timing") {
		t.Fatalf("exit %d: %s%s", code, so.String(), se.String())
	}
	if code := run([]string{"sp-run", k, "--bench", "--timing", "graph"}, &so, &se); code != 1 || !strings.Contains(se.String(), "needs the cuda backend") {
		t.Fatalf("graph on cpu: exit %d: %s", code, se.String())
	}
}

// TestDecodeExamplesGenerated checks that examples/decode is what
// bench/gen-decode writes.
func TestDecodeExamplesGenerated(t *testing.T) {
	dir := t.TempDir()
	var se bytes.Buffer
	cmd := goRun(t, "../../bench/gen-decode", "-o", dir)
	cmd.Stderr = &se
	if err := cmd.Run(); err != nil {
		t.Fatalf("gen-decode: %v: %s", err, se.String())
	}
	want, _ := filepath.Glob(filepath.Join(dir, "*"))
	have, _ := filepath.Glob(filepath.Join("..", "..", "examples", "decode", "*"))
	if len(want) == 0 || len(want) != len(have) {
		t.Fatalf("examples/decode has %d files, gen-decode writes %d (go run ./bench/gen-decode -o examples/decode)", len(have), len(want))
	}
	for _, w := range want {
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "decode", filepath.Base(w)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("examples/decode/%s differs from gen-decode's output (go run ./bench/gen-decode -o examples/decode)", filepath.Base(w))
		}
	}
}

func goRun(t *testing.T, pkg string, args ...string) *exec.Cmd {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found: %v", err)
	}
	return exec.Command(goBin, append([]string{"run", pkg}, args...)...)
}
