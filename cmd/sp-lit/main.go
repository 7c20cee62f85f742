// Command sp-lit is llvm-lit's command line over sp's Go lit runner
// (package internal/lit): it finds each path's suite by walking up to a
// lit.toml, builds the suite's tools, runs the tests in parallel and
// reports them as llvm-lit does (`PASS: sp :: encoding/x.mlir (3 of 99)`,
// the summary, exit 0/1/2, --xunit-xml-output). --print-lit-cfg-py writes
// the configuration under which LLVM's own lit runs the same files.
// docs/lit.md is the guide.
//
//	sp-lit -v -j2 test/lit
//	sp-lit --filter 'encoding/' --xunit-xml-output results.xml test/lit
//	sp-lit --print-lit-cfg-py --work-dir D test/lit > D/lit.site.cfg.py && lit D
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/sparsetriton/sp/internal/lit"
	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	lit.RunOptions
	filter, filterOut string
	timeout           int
	printCfg          bool
}

func newApp(o *options) *cli.App {
	return &cli.App{
		Name:      "sp-lit",
		Usage:     "run lit tests (llvm-lit's command line over sp's Go runner)",
		UsageText: "sp-lit [options] <test file or directory>...\n   sp-lit -v -j2 test/lit",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "show the output of failing tests", Destination: &o.Verbose},
			&cli.BoolFlag{Name: "show-all", Aliases: []string{"a"}, Usage: "show the output of every test", Destination: &o.All},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "show only failures", Destination: &o.Quiet},
			&cli.BoolFlag{Name: "succinct", Aliases: []string{"s"}, Usage: "no result lines for passing tests", Destination: &o.Succinct},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Usage: "number of tests to run at once (default: CPUs, or $LIT_WORKERS)", Destination: &o.Workers},
			&cli.StringFlag{Name: "filter", Usage: "run only tests whose full name ('sp :: dir/file') matches `REGEX` ($LIT_FILTER)", EnvVars: []string{"LIT_FILTER"}, Destination: &o.filter},
			&cli.StringFlag{Name: "filter-out", Usage: "skip tests whose full name matches `REGEX` ($LIT_FILTER_OUT)", EnvVars: []string{"LIT_FILTER_OUT"}, Destination: &o.filterOut},
			&cli.StringFlag{Name: "xunit-xml-output", Usage: "write JUnit XML results to `FILE`", Destination: &o.Xunit},
			&cli.IntFlag{Name: "num-shards", Usage: "split the selected tests into `M` shards ($LIT_NUM_SHARDS)", EnvVars: []string{"LIT_NUM_SHARDS"}, Destination: &o.NumShards},
			&cli.IntFlag{Name: "run-shard", Usage: "run shard `N` of --num-shards, 1-based ($LIT_RUN_SHARD)", EnvVars: []string{"LIT_RUN_SHARD"}, Destination: &o.RunShard},
			&cli.IntFlag{Name: "timeout", Usage: "time limit per test in `SECONDS` (0: none)", Destination: &o.timeout},
			&cli.BoolFlag{Name: "show-tests", Usage: "list the tests and exit", Destination: &o.ShowTests},
			&cli.BoolFlag{Name: "allow-empty-runs", Usage: "exit 0 when the filters select no test", Destination: &o.AllowEmpty},
			&cli.StringFlag{Name: "work-dir", Usage: "keep the built tools (DIR/bin) and test outputs (DIR/Output) in `DIR`", Destination: &o.WorkDir},
			&cli.BoolFlag{Name: "print-lit-cfg-py", Usage: "build the tools into --work-dir and print a lit.site.cfg.py for LLVM's lit", Destination: &o.printCfg},
		},
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    func(_ *cli.Context, err error, _ bool) error { return err },
	}
}

// exitError carries an exit status out of the cli action.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit %d", int(e)) }

func run(args []string, stdout, stderr io.Writer) int {
	o := &options{}
	app := newApp(o)
	app.Writer, app.ErrWriter = stdout, stderr
	app.Action = func(c *cli.Context) error {
		o.Paths = c.Args().Slice()
		return exitError(action(c.Context, o, stdout, stderr))
	}
	if env := os.Getenv("LIT_OPTS"); env != "" {
		args = append(strings.Fields(env), args...)
	}
	err := app.Run(append([]string{"sp-lit"}, normalizeArgs(app, args)...))
	var code exitError
	switch {
	case errors.As(err, &code):
		return int(code)
	case err != nil:
		fmt.Fprintf(stderr, "sp-lit: error: %v\n", err)
		return 2
	}
	return 0 // --help
}

func action(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	var err error
	if o.filter != "" {
		if o.Filter, err = regexp.Compile(o.filter); err != nil {
			fmt.Fprintf(stderr, "sp-lit: error: --filter: %v\n", err)
			return 2
		}
	}
	if o.filterOut != "" {
		if o.FilterOut, err = regexp.Compile(o.filterOut); err != nil {
			fmt.Fprintf(stderr, "sp-lit: error: --filter-out: %v\n", err)
			return 2
		}
	}
	if o.timeout < 0 {
		fmt.Fprintf(stderr, "sp-lit: error: --timeout must be >= 0, got %d\n", o.timeout)
		return 2
	}
	o.Timeout = time.Duration(o.timeout) * time.Second
	o.CI = os.Getenv("CI") == "true"
	if o.printCfg {
		return printCfg(ctx, o, stdout, stderr)
	}
	return lit.Main(ctx, o.RunOptions, stdout, stderr)
}

// printCfg builds the suite's tools into --work-dir/bin and prints the
// lit.site.cfg.py that runs the suite under LLVM's lit.
func printCfg(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	if o.WorkDir == "" || len(o.Paths) != 1 {
		fmt.Fprintln(stderr, "sp-lit: error: --print-lit-cfg-py needs --work-dir DIR and one suite path")
		return 2
	}
	root, err := lit.FindSuiteRoot(o.Paths[0])
	if err == nil {
		err = writeCfg(ctx, root, o.WorkDir, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sp-lit: error: %v\n", err)
		return 2
	}
	return 0
}

func writeCfg(ctx context.Context, root, work string, stdout io.Writer) error {
	s, err := lit.LoadSuite(root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(work, 0o777); err != nil {
		return err
	}
	work, err = absPath(work)
	if err != nil {
		return err
	}
	bin := filepath.Join(work, "bin")
	cfg, err := s.Configure(ctx, bin, filepath.Join(work, "Output"), false)
	if err != nil {
		return err
	}
	for name, t := range cfg.Tools {
		if t.Err != nil && (name == "FileCheck" || s.ToolAliases[name] == "") {
			return fmt.Errorf("tool %s: %v", name, t.Err)
		}
	}
	if err := s.LinkAliases(bin); err != nil {
		return err
	}
	_, err = io.WriteString(stdout, s.LitCfgPy(bin, filepath.Join(work, "lit-out")))
	return err
}

// normalizeArgs puts flags before positional arguments (lit accepts them
// in any order; Go's flag package stops at the first positional) and
// splits "-j8" into "-j 8".
func normalizeArgs(app *cli.App, args []string) []string {
	takesValue := map[string]bool{}
	for _, f := range app.Flags {
		switch f.(type) {
		case *cli.StringFlag, *cli.IntFlag:
			for _, n := range f.Names() {
				takesValue[n] = true
			}
		}
	}
	jN := regexp.MustCompile(`^-j([0-9]+)$`)
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case jN.MatchString(a):
			flags = append(flags, "-j", jN.FindStringSubmatch(a)[1])
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

func absPath(p string) (string, error) { return filepath.Abs(p) }
