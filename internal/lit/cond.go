package lit

import (
	"fmt"
	"regexp"
	"strings"
)

// EvalCond evaluates a lit boolean feature expression: identifiers
// (features), "true", "false", "*" (always true, as in "XFAIL: *"), "!",
// "&&", "||" and parentheses; "{{re}}" inside an identifier matches any
// available feature by regular expression. has reports availability and may
// be nil (nothing available). It also returns the referenced features that
// are not available, in order of appearance, so a caller can say why a
// REQUIRES was not met.
func EvalCond(expr string, has func(string) bool) (bool, []string, error) {
	if has == nil {
		has = func(string) bool { return false }
	}
	toks, err := condTokens(expr)
	if err != nil {
		return false, nil, err
	}
	p := &condParser{toks: toks, has: has}
	v, err := p.or()
	if err != nil {
		return false, nil, err
	}
	if p.pos != len(p.toks) {
		return false, nil, fmt.Errorf("unexpected %q in %q", p.toks[p.pos], expr)
	}
	return v, p.missing, nil
}

func condTokens(expr string) ([]string, error) {
	var toks []string
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.HasPrefix(expr[i:], "&&"), strings.HasPrefix(expr[i:], "||"):
			toks = append(toks, expr[i:i+2])
			i += 2
		case c == '!' || c == '(' || c == ')':
			toks = append(toks, expr[i:i+1])
			i++
		case c == '&' || c == '|':
			return nil, fmt.Errorf("single %q in %q (use %q)", c, expr, string([]byte{c, c}))
		default:
			j := identEnd(expr, i)
			toks = append(toks, expr[i:j])
			i = j
		}
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty condition")
	}
	return toks, nil
}

// identEnd returns the end of the identifier starting at i; "{{...}}"
// regions may contain any character.
func identEnd(s string, i int) int {
	for i < len(s) {
		if strings.HasPrefix(s[i:], "{{") {
			if e := strings.Index(s[i+2:], "}}"); e >= 0 {
				i += e + 4
				continue
			}
		}
		if strings.ContainsRune(" \t!()&|", rune(s[i])) {
			break
		}
		i++
	}
	return i
}

type condParser struct {
	toks    []string
	pos     int
	has     func(string) bool
	missing []string
}

func (p *condParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *condParser) or() (bool, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.pos++
		var r bool
		r, err = p.and()
		v = v || r
	}
	return v, err
}

func (p *condParser) and() (bool, error) {
	v, err := p.not()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var r bool
		r, err = p.not()
		v = v && r
	}
	return v, err
}

func (p *condParser) not() (bool, error) {
	if p.peek() == "!" {
		p.pos++
		v, err := p.not()
		return !v, err
	}
	return p.atom()
}

func (p *condParser) atom() (bool, error) {
	t := p.peek()
	p.pos++
	switch t {
	case "":
		return false, fmt.Errorf("condition ends early")
	case "(":
		v, err := p.or()
		if err == nil && p.peek() != ")" {
			err = fmt.Errorf("missing ')'")
		}
		p.pos++
		return v, err
	case ")", "&&", "||":
		return false, fmt.Errorf("unexpected %q", t)
	case "true", "*":
		return true, nil
	case "false":
		return false, nil
	}
	ok, err := p.feature(t)
	if err == nil && !ok {
		p.missing = append(p.missing, t)
	}
	return ok, err
}

// feature reports whether identifier t names an available feature. An
// identifier with "{{re}}" parts becomes an anchored regular expression that
// is passed to has behind featureRegexPrefix (Features.Has understands it).
func (p *condParser) feature(t string) (bool, error) {
	if !strings.Contains(t, "{{") {
		return p.has(t), nil
	}
	re, err := identRegexp(t)
	if err != nil {
		return false, err
	}
	return p.has(featureRegexPrefix + re.String()), nil
}

// featureRegexPrefix marks a has() query that is an anchored regular
// expression rather than a feature name (see Features.Has).
const featureRegexPrefix = "\x00re:"

func identRegexp(t string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for t != "" {
		i := strings.Index(t, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(t))
			break
		}
		e := strings.Index(t[i+2:], "}}")
		if e < 0 {
			return nil, fmt.Errorf("unterminated {{ in %q", t)
		}
		b.WriteString(regexp.QuoteMeta(t[:i]))
		b.WriteString("(?:" + t[i+2:i+2+e] + ")")
		t = t[i+4+e:]
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// Features is a set of available lit features.
type Features map[string]bool

// Has reports whether feature name is available; it also answers the
// regular-expression queries that EvalCond makes for "{{re}}" identifiers.
func (f Features) Has(name string) bool {
	if re, ok := strings.CutPrefix(name, featureRegexPrefix); ok {
		r, err := regexp.Compile(re)
		if err != nil {
			return false
		}
		for k, v := range f {
			if v && r.MatchString(k) {
				return true
			}
		}
		return false
	}
	return f[name]
}
