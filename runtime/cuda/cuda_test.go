//go:build cuda

package cuda

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// addOne adds 1 to n floats; it declares dynamic shared memory so that a
// launch with more than 48 KiB exercises the opt-in attribute.
const addOne = `.version 7.8
.target sm_80
.address_size 64
.extern .shared .align 16 .b8 smem[];
.visible .entry add_one(.param .u64 p, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<5>;
	.reg .f32 %f<3>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mad.lo.s32 %r5, %r2, %r3, %r4;
	setp.ge.s32 %p1, %r5, %r1;
	@%p1 bra DONE;
	cvta.to.global.u64 %rd2, %rd1;
	mul.wide.s32 %rd3, %r5, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.global.f32 %f1, [%rd4];
	add.f32 %f2, %f1, 0f3F800000;
	st.global.f32 [%rd4], %f2;
DONE:
	ret;
}
`

func TestLaunchCopyTime(t *testing.T) {
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const n = 1000
	host := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(host[4*i:], math.Float32bits(float32(i)))
	}
	buf, err := d.Alloc(host)
	if err != nil {
		t.Fatal(err)
	}
	k, err := d.LoadPTX(addOne, "add_one", 128, 64<<10)
	if err != nil {
		t.Fatal(err)
	}
	grid := [3]int{(n + 127) / 128, 1, 1}
	if err := d.Launch(k, grid, []Param{PtrParam(buf), IntParam(n)}); err != nil {
		t.Fatal(err)
	}
	times, err := d.Time(k, grid, []Param{PtrParam(buf), IntParam(n)}, 2, 5)
	if err != nil || len(times) != 5 || times[0] <= 0 {
		t.Fatalf("Time: %v %v", times, err)
	}
	out := make([]byte, 4*n)
	if err := d.Read(buf, out); err != nil {
		t.Fatal(err)
	}
	for i := range n { // 1 + 2 warm-up + 5 timed launches
		if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])); got != float32(i+8) {
			t.Fatalf("element %d = %v, want %v", i, got, i+8)
		}
	}
	if _, err := d.LoadPTX(addOne, "add_one", 128, d.SharedOptin+1); err == nil || !strings.Contains(err.Error(), "allows at most") {
		t.Fatalf("shared memory over the limit: %v", err)
	}
	if _, err := d.LoadPTX(addOne, "nope", 128, 0); err == nil || !strings.Contains(err.Error(), "no such .entry") {
		t.Fatalf("missing entry: %v", err)
	}
}

func TestJITErrorLog(t *testing.T) {
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	bad := strings.Replace(addOne, "add.f32", "bogus.f32", 1)
	_, err = d.LoadPTX(bad, "add_one", 128, 0)
	je, ok := err.(*JITError)
	if !ok || !strings.Contains(je.Log, "bogus") {
		t.Fatalf("got %v, want a JITError whose log names the bad instruction", err)
	}
}

// TestTimeModes checks that each timing mode runs the launches it counts:
// add_one adds 1 per launch, so the buffer ends at warm-up + samples ×
// batch (in graph mode the warm-up is whole replays: 2 launches round up
// to one replay of 7).
func TestTimeModes(t *testing.T) {
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const n = 4096
	k, err := d.LoadPTX(addOne, "add_one", 128, 0)
	if err != nil {
		t.Fatal(err)
	}
	grid := [3]int{n / 128, 1, 1}
	for _, c := range []struct {
		mode  TimingMode
		batch int
		adds  int
	}{{Single, 7, 2 + 3}, {BackToBack, 7, 2 + 3*7}, {GraphMode, 7, 7 + 3*7}} {
		buf, err := d.Alloc(make([]byte, 4*n))
		if err != nil {
			t.Fatal(err)
		}
		times, err := d.TimeMode(k, grid, []Param{PtrParam(buf), IntParam(n)}, c.mode, 2, 3, c.batch)
		if err != nil || len(times) != 3 || times[0] <= 0 {
			t.Fatalf("%s: %v %v", c.mode, times, err)
		}
		out := make([]byte, 4*n)
		if err := d.Read(buf, out); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i += 1000 {
			if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])); got != float32(c.adds) {
				t.Fatalf("%s: element %d = %v, want %d", c.mode, i, got, c.adds)
			}
		}
	}
	if _, err := ParseTimingMode("graphs"); err == nil {
		t.Fatal("ParseTimingMode accepted graphs")
	}
}
