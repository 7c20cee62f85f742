// Command sp-opt is sp's mlir-opt: it parses MLIR text, runs a pass
// pipeline and prints the result. See doc.go.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sparsetriton/sp/internal/version"
	"github.com/sparsetriton/sp/pass"
)

//go:generate go run . --gen-pass-docs -o ../../docs/passes.md

func main() {
	// sp-opt is a short-lived batch process whose IR stays live until it
	// prints: collecting garbage at the default heap growth costs a fifth
	// of the time on large modules. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is everything the command line selects.
type config struct {
	input            string
	output           string
	pipelineText     string
	flagPasses       []flagPass
	split            optionalString
	outputSplit      string
	verifyDiags      optionalString
	verifyEach       bool
	allowUnreg       bool
	printBefore      []string
	printAfter       []string
	printBeforeAll   bool
	printAfterAll    bool
	printAfterChange bool
	printAfterFail   bool
	printModuleScope bool
	timing           bool
	generic          bool
	debugInfo        bool
	localScope       bool
	listPasses       bool
	dumpPipeline     bool
	showDialects     bool
	htmlFile         string
	layoutsDir       string
	genDocs          bool
	emit             string
	ptxVersion       string
	tritonVersion    string
}

// flagPass is one pass (or named pipeline) flag in command-line order.
type flagPass struct {
	name, opts, arg string
}

// optionalString is a flag that may be given bare (`-split-input-file`,
// which selects def) or with a value (`-split-input-file=// +++`).
type optionalString struct {
	set   bool
	value string
	def   string
}

func (o *optionalString) IsBoolFlag() bool { return true }
func (o *optionalString) String() string   { return o.value }
func (o *optionalString) Set(s string) error {
	o.set = true
	if s == "true" {
		s = o.def
	}
	if s == "false" {
		o.set, s = false, ""
	}
	o.value = s
	return nil
}

// passFlag appends each occurrence of a pass flag to cfg.flagPasses, so
// flags run in command-line order and may repeat.
type passFlag struct {
	name string
	cfg  *config
}

func (p *passFlag) IsBoolFlag() bool { return true }
func (p *passFlag) String() string   { return "" }
func (p *passFlag) Set(s string) error {
	if s == "true" {
		s = ""
	}
	p.cfg.flagPasses = append(p.cfg.flagPasses, flagPass{name: p.name, opts: s, arg: "-" + p.name})
	return nil
}

// run is the whole tool; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	reg, err := newRegistry()
	if err != nil {
		fmt.Fprintf(stderr, "sp-opt: internal error: %v\n", err)
		return 2
	}
	return runWith(reg, args, stdin, stdout, stderr)
}

// runWith runs the tool with the passes and pipelines of reg.
func runWith(reg *pass.Registry, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg := &config{}
	status := 0
	app := newApp(reg, cfg)
	app.Writer, app.ErrWriter = stdout, stderr
	app.Action = func(c *cli.Context) error {
		switch c.NArg() {
		case 0:
			cfg.input = "-"
		case 1:
			cfg.input = c.Args().First()
		default:
			return fmt.Errorf("expected at most one input file, got %d: %s", c.NArg(), strings.Join(c.Args().Slice(), " "))
		}
		cfg.printBefore, cfg.printAfter = c.StringSlice("mlir-print-ir-before"), c.StringSlice("mlir-print-ir-after")
		d := &driver{reg: reg, cfg: cfg, stdin: stdin, stdout: stdout, stderr: stderr}
		status = d.main()
		return nil
	}
	if err := app.Run(append([]string{"sp-opt"}, normalizeArgs(app, args)...)); err != nil {
		fmt.Fprintf(stderr, "<command line>: error: %v\n", err)
		return 1
	}
	return status
}

// newApp declares the command line. Pass flags are generated from the
// registry, one per pass and named pipeline, in category "Passes".
func newApp(reg *pass.Registry, cfg *config) *cli.App {
	cfg.split.def = "// -----"
	cfg.verifyDiags.def = "all"
	flags := []cli.Flag{
		&cli.StringFlag{Name: "o", Value: "-", Usage: "output file (- for stdout)", Destination: &cfg.output},
		&cli.StringFlag{Name: "pass-pipeline", Usage: "textual pipeline, e.g. 'builtin.module(canonicalize, tt.func(cse))'", Destination: &cfg.pipelineText},
		&cli.GenericFlag{Name: "split-input-file", Usage: "split the input at lines '// -----' (or =MARKER) and process each chunk alone", Value: &cfg.split},
		&cli.StringFlag{Name: "output-split-marker", Value: "// -----", Usage: "separator printed between chunk outputs", Destination: &cfg.outputSplit},
		&cli.GenericFlag{Name: "verify-diagnostics", Usage: "check diagnostics against expected-* comments (=all or =only-expected)", Value: &cfg.verifyDiags},
		&cli.BoolFlag{Name: "verify-each", Value: true, Usage: "verify the IR after each pass", Destination: &cfg.verifyEach},
		&cli.BoolFlag{Name: "allow-unregistered-dialect", Usage: "accept ops of unknown dialects in generic form", Destination: &cfg.allowUnreg},
		&cli.StringSliceFlag{Name: "mlir-print-ir-before", Usage: "print the IR before the named passes (comma-separated)"},
		&cli.StringSliceFlag{Name: "mlir-print-ir-after", Usage: "print the IR after the named passes (comma-separated)"},
		&cli.BoolFlag{Name: "mlir-print-ir-before-all", Usage: "print the IR before every pass", Destination: &cfg.printBeforeAll},
		&cli.BoolFlag{Name: "mlir-print-ir-after-all", Usage: "print the IR after every pass", Destination: &cfg.printAfterAll},
		&cli.BoolFlag{Name: "mlir-print-ir-after-change", Usage: "print the IR after a pass only when it changed it (alone: implies after-all)", Destination: &cfg.printAfterChange},
		&cli.BoolFlag{Name: "mlir-print-ir-after-failure", Usage: "print the IR after a pass that failed", Destination: &cfg.printAfterFail},
		&cli.BoolFlag{Name: "mlir-print-ir-module-scope", Usage: "print the whole module in IR dumps", Destination: &cfg.printModuleScope},
		&cli.BoolFlag{Name: "mlir-timing", Usage: "print a pass timing report to stderr", Destination: &cfg.timing},
		&cli.BoolFlag{Name: "mlir-print-op-generic", Usage: "print every op in generic form", Destination: &cfg.generic},
		&cli.BoolFlag{Name: "mlir-print-debuginfo", Usage: "print loc(...) locations", Destination: &cfg.debugInfo},
		&cli.BoolFlag{Name: "mlir-print-local-scope", Usage: "print attributes inline, without aliases", Destination: &cfg.localScope},
		&cli.BoolFlag{Name: "mlir-disable-threading", Usage: "accepted for mlir-opt compatibility; sp-opt always runs on one thread"},
		&cli.BoolFlag{Name: "list-passes", Usage: "list the registered passes and pipelines with their options", Destination: &cfg.listPasses},
		&cli.BoolFlag{Name: "dump-pass-pipeline", Usage: "print the pipeline that will run to stderr", Destination: &cfg.dumpPipeline},
		&cli.BoolFlag{Name: "show-dialects", Usage: "list the registered dialects", Destination: &cfg.showDialects},
		&cli.StringFlag{Name: "dump-pass-html", Usage: "write an HTML page with the IR diff after each pass to `FILE`", Destination: &cfg.htmlFile},
		&cli.StringFlag{Name: "dump-layouts", Usage: "write pictures of the output's layouts (threads, registers, shared-memory banks) to `DIR`/index.html; with --dump-pass-html, each pass links the layouts it introduced", Destination: &cfg.layoutsDir},
		&cli.StringFlag{Name: "triton-version", Usage: "print TritonGPU IR in Triton `3.1` (triton_gpu.) or 3.6 (ttg., ttng.) spelling; default: the input's spelling (3.1 when it has no TritonGPU IR)", Destination: &cfg.tritonVersion},
		&cli.StringFlag{Name: "emit", Value: "mlir", Usage: "output: mlir, or ptx (lower/ptx after the pipeline; the kernel manifest leads as a comment block)", Destination: &cfg.emit},
		&cli.StringFlag{Name: "ptx-version", Usage: "with --emit=ptx: the PTX .version (e.g. 8.7 for ptxas from CUDA 12.8); default: the lowest the kernel needs", Destination: &cfg.ptxVersion},
		&cli.BoolFlag{Name: "gen-pass-docs", Usage: "write Markdown documentation of every pass (docs/passes.md)", Destination: &cfg.genDocs, Hidden: true},
	}
	for _, p := range reg.Passes() {
		flags = append(flags, &cli.GenericFlag{Name: p.Name, Category: "Passes", Usage: flagUsage(p.Summary, pass.Describe(p)), Value: &passFlag{name: p.Name, cfg: cfg}})
	}
	for _, pl := range reg.Pipelines() {
		flags = append(flags, &cli.GenericFlag{Name: pl.Name, Category: "Pipelines", Usage: flagUsage(pl.Summary, pass.DescribePipeline(pl)), Value: &passFlag{name: pl.Name, cfg: cfg}})
	}
	setVersionFlag()
	return &cli.App{
		Name:                   "sp-opt",
		Version:                version.String("sp-opt"),
		Usage:                  "parse MLIR, run sp passes, print MLIR",
		UsageText:              "sp-opt [flags] [input.mlir|-]\n   sp-opt input.mlir -split-input-file -canonicalize='max-iterations=3' -cse | FileCheck input.mlir",
		Flags:                  flags,
		HideHelpCommand:        true,
		UseShortOptionHandling: false,
		ExitErrHandler:         func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return err
		},
	}
}

// setVersionFlag makes --version (without urfave/cli's -v alias) print
// the version line alone.
func setVersionFlag() {
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version and exit"}
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintln(c.App.Writer, c.App.Version) }
}

// flagUsage is a pass flag's help: its summary and options.
func flagUsage(summary string, opts []pass.OptionInfo) string {
	if len(opts) == 0 {
		return summary
	}
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = fmt.Sprintf("%s=<%s> (default %s): %s", o.Name, o.Type, o.Default, o.Help)
	}
	return summary + "; options: " + strings.Join(parts, "; ")
}

// normalizeArgs moves positional arguments after the flags: urfave/cli
// (like Go's flag package) stops at the first positional, while mlir-opt
// and lit RUN lines put flags after the input (`sp-opt %s -cse`). Single-
// and double-dash long flags need no rewriting: Go's flag package accepts
// both. Flags that take a separate value (`-o out.mlir`) keep it.
func normalizeArgs(app *cli.App, args []string) []string {
	takesValue := map[string]bool{}
	for _, f := range app.Flags {
		switch f.(type) {
		case *cli.StringFlag, *cli.StringSliceFlag:
			for _, n := range f.Names() {
				takesValue[n] = true
			}
		}
	}
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) == 0 {
		return flags
	}
	return append(append(flags, "--"), pos...)
}
