package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sparsetriton/sp/internal/atomicfile"
	"github.com/sparsetriton/sp/internal/tritondir"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/sparse"
	"github.com/urfave/cli/v2"
)

// options are the run flags that are not part of the launch description.
type options struct {
	input, specPath, kernel, backend, manifest string
	sm, workers, device                        int
	numWarps, numStages                        int
	check                                      string
	samples                                    int
	noVerify, noSpec, bench, json, printIR     bool
	warmup, iters                              int
	maxTime                                    float64
	savePTX                                    string
	maxMemory                                  int64  // bytes; 0: defaultMemLimit
	timing                                     string // single, back-to-back or graph (bench.go)
	batch                                      int    // launches per timed sample
	tuning                                     string // tuning records to pick a config from (tune.go)
	pipelineOpts                               string // more sp-pipeline options for the cuda backend (pipeopts.go)
}

func readOptions(c *cli.Context) (options, error) {
	o := options{
		input: c.Args().First(), specPath: c.String("spec"), kernel: c.String("kernel"),
		backend: c.String("backend"), manifest: c.String("manifest"), sm: c.Int("sm"),
		numWarps: c.Int("num-warps"), numStages: c.Int("num-stages"),
		workers: c.Int("workers"), device: c.Int("device"), check: c.String("check"),
		samples: c.Int("samples"), noVerify: c.Bool("no-verify"), noSpec: c.Bool("no-spec"), bench: c.Bool("bench"),
		json: c.Bool("json"), printIR: c.Bool("print-ir"), warmup: c.Int("warmup"), iters: c.Int("iters"), maxTime: c.Float64("max-time"), savePTX: c.String("save-ptx"),
		timing: c.String("timing"), batch: c.Int("batch"), tuning: c.String("tuning"), pipelineOpts: c.String("pipeline-options"),
	}
	var err error
	if o.maxMemory, err = maxMemoryFlag(c); err != nil {
		return o, err
	}
	return o, o.validate()
}

// maxMemoryFlag reads --max-memory (0 when not given).
func maxMemoryFlag(c *cli.Context) (int64, error) {
	if !c.IsSet("max-memory") {
		return 0, nil
	}
	return parseSize(c.String("max-memory"))
}

// validate rejects option values that would make a run check nothing or
// fail later with a less clear message.
func (o options) validate() error {
	switch o.check {
	case "auto", "full", "sampled":
	default:
		return fmt.Errorf("unknown --check %q (want auto, full or sampled)", o.check)
	}
	if o.samples < 1 {
		return fmt.Errorf("--samples %d: a sampled check needs at least 1 row and column", o.samples)
	}
	if o.workers < 0 {
		return fmt.Errorf("--workers %d: want a positive count (0 or absent: GOMAXPROCS)", o.workers)
	}
	if o.warmup < 0 || o.iters < 0 || (o.bench && o.iters < 1) {
		return fmt.Errorf("--warmup %d --iters %d: want warmup >= 0 and iters >= 1", o.warmup, o.iters)
	}
	if math.IsNaN(o.maxTime) || o.maxTime < 0 {
		return fmt.Errorf("--max-time %v: want a non-negative number of seconds", o.maxTime)
	}
	if o.numWarps < 1 || o.numStages < 1 {
		return fmt.Errorf("--num-warps %d --num-stages %d: both must be at least 1", o.numWarps, o.numStages)
	}
	if _, err := spPipelineOptions("cuda:90", o.numWarps, o.numStages, o.pipelineOpts); err != nil {
		return err
	}
	return nil
}

func readFlagArgs(c *cli.Context) *flagArgs {
	fa := &flagArgs{
		grid: c.String("grid"), sets: c.StringSlice("set"), tensors: c.StringSlice("tensor"),
		scalars: c.StringSlice("scalar"), inputs: c.StringSlice("input"), saves: c.StringSlice("save"),
		sparse: c.StringSlice("sparse"), outputs: c.StringSlice("output"), zeroBlocks: c.StringSlice("zero-blocks"),
		verify: c.String("verify"),
	}
	if c.IsSet("seed") {
		s := c.Uint64("seed")
		fa.seed = &s
	}
	if c.IsSet("prune") {
		p := c.Bool("prune")
		fa.prune = &p
	}
	if c.IsSet("atol") {
		v := c.Float64("atol")
		fa.atol = &v
	}
	if c.IsSet("rtol") {
		v := c.Float64("rtol")
		fa.rtol = &v
	}
	return fa
}

func runAction(c *cli.Context, stdout, stderr io.Writer) error {
	o, err := readOptions(c)
	if err != nil {
		return err
	}
	if o.input == "" {
		return errors.New("missing input: sp-run KERNEL.mlir|KERNEL.ptx (see sp-run --help)")
	}
	if c.NArg() > 1 {
		return fmt.Errorf("one input file expected, got %d: %s", c.NArg(), strings.Join(c.Args().Slice(), " "))
	}
	if err := fromTritonDir(&o); err != nil {
		return err
	}
	spec, err := specFor(o)
	if err != nil {
		return err
	}
	if err := readFlagArgs(c).apply(spec); err != nil {
		return err
	}
	if o.kernel == "" {
		o.kernel = spec.Kernel
	}
	prog, err := compile(o, spec, stderr)
	if err != nil {
		return err
	}
	r, err := newRunner(o, prog)
	if err != nil {
		return err
	}
	defer r.close()
	if !spec.fromFile && len(spec.Grid) == 0 && len(spec.Args) == 0 {
		return fmt.Errorf("no launch spec for %s: write %s (like examples/sparse_matmul.json) or give --grid and, in order, the arguments of @%s(%s) with --tensor, --scalar or --input",
			o.input, defaultSpecPath(o.input), prog.Name, paramList(prog.Params))
	}
	rep, err := execute(prog, spec, r, o)
	if err != nil {
		return err
	}
	if err := rep.print(stdout, o.json); err != nil {
		return err
	}
	if rep.Verify != nil && !rep.Verify.ok() {
		return &mismatchError{rep.Verify}
	}
	return nil
}

// fromTritonDir resolves a Triton cache entry or dump directory given as
// the input: its kernel's IR file (.ttir first), and from its .json the
// warps, stages and compute capability that the flags leave unset.
func fromTritonDir(o *options) error {
	if !tritondir.IsDir(o.input) {
		return nil
	}
	e, err := tritondir.Open(o.input, o.kernel)
	if err != nil {
		return err
	}
	o.input = e.IR
	if m := e.Meta; m != nil {
		if o.numWarps == 0 {
			o.numWarps = m.NumWarps
		}
		if o.numStages == 0 {
			o.numStages = m.NumStages
		}
		if o.sm == 0 {
			o.sm = m.SM()
		}
	}
	return nil
}

// specFor loads --spec, or the spec next to the input when there is one.
func specFor(o options) (*Spec, error) {
	path := o.specPath
	if o.noSpec {
		return &Spec{}, nil
	}
	if path == "" {
		def := defaultSpecPath(o.input)
		if _, err := os.Stat(def); err != nil || filepath.Ext(o.input) == ".json" {
			return &Spec{}, nil
		}
		path = def
	}
	return loadSpec(path)
}

// compile turns the input into a program for the chosen back end. Plain
// pointer parameters that the launch marks "sparse" are marked 2:4 with
// annotate-sparse first.
func compile(o options, spec *Spec, stderr io.Writer) (*program, error) {
	switch filepath.Ext(o.input) {
	case ".mlir", ".ttir", ".ttgir", ".source":
	case ".ptx":
		return loadPTX(o)
	default:
		return nil, fmt.Errorf("%s: the input must be Triton IR (.ttir, .ttgir, .source or .mlir) or a .ptx file", o.input)
	}
	module, err := parseModule(o.input)
	if err != nil {
		return nil, err
	}
	fn, err := findKernel(module, o.kernel)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.input, err)
	}
	if err := annotateFromSpec(fn, spec); err != nil {
		return nil, err
	}
	params, err := ttirParams(fn)
	if err != nil {
		return nil, err
	}
	prog := &program{Source: o.input, Name: symName(fn), Params: params, Layout: cpuLayout, module: module}
	switch o.backend {
	case "cpu":
		if err := compileCPU(module); err != nil {
			return nil, err
		}
		setParamLayouts(prog, fn)
	case "cuda":
		if err := compileGPU(prog, o); err != nil {
			return nil, err
		}
		setParamLayouts(prog, fn)
		if err := savePTX(prog, o.savePTX); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown --backend %q (want cpu or cuda)", o.backend)
	}
	if o.printIR {
		if prog.ptx != "" {
			fmt.Fprint(stderr, prog.ptx)
		} else {
			fmt.Fprintln(stderr, ir.Print(module, ir.PrintOptions{}))
		}
	}
	return prog, nil
}

func newRunner(o options, prog *program) (runner, error) {
	switch o.backend {
	case "cpu":
		if prog.module == nil {
			return nil, fmt.Errorf("%s: a .ptx input needs --backend cuda", o.input)
		}
		limit := o.maxMemory
		if limit <= 0 {
			limit = defaultMemLimit()
		}
		if err := checkInterpreterTensors(prog.module, workerCount(o.workers), limit); err != nil {
			return nil, err
		}
		return newCPURunner(prog, o.workers)
	case "cuda":
		return newCUDARunner(prog, o.device)
	}
	return nil, fmt.Errorf("unknown --backend %q (want cpu or cuda)", o.backend)
}

// argReport describes one bound argument.
type argReport struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Value  string `json:"value,omitempty"`
	Sparse string `json:"sparse,omitempty"`
	Layout string `json:"metadataLayout,omitempty"`
	Values string `json:"values,omitempty"`
	Meta   string `json:"metadata,omitempty"`
	Pruned bool   `json:"pruned,omitempty"`
	Blocks string `json:"blocks,omitempty"`
	// A compressed input: the layout its metadata came in, where it was
	// converted to the kernel's (host or gpu) and how long that took.
	ConvertedFrom string  `json:"convertedFrom,omitempty"`
	ConvertedOn   string  `json:"convertedOn,omitempty"`
	ConvertMs     float64 `json:"convertMs,omitempty"`
	Output        bool    `json:"output,omitempty"`
	Saved         string  `json:"saved,omitempty"`
}

// report is what sp-run prints.
type report struct {
	Input   string       `json:"input"`
	Kernel  string       `json:"kernel"`
	Backend string       `json:"backend"`
	Grid    [3]int       `json:"grid"`
	Args    []argReport  `json:"args"`
	Verify  *checkResult `json:"verify,omitempty"`
	Bench   *benchResult `json:"bench,omitempty"`
}

// execute binds, uploads, launches, reads back, verifies, saves and
// (with --bench) times the kernel.
func execute(prog *program, spec *Spec, r runner, o options) (*report, error) {
	spec.maxBytes = o.maxMemory
	pl, err := resolve(spec, prog)
	if err != nil {
		return nil, err
	}
	kargs, err := upload(pl, r)
	if err != nil {
		return nil, err
	}
	if err := r.launch(pl.grid, kargs); err != nil {
		return nil, fmt.Errorf("launch of @%s failed: %w", prog.Name, err)
	}
	if err := readBack(pl, r); err != nil {
		return nil, err
	}
	rep := &report{Input: prog.Source, Kernel: prog.Name, Backend: r.describe(), Grid: pl.grid}
	if pl.check != nil && !o.noVerify {
		if rep.Verify, err = pl.check.run(o.check, o.samples, pl.seed); err != nil {
			return nil, err
		}
	}
	for _, a := range pl.args {
		if a.spec.Save != "" {
			if err := writeNPY(a.spec.Save, a.tensor); err != nil {
				return nil, fmt.Errorf("saving %s: %v", a.spec.Name, err)
			}
		}
		rep.Args = append(rep.Args, describeArg(a))
	}
	if o.bench {
		if rep.Bench, err = benchmark(pl, r, kargs, timing{o.timing, o.warmup, o.iters, o.batch}, o.maxTime); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// upload allocates a device buffer per pointer parameter (values and
// metadata for a 2:4 operand) and returns the launch arguments in order.
func upload(pl *launchPlan, r runner) ([]kernelArg, error) {
	if _, interp := r.(*cpuRunner); !interp {
		if err := pl.checkDivisibility(); err != nil {
			return nil, err
		}
	}
	var out []kernelArg
	for _, a := range pl.args {
		if a.tensor == nil {
			out = append(out, kernelArg{isFloat: a.isFloat, i: a.scalarI, f: a.scalarF, dtype: a.dtype})
			continue
		}
		datas := [][]byte{a.tensor.Data}
		if a.comp != nil {
			datas = [][]byte{a.comp.Values.Data, a.comp.MetaBytes()}
		}
		labels := []string{a.spec.Name}
		if a.comp != nil {
			labels = []string{a.spec.Name + ".values", a.spec.Name + ".metadata"}
		}
		if b := a.bsr; b != nil {
			datas = append(datas, sparse.Int32Bytes(b.Indptr), sparse.Int32Bytes(b.Indices))
			labels = append(labels, a.spec.Name+".indptr", a.spec.Name+".indices")
		}
		if mc, ok := r.(metaConverter); ok && a.fromMeta != nil {
			// The given metadata goes to the device as is and is permuted
			// into the kernel's layout there.
			vb, err := r.alloc(labels[0], datas[0])
			if err != nil {
				return nil, fmt.Errorf("allocating %s: %v", a.spec.Name, err)
			}
			mb, ms, err := mc.convertMeta(labels[1], a.fromMeta, a.fromLayout, a.comp)
			if err != nil {
				return nil, fmt.Errorf("converting the metadata of %s on the device: %v", a.spec.Name, err)
			}
			a.gpuConvert = ms
			a.dev = append(a.dev, vb, mb)
			out = append(out, kernelArg{buf: vb, isPtr: true, dtype: a.params[0].DType}, kernelArg{buf: mb, isPtr: true, dtype: a.params[1].DType})
			continue
		}
		for i, d := range datas {
			b, err := r.alloc(labels[i], d)
			if err != nil {
				return nil, fmt.Errorf("allocating %s: %v", a.spec.Name, err)
			}
			a.dev = append(a.dev, b)
			out = append(out, kernelArg{buf: b, isPtr: true, dtype: a.params[i].DType})
		}
	}
	return out, nil
}

// readBack copies the outputs (marked, or the verified result) to the host.
func readBack(pl *launchPlan, r runner) error {
	want := map[*hostArg]bool{}
	if pl.check != nil {
		want[pl.check.out] = true
	}
	for _, a := range pl.args {
		if a.tensor != nil && (a.spec.Output || want[a]) {
			if a.comp != nil {
				return fmt.Errorf("%s is a 2:4 operand: it cannot be read back as an output", a.spec.Name)
			}
			if err := r.read(a.dev[0], a.tensor.Data); err != nil {
				return fmt.Errorf("reading %s back: %v", a.spec.Name, err)
			}
		}
	}
	return nil
}

func describeArg(a *hostArg) argReport {
	ar := argReport{Name: a.spec.Name, Output: a.spec.Output, Saved: a.spec.Save}
	switch {
	case a.tensor == nil && a.isFloat:
		ar.Type, ar.Value = string(a.dtype), fmt.Sprint(a.scalarF)
	case a.tensor == nil:
		ar.Type, ar.Value = string(a.dtype), fmt.Sprint(a.scalarI)
	default:
		ar.Type = a.tensor.String()
	}
	if c := a.comp; c != nil {
		r, k := c.MetaShape()
		ar.Sparse, ar.Pruned, ar.Layout = a.spec.Sparse, a.pruned, c.Layout.String()
		ar.Values = fromMatrix(c.Values).String()
		if b := a.bsr; b != nil {
			ar.Blocks = fmt.Sprintf("BSR24 %dx%d blocks: %d of %d stored (%.0f %% zero), indptr i32[%d], indices i32[%d]",
				b.BM, b.BK, b.NumStored(), b.BlockRows()*b.BlockCols(), 100*b.ZeroFraction(), len(b.Indptr), len(b.Indices))
		}
		switch c.Layout {
		case sparse.Natural:
			ar.Meta = fmt.Sprintf("i16[%dx%d]", r, k)
		case sparse.Band16T, sparse.Band16K32T:
			ar.Meta = fmt.Sprintf("i16[%dx%d]", k*16, r/16)
		default:
			ar.Meta = fmt.Sprintf("i16[%dx%d]", r/16, k*16)
		}
		if a.fromMeta != nil {
			ar.ConvertedFrom, ar.ConvertedOn = a.fromLayout.String(), "host"
			ar.ConvertMs = float64(a.convertTime.Nanoseconds()) / 1e6
			if a.gpuConvert > 0 {
				ar.ConvertedOn, ar.ConvertMs = "gpu", a.gpuConvert
			}
		}
	}
	return ar
}

func (rep *report) print(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(w, "sp-run: %s @%s on %s, grid %dx%dx%d\n", rep.Input, rep.Kernel, rep.Backend, rep.Grid[0], rep.Grid[1], rep.Grid[2])
	for _, a := range rep.Args {
		fmt.Fprintf(w, "  %-10s %s", a.Name, a.Type)
		if a.Value != "" {
			fmt.Fprintf(w, " = %s", a.Value)
		}
		if a.Sparse != "" {
			how := "validated 2:4"
			if a.Pruned {
				how = "pruned to 2:4"
			}
			if a.ConvertedFrom != "" {
				how = "compressed"
			}
			fmt.Fprintf(w, ", %s operand %s: values %s, metadata %s (%s)", how, a.Sparse, a.Values, a.Meta, a.Layout)
			if a.Blocks != "" {
				fmt.Fprintf(w, "; %s", a.Blocks)
			}
			if a.ConvertedFrom != "" {
				fmt.Fprintf(w, " converted from %s on the %s in %.3f ms", a.ConvertedFrom, a.ConvertedOn, a.ConvertMs)
			}
		}
		if a.Output {
			fmt.Fprint(w, ", output")
		}
		if a.Saved != "" {
			fmt.Fprintf(w, ", saved to %s", a.Saved)
		}
		fmt.Fprintln(w)
	}
	if rep.Verify != nil {
		fmt.Fprintln(w, rep.Verify.String())
	}
	if rep.Bench != nil {
		fmt.Fprintln(w, rep.Bench.String())
	}
	return nil
}

func sortedKeys(m map[string]int64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// savePTX writes the compiled PTX to path and its manifest (lower/ptx's
// format, this kernel only) to path's .manifest.json, so that
// `sp-run path --backend cuda` runs it again without the compiler.
func savePTX(prog *program, path string) error {
	if path == "" {
		return nil
	}
	mf := manifestFile{Target: prog.target, PTXVersion: prog.ptxVer, Kernels: []kernelManifest{*prog.gpu}}
	b, err := json.MarshalIndent(mf, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, []byte(prog.ptx), 0o644); err != nil {
		return err
	}
	return atomicfile.WriteFile(strings.TrimSuffix(path, ".ptx")+".manifest.json", append(b, '\n'), 0o644)
}

// paramList spells the kernel's parameters as the launch gives them: a
// 2:4 operand (values and metadata) is one sparse pointer.
func paramList(ps []devParam) string {
	var out []string
	for _, p := range ps {
		t := string(p.DType)
		switch {
		case p.Role == roleMetadata || p.Role == roleIndptr || p.Role == roleIndices:
			continue
		case p.Role == roleValues && p.Block != [2]int{}:
			t = "!tt.ptr<" + t + fmt.Sprintf(`, #tt.sparse<"BSR24", block = [%d, %d]>>`, p.Block[0], p.Block[1])
		case p.Role == roleValues:
			t = "!tt.ptr<" + t + `, #tt.sparse<"NV24">>`
		case p.Ptr:
			t = "!tt.ptr<" + t + ">"
		}
		out = append(out, p.Name+": "+t)
	}
	return strings.Join(out, ", ")
}
