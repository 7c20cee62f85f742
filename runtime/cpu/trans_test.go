package cpu

import (
	"context"
	"encoding/binary"
	"math"
	"testing"
)

// transposedViewIR stages an 8x8 tile in shared memory, reads it back
// through tt.trans of the view (the form the pipeliner gives Triton's
// b.T) and stores the result.
const transposedViewIR = `#blocked = #triton_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
#shared1 = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 1 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func @k(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %c8 = arith.constant dense<8> : tensor<8x1xi32, #blocked>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<8x1xi32, #blocked>
    %rs = arith.muli %re, %c8 : tensor<8x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x8xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<8x1xi32, #blocked> -> tensor<8x8xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x8xi32, #blocked> -> tensor<8x8xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<8x8xi32, #blocked>
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %p, %off : tensor<8x8x!tt.ptr<f32>, #blocked>, tensor<8x8xi32, #blocked>
    %x = tt.load %pp : tensor<8x8x!tt.ptr<f32>, #blocked>
    %m = triton_gpu.local_alloc %x : (tensor<8x8xf32, #blocked>) -> !tt.memdesc<8x8xf32, #shared, #triton_gpu.shared_memory>
    %mt = tt.trans %m {order = array<i32: 1, 0>} : !tt.memdesc<8x8xf32, #shared, #triton_gpu.shared_memory> -> !tt.memdesc<8x8xf32, #shared1, #triton_gpu.shared_memory>
    %y = triton_gpu.local_load %mt : !tt.memdesc<8x8xf32, #shared1, #triton_gpu.shared_memory> -> tensor<8x8xf32, #blocked>
    %q = tt.splat %out : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>, #blocked>
    %qp = tt.addptr %q, %off : tensor<8x8x!tt.ptr<f32>, #blocked>, tensor<8x8xi32, #blocked>
    tt.store %qp, %y : tensor<8x8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`

// TestTransposedSharedView: tt.trans of a !tt.memdesc reads the same
// bytes with the dims swapped, so out = inᵀ.
func TestTransposedSharedView(t *testing.T) {
	kern, err := NewKernel(parse(t, "trans.mlir", transposedViewIR), "k")
	if err != nil {
		t.Fatal(err)
	}
	in := make([]byte, 4*64)
	for i := range 64 {
		binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(float32(i)))
	}
	out := make([]byte, 4*64)
	mem := NewMemory()
	args := []Arg{PtrArg(mem.Alloc("in", in)), PtrArg(mem.Alloc("out", out))}
	if err := kern.Launch(context.Background(), mem, [3]int{1, 1, 1}, args, LaunchOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	got := f32s(out)
	for i := range 8 {
		for j := range 8 {
			if want := float64(8*j + i); got[8*i+j] != want {
				t.Fatalf("out[%d][%d] = %v, want in[%d][%d] = %v", i, j, got[8*i+j], j, i, want)
			}
		}
	}
}
