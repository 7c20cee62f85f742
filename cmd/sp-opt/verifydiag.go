package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// expectation is one `// expected-<severity>[-re] [@designator] {{msg}}`
// comment (ir-syntax.md §7.4).
type expectation struct {
	sev      ir.Severity
	line     int // line the diagnostic is expected on
	msg      string
	re       *regexp.Regexp // for -re
	at       ir.FileLineCol // where the comment is
	kindText string         // "error", "warning", ...
	matched  bool
}

var expectRE = regexp.MustCompile(`expected-(error|warning|note|remark)(-re)? *(@([+-][0-9]+|above|below))? *\{\{(.*)\}\}\s*$`)

// diagVerifier checks emitted diagnostics against the expectations of one
// input file. Unmatched expectations and unexpected diagnostics (unless
// onlyExpected) fail, with mlir-opt's messages.
type diagVerifier struct {
	file         string
	expects      []*expectation
	onlyExpected bool
	failed       bool
	errs         []*ir.Diagnostic
}

func newDiagVerifier(file string, src []byte, onlyExpected bool) *diagVerifier {
	v := &diagVerifier{file: file, onlyExpected: onlyExpected}
	lines := strings.Split(string(src), "\n")
	isExpectLine := func(i int) bool { return i >= 0 && i < len(lines) && expectRE.MatchString(lines[i]) }
	for i, l := range lines {
		m := expectRE.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		sub := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return l[m[2*k]:m[2*k+1]]
		}
		e := &expectation{kindText: sub(1), msg: sub(5), line: i + 1,
			at: ir.FileLineCol{File: file, Line: i + 1, Col: m[0] + 1}}
		e.sev = map[string]ir.Severity{"error": ir.SevError, "warning": ir.SevWarning, "note": ir.SevNote, "remark": ir.SevRemark}[e.kindText]
		switch d := sub(4); {
		case d == "above": // the nearest line above that is not an expectation
			j := i - 1
			for isExpectLine(j) {
				j--
			}
			e.line = j + 1
		case d == "below": // the nearest line below that is not an expectation
			j := i + 1
			for isExpectLine(j) {
				j++
			}
			e.line = j + 1
		case d != "":
			n, _ := strconv.Atoi(d)
			e.line += n
		}
		if sub(2) != "" {
			re, err := compileExpectRE(e.msg)
			if err != nil {
				v.fail(ir.Errorf(e.at, "invalid regex in expected-%s-re: %v", e.kindText, err))
				continue
			}
			e.re = re
		}
		v.expects = append(v.expects, e)
	}
	return v
}

// compileExpectRE turns `text {{re}} text` into a regexp: literal text is
// quoted, {{...}} pieces are regular expressions.
func compileExpectRE(msg string) (*regexp.Regexp, error) {
	var sb strings.Builder
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			sb.WriteString(regexp.QuoteMeta(msg))
			break
		}
		j := strings.Index(msg[i+2:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("unterminated {{ in %q", msg)
		}
		sb.WriteString(regexp.QuoteMeta(msg[:i]))
		sb.WriteString("(?:" + msg[i+2:i+2+j] + ")")
		msg = msg[i+2+j+2:]
	}
	return regexp.Compile(sb.String())
}

func (v *diagVerifier) fail(d *ir.Diagnostic) {
	v.failed = true
	v.errs = append(v.errs, d)
}

// record matches d and each of its notes.
func (v *diagVerifier) record(d *ir.Diagnostic) {
	v.recordOne(d)
	for _, n := range d.Notes {
		v.recordOne(n)
	}
}

func (v *diagVerifier) recordOne(d *ir.Diagnostic) {
	if p, ok := d.Loc.Pos(); ok && p.File == v.file {
		for _, e := range v.expects {
			if !e.matched && e.sev == d.Severity && e.line == p.Line && e.matches(d.Msg) {
				e.matched = true
				return
			}
		}
	}
	if v.onlyExpected {
		return
	}
	v.fail(&ir.Diagnostic{Loc: d.Loc, Severity: ir.SevError, Msg: fmt.Sprintf("unexpected %s: %s", d.Severity, d.Msg)})
}

func (e *expectation) matches(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.msg)
}

// finish returns the failures: unexpected diagnostics in the order they
// arrived, then expectations never produced, in file order.
func (v *diagVerifier) finish() []*ir.Diagnostic {
	for _, e := range v.expects {
		if !e.matched {
			v.fail(ir.Errorf(e.at, "expected %s \"%s\" was not produced", e.kindText, e.msg))
		}
	}
	return v.errs
}
