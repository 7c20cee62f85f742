package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// tuneSpace is the file `sp-run tune` reads: the kernel variants (each a
// TTIR file with its launch spec next to it), the pipeline options and
// split-K factors to try with each, and the shapes. The space is declared
// once; every candidate of it runs on every shape it applies to.
type tuneSpace struct {
	Title    string             `json:"title,omitempty"`
	Backend  string             `json:"backend,omitempty"`
	Timing   string             `json:"timing,omitempty"` // single, back-to-back, graph (default graph on cuda)
	Batch    int                `json:"batch,omitempty"`
	Warmup   int                `json:"warmup,omitempty"`
	Iters    int                `json:"iters,omitempty"`
	MaxTime  float64            `json:"maxTime,omitempty"`
	Check    string             `json:"check,omitempty"`
	SM       int                `json:"sm,omitempty"` // compile target on cuda (80: the mma.sp path; 0: the device's)
	Variants []tuneVariant      `json:"variants"`
	Warps    []int              `json:"numWarps"`
	Stages   []int              `json:"numStages"`
	SplitK   []int64            `json:"splitK,omitempty"`
	Shapes   []map[string]int64 `json:"shapes,omitempty"`
	// PipelineOptions are more sp-pipeline options for every candidate, as
	// --pipeline-options takes them (e.g. "tma=true").
	PipelineOptions string `json:"pipelineOptions,omitempty"`
	dir             string
}

// tuneVariant is one kernel of the space. Its launch spec is Launch or the
// .json next to the kernel; split-K factors apply to kernels whose spec
// declares a SPLIT_K variable. MinN/MaxN restrict the shapes it runs on;
// Warps/Stages override the space's lists for this kernel.
type tuneVariant struct {
	Kernel string  `json:"kernel"`
	Launch string  `json:"launch,omitempty"`
	MinN   int64   `json:"minN,omitempty"`
	MaxN   int64   `json:"maxN,omitempty"`
	Warps  []int   `json:"numWarps,omitempty"`
	Stages []int   `json:"numStages,omitempty"`
	SplitK []int64 `json:"splitK,omitempty"`
}

// tuneConfig is one point of the space for a kernel.
type tuneConfig struct {
	NumWarps  int   `json:"numWarps"`
	NumStages int   `json:"numStages"`
	SplitK    int64 `json:"splitK"`
	// PipelineOptions are the space's more sp-pipeline options.
	PipelineOptions string `json:"pipelineOptions,omitempty"`
}

// tuneRecord is one line of the JSONL output: a candidate on a shape.
type tuneRecord struct {
	Kernel   string           `json:"kernel"` // relative to the record file's directory
	Function string           `json:"function,omitempty"`
	Arch     string           `json:"arch"`
	GPU      string           `json:"gpu"`
	Shape    map[string]int64 `json:"shape"`
	Config   tuneConfig       `json:"config"`
	Timing   string           `json:"timing"`
	Batch    int              `json:"batch"`
	L2Flush  bool             `json:"l2Flushed"`
	TimesMs  []float64        `json:"timesMs,omitempty"`
	MedianMs float64          `json:"medianMs,omitempty"`
	MinMs    float64          `json:"minMs,omitempty"`
	TFLOPs   float64          `json:"tflops,omitempty"`
	GBs      float64          `json:"gbs,omitempty"`
	Verified bool             `json:"verified"`
	Check    string           `json:"check,omitempty"`
	Error    string           `json:"error,omitempty"`
}

func tuneCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "tune",
		Usage:     "run every candidate of a declared space (kernel variants x num-warps x num-stages x split-K) on each shape: verify, time, write JSONL records",
		ArgsUsage: "SPACE.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "o", Usage: "write the records to `FILE.jsonl` (default: stdout)"},
			&cli.StringFlag{Name: "shapes", Usage: "take the shapes from `BENCH.json` (an sp-run bench file) instead of the space's"},
			&cli.StringFlag{Name: "shard", Usage: "run only shard `I/N` of the candidate list (contiguous blocks, 0 <= I < N)"},
			&cli.StringFlag{Name: "devices", Usage: "run shards in parallel on the CUDA devices `D0,D1,...` (one sp-run tune --shard per device) and merge"},
			&cli.StringFlag{Name: "backend", Usage: "override the space's backend (cpu or cuda)"},
			&cli.StringFlag{Name: "timing", Usage: "override the space's timing mode"},
			&cli.IntFlag{Name: "device", Usage: "CUDA device ordinal"},
			&cli.IntFlag{Name: "workers", Usage: "CPU interpreter workers"},
			&cli.IntFlag{Name: "sm", Usage: "override the space's GPU target (80 or 90)"},
			&cli.IntFlag{Name: "from", Value: -1, Hidden: true, Usage: "start at candidate `N` of the list (a resumed run)"},
			&cli.BoolFlag{Name: "append", Hidden: true, Usage: "append to -o"},
		},
		Action: func(c *cli.Context) error { return tuneAction(c, stdout, stderr) },
		Subcommands: []*cli.Command{{
			Name:      "merge",
			Usage:     "merge record files (the latest record of each kernel, GPU, shape, config and timing wins); print the best per shape",
			ArgsUsage: "IN.jsonl...",
			Flags:     []cli.Flag{&cli.StringFlag{Name: "o", Usage: "write the merged records to `FILE.jsonl`"}},
			Action: func(c *cli.Context) error {
				return mergeAction(c.String("o"), c.Args().Slice(), stdout)
			},
		}},
	}
}

func loadSpace(path string) (*tuneSpace, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	s := &tuneSpace{Backend: "cuda", Warmup: 3, Iters: 10, Check: "auto", dir: filepath.Dir(path)}
	if err := dec.Decode(s); err != nil {
		return nil, fmt.Errorf("tuning space %s: %v", path, jsonError(raw, err))
	}
	if len(s.Variants) == 0 || len(s.Warps) == 0 || len(s.Stages) == 0 {
		return nil, fmt.Errorf("tuning space %s: needs \"variants\", \"numWarps\" and \"numStages\"", path)
	}
	if len(s.SplitK) == 0 {
		s.SplitK = []int64{1}
	}
	for i := range s.Variants {
		v := &s.Variants[i]
		if v.Kernel == "" {
			return nil, fmt.Errorf("tuning space %s: variant %d has no \"kernel\"", path, i)
		}
		if !filepath.IsAbs(v.Kernel) {
			v.Kernel = filepath.Join(s.dir, v.Kernel)
		}
		if v.Launch == "" {
			v.Launch = defaultSpecPath(v.Kernel)
		} else if !filepath.IsAbs(v.Launch) {
			v.Launch = filepath.Join(s.dir, v.Launch)
		}
	}
	return s, nil
}

// candidate is one (shape, kernel, config) point to run.
type candidate struct {
	shape map[string]int64
	v     *tuneVariant
	cfg   tuneConfig
}

// candidates enumerates the space in a fixed order: shape, variant,
// warps, stages, split-K.
func (s *tuneSpace) candidates() ([]candidate, error) {
	var out []candidate
	for _, shape := range s.Shapes {
		for i := range s.Variants {
			v := &s.Variants[i]
			n := shape["N"]
			if (v.MinN > 0 && n < v.MinN) || (v.MaxN > 0 && n > v.MaxN) {
				continue
			}
			spec, err := loadSpec(v.Launch)
			if err != nil {
				return nil, err
			}
			_, hasSplit := spec.Vars["SPLIT_K"]
			warps, stages, splits := pick(v.Warps, s.Warps), pick(v.Stages, s.Stages), pickI(v.SplitK, s.SplitK)
			if !hasSplit {
				splits = []int64{1}
			}
			for _, w := range warps {
				for _, st := range stages {
					for _, sk := range splits {
						out = append(out, candidate{shape: shape, v: v, cfg: tuneConfig{NumWarps: w, NumStages: st, SplitK: sk, PipelineOptions: s.PipelineOptions}})
					}
				}
			}
		}
	}
	return out, nil
}

func pick(a, b []int) []int {
	if len(a) > 0 {
		return a
	}
	return b
}

func pickI(a, b []int64) []int64 {
	if len(a) > 0 {
		return a
	}
	return b
}

// parseShard reads "I/N".
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: want I/N with 0 <= I < N", s)
	}
	return i, n, nil
}

func tuneAction(c *cli.Context, stdout, stderr io.Writer) error {
	if c.NArg() != 1 {
		return fmt.Errorf("usage: sp-run tune SPACE.json")
	}
	s, err := loadSpace(c.Args().First())
	if err != nil {
		return err
	}
	if v := c.String("backend"); v != "" {
		s.Backend = v
	}
	if v := c.String("timing"); v != "" {
		s.Timing = v
	}
	if c.IsSet("sm") {
		s.SM = c.Int("sm")
	}
	if s.Timing == "" {
		s.Timing = "graph"
		if s.Backend == "cpu" {
			s.Timing = "single"
		}
	}
	if err := checkTiming(s.Timing); err != nil {
		return err
	}
	if f := c.String("shapes"); f != "" {
		b, err := loadSweep(f)
		if err != nil {
			return err
		}
		s.Shapes = b.Shapes
	}
	if len(s.Shapes) == 0 {
		return fmt.Errorf("tuning space %s: no shapes (give \"shapes\" or --shapes BENCH.json)", c.Args().First())
	}
	out := c.String("o")
	if d := c.String("devices"); d != "" {
		return tuneDevices(c, d, out, stderr)
	}
	si, sn, err := parseShard(c.String("shard"))
	if err != nil {
		return err
	}
	cands, err := s.candidates()
	if err != nil {
		return err
	}
	lo, hi := si*len(cands)/sn, (si+1)*len(cands)/sn
	if from := c.Int("from"); from >= 0 {
		lo = min(max(lo, from), hi)
	}
	cands = cands[lo:hi]
	w := stdout
	relTo := "."
	if out != "" {
		flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if c.Bool("append") {
			flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		}
		f, err := os.OpenFile(out, flags, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		w, relTo = f, filepath.Dir(out)
	}
	if _, err := spPipelineOptions("cuda:90", 0, 0, s.PipelineOptions); err != nil {
		return fmt.Errorf("tuning space: %v", err)
	}
	t := &tuner{s: s, o: options{backend: s.Backend, check: s.Check, samples: 64, device: c.Int("device"), workers: c.Int("workers"), sm: s.SM,
		pipelineOpts: s.PipelineOptions},
		progs: map[string]*program{}, errs: map[string]error{}, stderr: stderr, relTo: relTo}
	enc := json.NewEncoder(w)
	bar := newProgress(stderr, max(1, len(cands)))
	var prev map[string]int64
	for i, cd := range cands {
		bar.step(i, shapeLabel(cd.shape)+" "+filepath.Base(cd.v.Kernel))
		if prev == nil || !sameShape(prev, cd.shape) {
			t.endShape()
			prev = cd.shape
		}
		rec := t.run(cd)
		if err := enc.Encode(rec); err != nil {
			return err
		}
		if s.Backend == "cuda" && stickyError(rec.Error) && i+1 < len(cands) {
			// A kernel fault leaves the CUDA context unusable: the rest
			// of the list runs in a fresh process, appending.
			bar.done()
			fmt.Fprintf(stderr, "sp-run tune: %s faulted (%s); resuming at candidate %d in a new process\n", filepath.Base(cd.v.Kernel), rec.Error, lo+i+1)
			return resumeTune(c, lo+i+1, stderr)
		}
	}
	t.endShape()
	bar.done()
	return nil
}

// stickyError reports a CUDA error after which the context is unusable.
func stickyError(msg string) bool {
	for _, s := range []string{"IllegalAddress", "ILLEGAL_ADDRESS", "LaunchFailed", "LAUNCH_FAILED", "MisalignedAddress",
		"MISALIGNED_ADDRESS", "IllegalInstruction", "ILLEGAL_INSTRUCTION", "HardwareStackError", "HARDWARE_STACK_ERROR",
		"InvalidPc", "INVALID_PC", "Assert", "ASSERT", "LaunchTimeout", "LAUNCH_TIMEOUT", "InvalidAddressSpace", "INVALID_ADDRESS_SPACE"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// resumeTune re-runs this tune command from candidate from, appending to
// the same output, in a child process.
func resumeTune(c *cli.Context, from int, stderr io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	args := []string{"tune", "--from", strconv.Itoa(from), "--device", strconv.Itoa(c.Int("device"))}
	for _, f := range []string{"shapes", "backend", "timing", "shard"} {
		if v := c.String(f); v != "" {
			args = append(args, "--"+f, v)
		}
	}
	if c.IsSet("sm") {
		args = append(args, "--sm", strconv.Itoa(c.Int("sm")))
	}
	if out := c.String("o"); out != "" {
		args = append(args, "-o", out, "--append")
	}
	cmd := exec.Command(exe, append(args, c.Args().First())...)
	cmd.Stdout, cmd.Stderr = os.Stdout, stderr
	return cmd.Run()
}

func sameShape(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// tuneDevices runs one `sp-run tune --shard i/n --device d` per device
// and merges their records into out.
func tuneDevices(c *cli.Context, list, out string, stderr io.Writer) error {
	devs := strings.Split(list, ",")
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "sp-tune")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var cmds []*exec.Cmd
	var parts []string
	for i, d := range devs {
		if _, err := strconv.Atoi(strings.TrimSpace(d)); err != nil {
			return fmt.Errorf("--devices %q: want comma-separated device ordinals", list)
		}
		part := filepath.Join(tmp, fmt.Sprintf("part%d.jsonl", i))
		args := []string{"tune", "--shard", fmt.Sprintf("%d/%d", i, len(devs)), "--device", strings.TrimSpace(d), "-o", part}
		for _, f := range []string{"shapes", "backend", "timing"} {
			if v := c.String(f); v != "" {
				args = append(args, "--"+f, v)
			}
		}
		if c.IsSet("sm") {
			args = append(args, "--sm", strconv.Itoa(c.Int("sm")))
		}
		cmd := exec.Command(exe, append(args, c.Args().First())...)
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds, parts = append(cmds, cmd), append(parts, part)
	}
	var first error
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil && first == nil {
			first = fmt.Errorf("tune on device %s: %v", devs[i], err)
		}
	}
	if first != nil {
		return first
	}
	if out == "" {
		out = "/dev/stdout"
	}
	return mergeFiles(out, parts, io.Discard)
}

// tuner runs candidates, caching compiled programs and, per shape, the
// host data and the input buffers (the variants of one space share their
// inputs; outputs are fresh per candidate).
type tuner struct {
	s      *tuneSpace
	o      options
	progs  map[string]*program
	errs   map[string]error
	stderr io.Writer
	relTo  string
	// per shape
	base   *launchPlan
	inputs map[string][]buffer
	owner  runner // the runner that allocated inputs
	gpu    string
}

func (t *tuner) endShape() {
	if t.owner != nil {
		t.owner.close()
	}
	t.base, t.inputs, t.owner = nil, nil, nil
}

func (t *tuner) program(v *tuneVariant, cfg tuneConfig) (*program, error) {
	key := fmt.Sprintf("%s|%d|%d|%s", v.Kernel, cfg.NumWarps, cfg.NumStages, cfg.PipelineOptions)
	if p, ok := t.progs[key]; ok {
		return p, nil
	}
	if err, ok := t.errs[key]; ok {
		return nil, err
	}
	o := t.o
	o.input, o.numWarps, o.numStages, o.pipelineOpts = v.Kernel, cfg.NumWarps, cfg.NumStages, cfg.PipelineOptions
	var p *program
	spec, err := loadSpec(v.Launch)
	if err == nil {
		o.kernel = spec.Kernel
		p, err = compile(o, spec, io.Discard)
	}
	if err != nil {
		t.errs[key] = err
		return nil, err
	}
	t.progs[key] = p
	return p, nil
}

func (t *tuner) record(cd candidate) *tuneRecord {
	k := relPath(t.relTo, cd.v.Kernel)
	return &tuneRecord{Kernel: filepath.ToSlash(k), Shape: cd.shape, Config: cd.cfg, Timing: t.s.Timing,
		Arch: t.s.Backend, GPU: t.gpu}
}

func (t *tuner) run(cd candidate) *tuneRecord {
	rec := t.record(cd)
	if err := t.runInto(cd, rec); err != nil {
		rec.Error = err.Error()
	}
	return rec
}

func (t *tuner) runInto(cd candidate, rec *tuneRecord) error {
	prog, err := t.program(cd.v, cd.cfg)
	if err != nil {
		return err
	}
	rec.Function = prog.Name
	if prog.target != "" {
		rec.Arch = prog.target
	}
	spec, err := loadSpec(cd.v.Launch)
	if err != nil {
		return err
	}
	if spec.Vars == nil {
		spec.Vars = map[string]int64{}
	}
	for k, v := range cd.shape {
		spec.Vars[k] = v
	}
	if _, ok := spec.Vars["SPLIT_K"]; ok {
		spec.Vars["SPLIT_K"] = cd.cfg.SplitK
	}
	spec.maxBytes = t.o.maxMemory
	r, err := newRunner(t.o, prog)
	if err != nil {
		return err
	}
	if t.gpu == "" || rec.GPU == "" {
		t.gpu = deviceName(r)
		rec.GPU = t.gpu
	}
	shared := t.o.backend == "cuda"
	var pl *launchPlan
	if t.base != nil && shared {
		pl, err = t.base.rebind(spec, prog)
	} else {
		pl, err = resolve(spec, prog)
	}
	if err != nil {
		return err
	}
	kargs, fresh, err := t.upload(pl, r, shared)
	if err != nil {
		return err
	}
	defer func() {
		// A CUDA runner's close frees every buffer of the device, the
		// shape's shared inputs included: only the owner closes (endShape).
		for _, b := range fresh {
			r.free(b)
		}
		if !shared {
			r.close()
		}
	}()
	if err := r.launch(pl.grid, kargs); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	if err := readBack(pl, r); err != nil {
		return err
	}
	if pl.check == nil {
		return fmt.Errorf("%s: the launch spec has no \"verify\"; the tuner only times verified candidates", cd.v.Launch)
	}
	v, err := pl.check.run(t.s.Check, 64, pl.seed)
	if err != nil {
		return err
	}
	rec.Check = v.Mode
	if !v.ok() {
		return fmt.Errorf("verification failed: %s", v.String())
	}
	rec.Verified = true
	b, err := benchmark(pl, r, kargs, timing{t.s.Timing, t.s.Warmup, t.s.Iters, t.s.Batch}, t.s.MaxTime)
	if err != nil {
		return err
	}
	rec.Batch, rec.MedianMs, rec.MinMs, rec.TFLOPs, rec.GBs = b.Batch, b.MedianMs, b.MinMs, b.TFLOPs, b.GBs
	rec.TimesMs = b.samples
	return nil
}

// upload allocates the plan's buffers; with shared set, inputs of the
// current shape are uploaded once and reused by later candidates (their
// runner keeps them until endShape). fresh lists the buffers this
// candidate owns.
func (t *tuner) upload(pl *launchPlan, r runner, shared bool) ([]kernelArg, []buffer, error) {
	if !shared || t.base == nil {
		kargs, err := upload(pl, r)
		if err != nil {
			return nil, nil, err
		}
		if !shared {
			return kargs, nil, nil
		}
		t.base, t.owner, t.inputs = pl, r, map[string][]buffer{}
		var fresh []buffer
		for _, a := range pl.args {
			if a.tensor == nil {
				continue
			}
			if a.spec.Output {
				fresh = append(fresh, a.dev...)
			} else {
				t.inputs[a.spec.Name] = a.dev
			}
		}
		return kargs, fresh, nil
	}
	var out []kernelArg
	var fresh []buffer
	for _, a := range pl.args {
		if a.tensor == nil {
			out = append(out, kernelArg{isFloat: a.isFloat, i: a.scalarI, f: a.scalarF, dtype: a.dtype})
			continue
		}
		if bufs, ok := t.inputs[a.spec.Name]; ok && !a.spec.Output {
			a.dev = bufs
		} else {
			b, err := r.alloc(a.spec.Name, a.tensor.Data)
			if err != nil {
				return nil, fresh, fmt.Errorf("allocating %s: %v", a.spec.Name, err)
			}
			a.dev = []buffer{b}
			fresh = append(fresh, b)
		}
		for i, b := range a.dev {
			out = append(out, kernelArg{buf: b, isPtr: true, dtype: a.params[i].DType})
		}
	}
	return out, fresh, nil
}

// rebind makes a plan for another variant of the same shape: the input
// tensors (and their 2:4 compression) are shared with pl, outputs and
// scalars are made afresh from the variant's spec, the grid is its own.
func (pl *launchPlan) rebind(s *Spec, prog *program) (*launchPlan, error) {
	np := &launchPlan{vars: s.Vars, seed: s.Seed}
	if err := np.resolveGrid(s); err != nil {
		return nil, err
	}
	groups, missing, err := bindParams(s, prog)
	if err != nil {
		return nil, err
	}
	if missing != nil {
		return nil, missing
	}
	if len(s.Args) != len(pl.args) {
		return nil, fmt.Errorf("the variants of a shape must take the same arguments")
	}
	for i := range s.Args {
		a, old := &s.Args[i], pl.args[i]
		if a.isScalar() || a.Output {
			h, err := np.makeArg(s, a, groups[i], prog, nil)
			if err != nil {
				return nil, fmt.Errorf("argument %d (%s): %v", i, a.Name, err)
			}
			np.args = append(np.args, h)
			continue
		}
		if old.spec.Name != a.Name || old.dtype == "" || len(old.params) != len(groups[i]) {
			return nil, fmt.Errorf("argument %d (%s) differs between the variants of a shape", i, a.Name)
		}
		h := *old
		h.spec, h.params, h.dev = *a, groups[i], nil
		np.args = append(np.args, &h)
	}
	if s.Verify != "" {
		if np.check, err = parseCheck(s.Verify, np, s.Tolerance, prog.ptx); err != nil {
			return nil, err
		}
	}
	return np, nil
}

// deviceName names what runs the candidates: the GPU's name, or "cpu".
func deviceName(r runner) string {
	d := r.describe()
	if strings.HasPrefix(d, "cuda ") {
		d = strings.TrimPrefix(d, "cuda ")
		if i := strings.Index(d, " (sm_"); i >= 0 {
			d = d[:i]
		}
		return d
	}
	return "cpu"
}

// readRecords reads JSONL records; kernels become paths relative to the
// working directory.
func readRecords(path string) ([]*tuneRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*tuneRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		r := &tuneRecord{}
		if err := json.Unmarshal(sc.Bytes(), r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if r.Kernel == "" || r.Shape == nil {
			return nil, fmt.Errorf("%s:%d: a tuning record needs \"kernel\" and \"shape\"", path, line)
		}
		if !filepath.IsAbs(r.Kernel) {
			r.Kernel = filepath.Join(filepath.Dir(path), filepath.FromSlash(r.Kernel))
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// loadRecords reads a .jsonl file or every .jsonl file of a directory.
func loadRecords(path string) ([]*tuneRecord, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if st.IsDir() {
		if files, err = filepath.Glob(filepath.Join(path, "*.jsonl")); err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	var all []*tuneRecord
	for _, f := range files {
		rs, err := readRecords(f)
		if err != nil {
			return nil, err
		}
		all = append(all, rs...)
	}
	return all, nil
}

func recordKey(r *tuneRecord) string {
	return fmt.Sprintf("%s|%s|%s|%v|%+v|%s", filepath.Clean(r.Kernel), r.GPU, r.Arch, shapeLabel(r.Shape), r.Config, r.Timing)
}

func mergeAction(out string, in []string, stdout io.Writer) error {
	if len(in) == 0 {
		return fmt.Errorf("usage: sp-run tune merge [-o OUT.jsonl] IN.jsonl...")
	}
	return mergeFiles(out, in, stdout)
}

// mergeFiles merges record files (later files win), writes them to out
// (kernel paths relative to out's directory) and prints the best verified
// record per GPU, timing and shape.
func mergeFiles(out string, in []string, stdout io.Writer) error {
	idx := map[string]int{}
	var recs []*tuneRecord
	for _, p := range in {
		rs, err := readRecords(p)
		if err != nil {
			return err
		}
		for _, r := range rs {
			k := recordKey(r)
			if i, ok := idx[k]; ok {
				recs[i] = r
				continue
			}
			idx[k] = len(recs)
			recs = append(recs, r)
		}
	}
	if out != "" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		dir := filepath.Dir(out)
		for _, r := range recs {
			c := *r
			if out != "/dev/stdout" {
				c.Kernel = relPath(dir, r.Kernel)
			}
			if err := enc.Encode(&c); err != nil {
				return err
			}
		}
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	best := map[string]*tuneRecord{}
	var keys []string
	for _, r := range recs {
		k := fmt.Sprintf("%s, %s timing, %s", r.GPU, r.Timing, shapeLabel(r.Shape))
		if b, ok := best[k]; r.Verified && r.Error == "" && (!ok || r.MedianMs < b.MedianMs) {
			if !ok {
				keys = append(keys, k)
			}
			best[k] = r
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		b := best[k]
		fmt.Fprintf(stdout, "%s: %s %+v %.4g ms, %.4g TFLOP/s, %.4g GB/s\n", k, filepath.Base(b.Kernel), b.Config, b.MedianMs, b.TFLOPs, b.GBs)
	}
	return nil
}

// bestRecord is the fastest verified record for the shape on gpu, in the
// timing mode when one is given (else any); nil when none.
func bestRecord(recs []*tuneRecord, gpu, mode string, shape map[string]int64) *tuneRecord {
	var best *tuneRecord
	for _, r := range recs {
		if !r.Verified || r.Error != "" || r.GPU != gpu || !sameShape(r.Shape, shape) || (mode != "" && r.Timing != mode) {
			continue
		}
		if best == nil || r.MedianMs < best.MedianMs {
			best = r
		}
	}
	return best
}

// relPath is target relative to dir (both made absolute), slash-separated;
// target itself when that fails.
func relPath(dir, target string) string {
	ad, err1 := filepath.Abs(dir)
	at, err2 := filepath.Abs(target)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(target)
	}
	rel, err := filepath.Rel(ad, at)
	if err != nil {
		return filepath.ToSlash(target)
	}
	return filepath.ToSlash(rel)
}
