package filecheck

import (
	"fmt"
	"io"
	"strings"
)

// Exit codes, as in LLVM FileCheck.
const (
	ExitOK    = 0 // every check matched
	ExitFail  = 1 // a check failed (also: command-line syntax errors)
	ExitError = 2 // bad options, check file errors, empty input
)

// normalize fills in default prefixes.
func (o Options) normalize() *Options {
	o.checkPrefixesSet = len(o.CheckPrefixes) > 0
	o.CheckPrefixes = append([]string{}, o.CheckPrefixes...)
	o.CommentPrefixes = append([]string{}, o.CommentPrefixes...)
	return &o
}

// Check runs FileCheck: it verifies input against the directives in
// checkText and writes LLVM-format diagnostics (then, on failure, a diff
// of expected check lines against the input and the annotated input dump)
// to stderr. checkName and inputName appear in messages; use "<stdin>" for
// standard input. It returns ExitOK, ExitFail or ExitError.
func Check(opts Options, checkName string, checkText []byte, inputName string, input []byte, stderr io.Writer) int {
	req := opts.normalize()
	if !checkDefines(req.Defines, stderr) || !validatePrefixes(req, stderr) {
		return ExitError
	}
	if len(req.CheckPrefixes) == 0 {
		req.CheckPrefixes = []string{"CHECK"}
	}
	if len(req.CommentPrefixes) == 0 {
		req.CommentPrefixes = []string{"COM", "RUN"}
	}
	checkSrc := &source{name: checkName, text: canonicalize(checkText, req.StrictWhitespace)}
	prog, code := readCheckFile(req, checkSrc, stderr)
	if prog == nil {
		return code
	}
	if len(input) == 0 && !req.AllowEmpty {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", inputName)
		fmt.Fprintf(stderr, "FileCheck command line: %s\n", req.CommandLine)
		return ExitError
	}
	in := &source{name: inputName, text: canonicalize(input, req.StrictWhitespace)}
	m := &matcher{req: req, prog: prog, in: in, w: stderr}
	if req.IgnoreCase {
		m.lower = asciiLower(in.text)
	}
	if !m.checkInput() {
		code = ExitFail
	}
	if req.Dump == DumpAlways || (code == ExitFail && req.Dump != DumpNever) {
		m.writeDump(checkName, inputName)
	}
	if code == ExitFail && !req.NoDiff {
		m.writeDiff()
	}
	return code
}

// checkDefines rejects -D values without '=' or without a name, as
// FileCheck's main does before anything else.
func checkDefines(defs []string, w io.Writer) bool {
	ok := true
	for _, d := range defs {
		switch strings.IndexByte(d, '=') {
		case -1:
			fmt.Fprintf(w, "Missing equal sign in command-line definition '-D%s'\n", d)
			ok = false
		case 0:
			fmt.Fprintf(w, "Missing variable name in command-line definition '-D%s'\n", d)
			ok = false
		}
	}
	return ok
}
