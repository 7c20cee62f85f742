package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInputsFailCleanly: each case ends in exit 1 with exactly one
// error (positioned where the input has a position) and no crash dump.
func TestBadInputsFailCleanly(t *testing.T) {
	ex, err := os.ReadFile("../../examples/sparse_matmul.mlir")
	if err != nil {
		t.Fatal(err)
	}
	ex128, err := os.ReadFile("../../examples/sparse_matmul_128.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"duplicate symbol", "tt.func @f() {\n  tt.return\n}\ntt.func @f() {\n  tt.return\n}\n", nil, "<stdin>:4:1: error: 'tt.func' op redefinition of symbol named 'f'"},
		{"tensor of tensors", "tt.func @g(%a: tensor<4xtensor<4xf32>>) {\n  tt.return\n}\n", nil, "a tensor's element type must be a scalar"},
		{"too many elements", "tt.func @g() {\n  %0 = arith.constant dense<0.0> : tensor<65536x65536xf32>\n  tt.return\n}\n", nil, "<stdin>:2:3: error: 'arith.constant' op result #0: tensor<65536x65536xf32> has more than 2^31-1 elements"},
		{"unknown target", string(ex), []string{"-sp-pipeline=target=cuda:999"}, `target "cuda:999" is not supported (supported: cuda:80, cuda:89, cuda:90)`},
		{"unknown target in convert", string(ex), []string{"-convert-triton-to-tritongpu=target=cuda:999"}, `target "cuda:999" is not supported`},
		{"threads per block", string(ex), []string{"-sp-pipeline=num-warps=1024", "--emit=ptx"}, "num-warps=1024 gives 32768 threads per block, over the cuda:80 limit of 1024"},
		{"shared memory", string(ex), []string{"-sp-pipeline=num-stages=40", "--emit=ptx"}, "40 buffers (num-stages) of a 64x64 tile of f16 needs 327680 bytes, over the cuda:80 limit of 166912"},
		{"registers", string(ex128), []string{"-sp-pipeline=num-warps=1", "--emit=ptx"}, "registers: the 128x128xf32 accumulator with num-warps=1 needs at least 512 registers per thread"},
		{"bad emit", string(ex), []string{"--emit=llvm"}, "--emit takes mlir or ptx"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := spOpt(t, c.stdin, append([]string{"-"}, c.args...)...)
			if code != 1 || strings.Count(stderr, "error: ") != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "goroutine") {
				t.Fatalf("exit %d, want 1 and one error containing %q:\n%s", code, c.want, stderr)
			}
		})
	}
}

// TestOutputNotLeftOnFailure: -o FILE is not created when the run fails,
// an existing FILE is left as it was, and no temporary file remains.
func TestOutputNotLeftOnFailure(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	if code, _, _ := spOpt(t, "tt.func @f( {", "-", "-o", out); code != 1 {
		t.Fatal("bad input accepted")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("failed run left %s", out)
	}
	os.WriteFile(out, []byte("previous"), 0o644)
	spOpt(t, "tt.func @f( {", "-", "-o", out)
	if b, _ := os.ReadFile(out); string(b) != "previous" {
		t.Fatalf("failed run changed the output to %q", b)
	}
	if code, _, stderr := spOpt(t, addKernel, "-", "-o", out, "-cse"); code != 0 {
		t.Fatal(stderr)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "tt.func @f") {
		t.Fatalf("output %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("directory holds %d entries", len(ents))
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := spOpt(t, "", "--version")
	if code != 0 || !strings.HasPrefix(stdout, "sp-opt ") || strings.Count(stdout, "\n") != 1 {
		t.Fatalf("exit %d: %q", code, stdout)
	}
}
