package filecheck

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// writeDump prints the annotated input dump that LLVM prints under
// --dump-input: numbered input lines (a trailing space stands for the
// newline) and, under them, annotations "<kind>:<checkline>" with markers
// 'X' (no match, over the search range), '!' (bad match) and '?' (fuzzy
// match). Lines farther than the context from an annotation are elided
// as "...". The layout follows LLVM's; annotation details are simpler.
func (m *matcher) writeDump(checkName, inputName string) {
	w := m.w
	fmt.Fprintf(w, "\nInput file: %s\nCheck file: %s\n\n-dump-input=help explains the following input dump.\n\nInput was:\n<<<<<<\n", inputName, checkName)
	lines := splitLines(m.in.text)
	byLine, labelWidth := m.annotationsByLine(lines)
	labelWidth = max(labelWidth, len(itoa(len(lines)))) + 3
	show := m.visibleLines(len(lines), byLine)
	elided := false
	for i, ln := range lines {
		if !show[i] {
			if !elided {
				io.WriteString(w, strings.Repeat(fmt.Sprintf("%*s\n", labelWidth, "."), 3))
			}
			elided = true
			continue
		}
		elided = false
		fmt.Fprintf(w, "%*d: %s\n", labelWidth, i+1, m.in.text[ln.start:ln.end]+ln.nl)
		for _, a := range byLine[i] {
			fmt.Fprintf(w, "%-*s  %s\n", labelWidth, a.label, a.text)
		}
	}
	io.WriteString(w, ">>>>>>\n")
}

type inputLine struct {
	start, end int
	nl         string // " " when the line ends in a newline
}

func splitLines(text string) []inputLine {
	var out []inputLine
	start := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			out = append(out, inputLine{start, i, " "})
			start = i + 1
		}
	}
	if start < len(text) || len(out) == 0 {
		out = append(out, inputLine{start, len(text), ""})
	}
	return out
}

type dumpNote struct {
	label string
	text  string
}

// annotationsByLine renders the annotations under the input line where
// each starts, and returns the widest label.
func (m *matcher) annotationsByLine(lines []inputLine) (map[int][]dumpNote, int) {
	out := map[int][]dumpNote{}
	width := 0
	for _, a := range m.notes {
		li := sort.Search(len(lines), func(i int) bool { return lines[i].end >= a.start })
		li = min(li, len(lines)-1)
		label := noteLabel(a.pat)
		width = max(width, len(label))
		col := a.start - lines[li].start
		lineLen := lines[li].end - lines[li].start + len(lines[li].nl)
		n := max(1, min(a.end, lines[li].end+1)-a.start)
		if a.marker == 'X' {
			n = max(1, lines[li].end+1-a.start)
		}
		text := strings.Repeat(" ", col) + string(a.marker) + strings.Repeat("~", n-1)
		// Like LLVM, start the message after the input line so that it
		// never hides input text.
		text += strings.Repeat(" ", max(1, lineLen+1-len(text))) + a.msg
		out[li] = append(out[li], dumpNote{label, text})
	}
	return out, width
}

var kindAbbrev = map[checkKind]string{
	kindPlain: "check", kindNext: "next", kindSame: "same", kindNot: "not", kindDAG: "dag",
	kindLabel: "label", kindEmpty: "empty", kindEOF: "eof",
}

func noteLabel(p *pattern) string {
	name := kindAbbrev[p.typ.kind]
	if p.typ.kind == kindPlain && p.typ.count > 1 {
		name = "count"
	}
	if p.implicit > 0 {
		return name + ":imp" + itoa(p.implicit)
	}
	line, _ := p.src.lineCol(p.loc)
	return name + ":" + itoa(line)
}

// visibleLines marks the lines within the dump context of an annotation
// (all lines under --dump-input=always).
func (m *matcher) visibleLines(n int, byLine map[int][]dumpNote) []bool {
	show := make([]bool, n)
	if m.req.Dump == DumpAlways {
		for i := range show {
			show[i] = true
		}
		return show
	}
	ctx := m.req.DumpContext
	if !m.req.DumpContextSet {
		ctx = 5
	}
	for li := range byLine {
		for i := max(0, li-ctx); i <= min(n-1, li+ctx); i++ {
			show[i] = true
		}
	}
	return show
}

// DumpHelpText is printed for --dump-input=help.
const DumpHelpText = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Input dump: numbered input lines (a trailing space stands for the newline),
each followed by annotations "<kind>:<check line>" for the directives that
failed there:
  - X~~ marks the search range of a directive that found no match,
  - !~~ marks a match that should not be there or is on the wrong line,
  - ?   marks a possible intended match.
"..." marks elided lines (see -dump-input-context).
`
