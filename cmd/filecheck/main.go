// Command filecheck is a drop-in for LLVM's FileCheck built on package
// github.com/sparsetriton/sp/filecheck. See that package's documentation
// for the supported options and why flags are parsed by hand.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sparsetriton/sp/filecheck"
	"github.com/sparsetriton/sp/internal/version"
)

// helpText is --help: LLVM FileCheck 14's options that this FileCheck
// implements.
const helpText = `OVERVIEW: sp's FileCheck (LLVM FileCheck 14 compatible)

USAGE: filecheck [options] <check-file>

Checks that the input (stdin, or --input-file) matches the CHECK lines of
<check-file>. Exit status: 0 on a match, 1 on a mismatch, 2 on a usage or
check-file error.

OPTIONS:
  --allow-deprecated-dag-overlap  Allow overlapping CHECK-DAG matches
  --allow-empty                   Allow an empty input file
  --allow-unused-prefixes         Allow prefixes that never appear in the check file
  --check-prefix=<prefix>         Prefix to use from the check file (default CHECK; repeatable)
  --check-prefixes=<p1,p2,...>    Several prefixes at once
  --comment-prefixes=<p1,...>     Comment prefixes (default COM,RUN)
  -D<VAR=VALUE>                   Define a string variable; -D#<FMT,>NUM=EXPR a numeric one
  --dump-input=<mode>             Dump the annotated input: help, always, fail (default), never
  --dump-input-context=<N>        Lines of context around dumped annotations
  --enable-var-scope              Clear local variables at each CHECK-LABEL
  --generate-checks               Write CHECK lines for the input (sp extension)
  --ignore-case                   Match case-insensitively
  --implicit-check-not=<pattern>  Add a CHECK-NOT between every check (repeatable)
  --input-file=<file>             The file to check (default stdin)
  --match-full-lines              Require each pattern to match a whole line
  --no-diff                       Do not print the expected-vs-input diff (sp extension)
  --strict-whitespace             Do not canonicalize horizontal whitespace
  -v, -vv                         Print a remark for each match
  --help                          Print this help
  --version                       Print the version
FILECHECK_OPTS in the environment adds options.
`

func main() {
	os.Exit(run(os.Args, os.Getenv("FILECHECK_OPTS"), os.Stdin, os.Stderr))
}

func run(args []string, env string, stdin io.Reader, stderr io.Writer) int {
scan:
	for _, a := range args[1:] {
		switch a {
		case "--help", "-help", "-h", "--help-list", "-help-list":
			fmt.Fprint(os.Stdout, helpText)
			return filecheck.ExitOK
		case "--version", "-version":
			fmt.Fprintln(os.Stdout, version.String("filecheck")+" (LLVM FileCheck 14 compatible)")
			return filecheck.ExitOK
		case "--":
			break scan
		}
	}
	if wantsGenerate(args[1:]) {
		return generateChecks(args[1:], stdin, os.Stdout, stderr)
	}
	inv, err := filecheck.ParseArgs(args[1:], env)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", args[0], err)
		return filecheck.ExitFail
	}
	if inv.Options.Dump == filecheck.DumpHelp {
		fmt.Fprint(os.Stdout, filecheck.DumpHelpText)
		return filecheck.ExitOK
	}
	if inv.CheckFile == "" {
		fmt.Fprintln(stderr, "<check-file> not specified")
		return filecheck.ExitError
	}
	inv.Options.CommandLine = " " + strings.Join(args, " ")
	checkText, err := os.ReadFile(inv.CheckFile)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", inv.CheckFile, reason(err))
		return filecheck.ExitError
	}
	inputName, input, err := readInput(inv.InputFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", inputName, reason(err))
		return filecheck.ExitError
	}
	return filecheck.Check(inv.Options, inv.CheckFile, checkText, inputName, input, stderr)
}

func readInput(name string, stdin io.Reader) (string, []byte, error) {
	if name == "" || name == "-" {
		b, err := io.ReadAll(stdin)
		return "<stdin>", b, err
	}
	b, err := os.ReadFile(name)
	return name, b, err
}

func reason(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		err = pe.Err
	}
	s := err.Error()
	return strings.ToUpper(s[:1]) + s[1:]
}
