package ptxcheck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestTarget(t *testing.T) {
	for _, c := range []struct{ ptx, want string }{
		{".version 8.4\n.target sm_90a\n", "sm_90a"},
		{"//\n.version 7.8\n  .target sm_80, debug\n", "sm_80"},
		{".target sm_90\n.address_size 64", "sm_90"},
		{"// .target sm_70 in a comment only\n", ""},
		{".version 7.8\n", ""},
	} {
		got, err := Target(c.ptx)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("Target(%q) = %q, %v; want %q", c.ptx, got, err, c.want)
		}
	}
}

// ptxas -v's report as CUDA 11.8 prints it for an entry that calls a
// .func, and CUDA 12.4's coded note; the C7519 line is written after the
// message the sm_90a probes of hopper.md §1.4 recorded (12.4 did not
// produce it for any fixture here).
const sampleLog = `ptxas info    : 0 bytes gmem
ptxas info    : (C7515) Potential Performance Loss: wgmma.mma_async instructions are serialized due to non wgmma instructions defining accumulator registers of a wgmma between start and end of the pipeline stage in the function 'k'
ptxas info    : Function properties for helper
    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Compiling entry function 'k' for 'sm_90a'
ptxas info    : Function properties for k
    24 bytes stack frame, 20 bytes spill stores, 16 bytes spill loads
ptxas info    : Used 168 registers, 384 bytes cmem[0], 12288 bytes smem
ptxas warning : (C7519) warpgroup.arrive is injected in around line 42 by compiler to allow use of registers in GMMA in function 'k'
`

func TestParseLog(t *testing.T) {
	kernels, notes := ParseLog(sampleLog)
	want := []Kernel{
		{Name: "helper", StackFrame: 8},
		{Name: "k", Entry: true, Registers: 168, StackFrame: 24, SpillStores: 20, SpillLoads: 16, SharedBytes: 12288},
	}
	if fmt.Sprint(kernels) != fmt.Sprint(want) || kernels[1].Entry != true || kernels[0].Entry {
		t.Errorf("kernels = %+v\nwant %+v", kernels, want)
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "C7515") || !strings.Contains(notes[1], "C7519") {
		t.Errorf("notes = %q", notes)
	}
	r := &Report{Kernels: kernels, Notes: notes}
	p := r.Problems(Options{})
	if len(p) != 4 || !strings.HasPrefix(p[0], "spills: helper") || !strings.HasPrefix(p[1], "spills: k") ||
		!strings.Contains(p[2], "serialized") || !strings.Contains(p[3], "injected") {
		t.Errorf("problems = %q", p)
	}
	if p := r.Problems(Options{AllowSpills: true}); len(p) != 2 {
		t.Errorf("problems with spills allowed = %q", p)
	}
	if _, notes := ParseLog("ptxas info    : Used 10 registers\n"); len(notes) != 0 {
		t.Errorf("an info line is not a note: %q", notes)
	}
}

func TestCount(t *testing.T) {
	sass := `        /*0110*/                   HGMMA.SP.64x64x32.F32 R24, gdesc[UR4], RZ, !UPT, R56, 0x0, gsb0 ;
        /*0120*/                   HGMMA.64x256x16.F32.BF16 R24, gdesc[UR8], R24, gsb0 ;
        /*0130*/              @P0  HMMA.SP.16832.F32 R4, R8, R12, R4, R16, 0x0 ;
        /*0140*/                   HMMA.16816.F32.BF16 R4, R8, R12, R4 ;
        /*0150*/                   HGMMA.64x64x8.F32.TF32 R24, gdesc[UR4], R24 ;`
	for _, c := range []struct {
		name string
		n    int
		got  int
	}{
		{"SparseWGMMA", 1, Count(sass, SparseWGMMA)},
		{"DenseWGMMA", 1, Count(sass, DenseWGMMA)},
		{"SparseMMA", 1, Count(sass, SparseMMA)},
		{"DenseMMA", 1, Count(sass, DenseMMA)},
	} {
		if c.got != c.n {
			t.Errorf("%s: %d matches, want %d", c.name, c.got, c.n)
		}
	}
}

func TestFindErrors(t *testing.T) {
	if _, err := Find("compute_90"); err == nil {
		t.Error("Find(compute_90) accepted a non-SASS target")
	}
	t.Setenv("SP_CACHE", t.TempDir())
	t.Setenv(EnvSM90A, "")
	if _, err := Find("sm_90a"); !errors.Is(err, ErrMissing) {
		t.Errorf("no 12.4 ptxas: got %v, want ErrMissing", err)
	}
	t.Setenv(EnvSM90A, filepath.Join(t.TempDir(), "ptxas"))
	if _, err := Find("sm_90a"); err == nil || errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "not an executable") {
		t.Errorf("%s naming no file: got %v, want a configuration error", EnvSM90A, err)
	}
	fake := filepath.Join(t.TempDir(), "ptxas")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho 'Cuda compilation tools, release 11.8, V11.8.89'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvSM90A, fake)
	if _, err := Find("sm_90a"); err == nil || !strings.Contains(err.Error(), "needs CUDA 12") {
		t.Errorf("11.8 as %s: got %v", EnvSM90A, err)
	}
	if tc, err := Find("sm_80"); err == nil && tc.Release == "" {
		t.Errorf("Find(sm_80) = %+v without a release", tc)
	}
}

// recorder is a testing.TB whose Fatal and Skip end only the goroutine
// that runs the function under test, recording what happened.
type recorder struct {
	testing.TB
	mu      sync.Mutex
	fatal   []string
	errs    []string
	skipped []string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatal(args ...any) {
	r.mu.Lock()
	r.fatal = append(r.fatal, fmt.Sprint(args...))
	r.mu.Unlock()
	runtime.Goexit()
}
func (r *recorder) Fatalf(f string, args ...any) { r.Fatal(fmt.Sprintf(f, args...)) }
func (r *recorder) Errorf(f string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(f, args...))
}
func (r *recorder) Skip(args ...any) {
	r.mu.Lock()
	r.skipped = append(r.skipped, fmt.Sprint(args...))
	r.mu.Unlock()
	runtime.Goexit()
}
func (r *recorder) Log(args ...any) {}

// record runs f with a recorder in its own goroutine.
func record(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

func TestRequireMissingTool(t *testing.T) {
	t.Setenv("SP_CACHE", t.TempDir())
	t.Setenv(EnvSM90A, "")
	t.Setenv("CI", "")
	if r := record(t, func(tb testing.TB) { Require(tb, "sm_90a") }); len(r.skipped) != 1 || len(r.fatal) != 0 {
		t.Errorf("outside CI: skipped %q, fatal %q; want one skip", r.skipped, r.fatal)
	}
	t.Setenv("CI", "true")
	r := record(t, func(tb testing.TB) { Require(tb, "sm_90a") })
	if len(r.fatal) != 1 || len(r.skipped) != 0 || !strings.Contains(r.fatal[0], "CI=true") {
		t.Errorf("CI=true: skipped %q, fatal %q; want one failure", r.skipped, r.fatal)
	}
}

// TestWGMMA assembles sparse and dense wgmma for sm_90a with CUDA 12.4 and
// counts them in the SASS.
func TestWGMMA(t *testing.T) {
	for _, dtype := range []string{"f16", "bf16"} {
		for _, n := range []int{64, 256} {
			for _, sparse := range []bool{true, false} {
				name := fmt.Sprintf("wgmma_%s_n%d_sparse=%v", dtype, n, sparse)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					r := Check(t, name, wgmmaFixture(dtype, n, sparse, false))
					if r.Toolchain.Release < "12" || len(r.Kernels) != 1 || r.Kernels[0].Registers < n/2 {
						t.Errorf("CUDA %s, kernels %+v: want CUDA 12.x and at least %d registers", r.Toolchain.Release, r.Kernels, n/2)
					}
					want, other := SparseWGMMA, DenseWGMMA
					if !sparse {
						want, other = DenseWGMMA, SparseWGMMA
					}
					r.Expect(t, want, 1)
					r.Expect(t, other, 0)
					shape := fmt.Sprintf("HGMMA.SP.64x%dx32", n)
					if !sparse {
						shape = fmt.Sprintf("HGMMA.64x%dx16", n)
					}
					if !strings.Contains(r.SASSFor(t), shape) {
						t.Errorf("no %s in the SASS", shape)
					}
				})
			}
		}
	}
}

// TestMMASp assembles mma.sp m16n8k32 for sm_80 and sm_90 with the default
// toolchain (CUDA 11.8).
func TestMMASp(t *testing.T) {
	for _, arch := range []string{"sm_80", "sm_90"} {
		for _, dtype := range []string{"f16", "bf16"} {
			t.Run(arch+"_"+dtype, func(t *testing.T) {
				t.Parallel()
				r := Check(t, "mma_sp_"+dtype, mmaSpFixture(arch, dtype))
				r.Expect(t, SparseMMA, 1)
				r.Expect(t, DenseMMA, 0)
			})
		}
	}
}

// TestProblemsFromPtxas checks that what ptxas reports for real modules
// fails the check: spills on both toolchains, serialized wgmma on sm_90a.
func TestProblemsFromPtxas(t *testing.T) {
	cases := []struct {
		name, ptx, want string
	}{
		{"spill_sm_80", spillFixture("sm_80", "7.8"), "spills: spill"},
		{"spill_sm_90a", spillFixture("sm_90a", "8.4"), "spills: spill"},
		{"serialized", wgmmaFixture("f16", 64, true, true), "are serialized"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			arch, err := Target(c.ptx)
			if err != nil {
				t.Fatal(err)
			}
			tc := Require(t, arch)
			r, err := tc.Assemble(t.TempDir(), c.name, c.ptx, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := r.Problems(Options{})
			if len(p) != 1 || !strings.Contains(p[0], c.want) {
				t.Fatalf("problems %q, want one containing %q; log:\n%s", p, c.want, r.Log)
			}
			rec := record(t, func(tb testing.TB) { Check(tb, c.name, c.ptx) })
			if len(rec.fatal) != 1 || !strings.Contains(rec.fatal[0], c.want) {
				t.Errorf("Check: fatal %q, want the problem", rec.fatal)
			}
			if strings.HasPrefix(c.name, "spill") {
				if rec := record(t, func(tb testing.TB) { CheckWith(tb, c.name, c.ptx, Options{AllowSpills: true}) }); len(rec.fatal) != 0 {
					t.Errorf("AllowSpills: %q", rec.fatal)
				}
			}
		})
	}
}

// TestAssembleError checks that a ptxas failure carries ptxas's message,
// and that 11.8 cannot stand in for 12.4 (it rejects sm_90a).
func TestAssembleError(t *testing.T) {
	bad := strings.Replace(mmaSpFixture("sm_80", "f16"), "mma.sp.sync", "mma.bogus.sync", 1)
	rec := record(t, func(tb testing.TB) { Check(tb, "bad", bad) })
	if len(rec.skipped) == 0 && (len(rec.fatal) != 1 || !strings.Contains(rec.fatal[0], "bogus")) {
		t.Errorf("fatal %q, want ptxas's error naming the instruction", rec.fatal)
	}
	tc := Require(t, "sm_80")
	if tc.Release != "11.8" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the default ptxas is CUDA %s, not 11.8 (scripts/install-deps.sh puts 11.8's first)", tc.Release)
		}
		t.Skipf("the default ptxas is CUDA %s, not 11.8", tc.Release)
	}
	if _, err := tc.Assemble(t.TempDir(), "wgmma", wgmmaFixture("f16", 64, true, false), Options{}); err == nil {
		t.Error("CUDA 11.8's ptxas assembled sm_90a")
	}
}
