package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/transform"
)

// testRegistry adds a named pipeline, a function-anchored pass and a pass
// that panics to the real passes.
func testRegistry(t *testing.T) *pass.Registry {
	t.Helper()
	funcPass := &pass.Pass{Name: "test-func-remark", Summary: "remark on each function", Doc: "d", Anchor: "tt.func",
		Run: func(c *pass.Context, op *ir.Operation) error {
			name, _ := ir.SymbolNameOf(op)
			c.Remarkf(op, "visited @%s", name)
			return nil
		}}
	boom := &pass.Pass{Name: "test-panic", Summary: "panics", Doc: "d", Anchor: pass.AnyOp,
		Run: func(*pass.Context, *ir.Operation) error { panic("boom") }}
	reg, err := pass.NewRegistry(transform.Canonicalize, transform.CSE, transform.SymbolDCE, funcPass, boom)
	if err != nil {
		t.Fatal(err)
	}
	type plOpts struct {
		Rounds int `opt:"rounds" help:"canonicalize+cse rounds"`
	}
	err = reg.AddPipeline(&pass.Pipeline{Name: "test-pipeline", Summary: "cleanup rounds", Doc: "d", Options: &plOpts{Rounds: 1},
		Build: func(o any) (string, error) {
			n := o.(*plOpts).Rounds
			if n < 1 {
				return "", fmt.Errorf("rounds must be positive")
			}
			return strings.TrimSuffix(strings.Repeat("canonicalize, cse, ", n), ", "), nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func spOptWith(t *testing.T, reg *pass.Registry, stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := runWith(reg, args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestNamedPipelineFlagAndElement(t *testing.T) {
	reg := testRegistry(t)
	code, out, errs := spOptWith(t, reg, addKernel, "-", "-test-pipeline=rounds=2", "--dump-pass-pipeline")
	if code != 0 || !strings.Contains(out, "arith.muli %0, %0") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.HasPrefix(errs, "builtin.module(canonicalize{") || strings.Count(errs, "cse") != 2 {
		t.Errorf("pipeline: %s", errs)
	}
	code, _, errs = spOptWith(t, reg, addKernel, "-", "-test-pipeline=rounds=x")
	if code != 1 || !strings.Contains(errs, "<command line>:1:23: error: invalid value for option 'rounds' of 'test-pipeline': expected an integer, got \"x\"\n-test-pipeline=rounds=x\n                      ^\n") {
		t.Errorf("bad pipeline option: %d\n%s", code, errs)
	}
	code, _, errs = spOptWith(t, reg, addKernel, "-", "--pass-pipeline=builtin.module(test-pipeline{rounds=0})")
	if code != 1 || !strings.Contains(errs, "<pass-pipeline>:1:30: error: pipeline 'test-pipeline': rounds must be positive") {
		t.Errorf("pipeline build error: %d\n%s", code, errs)
	}
	code, out, _ = spOptWith(t, reg, "", "--list-passes")
	if code != 0 || !strings.Contains(out, "Available Pipelines:\n  --test-pipeline  -  cleanup rounds\n      rounds=<int>  -  canonicalize+cse rounds (default 1)\n") {
		t.Errorf("--list-passes:\n%s", out)
	}
	if doc := genPassDocs(reg); !strings.Contains(doc, "# Named pipelines") || !strings.Contains(doc, "| `rounds` | `int` | `1` | canonicalize+cse rounds |") {
		t.Errorf("docs:\n%s", doc)
	}
}

func TestFuncAnchoredFlagNestsAndRemarks(t *testing.T) {
	reg := testRegistry(t)
	src := "tt.func @a() {\n  tt.return\n}\ntt.func @b() {\n  tt.return\n}\n"
	code, _, errs := spOptWith(t, reg, src, "-", "-test-func-remark", "-test-func-remark", "-cse", "--dump-pass-pipeline")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "builtin.module(tt.func(test-func-remark, test-func-remark), cse)\n" +
		"<stdin>:1:1: remark: visited @a\ntt.func @a() {\n^\n<stdin>:1:1: remark: visited @a\ntt.func @a() {\n^\n" +
		"<stdin>:4:1: remark: visited @b\ntt.func @b() {\n^\n<stdin>:4:1: remark: visited @b\ntt.func @b() {\n^\n"
	if errs != want {
		t.Errorf("got:\n%s\nwant:\n%s", errs, want)
	}
	// Remarks are diagnostics for -verify-diagnostics.
	vsrc := "// expected-remark @below {{visited @a}}\ntt.func @a() {\n  tt.return\n}\n"
	if code, _, errs := spOptWith(t, reg, vsrc, "-", "-test-func-remark", "-verify-diagnostics"); code != 0 {
		t.Errorf("expected remark: %d %s", code, errs)
	}
	if code, _, errs := spOptWith(t, reg, "tt.func @a() {\n  tt.return\n}\n", "-", "-test-func-remark", "-verify-diagnostics"); code != 1 || !strings.Contains(errs, "<stdin>:1:1: error: unexpected remark: visited @a") {
		t.Errorf("unexpected remark: %d %s", code, errs)
	}
}

func TestPanicIsInternalError(t *testing.T) {
	reg := testRegistry(t)
	code, out, errs := spOptWith(t, reg, addKernel, "-", "-cse", "-test-panic")
	want := "<stdin>:1:1: error: internal error: pass 'test-panic' panicked while running on 'builtin.module' operation: boom\n"
	if code != 1 || out != "" || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, out %q, stderr:\n%s", code, out, errs)
	}
	// Internal errors fail even under -verify-diagnostics=only-expected.
	if code, _, _ := spOptWith(t, reg, addKernel, "-", "-test-panic", "-verify-diagnostics=only-expected"); code != 1 {
		t.Error("internal error ignored by verify-diagnostics")
	}
}
