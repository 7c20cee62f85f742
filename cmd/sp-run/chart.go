package main

import (
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

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
	return savePlot(p, width, 5*vg.Inch, path)
}

// savePlot writes the plot in the format of path's extension (PNG by
// default), atomically.
func savePlot(p *plot.Plot, width, height vg.Length, path string) error {
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if format == "" {
		format = "png"
	}
	wt, err := p.WriterTo(width, height, format)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	})
}

// roofline holds a device's ceilings for the roofline chart.
type roofline struct {
	Device     string  `json:"device,omitempty"`
	PeakTFLOPs float64 `json:"peakTFLOPs"` // compute ceiling (dense-equivalent TFLOP/s)
	PeakGBs    float64 `json:"peakGBs"`    // memory-bandwidth ceiling (GB/s)
	Note       string  `json:"note,omitempty"`
}

// peerPoint is another provider's result on one shape (bench/run_bench.py
// writes them): bytes moved once and dense-equivalent TFLOP/s.
type peerPoint struct {
	Provider string           `json:"provider"`
	Shape    map[string]int64 `json:"shape"`
	TFLOPs   float64          `json:"tflops"`
	Bytes    float64          `json:"bytes"`
	Flops    float64          `json:"flops"`
}

func drawChart(s *sweepSpec, rows []sweepRow, path string) error {
	if s.Roofline == nil {
		return sweepChart(s, rows, path)
	}
	var peers []peerPoint
	if s.Peers != "" {
		raw, err := os.ReadFile(s.Peers)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, &peers); err != nil {
			return fmt.Errorf("peers %s: %v", s.Peers, err)
		}
	}
	return rooflineChart(s, rows, peers, path)
}

// rooflineChart draws achieved TFLOP/s against arithmetic intensity
// (FLOP per byte moved, log-log) for sp's verified rows and the peers'
// points, under the compute and bandwidth ceilings.
func rooflineChart(s *sweepSpec, rows []sweepRow, peers []peerPoint, path string) error {
	rf := s.Roofline
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Roofline (%s timing): dense-equivalent TFLOP/s vs FLOP/byte", s.Timing[0])
	if rf.Device != "" {
		p.Title.Text += ", " + rf.Device
	}
	p.X.Label.Text = "arithmetic intensity (dense-equivalent FLOP / byte moved)"
	p.Y.Label.Text = "TFLOP/s"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	lo, hi, ymin := 1.0, 1e4, 1.0
	series := map[string]plotter.XYs{}
	var names []string
	add := func(name string, flops, bytes, tflops float64) {
		if flops <= 0 || bytes <= 0 || tflops <= 0 {
			return
		}
		if _, ok := series[name]; !ok {
			names = append(names, name)
		}
		ai := flops / bytes
		lo, hi, ymin = math.Min(lo, ai/2), math.Max(hi, ai*2), math.Min(ymin, tflops/2)
		series[name] = append(series[name], plotter.XY{X: ai, Y: tflops})
	}
	for _, r := range rows {
		if r.Error == "" && r.Bench != nil && (r.Verify == nil || r.Verify.ok()) {
			add("sp", r.Bench.Flops, r.Bench.Bytes, r.Bench.TFLOPs)
		}
	}
	for _, pp := range peers {
		add(pp.Provider, pp.Flops, pp.Bytes, pp.TFLOPs)
	}
	// Ceilings: min(peak, AI · bandwidth), sampled densely on the log axis.
	var roof plotter.XYs
	for i := 0; i <= 200; i++ {
		ai := lo * math.Pow(hi/lo, float64(i)/200)
		roof = append(roof, plotter.XY{X: ai, Y: math.Min(rf.PeakTFLOPs, ai*rf.PeakGBs/1e3)})
	}
	line, err := plotter.NewLine(roof)
	if err != nil {
		return err
	}
	line.Width = vg.Points(1.5)
	line.Color = color.Gray{Y: 0x40}
	p.Add(line)
	p.Legend.Add(fmt.Sprintf("ceilings: %.4g TFLOP/s, %.4g TB/s", rf.PeakTFLOPs, rf.PeakGBs/1e3), line)
	palette := []color.Color{
		color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
		color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
		color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}, color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	}
	for i, n := range names {
		sc, err := plotter.NewScatter(series[n])
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = palette[i%len(palette)]
		sc.GlyphStyle.Radius = vg.Points(4)
		sc.GlyphStyle.Shape = glyphs[i%len(glyphs)]
		p.Add(sc)
		p.Legend.Add(n, sc)
	}
	p.X.Min, p.X.Max = lo, hi
	p.Y.Min, p.Y.Max = ymin, rf.PeakTFLOPs*2
	return savePlot(p, 8*vg.Inch, 6*vg.Inch, path)
}

var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}}
