package filecheck

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// writeDiff prints, for each failed positive check, a line diff of the
// expected check lines (the failed directive and the positive directives
// after it, up to the next label) against the same number of input lines
// from where the search began. This is an addition to LLVM's output.
func (m *matcher) writeDiff() {
	for _, f := range m.fails {
		start := f.start
		if start < len(m.in.text) && m.in.text[start] == '\n' {
			start++
		}
		expected := m.expectedLines(f.cs)
		actual := m.inputLinesFrom(start, len(expected))
		line, _ := m.in.lineCol(start)
		fmt.Fprintf(m.w, "\ndiff of %s:%d and what follows (-) against %s:%d (+):\n",
			f.cs.pat.src.name, lineOf(f.cs.pat), m.in.name, line)
		writeLineDiff(m, strings.Join(expected, "\n")+"\n", strings.Join(actual, "\n")+"\n")
	}
}

// expectedLines returns the pattern texts from cs to the next label.
func (m *matcher) expectedLines(cs *checkString) []string {
	var out []string
	started := false
	for _, c := range m.prog.checks {
		if c == cs {
			started = true
		} else if !started {
			continue
		} else if c.pat.typ.kind == kindLabel || c.pat.typ.kind == kindEOF || len(out) >= 8 {
			break
		}
		if c.pat.typ.kind == kindEOF {
			continue
		}
		out = append(out, m.patternText(c))
	}
	return out
}

// patternText is the directive's pattern with each substitution block
// replaced by its current value when that is known.
func (m *matcher) patternText(cs *checkString) string {
	p := cs.pat
	_, end := p.src.lineBounds(cs.loc)
	var b strings.Builder
	at := cs.loc
	for _, s := range p.subs {
		open := strings.LastIndex(p.src.text[:s.from.start], "[[")
		close := strings.Index(p.src.text[s.from.end:end], "]]")
		value, ok := m.substText(p, s)
		if open < at || close < 0 || !ok {
			continue
		}
		b.WriteString(p.src.text[at:open] + value)
		at = s.from.end + close + 2
	}
	b.WriteString(p.src.text[at:end])
	return strings.TrimRight(b.String(), " \t")
}

// substText is the current plain-text value of a substitution.
func (m *matcher) substText(p *pattern, s *substitution) (string, bool) {
	if s.num == nil {
		v, ok := p.ctx.strVars[s.strVar]
		return v, ok
	}
	if p.line > 0 {
		p.ctx.lineVar.value = bigInt(p.line)
	}
	v, err := evalSubst(s)
	return v, err == nil
}

// inputLinesFrom returns up to n input lines starting at the line of off
// (from off itself for the first line).
func (m *matcher) inputLinesFrom(off, n int) []string {
	rest := m.in.text[off:]
	lines := strings.SplitN(rest, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	for i := range lines {
		lines[i] = strings.TrimLeft(lines[i], " \t")
	}
	return lines
}

func writeLineDiff(m *matcher, a, b string) {
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	for _, d := range diffs {
		mark := " "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			mark = "-"
		case diffmatchpatch.DiffInsert:
			mark = "+"
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				fmt.Fprintf(m.w, "%s %s", mark, l)
			}
		}
	}
}

func lineOf(p *pattern) int {
	line, _ := p.src.lineCol(p.loc)
	return line
}
