package filecheck

import (
	"fmt"
	"strconv"
	"strings"
)

// DumpMode selects when the annotated input dump is printed.
type DumpMode int

// Dump modes, ordered so that the largest given value wins, as in LLVM.
const (
	DumpDefault DumpMode = iota // same as DumpFail
	DumpNever
	DumpFail
	DumpAlways
	DumpHelp
)

// Options are FileCheck's settings; the zero value behaves like FileCheck
// run with no options.
type Options struct {
	CheckPrefixes       []string // default {"CHECK"}
	CommentPrefixes     []string // default {"COM", "RUN"}
	AllowUnusedPrefixes bool
	ImplicitCheckNot    []string
	StrictWhitespace    bool
	MatchFullLines      bool
	IgnoreCase          bool
	// Defines are -D arguments without the "-D": "NAME=VALUE" or
	// "#[FMT,]NAME=EXPR".
	Defines        []string
	AllowEmpty     bool
	EnableVarScope bool
	Dump           DumpMode
	DumpContext    int // lines of context around errors (default 5 unless DumpContextSet)
	DumpContextSet bool
	Verbose        bool
	// AllowDeprecatedDagOverlap lets CHECK-DAG matches of one group overlap.
	AllowDeprecatedDagOverlap bool
	NoDiff                    bool // suppress the expected-vs-input diff printed on failure
	CommandLine               string
	checkPrefixesSet          bool
}

// Invocation is a parsed command line.
type Invocation struct {
	Options   Options
	CheckFile string
	InputFile string // "-" or "" for stdin
}

// UsageError is a command-line error; LLVM's option parser exits 1 for it.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// flagKind tells how a long option takes its value.
type flagKind int

const (
	flagBool flagKind = iota
	flagValue
)

var flagKinds = map[string]flagKind{
	"check-prefix": flagValue, "check-prefixes": flagValue, "comment-prefixes": flagValue,
	"allow-unused-prefixes": flagBool, "implicit-check-not": flagValue, "input-file": flagValue,
	"strict-whitespace": flagBool, "match-full-lines": flagBool, "ignore-case": flagBool,
	"allow-empty": flagBool, "enable-var-scope": flagBool, "dump-input": flagValue,
	"dump-input-context": flagValue, "v": flagBool, "vv": flagBool, "no-diff": flagBool,
	"allow-deprecated-dag-overlap": flagBool, "color": flagBool, "dump-input-filter": flagValue,
}

// ParseArgs parses FileCheck arguments the way LLVM's cl parser does:
// options take one or two leading dashes, values come as "-opt=v" or
// "-opt v", -D takes its value joined ("-DNAME=V"), and env (the value of
// FILECHECK_OPTS) is split on blanks and read before args.
func ParseArgs(args []string, env string) (*Invocation, error) {
	inv := &Invocation{}
	all := append(strings.Fields(env), args...)
	var positional []string
	for i := 0; i < len(all); i++ {
		a := all[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		n, err := inv.parseOne(all, i)
		if err != nil {
			return nil, err
		}
		i += n
	}
	if len(positional) > 1 {
		return nil, &UsageError{"Too many positional arguments specified!"}
	}
	if len(positional) == 1 {
		inv.CheckFile = positional[0]
	}
	return inv, nil
}

// parseOne parses the option all[i] and reports how many extra
// arguments it consumed.
func (inv *Invocation) parseOne(all []string, i int) (int, error) {
	name := strings.TrimPrefix(strings.TrimPrefix(all[i], "-"), "-")
	if strings.HasPrefix(name, "D") {
		if name == "D" {
			return 0, &UsageError{"for the -D option: requires a value!"}
		}
		inv.Options.Defines = append(inv.Options.Defines, name[1:])
		return 0, nil
	}
	value, hasValue := "", false
	if eq := strings.IndexByte(name, '='); eq >= 0 {
		name, value, hasValue = name[:eq], name[eq+1:], true
	}
	kind, ok := flagKinds[name]
	if !ok {
		return 0, &UsageError{fmt.Sprintf("Unknown command line argument '%s'.", all[i])}
	}
	if kind == flagBool {
		return 0, inv.setBool(name, value, hasValue)
	}
	extra := 0
	if !hasValue {
		if i+1 >= len(all) {
			return 0, &UsageError{fmt.Sprintf("for the --%s option: requires a value!", name)}
		}
		value, extra = all[i+1], 1
	}
	return extra, inv.setValue(name, value)
}

func (inv *Invocation) setBool(name, value string, hasValue bool) error {
	b := true
	if hasValue {
		var err error
		if b, err = strconv.ParseBool(value); err != nil {
			return &UsageError{fmt.Sprintf("for the --%s option: '%s' is invalid value for boolean argument! Try 0 or 1", name, value)}
		}
	}
	o := &inv.Options
	switch name {
	case "allow-unused-prefixes":
		o.AllowUnusedPrefixes = b
	case "strict-whitespace":
		o.StrictWhitespace = b
	case "match-full-lines":
		o.MatchFullLines = b
	case "ignore-case":
		o.IgnoreCase = b
	case "allow-empty":
		o.AllowEmpty = b
	case "enable-var-scope":
		o.EnableVarScope = b
	case "v", "vv":
		o.Verbose = b
	case "no-diff":
		o.NoDiff = b
	case "allow-deprecated-dag-overlap":
		o.AllowDeprecatedDagOverlap = b
	}
	return nil
}

var dumpModes = map[string]DumpMode{"never": DumpNever, "fail": DumpFail, "always": DumpAlways, "help": DumpHelp}

func (inv *Invocation) setValue(name, value string) error {
	o := &inv.Options
	switch name {
	case "check-prefix":
		o.CheckPrefixes = append(o.CheckPrefixes, value)
	case "check-prefixes":
		o.CheckPrefixes = append(o.CheckPrefixes, strings.Split(value, ",")...)
	case "comment-prefixes":
		o.CommentPrefixes = append(o.CommentPrefixes, strings.Split(value, ",")...)
	case "implicit-check-not":
		o.ImplicitCheckNot = append(o.ImplicitCheckNot, value)
	case "input-file":
		inv.InputFile = value
	case "dump-input":
		m, ok := dumpModes[value]
		if !ok {
			return &UsageError{fmt.Sprintf("for the --dump-input option: Cannot find option named '%s'!", value)}
		}
		o.Dump = max(o.Dump, m)
	case "dump-input-context":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return &UsageError{fmt.Sprintf("for the --dump-input-context option: '%s' value invalid for uint argument!", value)}
		}
		o.DumpContext = max(o.DumpContext, n)
		o.DumpContextSet = true
	}
	return nil
}
