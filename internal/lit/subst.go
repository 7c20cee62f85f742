package lit

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Subst holds the values of lit's %-substitutions for one test file.
type Subst struct {
	Source  string            // %s: absolute path of the test file
	Tmp     string            // %t: unique temporary path for this test
	Line    int               // %(line): line of the RUN directive
	Defines map[string]string // %{name} from DEFINE:/REDEFINE:
	// Feature reports whether a feature is available, for %if.
	Feature func(string) bool
}

// maxDefineDepth bounds recursive %{name} expansion (a DEFINE that refers
// to itself would otherwise loop).
const maxDefineDepth = 16

var (
	lineSubstRE = regexp.MustCompile(`^%\(line *([+-]) *([0-9]+)\)`)
	nameSubstRE = regexp.MustCompile(`^%\{([A-Za-z0-9_:.-]+)\}`)
)

// Expand applies the substitutions to a RUN command in a single left-to-right
// pass, so the text a substitution inserts is never rescanned, except the
// body of a user %{name}, which is itself expanded (lit applies user
// substitutions before the built-in ones). Unknown %x sequences are kept.
func (s *Subst) Expand(cmd string) (string, error) {
	return s.expand(cmd, 0)
}

func (s *Subst) expand(cmd string, depth int) (string, error) {
	if depth > maxDefineDepth {
		return "", fmt.Errorf("substitution nesting deeper than %d (recursive DEFINE?)", maxDefineDepth)
	}
	var b strings.Builder
	for i := 0; i < len(cmd); {
		if cmd[i] != '%' || i+1 == len(cmd) {
			b.WriteByte(cmd[i])
			i++
			continue
		}
		out, n, err := s.one(cmd[i:], depth)
		if err != nil {
			return "", err
		}
		b.WriteString(out)
		i += n
	}
	return b.String(), nil
}

// one expands the substitution at the start of rest (rest[0] == '%') and
// returns the replacement and the number of bytes consumed.
func (s *Subst) one(rest string, depth int) (string, int, error) {
	dir := filepath.Dir(s.Source)
	simple := map[string]string{
		"%%": "%", "%s": s.Source, "%S": dir, "%p": dir, "%t": s.Tmp, "%T": filepath.Dir(s.Tmp),
		"%/s": filepath.ToSlash(s.Source), "%/S": filepath.ToSlash(dir), "%/p": filepath.ToSlash(dir),
		"%/t": filepath.ToSlash(s.Tmp), "%/T": filepath.ToSlash(filepath.Dir(s.Tmp)),
	}
	if strings.HasPrefix(rest, "%/") && len(rest) >= 3 {
		if v, ok := simple[rest[:3]]; ok {
			return v, 3, nil
		}
	}
	if strings.HasPrefix(rest, "%if ") || strings.HasPrefix(rest, "%if\t") {
		return s.ifSubst(rest, depth)
	}
	if v, ok := simple[rest[:2]]; ok {
		return v, 2, nil
	}
	if m := lineSubstRE.FindStringSubmatch(rest); m != nil {
		return s.lineValue(m), len(m[0]), nil
	}
	if strings.HasPrefix(rest, "%(line)") {
		return strconv.Itoa(s.Line), len("%(line)"), nil
	}
	if m := nameSubstRE.FindStringSubmatch(rest); m != nil {
		return s.named(m[1], rest[:len(m[0])], depth)
	}
	return "%", 1, nil
}

func (s *Subst) lineValue(m []string) string {
	n, _ := strconv.Atoi(m[2])
	if m[1] == "-" {
		n = -n
	}
	return strconv.Itoa(s.Line + n)
}

// named expands %{name}: user definitions first, then the built-in names.
func (s *Subst) named(name, whole string, depth int) (string, int, error) {
	if v, ok := s.Defines[name]; ok {
		out, err := s.expand(v, depth+1)
		return out, len(whole), err
	}
	dir := filepath.Dir(s.Source)
	builtin := map[string]string{
		"pathsep": string(filepath.ListSeparator), "fs-sep": string(filepath.Separator),
		"fs-src-root": "/", "fs-tmp-root": "/", "s:real": realPath(s.Source), "S:real": realPath(dir),
		"t:real": s.Tmp, "T:real": filepath.Dir(s.Tmp),
	}
	if v, ok := builtin[name]; ok {
		return v, len(whole), nil
	}
	return "", 0, fmt.Errorf("unknown substitution %s (not DEFINEd in this file)", whole)
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// ifSubst expands "%if COND %{ THEN %}" with an optional "%else %{ ELSE %}".
func (s *Subst) ifSubst(rest string, depth int) (string, int, error) {
	open := strings.Index(rest, "%{")
	if open < 0 {
		return "", 0, fmt.Errorf("%%if without '%%{' body")
	}
	cond := strings.TrimSpace(rest[len("%if"):open])
	thenBody, end, err := bracedBody(rest, open)
	if err != nil {
		return "", 0, err
	}
	elseBody := ""
	after := strings.TrimLeft(rest[end:], " \t")
	if strings.HasPrefix(after, "%else") {
		skip := len(rest[end:]) - len(after) + len("%else")
		eopen := strings.Index(rest[end+skip:], "%{")
		if eopen < 0 || strings.TrimSpace(rest[end+skip:end+skip+eopen]) != "" {
			return "", 0, fmt.Errorf("%%else must be followed by '%%{'")
		}
		elseBody, end, err = bracedBody(rest, end+skip+eopen)
		if err != nil {
			return "", 0, err
		}
	}
	ok, _, err := EvalCond(cond, s.Feature)
	if err != nil {
		return "", 0, fmt.Errorf("%%if %s: %v", cond, err)
	}
	body := elseBody
	if ok {
		body = thenBody
	}
	out, err := s.expand(body, depth+1)
	return out, end, err
}

// bracedBody returns the text between the "%{" at open and its matching
// "%}", and the index just past the "%}". A "%{name}" substitution inside
// the body is skipped as a unit so that it does not open a new level.
func bracedBody(s string, open int) (string, int, error) {
	depth := 0
	for i := open; i < len(s)-1; i++ {
		if s[i] != '%' {
			continue
		}
		if m := nameSubstRE.FindString(s[i:]); m != "" && i != open {
			i += len(m) - 1
			continue
		}
		switch s[i+1] {
		case '{':
			depth++
			i++
		case '}':
			depth--
			if depth == 0 {
				return s[open+2 : i], i + 2, nil
			}
			i++
		case '%':
			i++
		}
	}
	return "", 0, fmt.Errorf("unterminated '%%{' in %%if")
}
