package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding"
)

// TestPipelineOptions: --pipeline-options sets sp-pipeline's other options
// in sp-opt's syntax; the flags keep target, num-warps and num-stages.
func TestPipelineOptions(t *testing.T) {
	o, err := spPipelineOptions("cuda:90", 8, 5, "tma=true max-num-imprecise-acc=1073741824")
	if err != nil {
		t.Fatal(err)
	}
	if !o.TMA || o.MaxNumImpreciseAcc != 1073741824 || o.Target != "cuda:90" || o.NumWarps != 8 || o.NumStages != 5 {
		t.Errorf("options = %+v", *o)
	}
	for _, c := range []struct{ extra, want string }{
		{"num-warps=8", "set num-warps with --num-warps"},
		{"target=cuda:80", "set target with --sm"},
		{"num-stages=2", "set num-stages with --num-stages"},
		{"tma=maybe", "--pipeline-options: "},
		{"no-such-option=1", "--pipeline-options: "},
	} {
		if _, err := spPipelineOptions("cuda:90", 4, 3, c.extra); err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: err = %v, want one line with %q", c.extra, err, c.want)
		}
	}
}

// TestGPUPipelineMatchesSPOpt: the pipeline sp-run builds in code for the
// cuda backend is sp-opt's --sp-pipeline with the same options, including
// the option sets that leave steps out (num-ctas = 1 drops
// tritongpu-split-cta-tiles, check-launch-resources=false the limits pass):
// both give the same TTGIR.
func TestGPUPipelineMatchesSPOpt(t *testing.T) {
	seen := map[string]bool{}
	var ps []*pass.Pass
	for _, p := range encoding.PipelinePasses() {
		if !seen[p.Name] {
			seen[p.Name], ps = true, append(ps, p)
		}
	}
	reg, err := pass.NewRegistry(ps...)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.AddPipeline(encoding.SPPipeline); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target        string
		warps, stages int
		extra         string
	}{
		{"cuda:80", 4, 3, ""},
		{"cuda:90", 4, 4, "tma=true"},
		{"cuda:90", 4, 4, "num-ctas=2 tma=true"},
		{"cuda:89", 4, 2, "check-launch-resources=false"},
	} {
		src := "../../examples/sparse_matmul_128.mlir"
		a, err := parseModule(src)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := parseModule(src)
		pm, err := gpuPipeline(c.target, c.warps, c.stages, c.extra)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if err := pm.Run(a, pass.RunOptions{IR: all.Context()}); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		text := fmt.Sprintf("builtin.module(sp-pipeline{target=%s num-warps=%d num-stages=%d %s})", c.target, c.warps, c.stages, c.extra)
		ref, err := pass.ParsePipeline(reg, pass.PipelineFile, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := ref.Run(b, pass.RunOptions{IR: all.Context()}); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got, want := ir.Print(a, ir.PrintOptions{}), ir.Print(b, ir.PrintOptions{}); got != want {
			t.Errorf("%+v: sp-run's pipeline and sp-opt's %s differ", c, text)
		}
	}
}
