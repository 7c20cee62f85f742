package main

import (
	"fmt"

	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/encoding"
)

// spPipelineOptions are sp-pipeline's options for a cuda-backend compile:
// its defaults, then extra (--pipeline-options, in sp-opt's option
// syntax), then the target and the --num-warps / --num-stages values. extra
// may not set those three itself: the flags own them.
func spPipelineOptions(target string, numWarps, numStages int, extra string) (*encoding.PipelineOptions, error) {
	opts := *encoding.SPPipeline.Options.(*encoding.PipelineOptions)
	if err := pass.ParseOptions(encoding.SPPipeline.Name, &opts, extra); err != nil {
		return nil, fmt.Errorf("--pipeline-options: %v", err)
	}
	probe := *encoding.SPPipeline.Options.(*encoding.PipelineOptions) // sentinels show what extra sets
	probe.Target, probe.NumWarps, probe.NumStages = "\x00", -1, -1
	_ = pass.ParseOptions(encoding.SPPipeline.Name, &probe, extra)
	for _, f := range []struct {
		name, flag string
		set        bool
	}{
		{"target", "--sm", probe.Target != "\x00"},
		{"num-warps", "--num-warps", probe.NumWarps != -1},
		{"num-stages", "--num-stages", probe.NumStages != -1},
	} {
		if f.set {
			return nil, fmt.Errorf("--pipeline-options: set %s with %s", f.name, f.flag)
		}
	}
	opts.Target = target
	if numWarps > 0 {
		opts.NumWarps = numWarps
	}
	if numStages > 0 {
		opts.NumStages = numStages
	}
	return &opts, nil
}
