//go:build cuda

package cuda

import "fmt"

// TimingMode says what one timed sample covers (docs/performance.md,
// "Reading the tables"):
//
//   - Single: one launch between two events, then a synchronisation;
//     measures the kernel plus the host work between the events.
//   - BackToBack: batch launches between two events, divided by batch;
//     the kernel, as long as the host enqueues faster than the GPU runs.
//   - GraphMode: batch launches captured once into a CUDA graph (Capture),
//     each sample one replay between two events, divided by batch
//     (TimeGraph); the kernel without host work.
//
// L2 is not flushed between launches in any mode.
type TimingMode string

const (
	Single     TimingMode = "single"
	BackToBack TimingMode = "back-to-back"
	GraphMode  TimingMode = "graph"
)

// ParseTimingMode accepts single, back-to-back or graph.
func ParseTimingMode(s string) (TimingMode, error) {
	switch m := TimingMode(s); m {
	case Single, BackToBack, GraphMode:
		return m, nil
	}
	return "", fmt.Errorf("unknown timing mode %q (want single, back-to-back or graph)", s)
}

// TimeMode runs warmup launches, then iters samples in the given mode
// (batch launches per sample for back-to-back and graph; ignored for
// single), and returns each sample's time per launch in seconds. Single
// and back-to-back launches go to a stream of their own, like the graph.
func (d *Device) TimeMode(k *Kernel, grid [3]int, params []Param, mode TimingMode, warmup, iters, batch int) ([]float64, error) {
	if batch < 1 || mode == Single || mode == "" {
		batch = 1
	}
	if mode == GraphMode {
		// Warm-up launches count replays here: ceil(warmup / batch).
		return d.TimeGraph(k, grid, params, batch, (warmup+batch-1)/batch, iters)
	}
	if iters < 1 || warmup < 0 {
		return nil, fmt.Errorf("TimeMode: %d warm-up launches and %d samples: need at least 1 sample", warmup, iters)
	}
	s, err := d.NewStream()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	for range warmup {
		if err := d.Enqueue(k, s, grid, params); err != nil {
			return nil, err
		}
	}
	if err := s.Synchronize(); err != nil {
		return nil, fmt.Errorf("kernel %s failed during warm-up: %w", k.Name, err)
	}
	start, err := newEvent()
	if err != nil {
		return nil, err
	}
	defer start.close()
	stop, err := newEvent()
	if err != nil {
		return nil, err
	}
	defer stop.close()
	out := make([]float64, iters)
	for i := range out {
		if err := start.record(s); err != nil {
			return nil, err
		}
		for range batch {
			if err := d.Enqueue(k, s, grid, params); err != nil {
				return nil, err
			}
		}
		if err := stop.record(s); err != nil {
			return nil, err
		}
		sec, err := stop.since(start)
		if err != nil {
			return nil, fmt.Errorf("timing %s (%s): %w", k.Name, mode, err)
		}
		out[i] = sec / float64(batch)
	}
	return out, nil
}
