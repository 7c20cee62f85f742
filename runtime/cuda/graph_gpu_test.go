//go:build cuda

package cuda

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestGraphCapture captures five launches of add_one on a stream, replays
// the graph three times and checks that each element grew by 15; then
// times the kernel in graph mode.
func TestGraphCapture(t *testing.T) {
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const n = 4096
	host := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(host[4*i:], math.Float32bits(float32(i)))
	}
	buf, err := d.Alloc(host)
	if err != nil {
		t.Fatal(err)
	}
	k, err := d.LoadPTX(addOne, "add_one", 128, 0)
	if err != nil {
		t.Fatal(err)
	}
	grid, params := [3]int{n / 128, 1, 1}, []Param{PtrParam(buf), IntParam(n)}
	s, err := d.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := d.Capture(s, func(s *Stream) error {
		for range 5 {
			if err := d.Enqueue(k, s, grid, params); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// capture records without running: nothing changed yet
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	check := func(want float32) {
		t.Helper()
		out := make([]byte, 4*n)
		if err := d.Read(buf, out); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])); got != float32(i)+want {
				t.Fatalf("element %d = %v, want %v", i, got, float32(i)+want)
			}
		}
	}
	check(0)
	for range 3 {
		if err := g.Launch(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	check(15)
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}

	times, err := d.TimeGraph(k, grid, params, 20, 2, 10)
	if err != nil || len(times) != 10 {
		t.Fatalf("TimeGraph: %v %v", times, err)
	}
	for _, s := range times {
		if s <= 0 || s > 0.01 {
			t.Fatalf("TimeGraph: %v s per launch of a 4096-element kernel", times)
		}
	}
	t.Logf("add_one, 4096 elements: %.2f us per launch (graph, best of 10)", 1e6*minOf(times))
	check(15 + 20*12)

	if _, err := d.Capture(nil, func(*Stream) error { return nil }); err == nil {
		t.Error("capture on the default stream was accepted")
	}
	boom := errors.New("boom")
	if _, err := d.Capture(s, func(*Stream) error { return boom }); !errors.Is(err, boom) {
		t.Errorf("record's error: got %v", err)
	}
	// the stream is usable again after a failed capture
	if err := d.Enqueue(k, s, grid, params); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	check(15 + 20*12 + 1)
	if _, err := d.TimeGraph(k, grid, params, 0, 0, 1); err == nil || !strings.Contains(err.Error(), "at least 1 launch") {
		t.Errorf("TimeGraph with 0 launches: %v", err)
	}
}

func minOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}
