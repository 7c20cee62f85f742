package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/sparse"
)

func TestExpr(t *testing.T) {
	vars := map[string]int64{"M": 200, "BM": 64, "K": 96}
	for _, c := range []struct {
		expr string
		want int64
	}{{"M", 200}, {"cdiv(M, BM)", 4}, {"K/2 + 1", 49}, {"-(M - 2*K) % 7", -1}, {"max(M, K) * min(3, 2)", 400}, {"12", 12}} {
		got, err := Int{Expr: c.expr}.Eval(vars)
		if err != nil || got != c.want {
			t.Errorf("%s = %d, %v; want %d", c.expr, got, err, c.want)
		}
	}
	for _, bad := range []string{"N", "M +", "cdiv(M)", "M / 0", "foo(1, 2)", "(M", "M $"} {
		if _, err := (Int{Expr: bad}).Eval(vars); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestNPYRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []dtype{"f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "i1"} {
		for _, shape := range [][]int{{3, 5}, {7}, {2, 3, 4}} {
			x := newTensor(d, shape)
			for i := range x.len() {
				x.Set(i, float64(i%3))
			}
			path := filepath.Join(dir, "x.npy")
			if err := writeNPY(path, x); err != nil {
				t.Fatal(err)
			}
			y, err := readNPY(path, d)
			if err != nil {
				t.Fatalf("%s %v: %v", d, shape, err)
			}
			if y.DType != d || !reflect.DeepEqual(y.Shape, shape) || !bytes.Equal(x.Data, y.Data) {
				t.Fatalf("%s %v: round trip gave %s", d, shape, y)
			}
		}
	}
}

func TestInterspersed(t *testing.T) {
	got := interspersed([]string{"k.mlir", "--set", "M=1", "--prune", "--grid=2", "--json"}, runFlags())
	want := []string{"--set", "M=1", "--prune", "--grid=2", "--json", "--", "k.mlir"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestSampledCheckFindsCorruption: a sampled check over all rows and
// columns of a corrupted tile reports it; an uncorrupted product passes.
func TestSampledCheckFindsCorruption(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	m, n, k := 96, 80, 64
	mk := func(rows, cols int) *hostArg {
		x := newTensor("f16", []int{rows, cols})
		for i := range x.len() {
			x.Set(i, r.NormFloat64())
		}
		return &hostArg{tensor: x}
	}
	a, b := mk(m, k), mk(k, n)
	out := &hostArg{tensor: newTensor("f16", []int{m, n})}
	for i := range m {
		for j := range n {
			var s float64
			for kk := range k {
				s += a.tensor.At(i*k+kk) * b.tensor.At(kk*n+j)
			}
			out.tensor.Set(i*n+j, s)
		}
	}
	c := &matmulCheck{text: "C = A @ B", out: out, a: a, b: b, m: m, n: n, k: k, atol: 1e-5, rtol: 2 * unitRoundoff("f16")}
	for _, mode := range []string{"full", "sampled"} {
		res, err := c.run(mode, 32, 3)
		if err != nil || !res.ok() {
			t.Fatalf("%s: exact product rejected: %v %v", mode, res, err)
		}
	}
	// Corrupt a 16x16 tile (as a wrong metadata word would).
	for i := 32; i < 48; i++ {
		for j := 16; j < 32; j++ {
			out.tensor.Set(i*n+j, out.tensor.At(i*n+j)+0.5)
		}
	}
	res, err := c.run("sampled", 48, 3)
	if err != nil || res.ok() || res.Row < 32 || res.Row >= 48 || res.Col < 16 || res.Col >= 32 {
		t.Fatalf("corruption not found: %v", res)
	}
	if !strings.Contains(res.String(), "MISMATCH") {
		t.Fatal(res.String())
	}
}

// TestRunExample drives the CLI in process on the README's command.
func TestRunExample(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"sp-run", "../../examples/sparse_matmul.mlir", "--set", "M=64", "--set", "N=64", "--set", "K=128"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "verify C = A @ B: ok (full check, 4096 elements)") {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
}

// TestCompressionMatchesLayout: the compressed operand sp-run uploads is
// sparse.Compress in the program's layout (band16 for the CPU pipeline).
func TestCompressionMatchesLayout(t *testing.T) {
	prog := &program{Name: "k", Layout: sparse.Band16, Params: []devParam{
		{Name: "a", Ptr: true, DType: "f16", Role: roleValues, Operand: "A"},
		{Name: "a", Ptr: true, DType: "i16", Role: roleMetadata, Operand: "A"}}}
	s := &Spec{Prune: true, Grid: []Int{{"1"}}, Args: []ArgSpec{{Name: "a", Shape: []Int{{"32"}, {"64"}}, DType: "f16"}}}
	pl, err := resolve(s, prog)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pl.args[0].tensor.matrix()
	want, err := sparse.Compress(m, sparse.Band16)
	if err != nil {
		t.Fatal(err)
	}
	if got := pl.args[0].comp; !bytes.Equal(got.MetaBytes(), want.MetaBytes()) || !bytes.Equal(got.Values.Data, want.Values.Data) {
		t.Fatal("compressed operand differs from sparse.Compress(band16)")
	}
	s.Args[0].Sparse = "B"
	if _, err := resolve(s, prog); err == nil || !strings.Contains(err.Error(), "reads it in operand A's form") {
		t.Fatalf("role conflict not reported: %v", err)
	}
}

// TestLoadPTXManifest reads a manifest embedded in a PTX file and rejects
// inconsistent ones with a message naming the parameter.
func TestLoadPTXManifest(t *testing.T) {
	prog, err := loadPTX(options{input: "../../test/lit/sp-run/Inputs/bad.ptx"})
	if err != nil {
		t.Fatal(err)
	}
	if prog.Name != "bad" || prog.gpu.ThreadsPerBlock != 32 || len(prog.Params) != 1 || prog.Params[0].DType != "i32" {
		t.Fatalf("got %+v", prog)
	}
	bad := []struct {
		km   kernelManifest
		want string
	}{
		{kernelManifest{Name: "k", ThreadsPerBlock: 0}, "threadsPerBlock = 0"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, Params: []paramManifest{{Name: "v", DType: "*f16", Role: "values"}}}, "not followed by its metadata"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, Params: []paramManifest{{Name: "x", DType: "i32", Role: "dense"}}}, "not a pointer"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, Params: []paramManifest{{Name: "x", DType: "*f16", Role: "weird"}}}, "unknown role"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, Params: []paramManifest{{Name: "v", DType: "*f16", Role: "values"}, {Name: "m", DType: "*i16", Role: "metadata"}}}, "no metadataLayout"},
	}
	for _, c := range bad {
		if _, err := manifestParams(&c.km); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.km, err, c.want)
		}
	}
}

// TestBenchSpecFile: bench/sparse_matmul.bench.json names the eight
// shapes and resolves its paths relative to itself.
func TestBenchSpecFile(t *testing.T) {
	s, err := loadSweep("../../bench/sparse_matmul.bench.json")
	if err != nil {
		t.Fatal(err)
	}
	want := [][3]int64{{4096, 4096, 4096}, {8192, 8192, 8192}, {16384, 16384, 16384}, {12288, 16, 12288},
		{12288, 32, 12288}, {49152, 32, 12288}, {12288, 32, 49152}, {12288, 2048, 12288}}
	if len(s.Shapes) != len(want) {
		t.Fatalf("%d shapes", len(s.Shapes))
	}
	for i, w := range want {
		if g := s.Shapes[i]; g["M"] != w[0] || g["N"] != w[1] || g["K"] != w[2] {
			t.Errorf("shape %d = %v, want M, N, K = %v", i, g, w)
		}
	}
	if filepath.Base(s.Kernel) != "sparse_matmul_128.mlir" || filepath.Dir(s.Kernel) != filepath.Join("..", "..", "examples") {
		t.Errorf("kernel path %s", s.Kernel)
	}
	if _, err := loadSpec(s.Launch); err != nil {
		t.Fatal(err)
	}
}

// TestTritonDirOptions: a cache entry's .json fills the warps, stages and
// sm that the flags leave unset, and never overrides a flag.
func TestTritonDirOptions(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "k.ttir"), []byte("module {}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "k.json"), []byte(`{"target": {"backend": "cuda", "arch": 80, "warp_size": 32}, "num_warps": 8, "num_stages": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	o := options{input: dir, numStages: 5}
	if err := fromTritonDir(&o); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(o.input) != "k.ttir" || o.numWarps != 8 || o.numStages != 5 || o.sm != 80 {
		t.Fatalf("got %+v", o)
	}
}

// TestGlobalScratchManifest: the globalScratch that lower/ptx records for
// Triton 3.6's TMA matmul is read from the PTX's embedded manifest, a launch
// gets grid size x bytes, and a scratch the launcher cannot align is refused.
func TestGlobalScratchManifest(t *testing.T) {
	ptxFile := filepath.Join(t.TempDir(), "tma.ptx")
	src, err := os.ReadFile("../../examples/triton36/matmul_tma_sm90.ttgir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := parser.ParseAndVerify(all.Context(), "tma.ttgir", src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ptx.Lower(m, ptx.Options{})
	if err != nil {
		t.Fatal(err)
	}
	block, err := res.Manifest.CommentBlock()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ptxFile, []byte(block+res.PTX), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := loadPTX(options{input: ptxFile})
	if err != nil {
		t.Fatal(err)
	}
	if s := prog.gpu.GlobalScratch; s == nil || s.Bytes != 384 || s.Align != 128 || len(prog.Params) != 6 {
		t.Fatalf("globalScratch %+v, %d params; want {384 128} and the 6 kernel arguments", s, len(prog.Params))
	}
	if n, err := scratchBytes(prog.gpu, [3]int{3, 5, 1}); err != nil || n != 15*384 {
		t.Fatalf("scratch for a 3x5 grid: %d, %v; want %d", n, err, 15*384)
	}
	if n, err := scratchBytes(&kernelManifest{}, [3]int{3, 5, 1}); err != nil || n != 0 {
		t.Fatalf("no scratch: %d, %v", n, err)
	}
	for _, s := range []scratchManifest{{Bytes: 384, Align: 512}, {Bytes: 100, Align: 64}, {Bytes: 0, Align: 128}, {Bytes: 128, Align: 96}} {
		km := kernelManifest{Name: "k", ThreadsPerBlock: 32, GlobalScratch: &s}
		if _, err := manifestParams(&km); err == nil || !strings.Contains(err.Error(), "globalScratch") {
			t.Errorf("%+v: got %v, want a globalScratch error", s, err)
		}
	}
}

// TestTMAPTXVersion: a module with device-made tensor maps is lowered to
// PTX 8.7 for a CUDA 12.8+ driver (global_stride in bytes), to the default
// for older drivers; other modules always get the default.
func TestTMAPTXVersion(t *testing.T) {
	mod := func(path string) *ir.Operation {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := parser.ParseAndVerify(all.Context(), path, src)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	tma, plain := mod("../../examples/triton36/matmul_tma_sm90.ttgir"), mod("../../examples/triton36/matmul_sm90.ttgir")
	for _, c := range []struct {
		m      *ir.Operation
		driver int
		want   string
	}{{tma, 13000, "8.7"}, {tma, 12080, "8.7"}, {tma, 12060, ""}, {plain, 13000, ""}} {
		if got := tmaPTXVersion(c.m, c.driver); got != c.want {
			t.Errorf("driver %d: %q, want %q", c.driver, got, c.want)
		}
	}
}
