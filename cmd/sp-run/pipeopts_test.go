package main

import (
	"strings"
	"testing"
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
