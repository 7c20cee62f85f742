package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Spec is a launch description (a JSON file, see README "sp-run"). Args
// are in the order of the kernel's parameters as written in the source:
// a 2:4 sparse pointer parameter is one argument (a dense matrix that
// sp-run compresses into the values and metadata parameters).
type Spec struct {
	Kernel    string           `json:"kernel,omitempty"`
	Vars      map[string]int64 `json:"vars,omitempty"`
	Grid      []Int            `json:"grid"`
	Seed      uint64           `json:"seed,omitempty"`
	Prune     bool             `json:"prune,omitempty"`
	Args      []ArgSpec        `json:"args"`
	Verify    string           `json:"verify,omitempty"`
	Tolerance *Tolerance       `json:"tolerance,omitempty"`
	Bench     *BenchSpec       `json:"bench,omitempty"`

	maxBytes int64 // --max-memory; 0: defaultMemLimit
	fromFile bool  // read from a spec file
}

// ArgSpec is one kernel argument: a scalar (Value or Float set) or a
// tensor (Shape set) passed by pointer.
type ArgSpec struct {
	Name string `json:"name"`
	// Scalars: an integer expression or a float, and the dtype (default
	// i32 for Value, f32 for Float).
	Value *Int     `json:"value,omitempty"`
	Float *float64 `json:"float,omitempty"`
	// Tensors.
	Shape  []Int  `json:"shape,omitempty"`
	DType  string `json:"dtype,omitempty"`
	Init   string `json:"init,omitempty"`   // randn (inputs' default), uniform, zeros (outputs' default), ones, arange
	File   string `json:"file,omitempty"`   // a .npy input (relative to the spec file)
	Sparse string `json:"sparse,omitempty"` // "A" or "B": the dense matrix feeds a 2:4 operand of that role
	Prune  *bool  `json:"prune,omitempty"`  // magnitude-prune to 2:4 (default: the spec's prune / --prune)
	// ZeroBlocks zeroes this fraction of the blocks of a BSR24 operand
	// (those of least magnitude, sparse.PruneBlocks) before it is stored.
	ZeroBlocks *float64 `json:"zeroBlocks,omitempty"`
	// An already compressed 2:4 operand A instead of a dense matrix: its
	// values (M x K/2) and int16 metadata as .npy files, and the layout the
	// metadata is stored in ("cutlass-sm80" for PyTorch's
	// to_sparse_semi_structured / SparseSemiStructuredTensorCUTLASS .meta;
	// natural, band16, band16t). sp-run converts the metadata to the layout
	// the kernel reads (the manifest's metadataLayout).
	Values     string `json:"values,omitempty"`
	Meta       string `json:"meta,omitempty"`
	MetaLayout string `json:"metaLayout,omitempty"`
	Output     bool   `json:"output,omitempty"`
	Save       string `json:"save,omitempty"` // write the tensor after the launch to this .npy
}

func (a *ArgSpec) isScalar() bool { return a.Value != nil || a.Float != nil }

// Tolerance overrides the default error bound of the verification.
type Tolerance struct {
	Atol *float64 `json:"atol,omitempty"`
	Rtol *float64 `json:"rtol,omitempty"`
}

// BenchSpec configures benchmark mode and the `sp-run bench` sweep.
type BenchSpec struct {
	Warmup int                `json:"warmup,omitempty"`
	Iters  int                `json:"iters,omitempty"`
	Shapes []map[string]int64 `json:"shapes,omitempty"`
}

// loadSpec reads a spec file strictly (unknown fields are errors) and
// makes .npy paths relative to the spec's directory.
func loadSpec(path string) (*Spec, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("launch spec: %v", err)
	}
	return parseSpec(raw, path)
}

// parseSpec decodes the spec text raw read from path.
func parseSpec(raw []byte, path string) (*Spec, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, fmt.Errorf("launch spec %s is empty", path)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var s Spec
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("launch spec %s: %v", path, jsonError(raw, err))
	}
	s.fromFile = true
	dir := filepath.Dir(path)
	for i := range s.Args {
		for _, f := range []*string{&s.Args[i].File, &s.Args[i].Values, &s.Args[i].Meta} {
			if *f != "" && !filepath.IsAbs(*f) {
				*f = filepath.Join(dir, *f)
			}
		}
	}
	return &s, nil
}

// jsonError adds the line number to a syntax or type error.
func jsonError(raw []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(raw)) {
		return err
	}
	return fmt.Errorf("line %d: %v", bytes.Count(raw[:off], []byte("\n"))+1, err)
}

// defaultSpecPath returns the spec next to the input: x.ttgir.json for
// x.ttgir.mlir when it exists, else x.json (x.mlir, x.ttir.mlir and
// x.ttgir.mlir share it).
func defaultSpecPath(input string) string {
	switch filepath.Ext(input) {
	case ".ttir", ".ttgir", ".source": // Triton's files: k.json is Triton's metadata
		return strings.TrimSuffix(input, filepath.Ext(input)) + ".launch.json"
	}
	base := strings.TrimSuffix(input, filepath.Ext(input))
	if own := base + ".json"; base != input && fileExists(own) {
		return own
	}
	base = strings.TrimSuffix(base, ".ttir")
	base = strings.TrimSuffix(base, ".ttgir")
	return base + ".json"
}

// flagArgs are the launch-description flags of the run command.
type flagArgs struct {
	grid                                  string
	sets, tensors, scalars, inputs, saves []string
	sparse, outputs, zeroBlocks           []string
	seed                                  *uint64
	prune                                 *bool
	verify                                string
	atol, rtol                            *float64
}

// apply merges the flags into s (flags win). Arguments named by a flag
// that the spec lacks are added; without a spec they are named arg0,
// arg1, ... in kernel parameter order.
func (fa *flagArgs) apply(s *Spec) error {
	if s.Vars == nil {
		s.Vars = map[string]int64{}
	}
	for _, kv := range fa.sets {
		k, v, err := splitKV(kv, "--set")
		if err != nil {
			return err
		}
		n, err := strconv.ParseInt(v, 0, 64)
		if err != nil {
			return fmt.Errorf("--set %s: %q is not an integer", k, v)
		}
		s.Vars[k] = n
	}
	if fa.grid != "" {
		s.Grid = nil
		for _, g := range strings.Split(fa.grid, ",") {
			s.Grid = append(s.Grid, Int{Expr: strings.TrimSpace(g)})
		}
	}
	if fa.seed != nil {
		s.Seed = *fa.seed
	}
	if fa.prune != nil {
		s.Prune = *fa.prune
	}
	if fa.verify != "" {
		s.Verify = fa.verify
	}
	if fa.atol != nil || fa.rtol != nil {
		if s.Tolerance == nil {
			s.Tolerance = &Tolerance{}
		}
		if fa.atol != nil {
			s.Tolerance.Atol = fa.atol
		}
		if fa.rtol != nil {
			s.Tolerance.Rtol = fa.rtol
		}
	}
	fromSpec := len(s.Args)
	if err := fa.applyArgs(s); err != nil {
		return err
	}
	if fromSpec == 0 {
		sortByArgIndex(s.Args)
	}
	return nil
}

// sortByArgIndex orders arguments created by flags without a spec by the
// N of their names argN (the kernel's %argN), whatever the flag order.
func sortByArgIndex(as []ArgSpec) {
	idx := func(a ArgSpec) int {
		n, err := strconv.Atoi(strings.TrimPrefix(a.Name, "arg"))
		if err != nil || !strings.HasPrefix(a.Name, "arg") {
			return -1
		}
		return n
	}
	for _, a := range as {
		if idx(a) < 0 {
			return
		}
	}
	sort.SliceStable(as, func(i, j int) bool { return idx(as[i]) < idx(as[j]) })
}

func (fa *flagArgs) applyArgs(s *Spec) error {
	for _, kv := range fa.tensors { // NAME=SHAPE:DTYPE, SHAPE = d0xd1 or d0,d1
		name, v, err := splitKV(kv, "--tensor")
		if err != nil {
			return err
		}
		shape, dt, ok := strings.Cut(v, ":")
		if !ok {
			return fmt.Errorf("--tensor %s: want NAME=SHAPE:DTYPE, e.g. A=256x128:f16", kv)
		}
		a := s.arg(name)
		a.Shape, a.DType, a.Value, a.Float = parseShape(shape), dt, nil, nil
	}
	for _, kv := range fa.scalars { // NAME=VALUE[:DTYPE]
		name, v, err := splitKV(kv, "--scalar")
		if err != nil {
			return err
		}
		val, dt, _ := strings.Cut(v, ":")
		a := s.arg(name)
		a.Shape, a.DType = nil, dt
		if f, err := strconv.ParseFloat(val, 64); err == nil && strings.ContainsAny(val, ".eE") && !strings.HasPrefix(val, "0x") {
			a.Float, a.Value = &f, nil
		} else {
			a.Value, a.Float = &Int{Expr: val}, nil
		}
	}
	for _, kv := range fa.inputs {
		name, v, err := splitKV(kv, "--input")
		if err != nil {
			return err
		}
		s.arg(name).File = v
	}
	for _, kv := range fa.saves {
		name, v, err := splitKV(kv, "--save")
		if err != nil {
			return err
		}
		s.arg(name).Save = v
	}
	for _, kv := range fa.sparse { // NAME or NAME=A|B
		name, role, _ := strings.Cut(kv, "=")
		if role == "" {
			role = "A"
		}
		s.arg(name).Sparse = role
	}
	for _, kv := range fa.zeroBlocks { // NAME=FRACTION
		name, v, err := splitKV(kv, "--zero-blocks")
		if err != nil {
			return err
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("--zero-blocks %s: %q is not a fraction between 0 and 1", name, v)
		}
		s.arg(name).ZeroBlocks = &f
	}
	for _, name := range fa.outputs {
		s.arg(name).Output = true
	}
	return nil
}

// arg returns the spec argument called name, appending it when missing.
func (s *Spec) arg(name string) *ArgSpec {
	for i := range s.Args {
		if s.Args[i].Name == name {
			return &s.Args[i]
		}
	}
	s.Args = append(s.Args, ArgSpec{Name: name})
	return &s.Args[len(s.Args)-1]
}

func splitKV(kv, flag string) (string, string, error) {
	k, v, ok := strings.Cut(kv, "=")
	if !ok || k == "" || v == "" {
		return "", "", fmt.Errorf("%s %q: want NAME=VALUE", flag, kv)
	}
	return strings.TrimSpace(k), strings.TrimSpace(v), nil
}

func parseShape(s string) []Int {
	sep := "x"
	if strings.Contains(s, ",") {
		sep = ","
	}
	var out []Int
	for _, d := range strings.Split(s, sep) {
		out = append(out, Int{Expr: strings.TrimSpace(d)})
	}
	return out
}

func sortStrings(s []string) { sort.Strings(s) }

func sortInts(s []int) { sort.Ints(s) }

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
