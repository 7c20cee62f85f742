package ir

import (
	"fmt"
	"strings"
)

// Location is where an operation came from. Every operation has one; the
// parser fills it from the source position unless the text gives a loc(...).
type Location interface {
	// Pos returns the innermost file:line:col position, if any.
	Pos() (FileLineCol, bool)
	printLoc(sb *strings.Builder)
}

// FileLineCol is a source position: loc("file":line:col).
type FileLineCol struct {
	File      string
	Line, Col int
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{}

// NameLoc is loc("name"(child)); Child may be nil.
type NameLoc struct {
	Name  string
	Child Location
}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct {
	Callee, Caller Location
}

// FusedLoc is loc(fused[a, b]) or loc(fused<#meta>[a, b]).
type FusedLoc struct {
	Metadata Attribute
	Locs     []Location
}

func (l FileLineCol) Pos() (FileLineCol, bool) { return l, true }
func (UnknownLoc) Pos() (FileLineCol, bool)    { return FileLineCol{}, false }
func (l NameLoc) Pos() (FileLineCol, bool) {
	if l.Child == nil {
		return FileLineCol{}, false
	}
	return l.Child.Pos()
}
func (l CallSiteLoc) Pos() (FileLineCol, bool) { return l.Callee.Pos() }
func (l FusedLoc) Pos() (FileLineCol, bool) {
	for _, c := range l.Locs {
		if p, ok := c.Pos(); ok {
			return p, true
		}
	}
	return FileLineCol{}, false
}

func (l FileLineCol) String() string { return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col) }

func (l FileLineCol) printLoc(sb *strings.Builder) {
	fmt.Fprintf(sb, "%s:%d:%d", QuoteString(l.File), l.Line, l.Col)
}
func (UnknownLoc) printLoc(sb *strings.Builder) { sb.WriteString("unknown") }
func (l NameLoc) printLoc(sb *strings.Builder) {
	sb.WriteString(QuoteString(l.Name))
	if l.Child != nil {
		sb.WriteByte('(')
		l.Child.printLoc(sb)
		sb.WriteByte(')')
	}
}
func (l CallSiteLoc) printLoc(sb *strings.Builder) {
	sb.WriteString("callsite(")
	l.Callee.printLoc(sb)
	sb.WriteString(" at ")
	l.Caller.printLoc(sb)
	sb.WriteByte(')')
}
func (l FusedLoc) printLoc(sb *strings.Builder) {
	sb.WriteString("fused")
	if l.Metadata != nil {
		sb.WriteByte('<')
		sb.WriteString(AttrString(l.Metadata))
		sb.WriteByte('>')
	}
	sb.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			sb.WriteString(", ")
		}
		c.printLoc(sb)
	}
	sb.WriteByte(']')
}

// LocString returns the loc(...) spelling of l.
func LocString(l Location) string {
	var sb strings.Builder
	sb.WriteString("loc(")
	if l == nil {
		l = UnknownLoc{}
	}
	l.printLoc(&sb)
	sb.WriteByte(')')
	return sb.String()
}

// LocBody returns the spelling of l without the surrounding loc( ).
func LocBody(l Location) string {
	var sb strings.Builder
	l.printLoc(&sb)
	return sb.String()
}
