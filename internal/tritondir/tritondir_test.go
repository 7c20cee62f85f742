package tritondir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCacheEntry: .ttir is preferred, the .json gives warps, stages and sm.
func TestCacheEntry(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"k.source", "k.ttir", "k.ttgir", "k.ptx", "__grp__k.json"} {
		write(t, dir, f, "x")
	}
	write(t, dir, "k.json", `{"target": {"backend": "cuda", "arch": 90, "warp_size": 32}, "num_warps": 8, "num_stages": 4, "name": "k"}`)
	e, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(e.IR) != "k.ttir" || e.Meta == nil || e.Meta.NumWarps != 8 || e.Meta.NumStages != 4 || e.Meta.SM() != 90 {
		t.Fatalf("got %+v %+v", e, e.Meta)
	}
}

// TestDumpAndErrors: a dump directory has no .json; several kernels need a
// name; an empty directory is not a Triton directory.
func TestDumpAndErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.ttgir", "x")
	write(t, dir, "b.source", "x")
	if _, err := Open(dir, ""); err == nil || !strings.Contains(err.Error(), "holds 2 kernels (a, b); name one") {
		t.Fatalf("got %v", err)
	}
	e, err := Open(dir, "a")
	if err != nil || filepath.Base(e.IR) != "a.ttgir" || e.Meta != nil {
		t.Fatalf("got %+v, %v", e, err)
	}
	if _, err := Open(dir, "c"); err == nil || !strings.Contains(err.Error(), `no kernel "c"`) {
		t.Fatalf("got %v", err)
	}
	if _, err := Open(t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "not a Triton cache or dump directory") {
		t.Fatalf("got %v", err)
	}
}
