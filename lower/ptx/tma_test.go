package ptx

import (
	"regexp"
	"strings"
	"testing"
)

// entryParams matches the .param declarations of an entry.
var entryParams = regexp.MustCompile(`(?m)^\t\.param \.(\w+) (\w+)_param_(\d+)`)

// TestGlobalScratchParam: a kernel with global_scratch_alloc takes one
// more .u64 parameter than its manifest lists, last, and the manifest
// records the per-program bytes and alignment (Triton 3.6's three
// 128-byte tensor maps: 384 bytes, aligned to 128); a kernel without
// takes exactly its manifest's parameters.
func TestGlobalScratchParam(t *testing.T) {
	for _, c := range []struct {
		file         string
		bytes, align int64
	}{
		{"../../examples/triton36/matmul_tma_sm90.ttgir", 384, 128},
		{"../../examples/triton36/matmul_sm90.ttgir", 0, 0},
	} {
		res := lowerFile(t, c.file, Options{})
		k := res.Manifest.Kernels[0]
		ps := entryParams.FindAllStringSubmatch(res.PTX, -1)
		extra := 0
		if c.bytes > 0 {
			extra = 1
			if k.GlobalScratch == nil || k.GlobalScratch.Bytes != c.bytes || k.GlobalScratch.Align != c.align {
				t.Fatalf("%s: globalScratch %+v, want {%d %d}", c.file, k.GlobalScratch, c.bytes, c.align)
			}
			if last := ps[len(ps)-1]; last[1] != "u64" {
				t.Errorf("%s: the scratch parameter is .%s, want .u64", c.file, last[1])
			}
		} else if k.GlobalScratch != nil {
			t.Errorf("%s: globalScratch %+v, want none", c.file, k.GlobalScratch)
		}
		if len(ps) != len(k.Params)+extra {
			t.Errorf("%s: %d .param, manifest %d params + %d scratch", c.file, len(ps), len(k.Params), extra)
		}
		for i, p := range ps[:len(k.Params)] {
			if want := paramType(mustScalar(t, k.Params[i].DType)); p[1] != want {
				t.Errorf("%s: .param %d is .%s, manifest %s wants .%s", c.file, i, p[1], k.Params[i].DType, want)
			}
		}
	}
}

// mustScalar classifies a manifest dtype ("*f16", "i32").
func mustScalar(t *testing.T, dtype string) scalar {
	t.Helper()
	if strings.HasPrefix(dtype, "*") {
		return scalar{cls: clsB64, bits: 64, ptr: true}
	}
	switch dtype {
	case "i32":
		return scalar{cls: clsB32, bits: 32}
	case "i64":
		return scalar{cls: clsB64, bits: 64}
	}
	t.Fatalf("dtype %s not handled by the test", dtype)
	return scalar{}
}

// TestScratchPlan: offsets follow each op's alignment; the slice is
// rounded up to the largest.
func TestScratchPlan(t *testing.T) {
	src := `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    %a = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 12 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %c = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 2 : i32} : !tt.ptr<i8>
    tt.return
  }
}`
	res, err := lowerSrc(t, "scratch.mlir", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Manifest.Kernels[0].GlobalScratch; s == nil || s.Bytes != 192 || s.Align != 64 {
		t.Fatalf("globalScratch %+v, want {192 64} (offsets 0, 64, 164)", s)
	}
	if res.Manifest.Target != "sm_90" || res.Manifest.PTXVersion != "7.8" {
		t.Errorf("scratch alone needs no sm_90a: %s %s", res.Manifest.Target, res.Manifest.PTXVersion)
	}
}
