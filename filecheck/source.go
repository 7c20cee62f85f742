package filecheck

import (
	"fmt"
	"io"
	"strings"
)

// source is one named buffer that diagnostics can point into, the Go
// counterpart of an llvm::SourceMgr buffer. Offsets are byte offsets into
// text; text is already canonicalized when it comes from a file.
type source struct {
	name string
	text string
}

// diagKind is the severity word printed after the location.
type diagKind string

const (
	kindError  diagKind = "error"
	kindNote   diagKind = "note"
	kindRemark diagKind = "remark"
)

// span is a half-open byte range [start, end) in a source.
type span struct{ start, end int }

// lineBounds returns the start and end offsets of the line holding off,
// treating both '\n' and '\r' as line ends, as llvm::SourceMgr does.
func (s *source) lineBounds(off int) (int, int) {
	start := off
	for start > 0 && s.text[start-1] != '\n' && s.text[start-1] != '\r' {
		start--
	}
	end := off
	for end < len(s.text) && s.text[end] != '\n' && s.text[end] != '\r' {
		end++
	}
	return start, end
}

// lineCol returns the 1-based line and column of off.
func (s *source) lineCol(off int) (int, int) {
	line := 1 + strings.Count(s.text[:off], "\n")
	start, _ := s.lineBounds(off)
	return line, off - start + 1
}

// print writes one diagnostic in llvm::SMDiagnostic format: the location
// line, the source line with tabs expanded and a caret line marking off and
// the ranges.
func (s *source) print(w io.Writer, off int, kind diagKind, msg string, ranges ...span) {
	line, col := s.lineCol(off)
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", s.name, line, col, kind, msg)
	start, end := s.lineBounds(off)
	contents := s.text[start:end]
	io.WriteString(w, expandTabs(contents)+"\n")
	if !isASCII(contents) {
		return
	}
	io.WriteString(w, caretLine(contents, off-start, start, end, ranges)+"\n")
}

// caretLine builds the marker line under contents: '~' over ranges, '^' at
// col, tabs in contents widened to match expandTabs.
func caretLine(contents string, col, lineStart, lineEnd int, ranges []span) string {
	n := len(contents)
	marks := []byte(strings.Repeat(" ", n+1))
	for _, r := range ranges {
		if r.start > lineEnd || r.end < lineStart {
			continue
		}
		a, b := max(r.start, lineStart)-lineStart, min(r.end, lineEnd)-lineStart
		for i := a; i < min(b, n+1); i++ {
			marks[i] = '~'
		}
	}
	marks[min(col, n)] = '^'
	trimmed := strings.TrimRight(string(marks), " ")
	var b strings.Builder
	out := 0
	for i := 0; i < len(trimmed); i++ {
		if i >= n || contents[i] != '\t' {
			b.WriteByte(trimmed[i])
			out++
			continue
		}
		for {
			b.WriteByte(trimmed[i])
			out++
			if out%8 == 0 {
				break
			}
		}
	}
	return b.String()
}

// expandTabs replaces each tab by spaces up to the next multiple of 8.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\t' {
			b.WriteByte(s[i])
			col++
			continue
		}
		for {
			b.WriteByte(' ')
			col++
			if col%8 == 0 {
				break
			}
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// canonicalize applies FileCheck's input canonicalization: drop the '\r' of
// each "\r\n" and, unless strict, squeeze runs of spaces and tabs to one
// space.
func canonicalize(text []byte, strict bool) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			b.WriteByte(c)
			continue
		}
		b.WriteByte(' ')
		for i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') {
			i++
		}
	}
	return b.String()
}

// writeEscaped mirrors llvm::raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '"':
			b.WriteString(`\"`)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	return b.String()
}
