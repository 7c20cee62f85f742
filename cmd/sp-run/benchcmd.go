package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sparsetriton/sp/internal/atomicfile"
)

// sweepSpec is the file `sp-run bench` reads: one kernel, its launch
// spec, and the shape table (each entry sets launch-spec variables).
type sweepSpec struct {
	Title    string  `json:"title,omitempty"`
	Kernel   string  `json:"kernel"`
	Manifest string  `json:"manifest,omitempty"`
	Launch   string  `json:"launch"`
	Backend  string  `json:"backend,omitempty"`
	Warmup   int     `json:"warmup,omitempty"`
	Iters    int     `json:"iters,omitempty"`
	Check    string  `json:"check,omitempty"`
	MaxTime  float64 `json:"maxTime,omitempty"` // seconds of timed launches per shape (0: no limit)
	// NumWarps and NumStages set sp-pipeline's options when the kernel is
	// compiled from .mlir on the cuda backend (0: the pipeline's defaults).
	NumWarps  int `json:"numWarps,omitempty"`
	NumStages int `json:"numStages,omitempty"`
	// PipelineOptions are more sp-pipeline options, as --pipeline-options
	// takes them (e.g. "tma=true").
	PipelineOptions string             `json:"pipelineOptions,omitempty"`
	Shapes          []map[string]int64 `json:"shapes"`
	// Timing lists the timing modes (single, back-to-back, graph); the
	// first is the headline (TFLOP/s, chart). Batch is the launches per
	// sample of back-to-back and graph.
	Timing []string `json:"timing,omitempty"`
	Batch  int      `json:"batch,omitempty"`
	// SM is the compile target on the cuda backend (80: the mma.sp path;
	// 0: the device's).
	SM int `json:"sm,omitempty"`
	// Tuning names tuning records (a .jsonl file or a directory of them,
	// written by sp-run tune): each shape runs the fastest verified record's
	// kernel and config for this GPU, else the file's kernel.
	Tuning string `json:"tuning,omitempty"`
	// Roofline draws the chart as a roofline with these ceilings; Peers
	// names a JSON file of other providers' points drawn on the same axes.
	Roofline *roofline `json:"roofline,omitempty"`
	Peers    string    `json:"peers,omitempty"`
	Markdown string    `json:"markdown,omitempty"`
	PNG      string    `json:"png,omitempty"`
	JSON     string    `json:"json,omitempty"`
}

// sweepRow is one line of the result table.
type sweepRow struct {
	Shape  map[string]int64 `json:"shape"`
	Label  string           `json:"label"`
	Bench  *benchResult     `json:"bench,omitempty"`
	Verify *checkResult     `json:"verify,omitempty"`
	Error  string           `json:"error,omitempty"`
	// Timings holds every timing mode's result (Bench is the first).
	Timings map[string]*benchResult `json:"timings,omitempty"`
	// Kernel and Config say what ran (from the tuning records or the file).
	Kernel string      `json:"kernel,omitempty"`
	Config *tuneConfig `json:"config,omitempty"`
	Tuned  bool        `json:"tuned"`
}

func benchCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "run a kernel over a shape table; write a markdown table, a JSON file and a PNG chart",
		ArgsUsage: "BENCH.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "backend", Usage: "override the bench file's backend (cpu or cuda)"},
			&cli.StringFlag{Name: "markdown", Usage: "write the table to `FILE` (default: the bench file's \"markdown\", else stdout only)"},
			&cli.StringFlag{Name: "png", Usage: "write the chart to `FILE`"},
			&cli.StringFlag{Name: "json", Usage: "write the rows as JSON to `FILE`"},
			&cli.IntFlag{Name: "warmup", Usage: "override the warm-up launches"},
			&cli.IntFlag{Name: "iters", Usage: "override the timed launches"},
			&cli.Float64Flag{Name: "max-time", Usage: "override the seconds of launches per shape (warm-up and iterations shrink to fit)"},
			&cli.IntFlag{Name: "device", Usage: "CUDA device ordinal"},
			&cli.IntFlag{Name: "workers", Usage: "CPU interpreter workers"},
			&cli.StringFlag{Name: "max-memory", Usage: "refuse shapes whose buffers need more than `BYTES` (e.g. 8G; default: 3/4 of the machine's memory)"},
			&cli.StringFlag{Name: "timing", Usage: "timing modes, comma-separated: single, back-to-back, graph (the first is the headline; default: the file's, else single); L2 is not flushed"},
			&cli.IntFlag{Name: "batch", Usage: "launches per sample for back-to-back and graph timing (default 20)"},
			&cli.StringFlag{Name: "tuning", Usage: "tuning records (`FILE.jsonl` or directory) to pick each shape's kernel and config from"},
			&cli.StringFlag{Name: "peers", Usage: "other providers' points (`FILE.json`) for the roofline chart"},
			&cli.IntFlag{Name: "sm", Usage: "compile for this GPU target (80 or 90; default: the bench file's, else the device's)"},
		},
		Action: func(c *cli.Context) error { return sweep(c, stdout, stderr) },
	}
}

func loadSweep(path string) (*sweepSpec, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	s := &sweepSpec{Backend: "cuda", Warmup: 10, Iters: 50, Check: "auto"}
	if err := dec.Decode(s); err != nil {
		return nil, fmt.Errorf("bench file %s: %v", path, jsonError(raw, err))
	}
	dir := filepath.Dir(path)
	for _, p := range []*string{&s.Kernel, &s.Manifest, &s.Launch, &s.Markdown, &s.PNG, &s.JSON, &s.Tuning, &s.Peers} {
		if *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	if s.Kernel == "" || s.Launch == "" || len(s.Shapes) == 0 {
		return nil, fmt.Errorf("bench file %s: needs \"kernel\", \"launch\" and a non-empty \"shapes\" list", path)
	}
	return s, nil
}

func sweep(c *cli.Context, stdout, stderr io.Writer) error {
	if c.NArg() != 1 {
		return fmt.Errorf("usage: sp-run bench BENCH.json")
	}
	s, err := loadSweep(c.Args().First())
	if err != nil {
		return err
	}
	overrideSweep(c, s)
	if len(s.Timing) == 0 {
		s.Timing = []string{"single"}
	}
	for _, m := range s.Timing {
		if err := checkTiming(m); err != nil {
			return err
		}
	}
	o := options{input: s.Kernel, manifest: s.Manifest, backend: s.Backend, check: s.Check, samples: 64,
		bench: true, warmup: s.Warmup, iters: s.Iters, maxTime: s.MaxTime, device: c.Int("device"), workers: c.Int("workers"),
		numWarps: s.NumWarps, numStages: s.NumStages, batch: s.Batch, sm: s.SM, pipelineOpts: s.PipelineOptions}
	if o.maxMemory, err = maxMemoryFlag(c); err != nil {
		return err
	}
	if _, err := spPipelineOptions("cuda:90", 0, 0, o.pipelineOpts); err != nil {
		return fmt.Errorf("bench file: %v", err)
	}
	if _, err := loadSpec(s.Launch); err != nil {
		return err
	}
	base, _ := loadSpec(s.Launch)
	if base.Kernel != "" {
		o.kernel = base.Kernel
	}
	prog, err := compile(o, base, stderr)
	if err != nil {
		return err
	}
	var recs []*tuneRecord
	if s.Tuning != "" {
		if recs, err = loadRecords(s.Tuning); err != nil {
			return fmt.Errorf("tuning records: %v", err)
		}
	}
	gpu := "cpu"
	if s.Backend == "cuda" {
		if gpu, err = gpuName(o.device); err != nil {
			return err
		}
	}
	progs := map[string]*program{}
	bar := newProgress(stderr, len(s.Shapes))
	var rows []sweepRow
	for i, shape := range s.Shapes {
		row := sweepRow{Shape: shape, Label: shapeLabel(shape), Kernel: relPath(".", s.Kernel),
			Config: &tuneConfig{NumWarps: s.NumWarps, NumStages: s.NumStages, SplitK: 1, PipelineOptions: s.PipelineOptions}}
		bar.step(i, row.Label)
		p, launch, so := prog, s.Launch, o
		best := bestRecord(recs, gpu, s.Timing[0], shape)
		if best == nil {
			best = bestRecord(recs, gpu, "", shape)
		}
		if best != nil {
			so.input, so.numWarps, so.numStages = best.Kernel, best.Config.NumWarps, best.Config.NumStages
			so.pipelineOpts = best.Config.PipelineOptions
			launch, so.kernel = defaultSpecPath(best.Kernel), best.Function
			key := fmt.Sprintf("%s|%d|%d|%s", best.Kernel, so.numWarps, so.numStages, so.pipelineOpts)
			if p = progs[key]; p == nil {
				vs, err := loadSpec(launch)
				if err == nil {
					p, err = compile(so, vs, io.Discard)
				}
				if err != nil {
					row.Error = err.Error()
					rows = append(rows, row)
					continue
				}
				progs[key] = p
			}
			cfg := best.Config
			row.Kernel, row.Config, row.Tuned = relPath(".", best.Kernel), &cfg, true
		}
		row.Timings, row.Verify, err = runShapeModes(p, s, launch, shape, so, row.Config.SplitK)
		if err != nil {
			row.Error = err.Error()
		} else {
			row.Bench = row.Timings[s.Timing[0]]
		}
		rows = append(rows, row)
	}
	bar.done()
	return writeSweep(s, rows, prog, stdout)
}

// runShapeModes runs one row: a fresh runner (so buffers are freed), the
// launch spec with the shape's variables (and SPLIT_K when the spec has
// it), one verified launch, then a benchmark in each timing mode.
func runShapeModes(prog *program, s *sweepSpec, launch string, shape map[string]int64, o options, splitK int64) (map[string]*benchResult, *checkResult, error) {
	spec, err := loadSpec(launch)
	if err != nil {
		return nil, nil, err
	}
	if spec.Vars == nil {
		spec.Vars = map[string]int64{}
	}
	for k, v := range shape {
		spec.Vars[k] = v
	}
	if _, ok := spec.Vars["SPLIT_K"]; ok && splitK > 0 {
		spec.Vars["SPLIT_K"] = splitK
	}
	spec.maxBytes = o.maxMemory
	r, err := newRunner(o, prog)
	if err != nil {
		return nil, nil, err
	}
	defer r.close()
	pl, err := resolve(spec, prog)
	if err != nil {
		return nil, nil, err
	}
	kargs, err := upload(pl, r)
	if err != nil {
		return nil, nil, err
	}
	if err := r.launch(pl.grid, kargs); err != nil {
		return nil, nil, fmt.Errorf("launch of @%s failed: %w", prog.Name, err)
	}
	if err := readBack(pl, r); err != nil {
		return nil, nil, err
	}
	var v *checkResult
	if pl.check != nil && o.check != "none" {
		if v, err = pl.check.run(o.check, o.samples, pl.seed); err != nil {
			return nil, nil, err
		}
	}
	out := map[string]*benchResult{}
	for _, m := range s.Timing {
		b, err := benchmark(pl, r, kargs, timing{m, o.warmup, o.iters, o.batch}, o.maxTime)
		if err != nil {
			return nil, v, err
		}
		out[m] = b
	}
	return out, v, nil
}

func overrideSweep(c *cli.Context, s *sweepSpec) {
	if v := c.String("backend"); v != "" {
		s.Backend = v
	}
	for name, dst := range map[string]*string{"markdown": &s.Markdown, "png": &s.PNG, "json": &s.JSON} {
		if v := c.String(name); v != "" {
			*dst = v
		}
	}
	if c.IsSet("warmup") {
		s.Warmup = c.Int("warmup")
	}
	if c.IsSet("iters") {
		s.Iters = c.Int("iters")
	}
	if c.IsSet("max-time") {
		s.MaxTime = c.Float64("max-time")
	}
	if v := c.String("timing"); v != "" {
		s.Timing = strings.Split(v, ",")
	}
	if c.IsSet("batch") {
		s.Batch = c.Int("batch")
	}
	if c.IsSet("sm") {
		s.SM = c.Int("sm")
	}
	for name, dst := range map[string]*string{"tuning": &s.Tuning, "peers": &s.Peers} {
		if v := c.String(name); v != "" {
			*dst = v
		}
	}
}

func shapeLabel(shape map[string]int64) string {
	var parts []string
	for _, k := range []string{"M", "N", "K"} {
		if v, ok := shape[k]; ok {
			parts = append(parts, fmt.Sprintf("%s=%d", k, v))
		}
	}
	for _, k := range sortedKeys(shape) {
		if k != "M" && k != "N" && k != "K" {
			parts = append(parts, fmt.Sprintf("%s=%d", k, shape[k]))
		}
	}
	return strings.Join(parts, " ")
}

// writeSweep prints the markdown table and writes the requested files.
func writeSweep(s *sweepSpec, rows []sweepRow, prog *program, stdout io.Writer) error {
	md := sweepMarkdown(s, rows, prog)
	fmt.Fprint(stdout, md)
	if s.Markdown != "" {
		if err := atomicfile.WriteFile(s.Markdown, []byte(md), 0o644); err != nil {
			return err
		}
	}
	if s.JSON != "" {
		b, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return err
		}
		if err := atomicfile.WriteFile(s.JSON, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if s.PNG != "" {
		if err := drawChart(s, rows, s.PNG); err != nil {
			return fmt.Errorf("chart: %v", err)
		}
	}
	for _, r := range rows {
		if r.Error != "" || (r.Verify != nil && !r.Verify.ok()) {
			return fmt.Errorf("some shapes failed (see the table)")
		}
	}
	return nil
}

func sweepMarkdown(s *sweepSpec, rows []sweepRow, prog *program) string {
	var sb strings.Builder
	title := s.Title
	if title == "" {
		title = fmt.Sprintf("sp-run bench: @%s (%s)", prog.Name, filepath.Base(prog.Source))
	}
	fmt.Fprintf(&sb, "### %s\n\n", title)
	batch := timing{mode: "graph", batch: s.Batch}.batchSize()
	fmt.Fprintf(&sb, "Backend %s; %s; median of %d samples after %d warm-up launches; single = one launch between two events, "+
		"back-to-back = %d launches between two events, graph = a CUDA graph of %d launches (per-launch times); L2 not flushed. "+
		"TFLOP/s (dense-equivalent 2·M·N·K) and GB/s (each buffer once) from the %s time.\n\n",
		s.Backend, timerOf(rows), s.Iters, s.Warmup, batch, batch, s.Timing[0])
	sb.WriteString("| Shape |")
	for _, m := range s.Timing {
		fmt.Fprintf(&sb, " %s ms |", m)
	}
	sb.WriteString(" TFLOP/s | GB/s | Kernel, config | Check |\n|---|")
	for range s.Timing {
		sb.WriteString("---:|")
	}
	sb.WriteString("---:|---:|---|---|\n")
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(&sb, "| %s |%s — | — | %s | error: %s |\n", r.Label, strings.Repeat(" — |", len(s.Timing)), rowConfig(r), strings.ReplaceAll(r.Error, "|", "\\|"))
			continue
		}
		check := "not verified"
		if v := r.Verify; v != nil {
			check = fmt.Sprintf("ok (%s)", v.Mode)
			if !v.ok() {
				check = fmt.Sprintf("MISMATCH %d/%d (%s)", v.Bad, v.Checked, v.Mode)
			}
		}
		fmt.Fprintf(&sb, "| %s |", r.Label)
		for _, m := range s.Timing {
			if b := r.Timings[m]; b != nil {
				fmt.Fprintf(&sb, " %.4g |", b.MedianMs)
			} else {
				sb.WriteString(" — |")
			}
		}
		b := r.Bench
		fmt.Fprintf(&sb, " %.4g | %.4g | %s | %s |\n", b.TFLOPs, b.GBs, rowConfig(r), check)
	}
	return sb.String()
}

// rowConfig names the kernel file and its config, marking tuned picks.
func rowConfig(r sweepRow) string {
	s := filepath.Base(r.Kernel)
	if c := r.Config; c != nil {
		s += fmt.Sprintf(" w%d s%d", c.NumWarps, c.NumStages)
		if c.SplitK > 1 {
			s += fmt.Sprintf(" split-K %d", c.SplitK)
		}
	}
	if r.Tuned {
		s += " (tuned)"
	}
	return s
}

// progress draws a one-line bar on stderr.
type progress struct {
	w io.Writer
	n int
}

func newProgress(w io.Writer, n int) *progress { return &progress{w: w, n: n} }

func (p *progress) step(i int, label string) {
	const width = 30
	done := width * i / p.n
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d %-40s", strings.Repeat("#", done), strings.Repeat(".", width-done), i+1, p.n, label)
}

func (p *progress) done() {
	fmt.Fprintf(p.w, "\r[%s] %d/%d done%s\n", strings.Repeat("#", 30), p.n, p.n, strings.Repeat(" ", 40))
}

func timerOf(rows []sweepRow) string {
	for _, r := range rows {
		if r.Bench != nil {
			return r.Bench.Timer
		}
	}
	return "no launch timed"
}
