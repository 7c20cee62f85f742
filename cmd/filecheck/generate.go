package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sparsetriton/sp/filecheck"
)

// generateChecks implements `filecheck --generate-checks [--check-prefix P]
// [--comment-prefix C] [--input-file F | F]`: it prints CHECK lines that
// match the input (stdin by default), as MLIR's generate-test-checks.py
// does (filecheck.GenerateChecks).
func generateChecks(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o filecheck.GenerateOptions
	input := ""
	for i := 0; i < len(args); i++ {
		name, val, hasVal := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || args[i] == "-" {
			name, val, hasVal = "input-file", args[i], true
		}
		switch name {
		case "generate-checks":
			continue
		case "check-prefix", "comment-prefix", "input-file":
			if !hasVal {
				if i+1 == len(args) {
					fmt.Fprintf(stderr, "filecheck: --%s needs a value\n", name)
					return filecheck.ExitFail
				}
				i++
				val = args[i]
			}
		default:
			fmt.Fprintf(stderr, "filecheck: --generate-checks: unknown option %q (accepted: --check-prefix, --comment-prefix, --input-file)\n", args[i])
			return filecheck.ExitFail
		}
		switch name {
		case "check-prefix":
			o.Prefix = val
		case "comment-prefix":
			o.Comment = val
		default:
			input = val
		}
	}
	name, data, err := readInput(input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", name, reason(err))
		return filecheck.ExitError
	}
	checks, err := filecheck.GenerateChecks(string(data), o)
	if err != nil {
		fmt.Fprintf(stderr, "filecheck: --generate-checks: %s: %v\n", name, err)
		return filecheck.ExitError
	}
	if _, err := io.WriteString(stdout, checks); err != nil {
		fmt.Fprintf(stderr, "filecheck: %v\n", err)
		return filecheck.ExitError
	}
	return filecheck.ExitOK
}

func wantsGenerate(args []string) bool {
	for _, a := range args {
		if a == "--generate-checks" || a == "-generate-checks" {
			return true
		}
	}
	return false
}
