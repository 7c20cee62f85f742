//go:build cuda

package cuda

/*
#include <cuda.h>
#include <stdlib.h>

// spLaunchOn enqueues one launch of fn on stream s; params holds n 64-bit
// slots whose addresses the driver reads.
static CUresult spLaunchOn(CUfunction fn, CUstream s, unsigned gx, unsigned gy, unsigned gz,
		unsigned threads, unsigned shared, unsigned long long *slots, int n) {
	void *ptrs[64];
	if (n > 64) return CUDA_ERROR_INVALID_VALUE;
	for (int i = 0; i < n; i++) ptrs[i] = &slots[i];
	return cuLaunchKernel(fn, gx, gy, gz, threads, 1, 1, shared, s, ptrs, 0);
}

// spCaptureGraph records n launches of fn on stream s into a graph and
// instantiates it.
static CUresult spCaptureGraph(CUfunction fn, CUstream s, unsigned gx, unsigned gy, unsigned gz,
		unsigned threads, unsigned shared, unsigned long long *slots, int nslots, int n,
		CUgraphExec *exec) {
	CUgraph g;
	CUresult r = cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
	if (r != CUDA_SUCCESS) return r;
	CUresult lr = CUDA_SUCCESS;
	for (int i = 0; i < n && lr == CUDA_SUCCESS; i++)
		lr = spLaunchOn(fn, s, gx, gy, gz, threads, shared, slots, nslots);
	r = cuStreamEndCapture(s, &g);
	if (lr != CUDA_SUCCESS) { if (r == CUDA_SUCCESS) cuGraphDestroy(g); return lr; }
	if (r != CUDA_SUCCESS) return r;
	r = cuGraphInstantiateWithFlags(exec, g, 0);
	cuGraphDestroy(g);
	return r;
}

static CUresult spElapsed(CUstream s, CUevent a, CUevent b, float *ms) {
	CUresult r = cuEventSynchronize(b);
	if (r != CUDA_SUCCESS) return r;
	return cuEventElapsedTime(ms, a, b);
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// TimingMode says what one timed sample covers (docs/performance.md,
// "Timing method"):
//
//   - Single: one launch between two events, then a synchronisation;
//     measures the kernel plus the host work between the events.
//   - BackToBack: Batch launches between two events, divided by Batch;
//     the kernel, as long as the host enqueues faster than the GPU runs.
//   - Graph: Batch launches captured once into a CUDA graph (stream
//     capture), each sample one replay between two events, divided by
//     Batch; the kernel without host work.
//
// L2 is not flushed between launches in any mode (the peers' graph
// timings in bench/run_bench.py do not flush either).
type TimingMode string

const (
	Single     TimingMode = "single"
	BackToBack TimingMode = "back-to-back"
	Graph      TimingMode = "graph"
)

// ParseTimingMode accepts single, back-to-back or graph.
func ParseTimingMode(s string) (TimingMode, error) {
	switch m := TimingMode(s); m {
	case Single, BackToBack, Graph:
		return m, nil
	}
	return "", fmt.Errorf("unknown timing mode %q (want single, back-to-back or graph)", s)
}

// timer holds a non-default stream (the legacy default stream cannot be
// captured) and two events.
type timer struct {
	stream     C.CUstream
	start, end C.CUevent
}

func newTimer() (*timer, error) {
	t := &timer{}
	if r := C.cuStreamCreate(&t.stream, C.CU_STREAM_NON_BLOCKING); r != C.CUDA_SUCCESS {
		return nil, driverError("cuStreamCreate", r)
	}
	if r := C.cuEventCreate(&t.start, C.CU_EVENT_DEFAULT); r != C.CUDA_SUCCESS {
		t.close()
		return nil, driverError("cuEventCreate", r)
	}
	if r := C.cuEventCreate(&t.end, C.CU_EVENT_DEFAULT); r != C.CUDA_SUCCESS {
		t.close()
		return nil, driverError("cuEventCreate", r)
	}
	return t, nil
}

func (t *timer) close() {
	if t.start != nil {
		C.cuEventDestroy(t.start)
	}
	if t.end != nil {
		C.cuEventDestroy(t.end)
	}
	if t.stream != nil {
		C.cuStreamDestroy(t.stream)
	}
}

// span records the start event, runs enqueue, records the end event and
// returns the elapsed seconds.
func (t *timer) span(enqueue func() error) (float64, error) {
	if r := C.cuEventRecord(t.start, t.stream); r != C.CUDA_SUCCESS {
		return 0, driverError("cuEventRecord", r)
	}
	if err := enqueue(); err != nil {
		return 0, err
	}
	if r := C.cuEventRecord(t.end, t.stream); r != C.CUDA_SUCCESS {
		return 0, driverError("cuEventRecord", r)
	}
	var ms C.float
	if r := C.spElapsed(t.stream, t.start, t.end, &ms); r != C.CUDA_SUCCESS {
		return 0, driverError("kernel (cuEventSynchronize/cuEventElapsedTime)", r)
	}
	return float64(ms) / 1e3, nil
}

// launchArgs are the C-side launch arguments of a kernel.
type launchArgs struct {
	fn              C.CUfunction
	gx, gy, gz      C.uint
	threads, shared C.uint
	slots           *C.ulonglong
	n               C.int
}

func (k *Kernel) cArgs(grid [3]int, params []Param) (*launchArgs, func(), error) {
	if len(params) > 64 {
		return nil, nil, fmt.Errorf("kernel %s: %d parameters (at most 64)", k.Name, len(params))
	}
	slots := (*C.ulonglong)(C.malloc(C.size_t(8 * max(1, len(params)))))
	s := unsafe.Slice(slots, max(1, len(params)))
	for i, p := range params {
		s[i] = C.ulonglong(p)
	}
	a := &launchArgs{fn: *(*C.CUfunction)(unsafe.Pointer(&k.fn)), gx: C.uint(grid[0]), gy: C.uint(grid[1]), gz: C.uint(grid[2]),
		threads: C.uint(k.Threads), shared: C.uint(k.SharedBytes), slots: slots, n: C.int(len(params))}
	return a, func() { C.free(unsafe.Pointer(slots)) }, nil
}

func (k *Kernel) launchOn(a *launchArgs, s C.CUstream) error {
	if r := C.spLaunchOn(a.fn, s, a.gx, a.gy, a.gz, a.threads, a.shared, a.slots, a.n); r != C.CUDA_SUCCESS {
		return driverError(fmt.Sprintf("cuLaunchKernel(%s, grid [%d %d %d])", k.Name, a.gx, a.gy, a.gz), r)
	}
	return nil
}

// TimeMode runs warmup launches, then iters samples in the given mode
// (batch launches per sample for back-to-back and graph; ignored for
// single), and returns each sample's time per launch in seconds.
func (d *Device) TimeMode(k *Kernel, grid [3]int, params []Param, mode TimingMode, warmup, iters, batch int) ([]float64, error) {
	if mode == "" {
		mode = Single
	}
	if batch < 1 || mode == Single {
		batch = 1
	}
	t, err := newTimer()
	if err != nil {
		return nil, err
	}
	defer t.close()
	a, free, err := k.cArgs(grid, params)
	if err != nil {
		return nil, err
	}
	defer free()
	for range warmup {
		if err := k.launchOn(a, t.stream); err != nil {
			return nil, err
		}
	}
	if r := C.cuStreamSynchronize(t.stream); r != C.CUDA_SUCCESS {
		return nil, driverError(fmt.Sprintf("kernel %s during warm-up (cuStreamSynchronize)", k.Name), r)
	}
	enqueue := func() error {
		for range batch {
			if err := k.launchOn(a, t.stream); err != nil {
				return err
			}
		}
		return nil
	}
	if mode == Graph {
		var exec C.CUgraphExec
		if r := C.spCaptureGraph(a.fn, t.stream, a.gx, a.gy, a.gz, a.threads, a.shared, a.slots, a.n, C.int(batch), &exec); r != C.CUDA_SUCCESS {
			return nil, driverError(fmt.Sprintf("capturing %d launches of %s into a CUDA graph", batch, k.Name), r)
		}
		defer C.cuGraphExecDestroy(exec)
		enqueue = func() error {
			if r := C.cuGraphLaunch(exec, t.stream); r != C.CUDA_SUCCESS {
				return driverError("cuGraphLaunch", r)
			}
			return nil
		}
		if err := enqueue(); err != nil { // one replay to upload the graph
			return nil, err
		}
	}
	out := make([]float64, iters)
	for i := range out {
		sec, err := t.span(enqueue)
		if err != nil {
			return nil, fmt.Errorf("timing %s (%s): %w", k.Name, mode, err)
		}
		out[i] = sec / float64(batch)
	}
	return out, nil
}
