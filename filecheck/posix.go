package filecheck

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// POSIX subexpression rules. Go's leftmost-longest matching finds the same
// overall match as POSIX, but not necessarily the same captures: POSIX
// (Spencer's dissect) splits a concatenation greedily from the left, giving
// each component the longest text that still lets the rest match. Variable
// definitions are top-level groups, so the top-level split decides their
// values; posixCaptures recomputes it for patterns that define variables.

// maxSplitSpan bounds the match length for which captures are recomputed.
const maxSplitSpan = 2000

// component is one top-level atom (with its quantifier) of a Go regex;
// group is its capture group number, or 0.
type component struct {
	re    string
	group int
}

// posixCaptures rewrites the top-level group spans in loc (relative to
// text) to the POSIX split of the overall match.
func (m *matcher) posixCaptures(re *regexp.Regexp, text string, loc []int) {
	s, e := loc[0], loc[1]
	if e-s > maxSplitSpan {
		return
	}
	flags, body := splitFlags(re.String())
	comps := mergeFixed(topLevel(body))
	if len(comps) < 2 {
		return
	}
	prev := s
	for i, c := range comps {
		end := m.greedyEnd(flags, comps[i:], text, prev, e)
		if end < 0 {
			return // keep Go's captures
		}
		if c.group > 0 {
			loc[2*c.group], loc[2*c.group+1] = prev, end
		}
		prev = end
	}
}

// greedyEnd returns the largest p in [from, e] such that comps[0] matches
// text[from:p] and the remaining components match text[p:e], or -1.
func (m *matcher) greedyEnd(flags string, comps []component, text string, from, e int) int {
	if len(comps) == 1 {
		return e
	}
	head := m.fullRegex(flags, comps[:1])
	rest := m.fullRegex(flags, comps[1:])
	if head == nil || rest == nil {
		return -1
	}
	for p := e; p >= from; p-- {
		if head.MatchString(text[from:p]) && rest.MatchString(text[p:e]) {
			return p
		}
	}
	return -1
}

// fullRegex compiles the concatenation of comps anchored at both ends,
// caching by text.
func (m *matcher) fullRegex(flags string, comps []component) *regexp.Regexp {
	var b strings.Builder
	for _, c := range comps {
		b.WriteString(c.re)
	}
	key := flags + `\A(?:` + b.String() + `)\z`
	if re, ok := m.cache[key]; ok {
		return re
	}
	re, err := regexp.Compile(key)
	if err != nil {
		re = nil
	}
	if m.cache == nil {
		m.cache = map[string]*regexp.Regexp{}
	}
	m.cache[key] = re
	return re
}

// topLevel splits a Go regex produced by this package into top-level
// atoms with their quantifiers.
func topLevel(body string) []component {
	var out []component
	groups := 0
	for i := 0; i < len(body); {
		start, g := i, 0
		switch {
		case body[i] == '\\':
			i += 2
		case body[i] == '[':
			i = classEnd(body, i) + 1
		case body[i] == '(':
			end := groupEnd(body, i)
			if isGroupOpen(body, i) {
				groups++
				g = groups
			}
			groups += countGroups(body[i+1 : end])
			i = end + 1
		default:
			_, n := utf8.DecodeRuneInString(body[i:])
			i += n
		}
		i = quantifierEnd(body, i)
		out = append(out, component{body[start:min(i, len(body))], g})
	}
	return out
}

// quantifierEnd skips a quantifier at body[i:], if any.
func quantifierEnd(body string, i int) int {
	if i >= len(body) {
		return i
	}
	switch body[i] {
	case '*', '+', '?':
		return i + 1
	case '{':
		if j := strings.IndexByte(body[i:], '}'); j > 0 {
			return i + j + 1
		}
	}
	return i
}

// mergeFixed joins runs of non-group atoms without quantifiers: each
// matches a fixed amount of text, so splitting inside a run is never
// ambiguous.
func mergeFixed(comps []component) []component {
	var out []component
	for _, c := range comps {
		fixed := c.group == 0 && !strings.ContainsAny(c.re[len(c.re)-1:], "*+?}") && c.re[0] != '('
		if n := len(out); fixed && n > 0 && out[n-1].group == 0 && isFixedRun(out[n-1].re) {
			out[n-1].re += c.re
			continue
		}
		out = append(out, c)
	}
	return out
}

func isFixedRun(re string) bool {
	return re[0] != '(' && !strings.ContainsAny(re[len(re)-1:], "*+?}")
}
