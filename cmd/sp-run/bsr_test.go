package main

import (
	"strings"
	"testing"
)

// TestBlockSparseManifest binds examples/block_sparse_matmul.json to the
// PTX of the example (its embedded manifest, as the cuda backend reads
// it): the dense A becomes values, metadata, indptr and indices with the
// manifest's block, and a manifest that breaks the BSR24 parameter group is
// refused.
func TestBlockSparseManifest(t *testing.T) {
	prog, err := loadPTX(options{input: "../../lower/ptx/testdata/golden/example.block_sparse_matmul.sm_80.ptx"})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Params) < 4 || prog.Params[0].Block != [2]int{64, 64} || prog.Params[2].Role != roleIndptr || prog.Params[3].Role != roleIndices {
		t.Fatalf("params %+v", prog.Params)
	}
	s, err := loadSpec("../../examples/block_sparse_matmul.json")
	if err != nil {
		t.Fatal(err)
	}
	pl, err := resolve(s, prog)
	if err != nil {
		t.Fatal(err)
	}
	a := pl.args[0]
	if a.bsr == nil || len(a.params) != 4 || a.bsr.BM != 64 || a.bsr.BK != 64 || a.bsr.NumStored() != 12 {
		t.Fatalf("A bound as %+v", a)
	}
	bad := []struct {
		km   kernelManifest
		want string
	}{
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, MetadataLayout: "band16", Params: []paramManifest{{Name: "v", DType: "*f16", Role: "values", Block: []int{64, 64}}, {Name: "m", DType: "*i16", Role: "metadata"}}}, "not followed by metadata, indptr and indices"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, MetadataLayout: "band16", Params: []paramManifest{{Name: "v", DType: "*f16", Role: "values", Block: []int{64, 40}}}}, "positive multiples of 16"},
		{kernelManifest{Name: "k", ThreadsPerBlock: 32, Params: []paramManifest{{Name: "p", DType: "*i16", Role: "indptr"}}}, "not an i32 pointer"},
	}
	for _, c := range bad {
		if _, err := manifestParams(&c.km); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.km, err, c.want)
		}
	}
}

// TestDivisibilityChecked: the example's manifest declares tt.divisibility
// = 16 on M, N, K and the strides; a launch of the compiled code with M =
// 200 is refused (the 16-byte accesses it was compiled with would fault or
// read the wrong rows), one with multiples of 16 is bound.
func TestDivisibilityChecked(t *testing.T) {
	prog, err := loadPTX(options{input: "../../lower/ptx/testdata/golden/example.block_sparse_matmul.sm_80.ptx"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := loadSpec("../../examples/block_sparse_matmul.json")
	if err != nil {
		t.Fatal(err)
	}
	pl, err := resolve(s, prog)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.checkDivisibility(); err == nil || !strings.Contains(err.Error(), "value 200 is not a multiple of 16") {
		t.Fatalf("M = 200: got %v", err)
	}
	for k, v := range map[string]int64{"M": 208, "N": 144, "K": 336} {
		s.Vars[k] = v
	}
	if pl, err = resolve(s, prog); err != nil {
		t.Fatal(err)
	}
	if err := pl.checkDivisibility(); err != nil {
		t.Fatalf("multiples of 16: %v", err)
	}
}
