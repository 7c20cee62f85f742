package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
)

// validIR is every chunk of the examples (Triton's TTIR dumps too) and lit tests that parses and
// verifies on its own: the starting points of the pass-order fuzzer.
var validIR = sync.OnceValue(func() []string {
	var files []string
	for _, pat := range []string{"../../examples/*.mlir", "../../examples/triton36/*.ttir", "../../test/lit/*/*.mlir", "../../test/lit/*/*/*.mlir"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, c := range splitInput(string(src), "// -----") {
			if strings.Contains(c.text, "expected-error") {
				continue
			}
			if _, err := parser.ParseAndVerify(all.Context(), f, []byte(c.text)); err == nil {
				out = append(out, c.text)
			}
		}
	}
	return out
})

// fuzzOptions are option strings the pass-order fuzzer tries on the passes
// that take them (others run with their defaults).
var fuzzOptions = []string{"", "num-warps=8", "num-warps=1", "num-warps=32", "num-stages=1", "num-stages=4",
	"target=cuda:90", "num-warps=2 num-stages=2 target=cuda:90", "max-iterations=1", "num-ctas=2", "ctas=2",
	"target=cuda:90 num-warps=8 num-ctas=2 tma=true"}

// FuzzPassOrder runs registered passes and pipelines in the order the
// input picks (each byte: which pass, and which option string) on valid
// IR. A diagnostic is fine; a panic or IR that fails to verify after a
// pass (pass.InternalError) is a bug, and so is a result that does not
// print, reparse and print the same.
func FuzzPassOrder(f *testing.F) {
	reg, err := newRegistry()
	if err != nil {
		f.Fatal(err)
	}
	irs := validIR()
	if len(irs) < 20 {
		f.Fatalf("only %d valid IR chunks found", len(irs))
	}
	var names []string
	for _, p := range reg.Passes() {
		names = append(names, p.Name)
	}
	for _, pl := range reg.Pipelines() {
		names = append(names, pl.Name)
	}
	for i := range irs {
		f.Add(uint16(i), []byte{byte(len(names) - 1)})
		f.Add(uint16(i), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	}
	f.Fuzz(func(t *testing.T, which uint16, order []byte) {
		if len(order) > 24 {
			order = order[:24]
		}
		src := irs[int(which)%len(irs)]
		ctx := all.Context()
		mod, err := parser.ParseAndVerify(ctx, "fuzz.mlir", []byte(src))
		if err != nil {
			t.Fatalf("seed IR no longer verifies: %v", err)
		}
		pm := pass.NewManager("builtin.module")
		for _, b := range order {
			name := names[int(b&0x1f)%len(names)]
			opts := fuzzOptions[int(b>>5)%len(fuzzOptions)]
			addFuzzPass(t, reg, pm, name, opts)
		}
		err = pm.Run(mod, pass.RunOptions{IR: ctx})
		var ie *pass.InternalError
		if errors.As(err, &ie) {
			t.Fatalf("%s on\n%s\n%v\n%s", pm.String(), src, ie, ie.Stack)
		}
		if err != nil {
			var dg *ir.Diagnostic
			if !errors.As(err, &dg) {
				t.Fatalf("%s: error %T is not a diagnostic: %v", pm.String(), err, err)
			}
			return
		}
		out := ir.Print(mod, ir.PrintOptions{})
		mod2, err := parser.ParseAndVerify(all.Context(), "out.mlir", []byte(out))
		if err != nil {
			t.Fatalf("%s: output does not reparse: %v\n%s", pm.String(), err, out)
		}
		if out2 := ir.Print(mod2, ir.PrintOptions{}); out2 != out {
			t.Fatalf("%s: print, parse, print is not a fixed point:\n%s\n---\n%s", pm.String(), out, out2)
		}
	})
}

// addFuzzPass adds a pass (nested on its anchor) or a named pipeline with
// opts, or with its defaults when it does not take opts.
func addFuzzPass(t *testing.T, reg *pass.Registry, pm *pass.Manager, name, opts string) {
	p := reg.Pass(name)
	if p == nil {
		if err := pass.ParseElements(reg, pm, pass.PipelineFile, name+"{"+opts+"}"); err != nil {
			if err := pass.ParseElements(reg, pm, pass.PipelineFile, name); err != nil {
				t.Fatalf("adding %s: %v", name, err)
			}
		}
		return
	}
	target := pm
	if p.Anchor != pass.AnyOp && p.Anchor != pm.Anchor {
		target = pm.NestOrLast(p.Anchor)
	}
	if _, err := target.AddWithOptions(p, opts); err != nil {
		target.Add(p)
	}
}

// emitFailure says what is wrong with one sp-opt run, or "" when nothing
// is: exit 0 with output and no error, or exit 1 with a diagnostic.
func emitFailure(code int, stdout, stderr string) string {
	switch {
	case strings.Contains(stderr, "internal error"):
		return "internal error"
	case code == 0 && stdout == "":
		return "exit 0 without output"
	case code == 1 && !strings.Contains(stderr, "error: "):
		return "exit 1 without an error message"
	case code != 0 && code != 1:
		return "exit status other than 0 and 1"
	}
	return ""
}

// FuzzEmitPTX runs sp-opt end to end: an input module, sp-pipeline with
// fuzzed num-warps, num-stages and target (or none, for TTGIR input), and
// --emit=ptx. Every run must end in PTX (exit 0) or in diagnostics (exit
// 1); an internal error or a panic is a bug.
func FuzzEmitPTX(f *testing.F) {
	reg, err := newRegistry()
	if err != nil {
		f.Fatal(err)
	}
	paths, _ := filepath.Glob("../../examples/*.mlir")
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		pipeline := !strings.Contains(string(src), "triton_gpu.num-warps")
		f.Add(string(src), pipeline, uint8(4), uint8(3), false)
		f.Add(string(src), pipeline, uint8(8), uint8(2), true)
	}
	// Triton 3.6's TMA form: tensor maps, global scratch, mbarriers, TMA copies.
	tma, err := os.ReadFile("../../examples/triton36/matmul_tma_sm90.ttgir")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(tma), false, uint8(4), uint8(3), true)
	// A conversion beside 200 KB of live shared memory: lowered in windows
	// (lower/ptx fitShared).
	win, err := os.ReadFile("testdata/windowed-convert.mlir")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(win), false, uint8(8), uint8(3), true)
	f.Fuzz(func(t *testing.T, src string, pipeline bool, warps, stages uint8, sm90 bool) {
		args := []string{"-", "--emit=ptx"}
		if pipeline {
			target := "cuda:80"
			if sm90 {
				target = "cuda:90"
			}
			args = append(args, fmt.Sprintf("-sp-pipeline=num-warps=%d num-stages=%d target=%s", warps%65, stages%8, target))
		}
		var out, errb bytes.Buffer
		code := runWith(reg, args, strings.NewReader(src), &out, &errb)
		if msg := emitFailure(code, out.String(), errb.String()); msg != "" {
			t.Fatalf("%s: sp-opt %s\nstderr:\n%s", msg, strings.Join(args, " "), errb.String())
		}
	})
}
