//go:build cuda

package cuda

// Streams, stream capture and CUDA graphs, for timing kernels without host
// overhead (hopper.md §6 "graph" mode): the launches of one measurement are
// captured once into a graph, and each replay of the graph is one
// cuGraphLaunch, so the time between two events is GPU time only.
//
//	s, _ := dev.NewStream()
//	defer s.Close()
//	g, err := dev.Capture(s, func(s *Stream) error {
//		for range 20 {
//			if err := dev.Enqueue(k, s, grid, params); err != nil {
//				return err
//			}
//		}
//		return nil
//	})
//	defer g.Close()
//	err = g.Launch(s) // replays all 20 launches
//	err = s.Synchronize()
//
// or, for the usual measurement, dev.TimeGraph(k, grid, params, 20, 2, 10).
//
// gorgonia.org/cu v0.9.6 wraps graphs built node by node but not stream
// capture; these calls go to the driver directly (CUDA 11.8's cuda.h has
// them all, so they link against the stub like the rest).

/*
#include <cuda.h>

static CUresult spBeginCapture(CUstream s) {
	return cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
}
*/
import "C"

import (
	"errors"
	"fmt"
)

// Stream is a non-blocking stream of the device's context. A nil *Stream
// stands for the default (legacy) stream where a method accepts one.
type Stream struct {
	s C.CUstream
}

func (s *Stream) handle() C.CUstream {
	if s == nil {
		return nil
	}
	return s.s
}

// NewStream creates a stream that does not synchronise with the default
// stream (stream capture needs a stream other than the default one).
func (d *Device) NewStream() (*Stream, error) {
	s := &Stream{}
	if r := C.cuStreamCreate(&s.s, C.CU_STREAM_NON_BLOCKING); r != C.CUDA_SUCCESS {
		return nil, driverError("cuStreamCreate", r)
	}
	return s, nil
}

// Synchronize waits for everything enqueued on the stream; an asynchronous
// kernel fault is reported here.
func (s *Stream) Synchronize() error {
	if r := C.cuStreamSynchronize(s.handle()); r != C.CUDA_SUCCESS {
		return driverError("cuStreamSynchronize", r)
	}
	return nil
}

// Close destroys the stream (after the work on it completes).
func (s *Stream) Close() error {
	if s == nil || s.s == nil {
		return nil
	}
	r := C.cuStreamDestroy(s.s)
	s.s = nil
	if r != C.CUDA_SUCCESS {
		return driverError("cuStreamDestroy", r)
	}
	return nil
}

// Enqueue launches k on s (nil: the default stream) without waiting for
// it: the building block of captured graphs and of back-to-back timing.
// Errors of the kernel itself surface at the next synchronisation.
func (d *Device) Enqueue(k *Kernel, s *Stream, grid [3]int, params []Param) error {
	return k.enqueue(s, grid, params)
}

// Graph is an instantiated (executable) CUDA graph.
type Graph struct {
	graph C.CUgraph
	exec  C.CUgraphExec
}

// Capture records what record enqueues on s (a stream from NewStream) into
// a graph, in thread-local capture mode, and instantiates it. Nothing runs
// during capture: launches are recorded, not executed. If record fails,
// the capture is ended and discarded and its error returned.
func (d *Device) Capture(s *Stream, record func(s *Stream) error) (*Graph, error) {
	if s == nil {
		return nil, errors.New("stream capture needs a stream from NewStream, not the default stream")
	}
	if r := C.spBeginCapture(s.s); r != C.CUDA_SUCCESS {
		return nil, driverError("cuStreamBeginCapture", r)
	}
	recErr := record(s)
	g := &Graph{}
	r := C.cuStreamEndCapture(s.s, &g.graph)
	if recErr != nil || r != C.CUDA_SUCCESS {
		if g.graph != nil {
			C.cuGraphDestroy(g.graph)
		}
		if recErr != nil {
			return nil, fmt.Errorf("during stream capture: %w", recErr)
		}
		return nil, driverError("cuStreamEndCapture", r)
	}
	if r := C.cuGraphInstantiateWithFlags(&g.exec, g.graph, 0); r != C.CUDA_SUCCESS {
		C.cuGraphDestroy(g.graph)
		return nil, driverError("cuGraphInstantiateWithFlags", r)
	}
	return g, nil
}

// Launch enqueues one replay of the whole graph on s.
func (g *Graph) Launch(s *Stream) error {
	if r := C.cuGraphLaunch(g.exec, s.handle()); r != C.CUDA_SUCCESS {
		return driverError("cuGraphLaunch", r)
	}
	return nil
}

// Close destroys the executable graph and the graph it came from.
func (g *Graph) Close() error {
	if g == nil || g.graph == nil {
		return nil
	}
	var first error
	if r := C.cuGraphExecDestroy(g.exec); r != C.CUDA_SUCCESS {
		first = driverError("cuGraphExecDestroy", r)
	}
	if r := C.cuGraphDestroy(g.graph); r != C.CUDA_SUCCESS && first == nil {
		first = driverError("cuGraphDestroy", r)
	}
	g.graph, g.exec = nil, nil
	return first
}

// event is a CUDA event with timing enabled.
type event struct{ e C.CUevent }

func newEvent() (*event, error) {
	ev := &event{}
	if r := C.cuEventCreate(&ev.e, C.CU_EVENT_DEFAULT); r != C.CUDA_SUCCESS {
		return nil, driverError("cuEventCreate", r)
	}
	return ev, nil
}

func (ev *event) close() { C.cuEventDestroy(ev.e) }

func (ev *event) record(s *Stream) error {
	if r := C.cuEventRecord(ev.e, s.handle()); r != C.CUDA_SUCCESS {
		return driverError("cuEventRecord", r)
	}
	return nil
}

// since waits for ev and returns the seconds from start to ev.
func (ev *event) since(start *event) (float64, error) {
	if r := C.cuEventSynchronize(ev.e); r != C.CUDA_SUCCESS {
		return 0, driverError("cuEventSynchronize", r)
	}
	var ms C.float
	if r := C.cuEventElapsedTime(&ms, start.e, ev.e); r != C.CUDA_SUCCESS {
		return 0, driverError("cuEventElapsedTime", r)
	}
	return float64(ms) / 1e3, nil
}

// TimeGraph measures k in graph mode: it captures launches launches of k
// into one graph on a fresh stream, replays it warmup times, then reps
// times between two events each, and returns the time per launch of each
// timed replay (replay time / launches, in seconds). Callers report the
// best or the median; hopper.md §6 uses 20 launches, best of 10.
func (d *Device) TimeGraph(k *Kernel, grid [3]int, params []Param, launches, warmup, reps int) ([]float64, error) {
	if launches < 1 || reps < 1 || warmup < 0 {
		return nil, fmt.Errorf("TimeGraph: %d launches, %d warm-up and %d timed replays: need at least 1 launch and 1 replay", launches, warmup, reps)
	}
	s, err := d.NewStream()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	g, err := d.Capture(s, func(s *Stream) error {
		for range launches {
			if err := k.enqueue(s, grid, params); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	for range warmup {
		if err := g.Launch(s); err != nil {
			return nil, err
		}
	}
	if err := s.Synchronize(); err != nil {
		return nil, fmt.Errorf("kernel %s failed during warm-up: %w", k.Name, err)
	}
	return timeReplays(g, s, k.Name, launches, reps)
}

func timeReplays(g *Graph, s *Stream, name string, launches, reps int) ([]float64, error) {
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
	out := make([]float64, reps)
	for i := range out {
		if err := start.record(s); err != nil {
			return nil, err
		}
		if err := g.Launch(s); err != nil {
			return nil, err
		}
		if err := stop.record(s); err != nil {
			return nil, err
		}
		sec, err := stop.since(start)
		if err != nil {
			return nil, fmt.Errorf("kernel %s: %w", name, err)
		}
		out[i] = sec / float64(launches)
	}
	return out, nil
}
