package lit

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// Code is a result code in llvm-lit's terms; its order is lit's
// ResultCode.all_codes(), the order of the summary.
type Code int

const (
	CodeExcluded Code = iota
	CodeUnsupported
	CodePass
	CodeXFail
	CodeTimeout
	CodeFail
	CodeXPass
)

var codeNames = [...]struct{ name, label string }{
	CodeExcluded:    {"EXCLUDED", "Excluded"},
	CodeUnsupported: {"UNSUPPORTED", "Unsupported"},
	CodePass:        {"PASS", "Passed"},
	CodeXFail:       {"XFAIL", "Expectedly Failed"},
	CodeTimeout:     {"TIMEOUT", "Timed Out"},
	CodeFail:        {"FAIL", "Failed"},
	CodeXPass:       {"XPASS", "Unexpectedly Passed"},
}

func (c Code) String() string { return codeNames[c].name }

// Label is lit's plural label ("Passed", "Unexpectedly Passed").
func (c Code) Label() string { return codeNames[c].label }

// IsFailure reports whether lit counts the code as a failure (exit 1).
func (c Code) IsFailure() bool { return c == CodeTimeout || c == CodeFail || c == CodeXPass }

// AllCodes lists the codes in summary order.
func AllCodes() []Code {
	return []Code{CodeExcluded, CodeUnsupported, CodePass, CodeXFail, CodeTimeout, CodeFail, CodeXPass}
}

// Code maps a Result to lit's code (a failure that hit the time limit is
// TIMEOUT).
func (r Result) Code() Code {
	switch r.Status {
	case Pass:
		return CodePass
	case XFail:
		return CodeXFail
	case XPass:
		return CodeXPass
	case Unsupported:
		return CodeUnsupported
	}
	if r.TimedOut {
		return CodeTimeout
	}
	return CodeFail
}

// Output is the test's output as llvm-lit's ShTest reports it: the
// script, the exit code and the last command's stdout and stderr. Tests
// that did not run (unsupported, malformed) report Log.
func (r Result) Output() string {
	if len(r.Script) == 0 {
		return strings.TrimRight(r.Log, "\n") + "\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Script:\n--\n%s\n--\nExit Code: %d\n", strings.Join(r.Script, "\n"), r.ExitCode)
	if r.TimedOut {
		b.WriteString("Timeout: Reached timeout\n")
	}
	b.WriteString("\n")
	if r.Stdout != "" {
		fmt.Fprintf(&b, "Command Output (stdout):\n--\n%s\n--\n", strings.TrimSuffix(r.Stdout, "\n"))
	}
	if r.Stderr != "" {
		fmt.Fprintf(&b, "Command Output (stderr):\n--\n%s\n--\n", strings.TrimSuffix(r.Stderr, "\n"))
	}
	if r.Status == XPass {
		b.WriteString("XPASS (unexpected pass): every RUN line passed but the test is marked XFAIL\n")
	}
	return b.String()
}

// TestRecord is one discovered test of a sp-lit run.
type TestRecord struct {
	Suite  string // suite name
	Path   string // path in the suite, '/'-separated
	Code   Code
	Result Result
	root   string // suite root directory
}

// FullName is lit's "<suite> :: <path>".
func (t *TestRecord) FullName() string { return t.Suite + " :: " + t.Path }

// WriteXunit writes tests as lit's --xunit-xml-output does: one
// <testsuite> per suite, a <testcase> per test with classname
// "<suite>.<dir with '.' as '_'>", a <failure> with the output for
// failures and <skipped> for excluded and unsupported tests.
func WriteXunit(w io.Writer, tests []*TestRecord, elapsed time.Duration) error {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<testsuites time=\"%.2f\">\n", elapsed.Seconds())
	for i := 0; i < len(tests); {
		j := i
		for j < len(tests) && tests[j].Suite == tests[i].Suite {
			j++
		}
		writeXunitSuite(&b, tests[i:j])
		i = j
	}
	b.WriteString("</testsuites>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeXunitSuite(b *strings.Builder, tests []*TestRecord) {
	skipped, failures := 0, 0
	for _, t := range tests {
		switch {
		case t.Code == CodeExcluded || t.Code == CodeUnsupported:
			skipped++
		case t.Code.IsFailure():
			failures++
		}
	}
	name := strings.ReplaceAll(tests[0].Suite, ".", "-")
	fmt.Fprintf(b, "<testsuite name=%s tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", xmlAttr(name), len(tests), failures, skipped)
	for _, t := range tests {
		dir, file := "", t.Path
		if i := strings.LastIndex(t.Path, "/"); i >= 0 {
			dir, file = t.Path[:i], t.Path[i+1:]
		}
		class := name + "." + name
		if dir != "" {
			class = name + "." + strings.ReplaceAll(dir, ".", "_")
		}
		fmt.Fprintf(b, "<testcase classname=%s name=%s time=\"%.2f\"", xmlAttr(class), xmlAttr(file), t.Result.Elapsed.Seconds())
		switch {
		case t.Code.IsFailure():
			out := strings.ReplaceAll(xmlText(t.Result.Output()), "]]>", "]]]]><![CDATA[>")
			fmt.Fprintf(b, ">\n  <failure><![CDATA[%s]]></failure>\n</testcase>\n", out)
		case t.Code == CodeExcluded:
			fmt.Fprintf(b, ">\n  <skipped message=%s/>\n</testcase>\n", xmlAttr("Test not selected (--filter, --max-tests)"))
		case t.Code == CodeUnsupported:
			fmt.Fprintf(b, ">\n  <skipped message=%s/>\n</testcase>\n", xmlAttr(firstLine(t.Result.Log)))
		default:
			b.WriteString("/>\n")
		}
	}
	b.WriteString("</testsuite>\n")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if s == "" {
		return "Unsupported configuration"
	}
	return s
}

// xmlText drops the characters XML 1.0 does not allow (terminal escapes,
// NUL, invalid UTF-8).
func xmlText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == utf8.RuneError:
			return -1
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF:
			return -1
		}
		return r
	}, s)
}

// xmlAttr quotes s as an XML attribute value (Python's quoteattr).
func xmlAttr(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;", "\n", "&#10;", "\r", "&#13;", "\t", "&#9;")
	return "\"" + r.Replace(xmlText(s)) + "\""
}
