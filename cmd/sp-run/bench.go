package main

import (
	"fmt"
	"math"
	"sort"
)

// benchResult summarises timed launches.
type benchResult struct {
	Warmup   int     `json:"warmup"`
	Iters    int     `json:"iters"`
	MedianMs float64 `json:"medianMs"`
	MinMs    float64 `json:"minMs"`
	MaxMs    float64 `json:"maxMs"`
	P20Ms    float64 `json:"p20Ms"`
	P80Ms    float64 `json:"p80Ms"`
	Flops    float64 `json:"flops,omitempty"` // dense-equivalent 2·M·N·K
	TFLOPs   float64 `json:"tflops,omitempty"`
	Bytes    float64 `json:"bytes"`
	GBs      float64 `json:"gbs"`
	Timer    string  `json:"timer"`
	// Timing is the mode (single, back-to-back, graph) and Batch the
	// launches per timed sample; L2 is never flushed between launches.
	Timing string `json:"timing"`
	Batch  int    `json:"batch"`
	// samples are the per-launch times in ms, in the order measured.
	samples []float64
}

// timing says how launches are timed (runtime/cuda.TimingMode):
// single (one launch between two events), back-to-back (batch launches
// between two events) or graph (a CUDA graph of batch launches, replayed).
type timing struct {
	mode          string
	warmup, iters int
	batch         int
}

// timingModes are the accepted --timing values.
var timingModes = []string{"single", "back-to-back", "graph"}

func checkTiming(mode string) error {
	for _, m := range timingModes {
		if m == mode {
			return nil
		}
	}
	return fmt.Errorf("--timing %q: want single, back-to-back or graph", mode)
}

// batchSize is the launches per sample: 1 for single, else batch (20 by
// default, as the peers' graphs in bench/run_bench.py).
func (t timing) batchSize() int {
	switch {
	case t.mode == "single" || t.mode == "":
		return 1
	case t.batch < 1:
		return 20
	}
	return t.batch
}

// benchmark times the launch: warmup launches, then iters samples in the
// timing mode (CUDA events on the GPU, wall clock on the CPU).
// TFLOP/s counts the dense-equivalent 2·M·N·K of the verified matmul;
// GB/s counts each buffer once (values, metadata, dense inputs, outputs).
//
// With maxTime > 0, a first launch is timed and warmup and iters shrink
// (to at least 0 and 3) so that all launches take about maxTime seconds.
func benchmark(pl *launchPlan, r runner, kargs []kernelArg, t timing, maxTime float64) (*benchResult, error) {
	if t.mode == "" {
		t.mode = "single"
	}
	if err := checkTiming(t.mode); err != nil {
		return nil, err
	}
	if t.iters < 1 || t.warmup < 0 {
		return nil, fmt.Errorf("--iters must be at least 1 and --warmup at least 0")
	}
	if maxTime > 0 {
		one, err := r.timeLaunches(pl.grid, kargs, timing{mode: "single", iters: 1})
		if err != nil {
			return nil, fmt.Errorf("benchmark: %w", err)
		}
		if budget := int(maxTime / max(one[0], 1e-9)); budget < t.warmup+t.iters*t.batchSize() {
			if t.batch = min(t.batchSize(), max(1, budget/8)); t.mode == "single" {
				t.batch = 1
			}
			t.iters = max(3, min(t.iters, budget*5/6/t.batchSize()))
			t.warmup = max(0, min(t.warmup, budget-t.iters*t.batchSize()))
		}
	}
	times, err := r.timeLaunches(pl.grid, kargs, t)
	if err != nil {
		return nil, fmt.Errorf("benchmark: %w", err)
	}
	res := &benchResult{Warmup: t.warmup, Iters: t.iters, Timer: "wall clock", Timing: t.mode, Batch: t.batchSize()}
	if _, ok := r.(*cpuRunner); !ok {
		res.Timer = "CUDA events"
	}
	ms := make([]float64, len(times))
	for i, t := range times {
		ms[i] = 1e3 * t
	}
	res.samples = append([]float64(nil), ms...)
	sort.Float64s(ms)
	res.MedianMs, res.MinMs, res.MaxMs = quantile(ms, 0.5), ms[0], ms[len(ms)-1]
	res.P20Ms, res.P80Ms = quantile(ms, 0.2), quantile(ms, 0.8)
	sec := res.MedianMs / 1e3
	if c := pl.check; c != nil {
		res.Flops = 2 * float64(c.m) * float64(c.n) * float64(c.k)
		res.TFLOPs = res.Flops / sec / 1e12
	}
	for _, a := range pl.args {
		switch {
		case a.comp != nil:
			res.Bytes += float64(len(a.comp.Values.Data) + 2*len(a.comp.Meta))
			if a.bsr != nil {
				res.Bytes += float64(4 * (len(a.bsr.Indptr) + len(a.bsr.Indices)))
			}
		case a.tensor != nil:
			res.Bytes += float64(len(a.tensor.Data))
		}
	}
	res.GBs = res.Bytes / sec / 1e9
	return res, nil
}

// quantile interpolates linearly in sorted xs.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(xs)-1)
	return xs[lo] + (xs[hi]-xs[lo])*(pos-float64(lo))
}

func (b *benchResult) String() string {
	s := fmt.Sprintf("bench: %d samples of %d launch(es), %s timing, after %d warm-up (%s, L2 not flushed): median %.4f ms (p20 %.4f, p80 %.4f, min %.4f, max %.4f)",
		b.Iters, b.Batch, b.Timing, b.Warmup, b.Timer, b.MedianMs, b.P20Ms, b.P80Ms, b.MinMs, b.MaxMs)
	if b.TFLOPs > 0 {
		s += fmt.Sprintf(", %.4g TFLOP/s (dense-equivalent 2MNK)", b.TFLOPs)
	}
	return s + fmt.Sprintf(", %.4g GB/s", b.GBs)
}
