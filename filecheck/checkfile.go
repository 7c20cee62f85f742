package filecheck

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// checkString is a positive directive together with the CHECK-DAG and
// CHECK-NOT patterns that precede it (FileCheckString).
type checkString struct {
	pat    *pattern
	prefix string
	loc    int
	dagNot []*pattern
}

// program is a parsed check file.
type program struct {
	ctx    *context
	checks []*checkString
	cmd    *source // implicit-check-not buffer, if any
}

var prefixValid = regexp.MustCompile(`^[a-zA-Z0-9_-]*$`)

// validatePrefixes mirrors FileCheck::ValidateCheckPrefixes.
func validatePrefixes(o *Options, w io.Writer) bool {
	seen := map[string]bool{}
	if len(o.CheckPrefixes) == 0 {
		seen["CHECK"] = true
	}
	if len(o.CommentPrefixes) == 0 {
		seen["COM"], seen["RUN"] = true, true
	}
	for _, kp := range []struct {
		kind string
		list []string
	}{{"check", o.CheckPrefixes}, {"comment", o.CommentPrefixes}} {
		for _, p := range kp.list {
			if msg := prefixProblem(p, seen); msg != "" {
				fmt.Fprintf(w, "error: supplied %s prefix must %s\n", kp.kind, msg)
				return false
			}
		}
	}
	return true
}

func prefixProblem(p string, seen map[string]bool) string {
	switch {
	case p == "":
		return "not be the empty string"
	case !prefixValid.MatchString(p):
		return "start with a letter and contain only alphanumeric characters, hyphens, and underscores: '" + p + "'"
	case seen[p]:
		return "be unique among check and comment prefixes: '" + p + "'"
	}
	seen[p] = true
	return ""
}

// reader walks the check file looking for directives.
type reader struct {
	req      *Options
	src      *source
	prefixes []string // check and comment prefixes
	comments map[string]bool
	next     []int // cached next occurrence of each prefix (-2: none left)
	nextFrom []int // position the cached search started from
}

// findPrefix returns the earliest, longest prefix occurrence at or after i.
func (r *reader) findPrefix(i int) (int, string) {
	best, bestP := -1, ""
	for k, p := range r.prefixes {
		at := r.occurrence(k, i)
		if at >= 0 && (best < 0 || at < best || (at == best && len(p) > len(bestP))) {
			best, bestP = at, p
		}
	}
	return best, bestP
}

// occurrence returns the first offset >= i of prefix k, or -1. Searches
// only move forward, so each prefix's next occurrence is cached.
func (r *reader) occurrence(k, i int) int {
	if r.next[k] == -2 || (r.next[k] >= i && r.nextFrom[k] <= i) {
		return max(r.next[k], -1)
	}
	r.nextFrom[k] = i
	j := strings.Index(r.src.text[i:], r.prefixes[k])
	if j < 0 {
		r.next[k] = -2
		return -1
	}
	r.next[k] = i + j
	return i + j
}

func isWordChar(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

// nextDirective mirrors FindFirstMatchingPrefix: it returns the offset of
// the prefix, the prefix, the directive type and the offset after the
// suffix, or at < 0 when no directive is left.
func (r *reader) nextDirective(i int) (at int, prefix string, typ checkType, after int) {
	text := r.src.text
	for i < len(text) {
		at, prefix = r.findPrefix(i)
		if at < 0 {
			return -1, "", typ, 0
		}
		if at == i || !isWordChar(text[at-1]) {
			typ, after = r.checkType(at, prefix)
			if typ.kind != kindNone {
				return at, prefix, typ, after
			}
		}
		i = at + len(prefix)
		for i < len(text) && isWordChar(text[i]) {
			i++
		}
	}
	return -1, "", typ, 0
}

// checkType mirrors FindCheckType for the prefix at text[at:].
func (r *reader) checkType(at int, prefix string) (checkType, int) {
	text := r.src.text
	if len(text)-at <= len(prefix) {
		return checkType{}, 0
	}
	i := at + len(prefix)
	rest := text[i:]
	if r.comments[prefix] {
		if strings.HasPrefix(rest, ":") {
			return checkType{kind: kindComment}, i + 1
		}
		return checkType{}, 0
	}
	if rest[0] == ':' || rest[0] == '{' {
		return r.modifiers(checkType{kind: kindPlain, count: 1}, i)
	}
	if rest[0] != '-' {
		return checkType{}, 0
	}
	i++
	rest = text[i:]
	if strings.HasPrefix(rest, "COUNT-") {
		return r.countType(i + 6)
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if strings.HasPrefix(rest, bad) {
			return checkType{kind: kindBadNot}, i
		}
	}
	for _, s := range []struct {
		word string
		kind checkKind
	}{{"NEXT", kindNext}, {"SAME", kindSame}, {"NOT", kindNot}, {"DAG", kindDAG}, {"LABEL", kindLabel}, {"EMPTY", kindEmpty}} {
		if strings.HasPrefix(rest, s.word) {
			return r.modifiers(checkType{kind: s.kind, count: 1}, i+len(s.word))
		}
	}
	return checkType{}, 0
}

// countType parses "<n>:" after "-COUNT-".
func (r *reader) countType(i int) (checkType, int) {
	text := r.src.text
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	bad := checkType{kind: kindBadCount}
	if j == i {
		return bad, i
	}
	n, _, ok := consumeUnsigned(text[i:j], true)
	if !ok || !n.IsInt64() || n.Int64() <= 0 || n.Int64() > 1<<31-1 {
		return bad, j
	}
	if j >= len(text) || (text[j] != ':' && text[j] != '{') {
		return bad, j
	}
	return r.modifiers(checkType{kind: kindPlain, count: int(n.Int64())}, j)
}

// modifiers parses ":" or "{LITERAL,...}:" at text[i:].
func (r *reader) modifiers(t checkType, i int) (checkType, int) {
	text := r.src.text
	if i < len(text) && text[i] == ':' {
		return t, i + 1
	}
	if i >= len(text) || text[i] != '{' {
		return checkType{}, 0
	}
	i++
	for {
		i = skipSpaces(text, i)
		if !strings.HasPrefix(text[i:], "LITERAL") {
			return checkType{}, 0
		}
		t.literal = true
		i = skipSpaces(text, i+7)
		if i >= len(text) || text[i] != ',' {
			break
		}
		i++
	}
	if !strings.HasPrefix(text[i:], "}:") {
		return checkType{}, 0
	}
	return t, i + 2
}

// skipSpaces skips StringRef::ltrim's whitespace set.
func skipSpaces(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	return i
}

// readCheckFile mirrors FileCheck::readCheckFile: it parses every
// directive of src into a program, printing errors to w.
func readCheckFile(req *Options, src *source, w io.Writer) (*program, int) {
	prog, ok := readChecks(req, src, w)
	switch {
	case ok:
		return prog, ExitOK
	case prog != nil:
		return nil, ExitFail
	}
	return nil, ExitError
}

// readChecks does readCheckFile's work; on failure it returns a non-nil
// program only for errors on which LLVM exits with status 1.
func readChecks(req *Options, src *source, w io.Writer) (*program, bool) {
	ctx := newContext()
	if !defineCmdline(ctx, req.Defines, w) {
		return nil, false
	}
	prog := &program{ctx: ctx}
	implicit := prog.implicitNots(req, w)
	st := &readState{req: req, src: src, w: w, prog: prog, implicit: implicit,
		dagNot: append([]*pattern{}, implicit...), notFound: map[string]bool{}, line: 1}
	for _, p := range req.CheckPrefixes {
		st.notFound[p] = true
	}
	distinct := len(st.notFound)
	r := newReader(req, src)
	for {
		at, prefix, typ, after := r.nextDirective(st.pos)
		if at < 0 {
			break
		}
		if ok, fatal := st.directive(at, prefix, typ, after); !ok {
			if fatal {
				return prog, false
			}
			return nil, false
		}
	}
	if msg := unusedPrefixes(req, st.notFound, distinct, len(implicit) > 0); msg != "" {
		io.WriteString(w, msg)
		return nil, false
	}
	if len(st.dagNot) > 0 {
		eof := &pattern{ctx: ctx, typ: checkType{kind: kindEOF, count: 1}, src: src, loc: len(src.text), line: st.line + 1}
		prog.checks = append(prog.checks, &checkString{pat: eof, prefix: req.CheckPrefixes[0], loc: st.pos, dagNot: st.dagNot})
	}
	return prog, true
}

// readState is the state of the directive loop of readChecks.
type readState struct {
	req      *Options
	src      *source
	w        io.Writer
	prog     *program
	implicit []*pattern
	dagNot   []*pattern // DAG and NOT patterns waiting for a positive directive
	notFound map[string]bool
	line     int // line of the directive being read
	pos      int // scan position
}

// directive handles one directive found at offset at. It reports false
// on an error; exit1 marks errors on which LLVM exits with status 1.
func (st *readState) directive(at int, prefix string, typ checkType, after int) (ok, exit1 bool) {
	src := st.src
	st.line += strings.Count(src.text[st.pos:at], "\n")
	if typ.kind != kindComment {
		delete(st.notFound, prefix)
	}
	switch typ.kind {
	case kindBadNot:
		src.print(st.w, after, kindError, "unsupported -NOT combo on prefix '"+prefix+"'")
		return false, false
	case kindBadCount:
		src.print(st.w, after, kindError, "invalid count in -COUNT specification on prefix '"+prefix+"'")
		return false, false
	}
	start, eol := st.patternBounds(after)
	st.pos = eol
	if typ.kind == kindComment {
		return true, false
	}
	p, perr := parsePattern(st.prog.ctx, typ, src, start, src.text[start:eol], st.line, prefix, st.req)
	if perr != nil {
		perr.emit(st.w)
		return false, perr.exit1
	}
	if msg := orderProblem(typ, p, prefix, len(st.prog.checks)); msg != "" {
		src.print(st.w, at, kindError, msg)
		return false, false
	}
	if typ.kind == kindDAG || typ.kind == kindNot {
		st.dagNot = append(st.dagNot, p)
		return true, false
	}
	st.prog.checks = append(st.prog.checks, &checkString{pat: p, prefix: prefix, loc: start, dagNot: st.dagNot})
	st.dagNot = append([]*pattern{}, st.implicit...)
	return true, false
}

// patternBounds returns the pattern text's start (leading blanks skipped
// unless both --strict-whitespace and --match-full-lines) and line end.
func (st *readState) patternBounds(after int) (int, int) {
	text := st.src.text
	start := after
	if !(st.req.StrictWhitespace && st.req.MatchFullLines) {
		for start < len(text) && (text[start] == ' ' || text[start] == '\t') {
			start++
		}
	}
	eol := start
	for eol < len(text) && text[eol] != '\n' && text[eol] != '\r' {
		eol++
	}
	return start, eol
}

// orderProblem reports LABEL-with-variables and NEXT/SAME/EMPTY-first errors.
func orderProblem(typ checkType, p *pattern, prefix string, nChecks int) string {
	if typ.kind == kindLabel && p.hasVariable() {
		return "found '" + prefix + "-LABEL:' with variable definition or use"
	}
	if nChecks > 0 {
		return ""
	}
	switch typ.kind {
	case kindNext:
		return "found '" + prefix + "-NEXT' without previous '" + prefix + ": line"
	case kindEmpty:
		return "found '" + prefix + "-EMPTY' without previous '" + prefix + ": line"
	case kindSame:
		return "found '" + prefix + "-SAME' without previous '" + prefix + ": line"
	}
	return ""
}

// unusedPrefixes builds the "no check strings found" error, if any.
func unusedPrefixes(req *Options, notFound map[string]bool, distinct int, haveImplicit bool) string {
	none := len(notFound) == distinct
	unused := !req.AllowUnusedPrefixes && len(notFound) > 0
	if !(none || unused) || (haveImplicit && !req.checkPrefixesSet) {
		return ""
	}
	var names []string
	for p := range notFound {
		names = append(names, "'"+p+":'")
	}
	sort.Strings(names)
	s := "error: no check strings found with prefix "
	if len(names) > 1 {
		s = "error: no check strings found with prefixes "
	}
	return s + strings.Join(names, ", ") + "\n"
}

func newReader(req *Options, src *source) *reader {
	r := &reader{req: req, src: src, comments: map[string]bool{}}
	r.prefixes = append(append(r.prefixes, req.CheckPrefixes...), req.CommentPrefixes...)
	for _, c := range req.CommentPrefixes {
		r.comments[c] = true
	}
	r.next = make([]int, len(r.prefixes))
	r.nextFrom = make([]int, len(r.prefixes))
	for i := range r.next {
		r.next[i] = -1
		r.nextFrom[i] = 1 << 62
	}
	return r
}

// implicitNots parses the --implicit-check-not patterns, each in its own
// "command line" buffer.
func (prog *program) implicitNots(req *Options, w io.Writer) []*pattern {
	var pats []*pattern
	for i, s := range req.ImplicitCheckNot {
		const pre = "-implicit-check-not='"
		src := &source{name: "command line", text: pre + s + "'"}
		p, perr := parsePattern(prog.ctx, checkType{kind: kindNot, count: 1}, src, len(pre), s, 0, "IMPLICIT-CHECK", req)
		if perr != nil {
			// LLVM reports the error but goes on; the broken pattern
			// never matches.
			perr.emit(w)
			continue
		}
		p.implicit = i + 1
		pats = append(pats, p)
	}
	return pats
}

// emit prints a parse error in LLVM's format.
func (e *parseError) emit(w io.Writer) {
	// LLVM 14's ErrorDiagnostic carries no range: only the caret is shown.
	e.src.print(w, e.off, kindError, e.msg)
	if e.logged {
		io.WriteString(w, "\n")
	}
}
