package filecheck

import (
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// errNotFound is LLVM's NotFoundError.
var errNotFound = errors.New("not found")

// diag is a located error found while matching (LLVM's ErrorDiagnostic).
type diag struct {
	src *source
	off int
	msg string
	rng span
}

// matchErrors is a list of diagnostics from one match attempt.
type matchErrors []diag

func (e matchErrors) Error() string { return e[0].msg }

// matcher checks one input against a program.
type matcher struct {
	req    *Options
	prog   *program
	in     *source
	lower  string // ASCII-lowercased input, for --ignore-case literals
	w      io.Writer
	cache  map[string]*regexp.Regexp // anchored helper regexes (posix.go)
	errors int                       // error diagnostics printed so far
	notes  []annotation
	fails  []failure
}

// result is one match: absolute offsets in the input plus captured values.
type result struct {
	pos, end int
}

// match mirrors Pattern::match on the input range [a, b). On success it
// records variable definitions. A non-nil error other than errNotFound is
// a matchErrors; it may come with a match (numeric capture errors).
func (m *matcher) match(p *pattern, a, b int) (*result, error) {
	switch {
	case p.typ.kind == kindEOF:
		return &result{b, b}, nil
	case p.isFixed:
		return m.matchFixed(p, a, b)
	}
	re := p.re
	if re == nil {
		values, errs := m.substitute(p)
		if errs != nil {
			return nil, errs
		}
		var err error
		if re, err = p.compileRegex(p.assemble(values)); err != nil {
			return nil, errNotFound
		}
	}
	loc := m.findRegex(p, re, a, b)
	if loc == nil {
		return nil, errNotFound
	}
	if len(p.backrefs) == 0 && len(p.strDefs)+len(p.numDefs) > 0 && p.varParts > 1 {
		m.posixCaptures(re, m.in.text[a:b], loc)
	}
	return m.record(p, loc, a)
}

func (m *matcher) matchFixed(p *pattern, a, b int) (*result, error) {
	hay, needle := m.in.text[a:b], p.fixed
	if p.ignoreCase {
		hay, needle = m.lower[a:b], asciiLower(needle)
	}
	i := strings.Index(hay, needle)
	if i < 0 {
		return nil, errNotFound
	}
	return &result{a + i, a + i + len(needle)}, nil
}

// findRegex returns the submatch indexes (relative to a) of the first
// match in [a, b), honouring same-line back-references.
//
// Without back-references the Go regex is exact. With them, the regex
// (where each use is a copy of its definition's regex) over-approximates,
// as Spencer's regexec does before its backref pass: the leftmost start s
// of an approximate match is tried with exact matching, picking the
// longest exact match at s, else the search resumes at s+1.
func (m *matcher) findRegex(p *pattern, re *regexp.Regexp, a, b int) []int {
	text := m.in.text[a:b]
	for from := 0; from <= len(text); {
		loc := re.FindStringSubmatchIndex(text[from:])
		if loc == nil {
			return nil
		}
		shift(loc, from)
		if len(p.backrefs) == 0 || backrefsHold(p, text, loc) {
			return loc
		}
		if exact := exactAt(p, re, text, loc); exact != nil {
			return exact
		}
		from = loc[0] + 1
	}
	return nil
}

func shift(loc []int, by int) {
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += by
		}
	}
}

func group(text string, loc []int, g int) (string, bool) {
	if loc[2*g] < 0 {
		return "", false
	}
	return text[loc[2*g]:loc[2*g+1]], true
}

func backrefsHold(p *pattern, text string, loc []int) bool {
	for _, br := range p.backrefs {
		d, _ := group(text, loc, br.def)
		u, _ := group(text, loc, br.use)
		if d != u {
			return false
		}
	}
	return true
}

// maxBackrefCandidates bounds the values tried for a definition in
// exactAt; past it only the approximate match's own capture is tried.
const maxBackrefCandidates = 256

// exactAt looks for the longest exact match starting where the
// approximate match loc starts. Candidate values for the first
// back-referenced definition are the substrings of the approximate match
// that its regex matches in full; other definitions keep the text the
// approximate match captured.
func exactAt(p *pattern, re *regexp.Regexp, text string, loc []int) []int {
	s := loc[0]
	def := p.backrefs[0].def
	var best []int
	for _, v := range defCandidates(p, text, loc) {
		body := re.String()
		for _, br := range p.backrefs {
			val := v
			if br.def != def {
				val, _ = group(text, loc, br.def)
			}
			body = replaceGroup(body, br.def, val)
			body = replaceGroup(body, br.use, val)
		}
		loc2 := matchAt(body, text, s)
		if loc2 != nil && (best == nil || loc2[1] > best[1]) {
			best = loc2
		}
	}
	return best
}

// matchAt returns the longest match of the Go regex body starting
// exactly at s in text. The text from the start of s's line is kept in
// view, so that "^" still only matches at a line start.
func matchAt(body, text string, s int) []int {
	x := strings.LastIndexByte(text[:s], '\n') + 1
	k := utf8.RuneCountInString(text[x:s])
	if k > 1000 { // beyond RE2's repeat limit: anchor at s itself
		x, k = s, 0
	}
	flags, rest := splitFlags(body)
	re, err := regexp.Compile(flags + `\A(?s:.){` + strconv.Itoa(k) + `}(?:` + rest + `)`)
	if err != nil {
		return nil
	}
	re.Longest()
	loc := re.FindStringSubmatchIndex(text[x:])
	if loc == nil {
		return nil
	}
	shift(loc, x)
	loc[0] = s
	return loc
}

// splitFlags separates a leading "(?flags)" from a Go regex.
func splitFlags(re string) (string, string) {
	if strings.HasPrefix(re, "(?") {
		if i := strings.IndexByte(re, ')'); i > 0 && !strings.Contains(re[:i], ":") {
			return re[:i+1], re[i+1:]
		}
	}
	return "", re
}

// defCandidates lists the values the first back-referenced definition
// could take inside the approximate match loc.
func defCandidates(p *pattern, text string, loc []int) []string {
	s, e := loc[0], loc[1]
	br := p.backrefs[0]
	own, _ := group(text, loc, br.def)
	full, err := regexp.Compile(flagsFor(p) + "^(?:" + br.defRe + ")$")
	if err != nil {
		return []string{own}
	}
	seen := map[string]bool{}
	var out []string
	for i := s; i <= e; i++ {
		for j := i; j <= e; j++ {
			v := text[i:j]
			if seen[v] || (v != "" && strings.Count(text[s:e], v) < 2) || !full.MatchString(v) {
				continue
			}
			seen[v] = true
			if out = append(out, v); len(out) > maxBackrefCandidates {
				return []string{own}
			}
		}
	}
	return out
}

func flagsFor(p *pattern) string {
	if p.ignoreCase {
		return "(?i)"
	}
	return ""
}

// replaceGroup replaces the body of capture group n in a Go regex with
// the literal lit, matched case-sensitively as back-references compare
// bytes. Empty groups stand in for the groups the body contained, so group
// numbers do not change.
func replaceGroup(re string, n int, lit string) string {
	count := 0
	for i := 0; i < len(re); i++ {
		if !isGroupOpen(re, i) {
			if re[i] == '\\' {
				i++
			} else if re[i] == '[' {
				i = classEnd(re, i)
			}
			continue
		}
		if count++; count == n {
			end := groupEnd(re, i)
			inner := countGroups(re[i+1 : end])
			return re[:i+1] + "(?-i:" + regexp.QuoteMeta(lit) + ")" + strings.Repeat("()", inner) + re[end:]
		}
	}
	return re
}

func isGroupOpen(re string, i int) bool {
	return re[i] == '(' && !strings.HasPrefix(re[i:], "(?")
}

// classEnd returns the index of the ']' closing the class opened at i.
func classEnd(re string, i int) int {
	j := i + 1
	if j < len(re) && re[j] == '^' {
		j++
	}
	if j < len(re) && re[j] == ']' {
		j++
	}
	for ; j < len(re); j++ {
		switch {
		case re[j] == '\\':
			j++
		case strings.HasPrefix(re[j:], "[:"):
			if k := strings.Index(re[j+2:], ":]"); k >= 0 {
				j += k + 3
			}
		case re[j] == ']':
			return j
		}
	}
	return len(re)
}

// groupEnd returns the index of the ')' closing the group opened at i.
func groupEnd(re string, i int) int {
	depth := 0
	for ; i < len(re); i++ {
		switch re[i] {
		case '\\':
			i++
		case '[':
			i = classEnd(re, i)
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(re)
}

// countGroups counts the capturing groups in a Go regex fragment.
func countGroups(re string) int {
	n := 0
	for i := 0; i < len(re); i++ {
		switch {
		case re[i] == '\\':
			i++
		case re[i] == '[':
			i = classEnd(re, i)
		case isGroupOpen(re, i):
			n++
		}
	}
	return n
}

// record stores captured variables and builds the result.
func (m *matcher) record(p *pattern, loc []int, a int) (*result, error) {
	text := m.in.text[a:]
	p.caps = p.caps[:0]
	for _, d := range p.strDefs {
		v, _ := group(text, loc, d.group)
		p.ctx.strVars[d.name] = v
		p.caps = append(p.caps, capture{d.name, a + loc[2*d.group], a + loc[2*d.group+1]})
	}
	skip := 0
	if p.typ.kind == kindEmpty {
		skip = 1
	}
	res := &result{a + loc[0] + skip, a + loc[1]}
	for _, d := range p.numDefs {
		s, _ := group(text, loc, d.group)
		v, msg := d.v.format.parseValue(s)
		if msg != "" {
			off := a + loc[2*d.group]
			return res, matchErrors{{m.in, off, msg, span{off, off + len(s)}}}
		}
		d.v.value, d.v.text = v, s
		p.caps = append(p.caps, capture{d.v.name, a + loc[2*d.group], a + loc[2*d.group+1]})
	}
	return res, nil
}

// substitute computes the regex text of every substitution of p.
func (m *matcher) substitute(p *pattern) ([]string, error) {
	if p.line > 0 {
		p.ctx.lineVar.value = bigInt(p.line)
	}
	var values []string
	var errs matchErrors
	for _, s := range p.subs {
		v, e := m.substValue(p, s)
		errs = append(errs, e...)
		values = append(values, v)
	}
	if errs != nil {
		return nil, errs
	}
	return values, nil
}

// substValue returns the regex text for one substitution, or errors.
func (m *matcher) substValue(p *pattern, s *substitution) (string, matchErrors) {
	if s.num == nil {
		v, ok := p.ctx.strVars[s.strVar]
		if !ok {
			return "", matchErrors{{p.src, s.from.start, "undefined variable: " + s.strVar, s.from}}
		}
		return regexp.QuoteMeta(v), nil
	}
	text, err := evalSubst(s)
	if u, ok := err.(*undefError); ok {
		var errs matchErrors
		for _, use := range u.uses {
			errs = append(errs, diag{p.src, use.at, "undefined variable: " + use.name, span{use.at, use.at + len(use.name)}})
		}
		return "", errs
	}
	if err != nil {
		return "", matchErrors{{p.src, s.from.start, "unable to substitute variable or numeric expression: overflow error", s.from}}
	}
	return text, nil
}

// evalSubst evaluates a numeric substitution to its matching text.
func evalSubst(s *substitution) (string, error) {
	v, err := s.num.ast.eval()
	if err != nil {
		return "", err
	}
	return s.num.format.matching(v)
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
