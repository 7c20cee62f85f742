package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sparsetriton/sp/internal/version"
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run executes the CLI and returns the exit status: 0, or 1 on any error
// (bad input, mismatch, launch failure).
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil { // a bug in sp, reported as such
			fmt.Fprintf(stderr, "sp-run: internal error: %v\n", r)
			code = 1
		}
	}()
	app := newApp(stdout, stderr)
	if err := app.Run(normalizeArgs(args, app)); err != nil {
		var mm *mismatchError
		if !errors.As(err, &mm) {
			fmt.Fprintf(stderr, "sp-run: error: %v\n", err)
		}
		return 1
	}
	return 0
}

// mismatchError is a verification failure; the report was printed.
type mismatchError struct{ res *checkResult }

func (e *mismatchError) Error() string { return "verification failed: " + e.res.String() }

func newApp(stdout, stderr io.Writer) *cli.App {
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version and exit"}
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintln(c.App.Writer, c.App.Version) }
	return &cli.App{
		Name:      "sp-run",
		Version:   version.String("sp-run"),
		Usage:     "compile, bind, run and verify a 2:4 sparse Triton kernel on the CPU or a CUDA GPU",
		UsageText: "sp-run [options] KERNEL.mlir|KERNEL.ptx\n   sp-run bench [options] BENCH.json",
		Writer:    stdout,
		ErrWriter: stderr,
		Flags:     runFlags(),
		Action: func(c *cli.Context) error {
			return runAction(c, stdout, stderr)
		},
		Commands: []*cli.Command{benchCommand(stdout, stderr), tuneCommand(stdout, stderr)},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return fmt.Errorf("%v (see sp-run --help)", err)
		},
		HideHelpCommand: true,
	}
}

func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "spec", Usage: "launch description (JSON); default: `FILE` next to the input with extension .json, when it exists"},
		&cli.BoolFlag{Name: "no-spec", Usage: "ignore the spec next to the input: describe the launch with flags only"},
		&cli.StringFlag{Name: "kernel", Usage: "the tt.func (or manifest kernel) to run; default: the only public one"},
		&cli.StringFlag{Name: "backend", Value: "cpu", Usage: "cpu (runtime/cpu interpreter) or cuda (needs a -tags cuda build)"},
		&cli.StringFlag{Name: "manifest", Usage: "kernel manifest (JSON) of a .ptx input; default: X.manifest.json next to X.ptx"},
		&cli.StringFlag{Name: "save-ptx", Usage: "cuda backend: write the compiled PTX to `FILE.ptx` and its manifest to FILE.manifest.json"},
		&cli.IntFlag{Name: "sm", Usage: "GPU target for compiling .mlir on the cuda backend (80, 89 or 90; default: the device's; 89 on a Hopper runs the mma.sp path of fp8 kernels instead of wgmma)"},
		&cli.IntFlag{Name: "num-warps", Value: 4, Usage: "sp-pipeline num-warps when compiling .mlir on the cuda backend"},
		&cli.IntFlag{Name: "num-stages", Value: 3, Usage: "sp-pipeline num-stages (software-pipelining depth) when compiling .mlir on the cuda backend"},
		&cli.StringFlag{Name: "pipeline-options", Usage: "more sp-pipeline options when compiling .mlir on the cuda backend, as sp-opt takes them (e.g. \"tma=true max-num-imprecise-acc=1073741824\"); target, num-warps and num-stages come from --sm, --num-warps and --num-stages"},
		&cli.StringFlag{Name: "grid", Usage: "grid `X[,Y[,Z]]` (integers or expressions over --set variables)"},
		&cli.StringSliceFlag{Name: "set", Usage: "set a spec variable, `NAME=INT` (repeatable)"},
		&cli.StringSliceFlag{Name: "tensor", Usage: "tensor argument `NAME=SHAPE:DTYPE`, e.g. A=256x256:f16 (repeatable)"},
		&cli.StringSliceFlag{Name: "scalar", Usage: "scalar argument `NAME=VALUE[:DTYPE]` (repeatable)"},
		&cli.StringSliceFlag{Name: "input", Usage: "read a tensor argument from a .npy file, `NAME=FILE` (repeatable)"},
		&cli.StringSliceFlag{Name: "sparse", Usage: "the dense tensor `NAME[=A|B]` feeds a 2:4 operand (values + metadata parameters)"},
		&cli.StringSliceFlag{Name: "zero-blocks", Usage: "`NAME=FRACTION`: zero this fraction of the blocks of a BSR24 operand (least magnitude first)"},
		&cli.StringSliceFlag{Name: "output", Usage: "mark the tensor `NAME` as an output (read back after the launch)"},
		&cli.StringSliceFlag{Name: "save", Usage: "save a tensor after the launch, `NAME=FILE.npy` (repeatable)"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed of the random inputs and of the sampled check"},
		&cli.BoolFlag{Name: "prune", Usage: "magnitude-prune 2:4 inputs (otherwise they must already be 2:4)"},
		&cli.StringFlag{Name: "verify", Usage: "check `OUT = A @ B` against a float64 reference"},
		&cli.BoolFlag{Name: "no-verify", Usage: "skip the spec's verification (its OUT = A @ B still gives the benchmark's FLOP count)"},
		&cli.StringFlag{Name: "check", Value: "auto", Usage: "full, sampled, or auto (full when M*N*K <= 2^28)"},
		&cli.IntFlag{Name: "samples", Value: 64, Usage: "rows and columns checked by a sampled check"},
		&cli.Float64Flag{Name: "atol", Usage: "absolute tolerance (default 1e-5)"},
		&cli.Float64Flag{Name: "rtol", Usage: "relative tolerance (default: one ulp of the output type)"},
		&cli.BoolFlag{Name: "bench", Usage: "benchmark: warm-up, then timed launches (CUDA events on the GPU)"},
		&cli.IntFlag{Name: "warmup", Value: 10, Usage: "benchmark warm-up launches"},
		&cli.IntFlag{Name: "iters", Value: 50, Usage: "benchmark timed launches"},
		&cli.StringFlag{Name: "timing", Value: "single", Usage: "benchmark timing: single (one launch between two events), back-to-back (--batch launches between two events) or graph (a CUDA graph of --batch launches); L2 is not flushed"},
		&cli.IntFlag{Name: "batch", Value: 20, Usage: "launches per timed sample for --timing back-to-back and graph"},
		&cli.StringFlag{Name: "tuning", Usage: "tuning records (`FILE.jsonl` or a directory of them, see sp-run tune): take num-warps, num-stages and SPLIT_K from the best verified record for this kernel and shape unless set"},
		&cli.Float64Flag{Name: "max-time", Usage: "benchmark: shrink warm-up and iterations (to at least 3) to about `SECONDS` in all"},
		&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		&cli.IntFlag{Name: "workers", Usage: "CPU interpreter: programs run in parallel (default GOMAXPROCS)"},
		&cli.StringFlag{Name: "max-memory", Usage: "refuse launches whose buffers (or CPU-interpreter tensors) need more than `BYTES` (e.g. 8G; default: 3/4 of the machine's memory)"},
		&cli.IntFlag{Name: "device", Usage: "CUDA device ordinal"},
		&cli.BoolFlag{Name: "print-ir", Usage: "print the IR that runs (after the pipeline) to stderr"},
	}
}

// interspersed moves positional arguments after the flags, so that
// `sp-run file.mlir --set M=512` works (urfave/cli stops parsing flags at
// the first positional argument). "--" ends the flags.
func interspersed(args []string, flags []cli.Flag) []string {
	isBool := map[string]bool{"help": true, "h": true}
	for _, f := range flags {
		if _, ok := f.(*cli.BoolFlag); ok {
			for _, n := range f.Names() {
				isBool[n] = true
			}
		}
	}
	var fl, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-':
			fl = append(fl, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !isBool[name] && i+1 < len(args) {
				fl = append(fl, args[i+1])
				i++
			}
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) > 0 {
		fl = append(fl, "--")
	}
	return append(fl, pos...)
}

// normalizeArgs applies interspersed to the root command or to bench.
func normalizeArgs(args []string, app *cli.App) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	for _, cmd := range app.Commands {
		if args[1] != cmd.Name {
			continue
		}
		for _, sub := range cmd.Subcommands {
			if len(args) > 2 && args[2] == sub.Name {
				return append(append(out, cmd.Name, sub.Name), interspersed(args[3:], sub.Flags)...)
			}
		}
		return append(append(out, cmd.Name), interspersed(args[2:], cmd.Flags)...)
	}
	return append(out, interspersed(args[1:], app.Flags)...)
}
