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
)

func main() {
	os.Exit(run(os.Args, os.Getenv("FILECHECK_OPTS"), os.Stdin, os.Stderr))
}

func run(args []string, env string, stdin io.Reader, stderr io.Writer) int {
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
