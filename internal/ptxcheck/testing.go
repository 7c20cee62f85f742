package ptxcheck

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

// onCI reports whether missing tools must fail (CI=true).
func onCI() bool { return os.Getenv("CI") == "true" }

// missing skips t, or fails it on CI, for an error wrapping ErrMissing;
// any other error fails it.
func missing(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, ErrMissing) && !onCI() {
		t.Skip(err)
	}
	if errors.Is(err, ErrMissing) {
		t.Fatalf("%v (CI=true: a missing tool fails)", err)
	}
	t.Fatal(err)
}

// Require returns the toolchain for arch, skipping t when it is missing
// (failing on CI) and failing it when it is broken or misconfigured.
func Require(t testing.TB, arch string) *Toolchain {
	t.Helper()
	tc, err := Find(arch)
	if err != nil {
		missing(t, err)
	}
	return tc
}

// Check assembles ptx for its .target with the matching toolchain, logs
// each function's resources and fails t on a ptxas error or on any of
// Report.Problems.
func Check(t testing.TB, name, ptx string) *Report {
	t.Helper()
	return CheckWith(t, name, ptx, Options{})
}

// CheckWith is Check with options.
func CheckWith(t testing.TB, name, ptx string, opts Options) *Report {
	t.Helper()
	arch, err := Target(ptx)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tc, err := FindFor(ptx)
	if err != nil {
		missing(t, err)
	}
	r, err := tc.Assemble(t.TempDir(), name, ptx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r.Summary())
	if p := r.Problems(opts); len(p) > 0 {
		t.Fatalf("%s (%s, CUDA %s):\n  %s", name, arch, tc.Release, strings.Join(p, "\n  "))
	}
	return r
}

// SASSFor returns the report's disassembly (once per report), skipping t
// when cuobjdump is missing (failing on CI).
func (r *Report) SASSFor(t testing.TB) string {
	t.Helper()
	if r.sass == "" {
		s, err := r.Toolchain.SASS(r.Cubin)
		if err != nil {
			missing(t, err)
		}
		r.sass = s
	}
	return r.sass
}

// Expect fails t unless the SASS has at least min lines matching p, and
// returns the count. min = 0 asks for none: any match fails.
func (r *Report) Expect(t testing.TB, p *regexp.Regexp, min int) int {
	t.Helper()
	n := Count(r.SASSFor(t), p)
	switch {
	case min == 0 && n > 0:
		t.Errorf("%s %s: %d SASS instructions match %s, want none", r.Name, r.Arch, n, p)
	case n < min:
		t.Errorf("%s %s: %d SASS instructions match %s, want at least %d", r.Name, r.Arch, n, p, min)
	}
	return n
}
