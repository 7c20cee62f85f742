package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/sparse"
)

// FuzzNPY: any bytes either decode to a tensor whose data size matches its
// shape and that encodes and decodes to itself, or give an error; never a
// panic or an allocation beyond the input's size.
func FuzzNPY(f *testing.F) {
	for _, d := range []dtype{"f16", "f32", "i8", "i64", "bf16", "i1"} {
		x := newTensor(d, []int{2, 3})
		for i := range x.len() {
			x.Set(i, float64(i))
		}
		f.Add(encodeNPY(x), string(d))
	}
	f.Add([]byte("\x93NUMPY\x01\x00\x46\x00{'descr': '<f2', 'fortran_order': False, 'shape': (4294967296, 4294967296), }\n"), "f16")
	f.Add([]byte("\x93NUMPY\x03\x00\xff\xff\xff\xff{"), "f32")
	f.Fuzz(func(t *testing.T, raw []byte, want string) {
		x, err := decodeNPY(raw, dtype(want))
		if err != nil {
			return
		}
		if n, ok := tensorBytes(x.Shape, x.DType.size()); !ok || int64(len(x.Data)) != n {
			t.Fatalf("shape %v of %s with %d data bytes", x.Shape, x.DType, len(x.Data))
		}
		if len(x.Data) > len(raw) {
			t.Fatalf("decoded %d bytes from a %d-byte file", len(x.Data), len(raw))
		}
		y, err := decodeNPY(encodeNPY(x), x.DType)
		if err != nil || y.DType != x.DType || !reflect.DeepEqual(y.Shape, x.Shape) || !bytes.Equal(y.Data, x.Data) {
			t.Fatalf("round trip of %s: %v, %v", x, y, err)
		}
	})
}

// testKernel parses the module at path and returns it and its kernel,
// failing t on an error.
func testKernel(t testing.TB, path string) (mod, fn *ir.Operation) {
	t.Helper()
	mod, err := parseModule(path)
	if err != nil {
		t.Fatal(err)
	}
	fn, err = findKernel(mod, "")
	if err != nil {
		t.Fatal(err)
	}
	return mod, fn
}

// fuzzProgram is examples/sparse_matmul.mlir as the CPU back end binds it.
func fuzzProgram(t testing.TB) *program {
	const path = "../../examples/sparse_matmul.mlir"
	_, fn := testKernel(t, path)
	params, err := ttirParams(fn)
	if err != nil {
		t.Fatal(err)
	}
	return &program{Source: path, Name: symName(fn), Params: params, Layout: sparse.Band16}
}

// FuzzLaunchSpec: a launch spec (JSON) and a --tensor flag either resolve
// against the example kernel, within a 1 MiB memory limit, and verify, or
// give an error; never a panic or an out-of-memory crash.
func FuzzLaunchSpec(f *testing.F) {
	prog := fuzzProgram(f)
	paths, _ := filepath.Glob("../../examples/*.json")
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw, "")
	}
	small := `{"grid": [1], "seed": 3, "prune": true, "args": [
  {"name": "A", "shape": [16, 32], "dtype": "f16", "sparse": "A"}, {"name": "B", "shape": [32, 16], "dtype": "f16"},
  {"name": "C", "shape": [16, 16], "dtype": "f16", "output": true},
  {"name": "M", "value": 16}, {"name": "N", "value": 16}, {"name": "K", "value": 32},
  {"name": "sa", "value": 32}, {"name": "sb", "value": 16}, {"name": "sc", "value": 16}],
  "verify": "C = A @ B", "tolerance": {"atol": 0.01}}`
	f.Add([]byte(small), "")
	f.Add([]byte(small), "A=4294967296x4294967296:f16")
	f.Add([]byte(small), "B=9223372036854775807x2:f16")
	f.Add([]byte(strings.Replace(small, `"atol": 0.01`, `"atol": -1`, 1)), "")
	f.Fuzz(func(t *testing.T, raw []byte, tensorFlag string) {
		s, err := parseSpec(raw, "fuzz.json")
		if err != nil {
			return
		}
		if tensorFlag != "" {
			if err := (&flagArgs{tensors: []string{tensorFlag}}).apply(s); err != nil {
				return
			}
		}
		s.maxBytes = 1 << 20
		pl, err := resolve(s, prog)
		if err != nil || pl.check == nil {
			return
		}
		for _, mode := range []string{"full", "sampled"} {
			if _, err := pl.check.run(mode, 3, pl.seed); err != nil {
				return
			}
		}
	})
}

// FuzzManifest: a kernel manifest (the JSON that describes a .ptx input's
// parameters, threads and shared memory) and a launch spec either bind,
// within an 8 MiB memory limit, or give an error; never a panic. Seeded
// with the manifests lower/ptx embeds in its golden PTX and the launch
// specs of the examples those goldens come from.
func FuzzManifest(f *testing.F) {
	seeds := map[string]string{
		"example.tma.matmul_bt_f16.sm_90.tma_s3.ptx":        "../../examples/tma/matmul_bt_f16.launch.json",
		"example.fp8.triton_tma_e4m3.sm_90.tma_s4_fast.ptx": "../../examples/fp8/triton_tma_e4m3.launch.json",
		"example.sparse_matmul.sm_80.ptx":                   "../../examples/sparse_matmul.json",
	}
	for golden, spec := range seeds {
		path := filepath.Join("../../lower/ptx/testdata/golden", golden)
		ptx, err := os.ReadFile(path)
		if err != nil {
			continue // the golden's name changed: the corpus still has the others
		}
		raw, _, err := manifestBytes(options{input: path}, ptx)
		if err != nil {
			f.Fatal(err)
		}
		sp, err := os.ReadFile(spec)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw, sp)
	}
	f.Fuzz(func(t *testing.T, manifest, spec []byte) {
		prog, err := manifestProgram(manifest, "fuzz.manifest.json", "fuzz.ptx", "", nil)
		if err != nil {
			return
		}
		s, err := parseSpec(spec, "fuzz.json")
		if err != nil {
			return
		}
		s.maxBytes = 8 << 20
		_, _ = resolve(s, prog)
	})
}
