package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs sp-run in process.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"sp-run"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// TestBadInputsFailCleanly: each bad input ends in exit 1 with exactly one
// `sp-run: error:` line naming the problem, and nothing else on stderr.
func TestBadInputsFailCleanly(t *testing.T) {
	const ex = "../../examples/sparse_matmul.mlir"
	dir := t.TempDir()
	bigNPY := filepath.Join(dir, "big.npy")
	header := "{'descr': '<f2', 'fortran_order': False, 'shape': (4294967296, 4294967296), }\n"
	os.WriteFile(bigNPY, append([]byte{0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, byte(len(header)), 0}, header...), 0o644)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"huge shape", []string{ex, "--set", "M=1000000", "--set", "N=1000000"}, "over the memory limit"},
		{"wrapping shape", []string{ex, "--tensor", "A=4294967296x4294967296:f16"}, "out of range"},
		{"overflowing product", []string{ex, "--set", "M=3037000500", "--set", "N=4", "--grid", "M*M*M"}, "integer overflow"},
		{"memory limit", []string{ex, "--max-memory", "512K"}, "over the memory limit of 512.0 KiB (--max-memory)"},
		{"bad memory limit", []string{ex, "--max-memory", "-5"}, "--max-memory"},
		{"interpreter limit", []string{ex, "--max-memory", "200K", "--workers", "4"}, "CPU interpreter would need"},
		{"zero samples", []string{ex, "--check", "sampled", "--samples", "0"}, "--samples 0"},
		{"negative samples", []string{ex, "--samples", "-1"}, "--samples -1"},
		{"negative atol", []string{ex, "--atol", "-1"}, "tolerance atol = -1"},
		{"NaN rtol", []string{ex, "--rtol", "NaN"}, "tolerance rtol = NaN"},
		{"unknown check", []string{ex, "--check", "most"}, "unknown --check"},
		{"empty output", []string{ex, "--set", "M=0", "--grid", "1"}, "compare no element"},
		{"huge npy header", []string{ex, "--input", "B=" + bigNPY}, "more bytes than fit in 64 bits"},
		{"npy is a directory", []string{ex, "--input", "B=" + dir}, "B"},
		{"deep expression", []string{ex, "--grid", strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000)}, "nested deeper"},
		{"missing spec", []string{ex, "--no-spec"}, "arguments of @sparse_matmul(arg0: !tt.ptr<f16, #tt.sparse<\"NV24\">>, arg1: !tt.ptr<f16>"},
		{"negative workers", []string{ex, "--workers", "-2"}, "--workers -2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCLI(c.args...)
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if code != 1 || len(lines) != 1 || !strings.HasPrefix(lines[0], "sp-run: error: ") || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, want 1 and one error line containing %q; stderr:\n%s", code, c.want, stderr)
			}
		})
	}
}

// TestSaveIsAtomic: --save over an existing file replaces it whole, and a
// failed run leaves no file behind.
func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "c.npy")
	if code, _, stderr := runCLI("../../examples/sparse_dot.mlir", "--save", "C="+out); code != 0 {
		t.Fatal(stderr)
	}
	if _, err := readNPY(out, "f16"); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "d.npy")
	if code, _, _ := runCLI("../../examples/sparse_dot.mlir", "--save", "C="+missing, "--atol", "-1"); code != 1 {
		t.Fatal("a bad tolerance passed")
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("a failed run left %s", missing)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("directory holds %d entries", len(ents))
	}
}

// TestEveryExampleHasASpec: each examples/*.mlir runs on the CPU with the
// launch spec next to it (verified where the spec says how).
func TestEveryExampleHasASpec(t *testing.T) {
	paths, _ := filepath.Glob("../../examples/*.mlir")
	if len(paths) == 0 {
		t.Fatal("no examples")
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			if _, err := os.Stat(defaultSpecPath(p)); err != nil {
				t.Fatalf("no launch spec: %v", err)
			}
			code, stdout, stderr := runCLI(p)
			if code != 0 || strings.Contains(stdout, "MISMATCH") {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := runCLI("--version")
	if code != 0 || !strings.HasPrefix(stdout, "sp-run ") {
		t.Fatalf("exit %d: %q", code, stdout)
	}
}
