package ptx

import (
	"strings"
	"testing"
)

// TestDiagnostics: what the lowering cannot do is a positioned error at
// the offending op (style.md X7), never a panic.
func TestDiagnostics(t *testing.T) {
	cases := []struct {
		name, target, sig, body string
		line                    int
		msg                     string
	}{
		{"unsupported-op", "cuda:80", `%p: !tt.ptr<f32>`, `    %c = arith.constant 1.0 : f32
    %r = tt.atomic_cas acq_rel, gpu, %p, %c, %c : (!tt.ptr<f32>, f32, f32) -> f32`, 9,
			"op tt.atomic_cas is not supported by the PTX lowering"},
		{"atomic-f16", "cuda:80", `%p: !tt.ptr<f16>`, `    %c = arith.constant 1.0 : f16
    %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %c : (!tt.ptr<f16>, f16) -> f16`, 9,
			"fadd on f16 is not supported by the PTX lowering"},
		{"no-layout", "cuda:80", `%p: !tt.ptr<f32>`, `    %o = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>`, 8,
			"has no layout encoding"},
		{"block-pointer", "cuda:80", `%p: !tt.ptr<f16>`, `    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %b = tt.make_tensor_ptr %p, [%c1, %c1], [%c1, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    %v = tt.load %b : !tt.ptr<tensor<16x16xf16>>`, 10,
			"triton-rewrite-tensor-pointer"},
		{"f64-approx", "cuda:80", `%p: !tt.ptr<f64>, %x: f64`, `    %e = math.exp %x : f64
    tt.store %p, %e : !tt.ptr<f64>`, 8,
			"math.exp is lowered to an f32 approximation; f64 is not supported"},
		{"f16-accumulator", "cuda:80", `%p: !tt.ptr<f16>`, `    %a = triton_gpu.local_alloc  : () -> !tt.memdesc<16x16xf16, #sh, #triton_gpu.shared_memory, mutable>
    %b = triton_gpu.local_alloc  : () -> !tt.memdesc<16x8xf16, #sh, #triton_gpu.shared_memory, mutable>
    %x = triton_gpu.local_load %a : !tt.memdesc<16x16xf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<16x16xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %y = triton_gpu.local_load %b : !tt.memdesc<16x8xf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<16x8xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %z = arith.constant dense<0.000000e+00> : tensor<16x8xf16, #mma>
    %d = tt.dot %x, %y, %z : tensor<16x16xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf16, #mma>`, 13,
			"only f32 accumulators are supported"},
		{"trans-not-transposed", "cuda:80", `%p: !tt.ptr<f32>`, `    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>> -> tensor<64x1xi32, #b2>
    %b = tt.broadcast %e : tensor<64x1xi32, #b2> -> tensor<64x64xi32, #b2>
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x64xi32, #b2> -> tensor<64x64xi32, #b2>`, 11,
			"does not distribute dimension"},
		{"target", "cuda:75", `%p: !tt.ptr<f32>`, ``, 6, "unsupported PTX target sm_75"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := lowerSrc(t, c.name+".mlir", prelude(c.target, c.sig, c.body), Options{})
			if err == nil {
				t.Fatal("lowering succeeded, want an error")
			}
			d := diagOf(err)
			if d == nil {
				t.Fatalf("error %v is not an *ir.Diagnostic", err)
			}
			pos, ok := d.Loc.Pos()
			if !ok || pos.Line != c.line {
				t.Errorf("diagnostic at %v, want line %d: %v", d.Loc, c.line, err)
			}
			if !strings.Contains(d.Msg, c.msg) {
				t.Errorf("message %q does not contain %q", d.Msg, c.msg)
			}
		})
	}
}
