package main

import (
	"context"
	"fmt"
	"github.com/sparsetriton/sp/sparse"
	"runtime"
	"time"

	"github.com/sparsetriton/sp/runtime/cpu"
)

// buffer is a device allocation of a runner.
type buffer any

// kernelArg is one launch parameter value.
type kernelArg struct {
	buf     buffer
	isPtr   bool
	isFloat bool
	i       int64
	f       float64
	dtype   dtype
}

// runner is a back end: the CPU interpreter or the CUDA driver.
// metaConverter is a runner that converts 2:4 metadata between layouts on
// its device: src (stored in layout from) becomes want's layout, the result
// is checked against want (the host conversion) and its time returned.
type metaConverter interface {
	convertMeta(label string, src []int16, from sparse.Layout, want *sparse.Compressed) (buffer, float64, error)
}

type runner interface {
	describe() string
	alloc(label string, data []byte) (buffer, error)
	read(b buffer, dst []byte) error
	launch(grid [3]int, args []kernelArg) error
	// timeLaunches runs warmup launches, then iters timed samples, and
	// returns the time per launch of each in seconds (timing: single,
	// back-to-back or graph; batch launches per sample for the last two).
	timeLaunches(grid [3]int, args []kernelArg, t timing) ([]float64, error)
	// free releases one buffer before close.
	free(b buffer)
	close()
}

// cpuRunner runs the kernel in the runtime/cpu interpreter.
type cpuRunner struct {
	kern    *cpu.Kernel
	mem     *cpu.Memory
	workers int
}

func newCPURunner(prog *program, workers int) (*cpuRunner, error) {
	k, err := cpu.NewKernel(prog.module, prog.Name)
	if err != nil {
		return nil, err
	}
	return &cpuRunner{kern: k, mem: cpu.NewMemory(), workers: workerCount(workers)}, nil
}

// workerCount is --workers, GOMAXPROCS when not positive.
func workerCount(workers int) int {
	if workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}

func (r *cpuRunner) describe() string {
	return fmt.Sprintf("cpu (runtime/cpu interpreter, %d workers)", r.workers)
}

func (r *cpuRunner) alloc(label string, data []byte) (buffer, error) {
	return r.mem.Alloc(label, append([]byte(nil), data...)), nil
}

func (r *cpuRunner) read(b buffer, dst []byte) error {
	copy(dst, r.mem.Bytes(b.(cpu.Ptr)))
	return nil
}

func (r *cpuRunner) args(args []kernelArg) []cpu.Arg {
	out := make([]cpu.Arg, len(args))
	for i, a := range args {
		switch {
		case a.isPtr:
			out[i] = cpu.PtrArg(a.buf.(cpu.Ptr))
		case a.isFloat:
			out[i] = cpu.FloatArg(a.f)
		default:
			out[i] = cpu.IntArg(a.i)
		}
	}
	return out
}

func (r *cpuRunner) launch(grid [3]int, args []kernelArg) error {
	return r.kern.Launch(context.Background(), r.mem, grid, r.args(args), cpu.LaunchOptions{Workers: r.workers})
}

func (r *cpuRunner) timeLaunches(grid [3]int, args []kernelArg, t timing) ([]float64, error) {
	if t.mode == "graph" {
		return nil, fmt.Errorf("--timing graph needs the cuda backend (CUDA graphs); use single or back-to-back on the cpu backend")
	}
	batch := t.batchSize()
	for range t.warmup {
		if err := r.launch(grid, args); err != nil {
			return nil, err
		}
	}
	times := make([]float64, t.iters)
	for i := range times {
		start := time.Now()
		for range batch {
			if err := r.launch(grid, args); err != nil {
				return nil, err
			}
		}
		times[i] = time.Since(start).Seconds() / float64(batch)
	}
	return times, nil
}

func (r *cpuRunner) free(buffer) {}

func (r *cpuRunner) close() {}
