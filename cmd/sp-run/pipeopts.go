package main

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/builtin"
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

// gpuPipeline instantiates sp-pipeline for target: the element list comes
// from encoding.SPPipeline (its option derivation, which leaves out the
// steps the options turn off) and the passes from encoding.PipelinePasses,
// matched by name in order.
func gpuPipeline(target string, numWarps, numStages int, extra string) (*pass.Manager, error) {
	opts, err := spPipelineOptions(target, numWarps, numStages, extra)
	if err != nil {
		return nil, err
	}
	text, err := encoding.SPPipeline.Build(opts)
	if err != nil {
		return nil, err
	}
	elems := splitTop(text)
	passes := encoding.PipelinePasses()
	pm := pass.NewManager(builtin.ModuleOpName)
	next := 0 // elements follow PipelinePasses' order, some steps left out
	for _, e := range elems {
		name, o, _ := strings.Cut(e, "{")
		for next < len(passes) && passes[next].Name != name {
			next++
		}
		if next == len(passes) {
			return nil, fmt.Errorf("internal error: sp-pipeline element %q is not one of its passes, in order", name)
		}
		if _, err := pm.AddWithOptions(passes[next], strings.TrimSuffix(o, "}")); err != nil {
			return nil, err
		}
		next++
	}
	return pm, nil
}

// splitTop splits "a, b{x, y}, c" at the commas outside braces.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
