package main

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/sparsetriton/sp/dialect/builtin"
	"io"
	"os"
	"strings"
	"time"
	"unsafe"

	"runtime/debug"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/internal/atomicfile"
	"github.com/sparsetriton/sp/internal/ptxcheck"
	"github.com/sparsetriton/sp/internal/tritondir"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/limits"
	"github.com/sparsetriton/sp/lower/ptx"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
)

// cmdLineFile names the buffer of diagnostics about command-line flags.
const cmdLineFile = "<command line>"

type driver struct {
	reg    *pass.Registry
	cfg    *config
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	sm       *ir.SourceMgr
	timing   *pass.Timing
	html     *pass.HTMLDump
	layouts  *layoutDump
	verifier *diagVerifier
	failed   bool              // a user error was reported
	internal bool              // an internal error was reported
	spelling map[string]string // TritonGPU namespaces as printed (spelling.go)
}

func (d *driver) main() int {
	d.sm = ir.NewSourceMgr()
	cfg := d.cfg
	switch {
	case cfg.genDocs:
		return d.writeOutput(genPassDocs(d.reg))
	case cfg.listPasses:
		listPasses(d.stdout, d.reg)
		return 0
	case cfg.showDialects:
		fmt.Fprintln(d.stdout, "Available Dialects:")
		for _, dl := range all.Context().Dialects() {
			fmt.Fprintf(d.stdout, "  %s\n", dl.Name)
		}
		return 0
	}
	if cfg.emit != "mlir" && cfg.emit != "ptx" {
		fmt.Fprintf(d.stderr, "%s: error: --emit takes mlir or ptx, not %q\n", cmdLineFile, cfg.emit)
		return 1
	}
	pm, err := d.buildPipeline()
	if err != nil {
		d.report(err)
		return 1
	}
	if cfg.dumpPipeline {
		fmt.Fprintln(d.stderr, pm.String())
	}
	name, src, err := d.readInput()
	if err != nil {
		fmt.Fprintf(d.stderr, "%s: error: %v\n", cmdLineFile, err)
		return 1
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // src is never written again
	d.sm.AddString(name, text)
	if d.spelling, err = tritonSpelling(cfg.tritonVersion, src); err != nil {
		fmt.Fprintf(d.stderr, "%s: error: %v\n", cmdLineFile, err)
		return 1
	}
	if cfg.verifyDiags.set {
		if cfg.verifyDiags.value != "all" && cfg.verifyDiags.value != "only-expected" {
			fmt.Fprintf(d.stderr, "%s: error: -verify-diagnostics takes all or only-expected, not %q\n", cmdLineFile, cfg.verifyDiags.value)
			return 1
		}
		d.verifier = newDiagVerifier(name, src, cfg.verifyDiags.value == "only-expected")
	}
	if cfg.timing {
		d.timing = pass.NewTiming()
	}
	if cfg.htmlFile != "" {
		d.html = &pass.HTMLDump{Title: name, Print: d.printOptions(), Links: rooflineLinks(name, cfg.htmlFile)}
	}
	if cfg.layoutsDir != "" {
		d.layouts = newLayoutDump(name, cfg.layoutsDir, cfg.htmlFile)
		if d.html != nil {
			d.html.Annotate = d.layouts.annotate
		}
	}
	if d.toStdout() {
		w := bufio.NewWriterSize(d.stdout, 64<<10)
		d.processAll(pm, name, text, w)
		w.Flush()
		return d.finish()
	}
	return d.processToFile(pm, name, text)
}

// errFailed aborts writing the output file after a failed run, whose
// diagnostics are already reported.
var errFailed = errors.New("the run failed")

// processToFile streams the output into a temporary file next to the
// output path, renamed over it only when everything succeeded: a failed
// run leaves no output file behind (and an existing one as it was).
func (d *driver) processToFile(pm *pass.Manager, name, text string) int {
	st, ran := 0, false
	err := atomicfile.Write(d.cfg.output, 0o644, func(f io.Writer) error {
		ran = true
		w := bufio.NewWriterSize(f, 64<<10)
		d.processAll(pm, name, text, w)
		if st = d.finish(); st != 0 {
			return errFailed
		}
		return w.Flush()
	})
	if !ran { // the file could not be created: still report the run's own errors first
		d.processAll(pm, name, text, io.Discard)
		if st = d.finish(); st != 0 {
			return st
		}
	}
	if err != nil && err != errFailed {
		fmt.Fprintf(d.stderr, "%s: error: cannot write output: %v\n", cmdLineFile, err)
		return 1
	}
	return st
}

func (d *driver) toStdout() bool { return d.cfg.output == "-" || d.cfg.output == "" }

func (d *driver) finish() int {
	if d.timing != nil {
		d.timing.Report(d.stderr)
	}
	if d.layouts != nil {
		if err := d.layouts.finish(); err != nil {
			fmt.Fprintf(d.stderr, "%s: error: %v\n", cmdLineFile, err)
			return 1
		}
	}
	if d.html != nil {
		if err := writeFile(d.cfg.htmlFile, d.html); err != nil {
			fmt.Fprintf(d.stderr, "%s: error: --dump-pass-html: %v\n", cmdLineFile, err)
			return 1
		}
	}
	if d.verifier != nil {
		for _, msg := range d.verifier.finish() {
			d.printDiag(msg)
		}
		if d.verifier.failed || d.internal {
			return 1
		}
		return 0
	}
	if d.failed || d.internal {
		return 1
	}
	return 0
}

func writeFile(path string, w io.WriterTo) error {
	return atomicfile.Write(path, 0o644, func(f io.Writer) error {
		_, err := w.WriteTo(f)
		return err
	})
}

func (d *driver) readInput() (string, []byte, error) {
	if d.cfg.input == "-" {
		src, err := io.ReadAll(d.stdin)
		return "<stdin>", src, err
	}
	path := d.cfg.input
	if tritondir.IsDir(path) { // a Triton cache entry or dump directory
		e, err := tritondir.Open(path, "")
		if err != nil {
			return "", nil, err
		}
		path = e.IR
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("cannot open input file: %v", err)
	}
	return path, src, nil
}

// writeOutput writes s to the output (an atomic replace of a file).
func (d *driver) writeOutput(s string) int {
	if d.toStdout() {
		io.WriteString(d.stdout, s)
		return 0
	}
	if err := atomicfile.Write(d.cfg.output, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}); err != nil {
		fmt.Fprintf(d.stderr, "%s: error: cannot write output: %v\n", cmdLineFile, err)
		return 1
	}
	return 0
}

func (d *driver) printOptions() ir.PrintOptions {
	return ir.PrintOptions{Generic: d.cfg.generic, DebugInfo: d.cfg.debugInfo, LocalScope: d.cfg.localScope, Spelling: d.spelling}
}

// chunk is one piece of a split input; line is the 1-based line of its
// first line in the file.
type chunk struct {
	text string
	line int
}

// splitInput cuts src at lines equal to marker (ignoring surrounding
// spaces). Without splitting, the whole file is one chunk.
func splitInput(src string, marker string) []chunk {
	if marker == "" {
		return []chunk{{text: src, line: 1}}
	}
	lines := strings.SplitAfter(src, "\n")
	var out []chunk
	cur := chunk{line: 1}
	var sb strings.Builder
	for i, l := range lines {
		if strings.TrimSpace(l) == marker {
			cur.text = sb.String()
			out = append(out, cur)
			sb.Reset()
			cur = chunk{line: i + 2}
			continue
		}
		sb.WriteString(l)
	}
	cur.text = sb.String()
	return append(out, cur)
}

// processAll runs every chunk and writes the outputs to w, separated by
// the output split marker (mlir-opt's interleaving: "out1// -----\nout2").
func (d *driver) processAll(pm *pass.Manager, name string, src string, w io.Writer) {
	marker := ""
	if d.cfg.split.set {
		marker = d.cfg.split.value
	}
	chunks := splitInput(src, marker)
	for i, c := range chunks {
		if i > 0 {
			io.WriteString(w, d.cfg.outputSplit+"\n")
		}
		d.processChunk(pm, name, c, len(chunks) > 1, w)
	}
}

// processChunk parses, verifies, runs the pipeline and prints one chunk
// to w (nothing where it fails). Each chunk is parsed as the whole file
// with the other chunks' lines blanked, so diagnostics carry the file's
// own line numbers.
func (d *driver) processChunk(pm *pass.Manager, name string, c chunk, split bool, w io.Writer) {
	ctx := all.Context()
	ctx.AllowUnregistered = d.cfg.allowUnreg
	padded := c.text
	if c.line > 1 {
		padded = strings.Repeat("\n", c.line-1) + c.text
	}
	start := time.Now()
	mod, err := parser.ParseString(ctx, name, padded)
	d.timing.AddRow("Parser", time.Since(start))
	if err != nil {
		d.report(err)
		return
	}
	if err := ir.Verify(mod); err != nil {
		d.report(err)
		return
	}
	if d.html != nil {
		title := "Input IR"
		if split {
			title = fmt.Sprintf("Input IR (chunk at line %d)", c.line)
		}
		d.html.Begin(title, mod)
	}
	opts := pass.RunOptions{IR: ctx, DisableVerify: !d.cfg.verifyEach, Diag: func(dg *ir.Diagnostic) { d.report(dg) }}
	opts.Instrumentations = d.instrumentations()
	if err := pm.Run(mod, opts); err != nil {
		d.report(err)
		return
	}
	if d.layouts != nil {
		if err := d.layouts.output(fmt.Sprintf("%s (output of the chunk at line %d)", name, c.line), mod); err != nil {
			fmt.Fprintf(d.stderr, "%s: error: --dump-layouts: %v\n", cmdLineFile, err)
			d.failed = true
		}
	}
	start = time.Now()
	if d.cfg.emit == "ptx" {
		out, err := emitPTX(mod, ptx.Options{PTXVersion: d.cfg.ptxVersion}, func(dg *ir.Diagnostic) { d.report(dg) })
		d.timing.AddRow("PTX lowering", time.Since(start))
		if err != nil {
			d.report(err)
			return
		}
		io.WriteString(w, out)
		return
	}
	ir.Fprint(w, mod, d.printOptions()) // a write error is reported when w is flushed
	io.WriteString(w, "\n")
	d.timing.AddRow("Output", time.Since(start))
}

// emitPTX lowers a TritonGPU module to PTX (target from the module's
// triton_gpu.target), led by its kernel manifest as a comment block. The
// module is checked against the target's launch limits before lowering,
// each kernel's threads and shared memory after, and, where ptxas is
// installed, its registers and spills as ptxas -v reports them (spills are
// a warning, passed to warn: the kernel runs, slowly).
func emitPTX(mod *ir.Operation, opts ptx.Options, warn func(*ir.Diagnostic)) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &pass.InternalError{Diag: ir.Errorf(mod.Loc, "internal error: the PTX lowering panicked: %v", r), Stack: debug.Stack()}
		}
	}()
	if err := limits.Check(mod); err != nil {
		return "", err
	}
	res, err := ptx.Lower(mod, opts)
	if err != nil {
		return "", err
	}
	if err := checkLowered(mod, res, warn); err != nil {
		return "", err
	}
	man, err := res.Manifest.CommentBlock()
	if err != nil {
		return "", err
	}
	return man + res.PTX, nil
}

// checkLowered judges the lowered kernels' launch figures, and warns of
// register spills where ptxas is installed.
func checkLowered(mod *ir.Operation, res *ptx.Result, warn func(*ir.Diagnostic)) error {
	t, err := limits.ModuleTarget(mod)
	if err != nil {
		return err
	}
	for _, k := range res.Manifest.Kernels {
		if err := limits.CheckKernel(t, k.Name, k.ThreadsPerBlock, k.SharedBytes, k.NumWarps); err != nil {
			return ir.Errorf(kernelLoc(mod, k.Name), "%v", err)
		}
	}
	tc, err := ptxcheck.FindFor(res.PTX)
	if err != nil {
		return nil // no ptxas for this target: the register check needs one
	}
	dir, err := os.MkdirTemp("", "sp-opt-ptxas")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	rep, err := tc.Assemble(dir, "kernel", res.PTX, ptxcheck.Options{})
	if err != nil && strings.Contains(err.Error(), "Unsupported .version") {
		return nil // --ptx-version above what this ptxas reads: nothing to check against
	}
	if err != nil {
		return &pass.InternalError{Diag: ir.Errorf(mod.Loc, "internal error: ptxas rejects the generated PTX: %v", err)}
	}
	for _, k := range rep.Kernels {
		if !k.Entry {
			continue
		}
		numWarps := 0
		for _, mk := range res.Manifest.Kernels {
			if mk.Name == k.Name {
				numWarps = mk.NumWarps
			}
		}
		if err := limits.CheckSpills(t, k.Name, k.Registers, k.SpillStores, numWarps); err != nil {
			dg := ir.Errorf(kernelLoc(mod, k.Name), "%v", err)
			dg.Severity = ir.SevWarning
			warn(dg)
		}
	}
	return nil
}

// kernelLoc is the location of the tt.func called name, else the module's.
func kernelLoc(mod *ir.Operation, name string) ir.Location {
	loc := mod.Loc
	mod.WalkOps(func(op *ir.Operation) {
		if n, ok := ir.SymbolNameOf(op); ok && n == name && op.Name == tt.FuncOpName {
			loc = op.Loc
		}
	})
	return loc
}

func (d *driver) instrumentations() []pass.Instrumentation {
	var ins []pass.Instrumentation
	if pr := d.irPrinter(); pr != nil {
		ins = append(ins, pr)
	}
	if d.html != nil {
		ins = append(ins, d.html)
	}
	if d.timing != nil { // last: its hooks run closest to the pass
		ins = append(ins, d.timing)
	}
	return ins
}

func (d *driver) irPrinter() *pass.IRPrinter {
	cfg := d.cfg
	pr := &pass.IRPrinter{W: d.stderr, OnlyOnChange: cfg.printAfterChange, AfterFailure: cfg.printAfterFail,
		ModuleScope: cfg.printModuleScope, Print: d.printOptions()}
	all := func(*pass.Pass) bool { return true }
	switch {
	case cfg.printBeforeAll:
		pr.Before = all
	case len(cfg.printBefore) > 0:
		pr.Before = nameSet(cfg.printBefore)
	}
	switch {
	case cfg.printAfterAll || cfg.printAfterChange && len(cfg.printAfter) == 0:
		pr.After = all
	case len(cfg.printAfter) > 0:
		pr.After = nameSet(cfg.printAfter)
	}
	if pr.Before == nil && pr.After == nil && !pr.AfterFailure {
		return nil
	}
	return pr
}

func nameSet(names []string) func(*pass.Pass) bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return func(p *pass.Pass) bool { return set[p.Name] }
}

// buildPipeline turns --pass-pipeline or the pass flags into a manager on
// builtin.module. Pass flags whose pass is anchored on another op are
// nested automatically (consecutive ones share one nested manager).
func (d *driver) buildPipeline() (*pass.Manager, error) {
	cfg := d.cfg
	for _, lists := range [][]string{cfg.printBefore, cfg.printAfter} {
		for _, n := range lists {
			if d.reg.Pass(n) == nil {
				return nil, cmdLineError(fmt.Sprintf("'%s' given to -mlir-print-ir-before/after is not a registered pass", n))
			}
		}
	}
	if cfg.pipelineText != "" {
		if len(cfg.flagPasses) > 0 {
			return nil, cmdLineError(fmt.Sprintf("--pass-pipeline cannot be combined with individual pass flags (%s)", cfg.flagPasses[0].arg))
		}
		d.sm.Add(pass.PipelineFile, []byte(cfg.pipelineText))
		return pass.ParsePipeline(d.reg, pass.PipelineFile, cfg.pipelineText)
	}
	pm := pass.NewManager(builtin.ModuleOpName)
	for _, fp := range cfg.flagPasses {
		if err := d.addFlagPass(pm, fp); err != nil {
			return nil, err
		}
	}
	return pm, nil
}

func (d *driver) addFlagPass(pm *pass.Manager, fp flagPass) error {
	typed := fp.arg
	if fp.opts != "" {
		typed += "=" + fp.opts
	}
	d.sm.Add(cmdLineFile, []byte(typed))
	at := func(off int, msg string) error {
		return ir.Errorf(ir.FileLineCol{File: cmdLineFile, Line: 1, Col: len(fp.arg) + 2 + off}, "%s", msg)
	}
	p := d.reg.Pass(fp.name)
	if p == nil { // a named pipeline: parse `name{opts}` (same offsets as `-name=opts`)
		err := pass.ParseElements(d.reg, pm, cmdLineFile, fp.name+"{"+fp.opts+"}")
		var dg *ir.Diagnostic
		if errors.As(err, &dg) {
			pos, _ := dg.Loc.Pos()
			return at(pos.Col-len(fp.name)-2, dg.Msg)
		}
		return err
	}
	target := pm
	if p.Anchor != pass.AnyOp && p.Anchor != pm.Anchor {
		target = pm.NestOrLast(p.Anchor)
	}
	if _, err := target.AddWithOptions(p, fp.opts); err != nil {
		var oe *pass.OptionError
		if errors.As(err, &oe) {
			return at(oe.Offset, oe.Msg)
		}
		return at(0, err.Error())
	}
	return nil
}

// report handles a diagnostic or error from parsing, verification or a
// pass: under -verify-diagnostics it is checked against the expectations,
// otherwise printed with its source line. Internal errors are always
// printed and always fail.
func (d *driver) report(err error) {
	var ce cmdLineError
	if errors.As(err, &ce) {
		d.failed = true
		fmt.Fprintf(d.stderr, "%s: error: %s\n", cmdLineFile, ce)
		return
	}
	var ie *pass.InternalError
	if errors.As(err, &ie) {
		d.internal = true
		d.printDiag(ie.Diag)
		if os.Getenv("SP_OPT_STACK") != "" && ie.Stack != nil {
			d.stderr.Write(ie.Stack)
		}
		return
	}
	var dg *ir.Diagnostic
	if !errors.As(err, &dg) {
		dg = ir.Errorf(ir.UnknownLoc{}, "%v", err)
	}
	if d.verifier != nil {
		d.verifier.record(dg)
		return
	}
	if dg.Severity == ir.SevError {
		d.failed = true
	}
	d.printDiag(dg)
}

// printDiag writes dg as `file:line:col: severity: msg`, the source line
// and a caret (ir.SourceMgr.Render); `<unknown>` stands for no position.
func (d *driver) printDiag(dg *ir.Diagnostic) {
	io.WriteString(d.stderr, d.sm.Render(dg))
}

// cmdLineError is a command-line problem with no position in a buffer.
type cmdLineError string

func (e cmdLineError) Error() string { return string(e) }
