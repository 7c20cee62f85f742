package cpu

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/sparse"
)

func parse(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseAndVerify(all.Context(), name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return m
}

func randMatrix(r *rand.Rand, d sparse.DType, rows, cols int) sparse.Matrix {
	m := sparse.NewMatrix(d, rows, cols)
	for i := range rows {
		for j := range cols {
			m.Set(i, j, float32(r.NormFloat64()))
		}
	}
	return m
}

// denseRef returns a·b in float64 (row-major m x n).
func denseRef(a, b sparse.Matrix) []float64 {
	out := make([]float64, a.Rows*b.Cols)
	for i := range a.Rows {
		for k := range a.Cols {
			x := float64(a.At(i, k))
			for j := range b.Cols {
				out[i*b.Cols+j] += x * float64(b.At(k, j))
			}
		}
	}
	return out
}

func f32s(b []byte) []float64 {
	out := make([]float64, len(b)/4)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
	}
	return out
}

// sparseKernel is a decomposed A-sparse matmul over an M/BM x N/BN grid
// with an scf.for over K (the shape decompose-sparse-tensors produces).
const sparseKernel = `module {
  tt.func public @k(%out: !tt.ptr<f32>, %av: !tt.ptr<f16>, %am: !tt.ptr<i16>, %b: !tt.ptr<f16>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %M = arith.constant {{M}} : i64
    %N = arith.constant {{N}} : i64
    %K = arith.constant {{K}} : i64
    %Kh = arith.constant {{Kh}} : i64
    %M16 = arith.constant {{M16}} : i64
    %BM = arith.constant {{BM}} : i32
    %BN = arith.constant {{BN}} : i32
    %BM16 = arith.constant {{BM16}} : i32
    %BK = arith.constant {{BK}} : i32
    %BKh = arith.constant {{BKh}} : i32
    %nk = arith.constant {{NK}} : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<{{BM}}x{{BN}}xf32>
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %om = arith.muli %pm, %BM : i32
    %on = arith.muli %pn, %BN : i32
    %om16 = arith.muli %pm, %BM16 : i32
    %pv = tt.make_tensor_ptr %av, [%M, %Kh], [%Kh, %c1_i64], [%om, %c0] {order = array<i32: 1, 0>} : <tensor<{{BM}}x{{BKh}}xf16>>
    %pe = tt.make_tensor_ptr %am, [%M16, %K], [%K, %c1_i64], [%om16, %c0] {order = array<i32: 1, 0>} : <tensor<{{BM16}}x{{BK}}xi16>>
    %pb = tt.make_tensor_ptr %b, [%K, %N], [%N, %c1_i64], [%c0, %on] {order = array<i32: 1, 0>} : <tensor<{{BK}}x{{BN}}xf16>>
    %r:4 = scf.for %i = %c0 to %nk step %c1 iter_args(%acc = %zero, %v = %pv, %e = %pe, %q = %pb) -> (tensor<{{BM}}x{{BN}}xf32>, !tt.ptr<tensor<{{BM}}x{{BKh}}xf16>>, !tt.ptr<tensor<{{BM16}}x{{BK}}xi16>>, !tt.ptr<tensor<{{BK}}x{{BN}}xf16>>) : i32 {
      %x = tt.load %v : !tt.ptr<tensor<{{BM}}x{{BKh}}xf16>>
      %y = tt.load %e : !tt.ptr<tensor<{{BM16}}x{{BK}}xi16>>
      %z = tt.load %q : !tt.ptr<tensor<{{BK}}x{{BN}}xf16>>
      %d = tt.dot %x, %z, %acc, %y, sparseIndex = 0 : tensor<{{BM}}x{{BKh}}xf16>, tensor<{{BM16}}x{{BK}}xi16> * tensor<{{BK}}x{{BN}}xf16> -> tensor<{{BM}}x{{BN}}xf32>
      %v2 = tt.advance %v, [%c0, %BKh] : <tensor<{{BM}}x{{BKh}}xf16>>
      %e2 = tt.advance %e, [%c0, %BK] : <tensor<{{BM16}}x{{BK}}xi16>>
      %q2 = tt.advance %q, [%BK, %c0] : <tensor<{{BK}}x{{BN}}xf16>>
      scf.yield %d, %v2, %e2, %q2 : tensor<{{BM}}x{{BN}}xf32>, !tt.ptr<tensor<{{BM}}x{{BKh}}xf16>>, !tt.ptr<tensor<{{BM16}}x{{BK}}xi16>>, !tt.ptr<tensor<{{BK}}x{{BN}}xf16>>
    }
    %po = tt.make_tensor_ptr %out, [%M, %N], [%N, %c1_i64], [%om, %on] {order = array<i32: 1, 0>} : <tensor<{{BM}}x{{BN}}xf32>>
    tt.store %po, %r#0 : !tt.ptr<tensor<{{BM}}x{{BN}}xf32>>
    tt.return
  }
}`

func instantiate(m, n, k, bm, bn, bk int) string {
	r := strings.NewReplacer("{{M}}", fmt.Sprint(m), "{{N}}", fmt.Sprint(n), "{{K}}", fmt.Sprint(k), "{{Kh}}", fmt.Sprint(k/2),
		"{{M16}}", fmt.Sprint(m/16), "{{BM}}", fmt.Sprint(bm), "{{BN}}", fmt.Sprint(bn), "{{BM16}}", fmt.Sprint(bm/16),
		"{{BK}}", fmt.Sprint(bk), "{{BKh}}", fmt.Sprint(bk/2), "{{NK}}", fmt.Sprint(k/bk))
	return r.Replace(sparseKernel)
}

// TestSparseDotEqualsDenseOfDecompressed is the property that pins the
// metadata contract: for random 2:4 operands (pruned random matrices, and
// matrices with fewer than two non-zeros per group) and several tilings,
// the interpreter's sparse tt.dot over band16 metadata equals the dense
// product of sparse.Decompress of the same compressed operand.
func TestSparseDotEqualsDenseOfDecompressed(t *testing.T) {
	shapes := [][6]int{{32, 16, 64, 32, 16, 64}, {64, 32, 128, 32, 16, 32}, {48, 16, 96, 16, 16, 48}, {128, 64, 64, 64, 32, 16}}
	for seed, s := range shapes {
		for _, sparser := range []bool{false, true} {
			name := fmt.Sprintf("%dx%dx%d_tile%dx%dx%d_sparser=%v", s[0], s[1], s[2], s[3], s[4], s[5], sparser)
			t.Run(name, func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(seed), 7))
				checkSparseDot(t, r, s, sparser)
			})
		}
	}
}

func checkSparseDot(t *testing.T, r *rand.Rand, s [6]int, sparser bool) {
	m, n, k := s[0], s[1], s[2]
	dense := randMatrix(r, sparse.F16, m, k)
	if sparser { // zero more elements: groups with 0 or 1 non-zeros
		for i := range m {
			for j := range k {
				if r.IntN(3) == 0 {
					dense.Set(i, j, 0)
				}
			}
		}
	}
	a, err := sparse.Prune(dense)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sparse.Compress(a, sparse.Band16)
	if err != nil {
		t.Fatal(err)
	}
	back, err := sparse.Decompress(c)
	if err != nil {
		t.Fatal(err)
	}
	b := randMatrix(r, sparse.F16, k, n)
	kern, err := NewKernel(parse(t, "k.mlir", instantiate(m, n, k, s[3], s[4], s[5])), "")
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	out := make([]byte, 4*m*n)
	args := []Arg{PtrArg(mem.Alloc("out", out)), PtrArg(mem.Alloc("values", c.Values.Data)), PtrArg(mem.Alloc("meta", c.MetaBytes())), PtrArg(mem.Alloc("b", b.Data))}
	if err := kern.Launch(context.Background(), mem, [3]int{m / s[3], n / s[4], 1}, args, LaunchOptions{}); err != nil {
		t.Fatal(err)
	}
	got, want := f32s(out), denseRef(back, b)
	for i := range want {
		// One float64 sum per K tile, each rounded to f32.
		tol := float64(k/s[5]+1) * math.Abs(want[i]) * 1.2e-7 * 4
		if d := math.Abs(got[i] - want[i]); d > tol+1e-6 {
			t.Fatalf("element (%d, %d): got %v, want %v", i/n, i%n, got[i], want[i])
		}
	}
}

// TestExpandSparseB checks the sparseIndex = 1 decode against
// sparse.CompressB and Decompress (values K/2 x N, metadata of Bᵀ), for
// 16-bit values in band16 and 8-bit ones in band16k32.
func TestExpandSparseB(t *testing.T) {
	for _, c := range []struct {
		d    sparse.DType
		l    sparse.Layout
		slot func(r, c int) int
	}{{sparse.F16, sparse.Band16, band16Slot}, {sparse.F8E4M3, sparse.Band16K32, band16K32Slot}, {sparse.I8, sparse.Band16K32, band16K32Slot}} {
		testExpandSparseB(t, c.d, c.l, c.slot)
	}
}

func testExpandSparseB(t *testing.T, d sparse.DType, l sparse.Layout, slot func(r, c int) int) {
	r := rand.New(rand.NewPCG(3, 4))
	k, n := 64, 32
	b, err := sparse.PruneB(randMatrix(r, d, k, n))
	if err != nil {
		t.Fatal(err)
	}
	c, err := sparse.CompressB(b, l)
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]float64, k/2*n)
	for i := range k / 2 {
		for j := range n {
			vals[i*n+j] = float64(c.Values.At(i, j))
		}
	}
	meta := &Value{I: make([]int64, len(c.Meta))}
	for i, w := range c.Meta {
		meta.I[i] = int64(w)
	}
	got, err := expandSparse(vals, meta, n, k, true, slot)
	if err != nil {
		t.Fatal(err)
	}
	for i := range k {
		for j := range n {
			if got[i*n+j] != float64(b.At(i, j)) {
				t.Fatalf("B(%d, %d): got %v, want %v", i, j, got[i*n+j], b.At(i, j))
			}
		}
	}
}

// TestBadMetadataIsAnError: equal positions in a nibble are reported with
// the row and group, not silently decoded, unless the group is zero padding.
func TestBadMetadataIsAnError(t *testing.T) {
	meta := &Value{I: make([]int64, 16)} // all nibbles 0: idx0 == idx1 == 0
	vals := make([]float64, 16*8)
	if _, err := expandSparse(vals, meta, 16, 16, false, band16Slot); err != nil {
		t.Fatalf("zero padding (zero values, zero metadata) must decode to zeros, got %v", err)
	}
	vals[8*3+5] = 1 // row 3, group 2
	_, err := expandSparse(vals, meta, 16, 16, false, band16Slot)
	if err == nil || !strings.Contains(err.Error(), "not increasing") || !strings.Contains(err.Error(), "row 3, group 2") {
		t.Fatalf("got %v, want an invalid-nibble error at row 3, group 2", err)
	}
}

// TestDenseMatmulExample runs examples/matmul.ttir.mlir (pointer tensors,
// masks with ragged edges, scf.for, grouped program ids) on shapes that are
// not multiples of the tile and compares with a float64 reference.
func TestDenseMatmulExample(t *testing.T) {
	src, err := os.ReadFile("../../examples/matmul.ttir.mlir")
	if err != nil {
		t.Fatal(err)
	}
	kern, err := NewKernel(parse(t, "matmul.ttir.mlir", string(src)), "matmul_kernel")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	m, n, k := 200, 136, 72
	a, b := randMatrix(r, sparse.F16, m, k), randMatrix(r, sparse.F16, k, n)
	mem := NewMemory()
	out := sparse.NewMatrix(sparse.F16, m, n)
	grid := [3]int{((m + 127) / 128) * ((n + 127) / 128), 1, 1}
	args := []Arg{PtrArg(mem.Alloc("a", a.Data)), PtrArg(mem.Alloc("b", b.Data)), PtrArg(mem.Alloc("c", out.Data)),
		IntArg(int64(m)), IntArg(int64(n)), IntArg(int64(k)), IntArg(int64(k)), IntArg(int64(n)), IntArg(int64(n))}
	if err := kern.Launch(context.Background(), mem, grid, args, LaunchOptions{}); err != nil {
		t.Fatal(err)
	}
	want := denseRef(a, b)
	for i := range m {
		for j := range n {
			got := float64(out.At(i, j))
			if d := math.Abs(got - want[i*n+j]); d > 1e-3*math.Abs(want[i*n+j])+1e-3 {
				t.Fatalf("C(%d, %d) = %v, want %v", i, j, got, want[i*n+j])
			}
		}
	}
}

// TestOutOfBoundsIsAnError: an unmasked access past a buffer reports the
// buffer and program id instead of panicking.
func TestOutOfBoundsIsAnError(t *testing.T) {
	kern, err := NewKernel(parse(t, "k.mlir", instantiate(32, 16, 64, 32, 16, 64)), "")
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	args := []Arg{PtrArg(mem.Alloc("out", make([]byte, 4*32*16))), PtrArg(mem.Alloc("values", make([]byte, 10))),
		PtrArg(mem.Alloc("meta", make([]byte, 2*2*64))), PtrArg(mem.Alloc("b", make([]byte, 2*64*16)))}
	err = kern.Launch(context.Background(), mem, [3]int{1, 1, 1}, args, LaunchOptions{})
	if err == nil || !strings.Contains(err.Error(), `out-of-bounds access to buffer "values"`) || !strings.Contains(err.Error(), "program (0, 0, 0)") {
		t.Fatalf("got %v", err)
	}
}

// TestRejectsUnsupportedOps: NewKernel names the op and its location.
func TestRejectsUnsupportedOps(t *testing.T) {
	src, err := os.ReadFile("../../examples/sparse_dot.mlir")
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewKernel(parse(t, "sparse_dot.mlir", string(src)), "")
	if err == nil || !strings.Contains(err.Error(), "decompose-sparse-tensors") {
		t.Fatalf("got %v", err)
	}
}

// TestOps runs testdata/ops.mlir (reduce, while, if, call, reshape, trans,
// math, cmp/select, scalar pointers, atomics) over 5 programs.
func TestOps(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	if err != nil {
		t.Fatal(err)
	}
	kern, err := NewKernel(parse(t, "ops.mlir", string(src)), "ops")
	if err != nil {
		t.Fatal(err)
	}
	const progs, n = 5, 11
	mem := NewMemory()
	out, counter := make([]byte, 4*8*progs), make([]byte, 4)
	args := []Arg{PtrArg(mem.Alloc("out", out)), PtrArg(mem.Alloc("counter", counter)), IntArg(n)}
	if err := kern.Launch(context.Background(), mem, [3]int{progs, 1, 1}, args, LaunchOptions{Workers: 3}); err != nil {
		t.Fatal(err)
	}
	got := f32s(out)
	for pid := range progs {
		parity := 1.0
		if pid%2 == 1 {
			parity = -1
		}
		want := []float64{28, 3.5, n, parity, 2 * float64(pid), 6, 5, 4}
		for i, w := range want {
			if g := got[8*pid+i]; g != w {
				t.Errorf("program %d, result %d: got %v, want %v", pid, i, g, w)
			}
		}
	}
	if c := binary.LittleEndian.Uint32(counter); c != progs {
		t.Errorf("atomic counter = %d, want %d", c, progs)
	}
}
