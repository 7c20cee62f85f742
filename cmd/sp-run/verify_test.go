package main

import (
	"math"
	"testing"
)

// TestAccumulationBound checks which kernels get the fp8 tensor-core
// accumulation bound: only a PTX wgmma on fp8 operands.
func TestAccumulationBound(t *testing.T) {
	f32 := math.Sqrt(416) * 0x1p-22
	for _, tc := range []struct {
		ptx   string
		exact bool
		want  float64
		model string
	}{
		{"", false, f32, "f32 accumulation"},
		{"\twgmma.mma_async.sp.sync.aligned.m64n256k64.f32.e4m3.e4m3 {%f1}, %rd1, %rd2, %r1, 0x0, 1, 1, 1;", false, fp8AccumBound, "fp8 tensor-core accumulation"},
		{"\twgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e5m2 {%f1}, %rd1, %rd2, 1, 1, 1;", false, fp8AccumBound, "fp8 tensor-core accumulation"},
		{"\tmma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 {%f1}, {%r1}, {%r2}, {%f2}, %r3, 0x0;", false, f32, "f32 accumulation"},
		{"\twgmma.mma_async.sp.sync.aligned.m64n256k32.f32.f16.f16 {%f1}, %rd1, %rd2, %r1, 0x0, 1, 1, 1, 1, 1;", false, f32, "f32 accumulation"},
		{"\twgmma.mma_async.sp.sync.aligned.m64n256k64.s32.s8.s8 {%r1}, %rd1, %rd2, %r2, 0x0, 1;", true, 0, "exact"},
	} {
		c := &matmulCheck{k: 416, exact: tc.exact}
		c.accumulationBound(tc.ptx)
		if c.acc != tc.want || c.model != tc.model {
			t.Errorf("%q: acc %g (%s), want %g (%s)", tc.ptx, c.acc, c.model, tc.want, tc.model)
		}
	}
}
