package main

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/sparsetriton/sp/internal/atomicfile"
)

// sweepChart draws the TFLOP/s of each shape as a bar chart (PNG, SVG or
// PDF by the file's extension) with gonum.org/v1/plot, a pure-Go plotting
// library: no cgo or system fonts, so the chart is drawn on any machine
// that runs sp-run. Shapes that failed or mismatched are drawn as 0.
func sweepChart(s *sweepSpec, rows []sweepRow, path string) error {
	p := plot.New()
	p.Title.Text = "sp-run bench: dense-equivalent TFLOP/s (2·M·N·K / median)"
	if s.Title != "" {
		p.Title.Text = s.Title
	}
	p.Y.Label.Text = "TFLOP/s"
	vals := make(plotter.Values, len(rows))
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = fmt.Sprintf("%d", i+1)
		if len(rows) <= 10 {
			names[i] = r.Label
		}
		if r.Error == "" && r.Bench != nil && (r.Verify == nil || r.Verify.ok()) {
			vals[i] = r.Bench.TFLOPs
		}
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(24))
	if err != nil {
		return err
	}
	bars.LineStyle.Width = 0
	bars.Color = color.RGBA{R: 0x2b, G: 0x6c, B: 0xb0, A: 0xff}
	p.Add(bars)
	p.X.Min, p.X.Max = -0.6, float64(len(rows))-0.4
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = 0.6
	p.X.Tick.Label.XAlign = -1.0
	p.Y.Min = 0
	width := vg.Length(max(6, len(rows))) * 1.2 * vg.Inch
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if format == "" {
		format = "png"
	}
	wt, err := p.WriterTo(width, 5*vg.Inch, format)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	})
}
