package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Severity of a diagnostic, as in MLIR.
type Severity uint8

const (
	SevError Severity = iota
	SevWarning
	SevRemark
	SevNote
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "remark", "note"}[s]
}

// Diagnostic is one positioned message. It implements error; Error() prints
// the MLIR form `file:line:col: error: msg` followed by notes.
type Diagnostic struct {
	Loc      Location
	Severity Severity
	Msg      string
	Notes    []*Diagnostic
}

// Errorf builds an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: loc, Severity: SevError, Msg: fmt.Sprintf(format, args...)}
}

// Also attaches a second error that the same failure raises (MLIR's
// "failed to infer returned types" after the reason) and returns d. It is
// reported, rendered and matched by -verify-diagnostics like a note, with
// error severity.
func (d *Diagnostic) Also(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Loc: loc, Severity: SevError, Msg: fmt.Sprintf(format, args...)})
	return d
}

// Note attaches a note and returns d, for chaining.
func (d *Diagnostic) Note(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Loc: loc, Severity: SevNote, Msg: fmt.Sprintf(format, args...)})
	return d
}

func (d *Diagnostic) header() string {
	prefix := "<unknown>"
	if d.Loc != nil {
		if p, ok := d.Loc.Pos(); ok {
			prefix = p.String()
		}
	}
	return fmt.Sprintf("%s: %s: %s", prefix, d.Severity, d.Msg)
}

func (d *Diagnostic) Error() string {
	var sb strings.Builder
	sb.WriteString(d.header())
	for _, n := range d.Notes {
		sb.WriteByte('\n')
		sb.WriteString(n.header())
	}
	return sb.String()
}

// SourceMgr knows the text of the buffers that locations point into, so that
// diagnostics can quote the source line and put a caret under the column.
// A buffer's line starts are indexed on the first diagnostic that quotes it.
type SourceMgr struct {
	files map[string]*sourceFile
}

type sourceFile struct {
	text   string
	starts []int // offsets of line starts; nil until first needed
}

// line returns line n (1-based) without its newline.
func (f *sourceFile) line(n int) (string, bool) {
	if f.starts == nil {
		f.starts = []int{0}
		for i := 0; i < len(f.text); i++ {
			if f.text[i] == '\n' {
				f.starts = append(f.starts, i+1)
			}
		}
	}
	if n < 1 || n > len(f.starts) {
		return "", false
	}
	end := len(f.text)
	if n < len(f.starts) {
		end = f.starts[n] - 1
	}
	return f.text[f.starts[n-1]:end], true
}

// NewSourceMgr returns an empty source manager.
func NewSourceMgr() *SourceMgr { return &SourceMgr{files: map[string]*sourceFile{}} }

// Add registers a buffer under name.
func (sm *SourceMgr) Add(name string, src []byte) { sm.AddString(name, string(src)) }

// AddString registers a buffer under name without copying it.
func (sm *SourceMgr) AddString(name string, text string) {
	sm.files[name] = &sourceFile{text: text}
}

// Render formats d (and its notes) with the quoted source line and caret.
func (sm *SourceMgr) Render(d *Diagnostic) string {
	var sb strings.Builder
	sm.renderOne(&sb, d)
	for _, n := range d.Notes {
		sm.renderOne(&sb, n)
	}
	return sb.String()
}

func (sm *SourceMgr) renderOne(sb *strings.Builder, d *Diagnostic) {
	sb.WriteString(d.header())
	sb.WriteByte('\n')
	if d.Loc == nil || sm == nil {
		return
	}
	p, ok := d.Loc.Pos()
	if !ok {
		return
	}
	f := sm.files[p.File]
	if f == nil {
		return
	}
	line, ok := f.line(p.Line)
	if !ok {
		return
	}
	line = strings.TrimRight(line, "\r")
	sb.WriteString(line)
	sb.WriteByte('\n')
	col := p.Col
	if col < 1 {
		col = 1
	}
	for i := 1; i < col && i <= len(line); i++ {
		if line[i-1] == '\t' {
			sb.WriteByte('\t')
		} else {
			sb.WriteByte(' ')
		}
	}
	sb.WriteString("^\n")
}

// DiagList collects diagnostics; passes and the verifier append to it.
type DiagList struct {
	Diags []*Diagnostic
}

// Add appends d.
func (l *DiagList) Add(d *Diagnostic) { l.Diags = append(l.Diags, d) }

// HasErrors reports whether any collected diagnostic is an error.
func (l *DiagList) HasErrors() bool {
	for _, d := range l.Diags {
		if d.Severity == SevError {
			return true
		}
	}
	return false
}

// Sorted returns the diagnostics ordered by position, duplicates removed.
func (l *DiagList) Sorted() []*Diagnostic {
	out := append([]*Diagnostic(nil), l.Diags...)
	sort.SliceStable(out, func(i, j int) bool {
		pi, _ := out[i].Loc.Pos()
		pj, _ := out[j].Loc.Pos()
		if pi.File != pj.File {
			return pi.File < pj.File
		}
		if pi.Line != pj.Line {
			return pi.Line < pj.Line
		}
		return pi.Col < pj.Col
	})
	dedup := out[:0]
	seen := map[string]bool{}
	for _, d := range out {
		k := d.Error()
		if !seen[k] {
			seen[k] = true
			dedup = append(dedup, d)
		}
	}
	return dedup
}

// Err returns the first error diagnostic or nil.
func (l *DiagList) Err() error {
	for _, d := range l.Diags {
		if d.Severity == SevError {
			return d
		}
	}
	return nil
}
