package pass

import (
	"fmt"
	"reflect"
	"sort"
)

// Pipeline is a named pass pipeline with its own options (`sp-pipeline`).
// It can appear wherever a pass can: `builtin.module(sp-pipeline{num-warps=8})`
// or as the flag `-sp-pipeline='num-warps=8'`.
type Pipeline struct {
	Name    string
	Summary string
	Doc     string
	// Options is a pointer to a default-valued options struct, as for Pass.
	Options any
	// Build returns the pipeline body for the given options (a fresh copy
	// of Options with the user's values applied) as a comma-separated list
	// of pipeline elements, e.g. "canonicalize, cse, tt.func(cse)".
	Build func(opts any) (string, error)
}

// Registry maps names to passes and named pipelines. Tools build it
// explicitly (no init-time registration); it is read-only once built.
type Registry struct {
	passes    map[string]*Pass
	pipelines map[string]*Pipeline
}

// NewRegistry validates passes (Validate) and indexes them by name.
func NewRegistry(passes ...*Pass) (*Registry, error) {
	if err := Validate(passes); err != nil {
		return nil, err
	}
	r := &Registry{passes: map[string]*Pass{}, pipelines: map[string]*Pipeline{}}
	for _, p := range passes {
		r.passes[p.Name] = p
	}
	return r, nil
}

// AddPipeline registers a named pipeline; its name must not clash with a
// pass or another pipeline.
func (r *Registry) AddPipeline(pl *Pipeline) error {
	if r.passes[pl.Name] != nil || r.pipelines[pl.Name] != nil {
		return &DuplicateError{Name: pl.Name}
	}
	bad := func(msg string) error { return &ValidationError{Pass: pl.Name, Msg: msg} }
	switch {
	case !validOptionName(pl.Name):
		return bad("bad pipeline name")
	case pl.Summary == "" || pl.Doc == "":
		return bad("missing Summary or Doc")
	case pl.Build == nil:
		return bad("missing Build")
	}
	if pl.Options != nil {
		if _, err := optionFields(reflect.TypeOf(pl.Options)); err != nil {
			return bad(err.Error())
		}
	}
	r.pipelines[pl.Name] = pl
	return nil
}

// Pass returns the pass registered as name, or nil.
func (r *Registry) Pass(name string) *Pass { return r.passes[name] }

// Pipeline returns the named pipeline registered as name, or nil.
func (r *Registry) Pipeline(name string) *Pipeline { return r.pipelines[name] }

// Passes returns the registered passes sorted by name.
func (r *Registry) Passes() []*Pass {
	out := make([]*Pass, 0, len(r.passes))
	for _, p := range r.passes {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Pipelines returns the named pipelines sorted by name.
func (r *Registry) Pipelines() []*Pipeline {
	out := make([]*Pipeline, 0, len(r.pipelines))
	for _, p := range r.pipelines {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// DescribePipeline lists the options of a named pipeline.
func DescribePipeline(pl *Pipeline) []OptionInfo { return describeOptions(pl.Options) }

// expandPipeline builds pl's body text for the option string optText.
func (pl *Pipeline) expand(optText string) (string, error) {
	opts := cloneOptions(pl.Options)
	if err := ParseOptions(pl.Name, opts, optText); err != nil {
		return "", err
	}
	body, err := pl.Build(opts)
	if err != nil {
		return "", fmt.Errorf("pipeline '%s': %v", pl.Name, err)
	}
	return body, nil
}
