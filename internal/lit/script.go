package lit

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"strings"
)

// RunLine is one logical RUN command: the text after "RUN:" with "\"
// continuations joined, before substitution.
type RunLine struct {
	Line    int               // 1-based line of the first physical RUN line
	Cmd     string            // raw command text
	Defines map[string]string // %{name} values in force at this line (DEFINE/REDEFINE)
}

// Cond is one condition expression from a REQUIRES, UNSUPPORTED or XFAIL line
// (each comma-separated element is its own Cond).
type Cond struct {
	Line int
	Expr string
}

// Script holds the lit keywords of one test file.
type Script struct {
	Runs        []RunLine
	Requires    []Cond
	Unsupported []Cond
	XFail       []Cond
}

// keywordRE finds the first lit keyword on a line. The keyword must not be
// glued to a preceding word character or '-', so "FOO-RUN:" and "XRUN:" are
// plain text, while any comment leader ("//", ";", "#") may precede it.
var keywordRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9_-])(RUN|DEFINE|REDEFINE|XFAIL|REQUIRES|UNSUPPORTED|ALLOW_RETRIES):|(?:^|[^A-Za-z0-9_-])(END)\.`)

// defineRE parses the body of DEFINE: and REDEFINE: lines.
var defineRE = regexp.MustCompile(`^\s*%\{([A-Za-z0-9_:.-]+)\}\s*=(.*)$`)

// ParseScript extracts the lit keywords from a test file's content. It
// reports malformed keyword lines (dangling continuations, bad DEFINEs) as
// errors that name the file and line.
func ParseScript(name string, content []byte) (*Script, error) {
	p := &scriptParser{name: name, s: &Script{}, defs: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(content))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		done, err := p.line(n, sc.Text())
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if p.cont != nil {
		return nil, fmt.Errorf("%s:%d: %s line ends with '\\' but no continuation follows", name, p.contLine, p.contKind)
	}
	return p.s, nil
}

type scriptParser struct {
	name     string
	s        *Script
	defs     map[string]string
	cont     *strings.Builder // pending continued RUN/DEFINE text
	contKind string
	contLine int
}

// line handles one physical line; it reports done at "END.".
func (p *scriptParser) line(n int, text string) (done bool, err error) {
	m := keywordRE.FindStringSubmatchIndex(text)
	if m == nil {
		if p.cont != nil {
			return false, fmt.Errorf("%s:%d: %s line ends with '\\' but line %d has no %s:", p.name, p.contLine, p.contKind, n, p.contKind)
		}
		return false, nil
	}
	if m[4] >= 0 { // END.
		return true, nil
	}
	kw := text[m[2]:m[3]]
	body := strings.TrimSpace(text[m[1]:])
	if p.cont != nil && kw != p.contKind {
		return false, fmt.Errorf("%s:%d: %s line ends with '\\' but line %d is %s:", p.name, p.contLine, p.contKind, n, kw)
	}
	switch kw {
	case "RUN", "DEFINE", "REDEFINE":
		return false, p.continued(n, kw, body)
	case "REQUIRES":
		p.s.Requires = append(p.s.Requires, splitConds(n, body)...)
	case "UNSUPPORTED":
		p.s.Unsupported = append(p.s.Unsupported, splitConds(n, body)...)
	case "XFAIL":
		p.s.XFail = append(p.s.XFail, splitConds(n, body)...)
	}
	return false, nil
}

// continued accumulates "\"-continued lines and finishes a directive on its
// last line. As in lit, the backslash is dropped and the next line's text is
// appended as is.
func (p *scriptParser) continued(n int, kw, body string) error {
	if p.cont == nil {
		p.cont, p.contKind, p.contLine = &strings.Builder{}, kw, n
	}
	if strings.HasSuffix(body, `\`) {
		p.cont.WriteString(strings.TrimSuffix(body, `\`))
		return nil
	}
	p.cont.WriteString(body)
	text, line := p.cont.String(), p.contLine
	p.cont = nil
	if kw == "RUN" {
		p.s.Runs = append(p.s.Runs, RunLine{Line: line, Cmd: strings.TrimSpace(text), Defines: maps.Clone(p.defs)})
		return nil
	}
	return p.define(line, kw, text)
}

// define records a DEFINE (new name) or REDEFINE (existing name).
func (p *scriptParser) define(line int, kw, text string) error {
	m := defineRE.FindStringSubmatch(text)
	if m == nil {
		return fmt.Errorf("%s:%d: %s: expected '%%{name} = value', got %q", p.name, line, kw, text)
	}
	name, val := m[1], strings.TrimSpace(m[2])
	_, exists := p.defs[name]
	if kw == "DEFINE" && exists {
		return fmt.Errorf("%s:%d: DEFINE: %%{%s} is already defined; use REDEFINE:", p.name, line, name)
	}
	if kw == "REDEFINE" && !exists {
		return fmt.Errorf("%s:%d: REDEFINE: %%{%s} is not defined; use DEFINE:", p.name, line, name)
	}
	p.defs[name] = val
	return nil
}

// splitConds splits a comma-separated condition list.
func splitConds(line int, body string) []Cond {
	var out []Cond
	for _, e := range strings.Split(body, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, Cond{Line: line, Expr: e})
		}
	}
	return out
}

// HasRunLine reports whether content contains at least one RUN: keyword; the
// discovery step uses it to skip files that are not lit tests.
func HasRunLine(content []byte) bool {
	for _, m := range keywordRE.FindAllSubmatch(content, -1) {
		if string(m[1]) == "RUN" {
			return true
		}
	}
	return false
}
