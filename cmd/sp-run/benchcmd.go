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
	NumWarps  int                `json:"numWarps,omitempty"`
	NumStages int                `json:"numStages,omitempty"`
	Shapes    []map[string]int64 `json:"shapes"`
	Markdown  string             `json:"markdown,omitempty"`
	PNG       string             `json:"png,omitempty"`
	JSON      string             `json:"json,omitempty"`
}

// sweepRow is one line of the result table.
type sweepRow struct {
	Shape  map[string]int64 `json:"shape"`
	Label  string           `json:"label"`
	Bench  *benchResult     `json:"bench,omitempty"`
	Verify *checkResult     `json:"verify,omitempty"`
	Error  string           `json:"error,omitempty"`
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
	for _, p := range []*string{&s.Kernel, &s.Manifest, &s.Launch, &s.Markdown, &s.PNG, &s.JSON} {
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
	o := options{input: s.Kernel, manifest: s.Manifest, backend: s.Backend, check: s.Check, samples: 64,
		bench: true, warmup: s.Warmup, iters: s.Iters, maxTime: s.MaxTime, device: c.Int("device"), workers: c.Int("workers"),
		numWarps: s.NumWarps, numStages: s.NumStages}
	if o.maxMemory, err = maxMemoryFlag(c); err != nil {
		return err
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
	bar := newProgress(stderr, len(s.Shapes))
	var rows []sweepRow
	for i, shape := range s.Shapes {
		row := sweepRow{Shape: shape, Label: shapeLabel(shape)}
		bar.step(i, row.Label)
		row.Bench, row.Verify, err = runShape(prog, s, shape, o)
		if err != nil {
			row.Error = err.Error()
		}
		rows = append(rows, row)
	}
	bar.done()
	return writeSweep(s, rows, prog, stdout)
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
}

// runShape runs one row: a fresh runner (so buffers are freed), the
// launch spec with the shape's variables, verification and timing.
func runShape(prog *program, s *sweepSpec, shape map[string]int64, o options) (*benchResult, *checkResult, error) {
	spec, err := loadSpec(s.Launch)
	if err != nil {
		return nil, nil, err
	}
	if spec.Vars == nil {
		spec.Vars = map[string]int64{}
	}
	for k, v := range shape {
		spec.Vars[k] = v
	}
	r, err := newRunner(o, prog)
	if err != nil {
		return nil, nil, err
	}
	defer r.close()
	rep, err := execute(prog, spec, r, o)
	if err != nil {
		return nil, nil, err
	}
	return rep.Bench, rep.Verify, nil
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
		if err := sweepChart(s, rows, s.PNG); err != nil {
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
	fmt.Fprintf(&sb, "Backend %s; median of the timed launches after the warm-up (%s); TFLOP/s = 2·M·N·K / median (dense-equivalent).\n\n", s.Backend, timerOf(rows))
	sb.WriteString("| Shape | Median ms | p20–p80 ms | TFLOP/s | GB/s | Launches | Check |\n|---|---:|---:|---:|---:|---:|---|\n")
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(&sb, "| %s | — | — | — | — | — | error: %s |\n", r.Label, strings.ReplaceAll(r.Error, "|", "\\|"))
			continue
		}
		check := "not verified"
		if v := r.Verify; v != nil {
			check = fmt.Sprintf("ok (%s)", v.Mode)
			if !v.ok() {
				check = fmt.Sprintf("MISMATCH %d/%d (%s)", v.Bad, v.Checked, v.Mode)
			}
		}
		b := r.Bench
		fmt.Fprintf(&sb, "| %s | %.4g | %.4g–%.4g | %.4g | %.4g | %d+%d | %s |\n", r.Label, b.MedianMs, b.P20Ms, b.P80Ms, b.TFLOPs, b.GBs, b.Warmup, b.Iters, check)
	}
	return sb.String()
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
