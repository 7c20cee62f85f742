package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/internal/ptxcheck"
	"github.com/sparsetriton/sp/sparse"
)

// TestMetaPermutation checks the device permutation against
// sparse.ConvertMeta for every pair of layouts.
func TestMetaPermutation(t *testing.T) {
	rows, cols := 64, 8 // 64 x 128 A: fits every layout
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([]int16, rows*cols)
	for i := range src {
		src[i] = int16(rng.Uint32())
	}
	layouts := []sparse.Layout{sparse.Natural, sparse.CutlassSM80, sparse.Band16, sparse.Band16T}
	for _, from := range layouts {
		for _, to := range layouts {
			perm, err := metaPermutation(rows, cols, from, to)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sparse.ConvertMeta(src, rows, cols, from, to)
			if err != nil {
				t.Fatal(err)
			}
			if got := applyPermutation(src, perm); !reflect.DeepEqual(got, want) {
				t.Errorf("%s -> %s: permutation differs from sparse.ConvertMeta", from, to)
			}
		}
	}
	if _, err := metaPermutation(16, 2, sparse.CutlassSM80, sparse.Natural); err == nil {
		t.Error("16 rows in cutlass-sm80: want an error")
	}
}

// TestMetaPermutePTX assembles the device kernel with ptxas.
func TestMetaPermutePTX(t *testing.T) {
	r := ptxcheck.Check(t, metaPermuteEntry, metaPermutePTX)
	if r == nil {
		return
	}
	if !strings.Contains(metaPermutePTX, ".entry "+metaPermuteEntry+"(") {
		t.Fatal("the PTX does not define its entry")
	}
}

// TestCompressedInput runs the A-sparse matmul example on a 2:4 operand
// given compressed in PyTorch's CUTLASS layout: sp-run converts the
// metadata to the layout the kernel reads (band16) and the result verifies
// against the dense matrix the compressed operand stands for.
func TestCompressedInput(t *testing.T) {
	dir := t.TempDir()
	const m, k = 64, 64
	rng := rand.New(rand.NewPCG(3, 4))
	dense := sparse.NewMatrix(sparse.F16, m, k)
	for i := range m * k {
		dense.Set(i/k, i%k, float32(rng.NormFloat64()))
	}
	pruned, err := sparse.Prune(dense)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sparse.Compress(pruned, sparse.CutlassSM80)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeNPY(filepath.Join(dir, "w_values.npy"), fromMatrix(c.Values)); err != nil {
		t.Fatal(err)
	}
	if err := writeNPY(filepath.Join(dir, "w_meta.npy"), &Tensor{Shape: []int{m, k / 16}, DType: "i16", Data: c.MetaBytes()}); err != nil {
		t.Fatal(err)
	}
	spec := `{"vars": {"M": 64, "N": 64, "K": 64}, "grid": [1, 1], "seed": 1,
  "args": [{"name": "A", "sparse": "A", "values": "w_values.npy", "meta": "w_meta.npy", "metaLayout": "cutlass-sm80"},
           {"name": "B", "shape": ["K", "N"], "dtype": "f16"}, {"name": "C", "shape": ["M", "N"], "dtype": "f16", "output": true},
           {"name": "M", "value": "M"}, {"name": "N", "value": "N"}, {"name": "K", "value": "K"},
           {"name": "stride_am", "value": "K"}, {"name": "stride_bk", "value": "N"}, {"name": "stride_cm", "value": "N"}],
  "verify": "C = A @ B"}`
	specPath := filepath.Join(dir, "launch.json")
	if err := os.WriteFile(specPath, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("../../examples/sparse_matmul.mlir", "--spec", specPath)
	if code != 0 {
		t.Fatalf("sp-run failed (%d):\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"compressed operand A", "(band16) converted from cutlass-sm80 on the host", "verify C = A @ B: ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The operand sp-run builds is the pruned matrix, and its metadata is
	// what sp would have compressed in the kernel's layout.
	h := &hostArg{params: []devParam{{Name: "A_values", Ptr: true, DType: "f16", Role: roleValues},
		{Name: "A_meta", Ptr: true, DType: "i16", Role: roleMetadata}}}
	a := &ArgSpec{Name: "A", Sparse: "A", Values: filepath.Join(dir, "w_values.npy"), Meta: filepath.Join(dir, "w_meta.npy"), MetaLayout: "cutlass-sm80"}
	if err := h.loadCompressed(a, h.params[0], &program{Layout: sparse.Band16}, nil); err != nil {
		t.Fatal(err)
	}
	want, err := sparse.Compress(pruned, sparse.Band16)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.tensor.Data, pruned.Data) || !reflect.DeepEqual(h.comp.Meta, want.Meta) || !reflect.DeepEqual(h.comp.Values.Data, want.Values.Data) {
		t.Error("the compressed input does not stand for the pruned matrix in band16")
	}
	a.MetaLayout = "tiles"
	if err := h.loadCompressed(a, h.params[0], &program{Layout: sparse.Band16}, nil); err == nil || !strings.Contains(err.Error(), "unknown metadata layout") {
		t.Errorf("bad metaLayout: got %v", err)
	}
}
