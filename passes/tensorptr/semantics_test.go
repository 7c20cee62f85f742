package tensorptr

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/transform"
	"github.com/sparsetriton/sp/runtime/cpu"
)

// semanticsKernel accumulates 8x4 tiles of in (R x C, row-major f32) along
// the columns and stores every partial sum to out, through block pointers
// with boundary checks on both dimensions, starting at (r0, c0) (either may
// be negative or past the end); the second loop does the same from column
// 0 (a provably non-negative offset: no lower-bound compare) into out2.
// The column shape Cs is an argument apart from the row stride C, so that
// a shape beyond 2^31 checks the clamping of the i32 bounds.
const semanticsKernel = `tt.func public @tiles(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %out2: !tt.ptr<f32>, %R: i32, %C: i32, %r0: i32, %c0: i32, %n: i32, %Cs: i64) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %one64 = arith.constant 1 : i64
  %R64 = arith.extsi %R : i32 to i64
  %C64 = arith.extsi %C : i32 to i64
  %acc0 = arith.constant dense<0.000000e+00> : tensor<8x4xf32>
  %p = tt.make_tensor_ptr %in, [%R64, %Cs], [%C64, %one64], [%r0, %c0] {order = array<i32: 1, 0>} : <tensor<8x4xf32>>
  %q = tt.make_tensor_ptr %out, [%R64, %Cs], [%C64, %one64], [%r0, %c0] {order = array<i32: 1, 0>} : <tensor<8x4xf32>>
  %r:3 = scf.for %i = %z to %n step %one iter_args(%acc = %acc0, %a = %p, %b = %q) -> (tensor<8x4xf32>, !tt.ptr<tensor<8x4xf32>>, !tt.ptr<tensor<8x4xf32>>) : i32 {
    %x = tt.load %a {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<8x4xf32>>
    %s = arith.addf %acc, %x : tensor<8x4xf32>
    tt.store %b, %s {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<8x4xf32>>
    %a2 = tt.advance %a, [%z, %c4] : <tensor<8x4xf32>>
    %b2 = tt.advance %b, [%z, %c4] : <tensor<8x4xf32>>
    scf.yield %s, %a2, %b2 : tensor<8x4xf32>, !tt.ptr<tensor<8x4xf32>>, !tt.ptr<tensor<8x4xf32>>
  }
  %p2 = tt.make_tensor_ptr %in, [%R64, %Cs], [%C64, %one64], [%r0, %z] {order = array<i32: 1, 0>} : <tensor<8x4xf32>>
  %q2 = tt.make_tensor_ptr %out2, [%R64, %Cs], [%C64, %one64], [%r0, %z] {order = array<i32: 1, 0>} : <tensor<8x4xf32>>
  %r2:2 = scf.for %i = %z to %n step %one iter_args(%a = %p2, %b = %q2) -> (!tt.ptr<tensor<8x4xf32>>, !tt.ptr<tensor<8x4xf32>>) : i32 {
    %x = tt.load %a {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<8x4xf32>>
    %y = arith.addf %x, %x : tensor<8x4xf32>
    tt.store %b, %y {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<8x4xf32>>
    %a2 = tt.advance %a, [%z, %c4] : <tensor<8x4xf32>>
    %b2 = tt.advance %b, [%z, %c4] : <tensor<8x4xf32>>
    scf.yield %a2, %b2 : !tt.ptr<tensor<8x4xf32>>, !tt.ptr<tensor<8x4xf32>>
  }
  tt.return
}`

// TestRewritePreservesSemantics runs semanticsKernel in the CPU
// interpreter before and after triton-rewrite-tensor-pointer (+
// canonicalize, loop-invariant-code-motion) for offsets before, across,
// inside and past the matrix, and compares every output byte: the clamped
// i32 bounds and the dropped lower-bound compares mask exactly the elements
// the block pointers' boundary checks do.
func TestRewritePreservesSemantics(t *testing.T) {
	const R, C, n, pad = 13, 10, 4, 64 // pad: room for rows read past C
	ctx := all.Context()
	orig, err := parser.ParseAndVerify(ctx, "tiles.mlir", []byte(semanticsKernel))
	if err != nil {
		t.Fatal(err)
	}
	rewritten, err := parser.ParseAndVerify(ctx, "tiles.mlir", []byte(semanticsKernel))
	if err != nil {
		t.Fatal(err)
	}
	m := pass.NewManager("builtin.module")
	m.Add(Pass)
	m.Add(transform.Canonicalize)
	m.Add(transform.LICM)
	if err := m.Run(rewritten, pass.RunOptions{IR: ctx}); err != nil {
		t.Fatal(err)
	}
	in := make([]byte, 4*(R*C+pad))
	sentinel := make([]byte, 4*(R*C+pad))
	for i := range R*C + pad {
		binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(float32(i+1)))
		binary.LittleEndian.PutUint32(sentinel[4*i:], math.Float32bits(-1))
	}
	run := func(t *testing.T, mod *ir.Operation, r0, c0, cs int64) ([]byte, []byte) {
		t.Helper()
		k, err := cpu.NewKernel(mod, "tiles")
		if err != nil {
			t.Fatal(err)
		}
		mem := cpu.NewMemory()
		pin := mem.Alloc("in", append([]byte(nil), in...))
		pout := mem.Alloc("out", append([]byte(nil), sentinel...))
		pout2 := mem.Alloc("out2", append([]byte(nil), sentinel...))
		args := []cpu.Arg{cpu.PtrArg(pin), cpu.PtrArg(pout), cpu.PtrArg(pout2),
			cpu.IntArg(R), cpu.IntArg(C), cpu.IntArg(r0), cpu.IntArg(c0), cpu.IntArg(n), cpu.IntArg(cs)}
		if err := k.Launch(context.Background(), mem, [3]int{1, 1, 1}, args, cpu.LaunchOptions{Workers: 1}); err != nil {
			t.Fatalf("launch: %v", err)
		}
		return mem.Bytes(pout), mem.Bytes(pout2)
	}
	// {r0, c0, column shape}; the last case has a column shape past 2^32
	// (the i32 bound must saturate at the block, not wrap), with rows
	// limited so that the reads past C stay inside the padded buffer.
	for _, off := range [][3]int64{{-9, -6, C}, {-3, -2, C}, {0, 0, C}, {5, 3, C}, {6, 7, C}, {11, 8, C}, {20, 12, C}, {-20, -9, C}, {5, 0, C + 1<<32}} {
		t.Run(fmt.Sprintf("r0=%d,c0=%d,cs=%d", off[0], off[1], off[2]), func(t *testing.T) {
			wantOut, wantOut2 := run(t, orig, off[0], off[1], off[2])
			gotOut, gotOut2 := run(t, rewritten, off[0], off[1], off[2])
			if bytes.Equal(wantOut, sentinel) && off[0] > -8 && off[0] < R && off[1] > -4*n && off[1] < C {
				t.Fatalf("the original kernel stored nothing; the test does not exercise the masks")
			}
			if !bytes.Equal(gotOut, wantOut) {
				t.Errorf("out differs:\n got %v\nwant %v", f32s(gotOut), f32s(wantOut))
			}
			if !bytes.Equal(gotOut2, wantOut2) {
				t.Errorf("out2 differs:\n got %v\nwant %v", f32s(gotOut2), f32s(wantOut2))
			}
		})
	}
}

func f32s(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
