package ptx

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/internal/ptxcheck"
)

var ptxOut = flag.String("ptx.out", "", "write the PTX and manifest of every testdata kernel for sm_80 and sm_90 into this directory (for test/gpu)")

// TestWriteKernels writes <kernel>.sm_XX.ptx and .json for test/gpu into
// -ptx.out (into a temporary directory when it is not given, so the
// writer is exercised on every run):
//
//	go test ./lower/ptx -run TestWriteKernels -ptx.out=$PWD/test/gpu/kernels
func TestWriteKernels(t *testing.T) {
	out := *ptxOut
	if out == "" {
		out = t.TempDir()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/*.mlir")
	bench, _ := filepath.Glob("testdata/bench/*.mlir")
	for _, f := range append(files, bench...) {
		for _, sm := range []string{"80", "90"} {
			res := lowerFile(t, f, Options{SM: map[string]int{"80": 80, "90": 90}[sm]})
			base := filepath.Join(out, strings.TrimSuffix(filepath.Base(f), ".mlir")+".sm_"+sm)
			js, err := res.Manifest.JSON()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".ptx", []byte(res.PTX), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".json", js, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// mma.sp::ordered_metadata (PTX 8.5) variants of the sparse kernels for
	// sm_90, for drivers newer than CUDA 12.5 (not assembled by CI's 11.8).
	for _, name := range []string{"sparse_matmul_f16", "sparse_matmul_bf16"} {
		res := lowerFile(t, "testdata/"+name+".mlir", Options{SM: 90, OrderedMetadata: true})
		base := filepath.Join(out, name+"_ordered.sm_90")
		js, err := res.Manifest.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+".ptx", []byte(res.PTX), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+".json", js, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSparseSASS checks that the sparse kernels' m16n8k32 mma.sp becomes
// HMMA.SP.16832 (ptx.md §1.1) on sm_80 and sm_90, with CUDA 11.8's ptxas
// and cuobjdump.
func TestSparseSASS(t *testing.T) {
	for _, name := range []string{"sparse_matmul_f16", "sparse_matmul_bf16"} {
		for _, sm := range []int{80, 90} {
			res := lowerFile(t, "testdata/"+name+".mlir", Options{SM: sm})
			r := ptxcheck.Check(t, name, res.PTX)
			r.Expect(t, ptxcheck.SparseMMA, 1)
			r.Expect(t, ptxcheck.DenseMMA, 0)
		}
	}
}
