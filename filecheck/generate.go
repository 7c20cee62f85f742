package filecheck

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// GenerateOptions configure GenerateChecks.
type GenerateOptions struct {
	// Prefix is the check prefix (default "CHECK").
	Prefix string
	// Comment leads every generated line (default "// ").
	Comment string
	// LabelRE selects the lines that start a CHECK-LABEL section (default
	// DefaultLabelRE: function definitions).
	LabelRE *regexp.Regexp
}

// DefaultLabelRE matches the lines that open a function in MLIR output
// (tt.func, func.func, llvm.func, ...), which GenerateChecks turns into
// CHECK-LABEL directives.
var DefaultLabelRE = regexp.MustCompile(`^\s*(?:[a-z_]+\.)?func\b[^@]*@`)

// SSA value names (%0, %arg3, %c0_i32, %x.y) and attribute alias names
// (#blocked, #mma1) as MLIR prints them.
var (
	ssaNameRE   = regexp.MustCompile(`^%(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)`)
	aliasDefRE  = regexp.MustCompile(`^#([A-Za-z_][A-Za-z0-9_$.-]*)\s*=`)
	aliasUseRE  = regexp.MustCompile(`^#([A-Za-z_][A-Za-z0-9_$.-]*)`)
	varNameChar = regexp.MustCompile(`[^A-Za-z0-9_]`)
)

// ssaCapture and aliasCapture are the regexes that capture an SSA name
// (including its '%') and an alias name (after its '#'): only the
// characters MLIR allows in names, so a capture cannot run past the name
// into the text after it (a '%2' may later print as '%c2_i32' and still
// match).
const (
	ssaCapture   = `%[a-zA-Z0-9_$.-]+`
	aliasCapture = `[a-zA-Z0-9_$.-]+`
)

// GenerateChecks turns a tool's output into FileCheck directives that
// match it, in the manner of MLIR's generate-test-checks.py:
//
//   - attribute aliases defined in the output (#blocked = ...) become
//     global variables: the first occurrence defines #[[$BLOCKED:...]],
//     later ones use #[[$BLOCKED]], so a renamed alias still matches;
//   - a function line becomes CHECK-LABEL with the text up to its "(",
//     the rest (arguments) a CHECK-SAME;
//   - other non-blank lines become CHECK-NEXT (CHECK after a label, a
//     blank line or at the start);
//   - SSA names become FileCheck variables: the first occurrence in a
//     label section defines [[VAL_n:%...]], later ones use [[VAL_n]];
//     numbering restarts at each label, as --enable-var-scope clears
//     local variables there;
//   - "[[" and "{{" in the output are escaped as regexes.
//
// The result passes FileCheck (with or without --enable-var-scope) on the
// input it was generated from. Input that is not UTF-8 is an error (tool
// output is text; patterns are UTF-8 regexes).
func GenerateChecks(input string, o GenerateOptions) (string, error) {
	if !utf8.ValidString(input) {
		line := 1 + strings.Count(input[:invalidAt(input)], "\n")
		return "", fmt.Errorf("line %d: the input is not valid UTF-8", line)
	}
	if o.Prefix == "" {
		o.Prefix = "CHECK"
	}
	if o.Comment == "" {
		o.Comment = "// "
	}
	if o.LabelRE == nil {
		o.LabelRE = DefaultLabelRE
	}
	g := &generator{o: o, aliases: map[string]string{}, aliasUsed: map[string]bool{}, aliasDefined: map[string]bool{}}
	lines := checkLines(input)
	for _, l := range lines {
		if aliasDefRE.MatchString(l) {
			g.alias(aliasDefRE.FindStringSubmatch(l)[1])
		}
	}
	for _, l := range lines {
		g.line(l)
	}
	return g.out.String(), nil
}

// checkLines splits s where the matcher counts line breaks (see
// countNewlines): at '\n' or '\r', a "\r\n" or "\n\r" pair being one
// break, so that CHECK-NEXT and CHECK-EMPTY agree with the lines generated.
func checkLines(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\n' && s[i] != '\r' {
			continue
		}
		lines = append(lines, s[start:i])
		if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i] != s[i+1] {
			i++
		}
		start = i + 1
	}
	return append(lines, s[start:])
}

// invalidAt is the byte offset of the first invalid UTF-8 sequence.
func invalidAt(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return i
			}
		}
	}
	return len(s)
}

type generator struct {
	o         GenerateOptions
	out       strings.Builder
	vals      map[string]string // SSA name -> variable, in this label section
	aliases   map[string]string // alias name -> global variable
	aliasUsed map[string]bool   // variable names taken
	// aliasDefined: the alias's variable is defined (by its first occurrence).
	aliasDefined map[string]bool
	prev         bool            // the previous line was checked (CHECK-NEXT may follow)
	since        strings.Builder // the lines since the last label, blanks canonicalized
}

func (g *generator) alias(name string) {
	if _, ok := g.aliases[name]; ok {
		return
	}
	v := "$" + strings.ToUpper(varNameChar.ReplaceAllString(name, "_"))
	for i := 0; g.aliasUsed[v]; i++ {
		v = fmt.Sprintf("$%s_%d", strings.ToUpper(varNameChar.ReplaceAllString(name, "_")), i)
	}
	g.aliasUsed[v] = true
	g.aliases[name] = v
}

func (g *generator) emit(kind, pattern string) {
	dir := g.o.Prefix
	if kind != "" {
		dir += "-" + kind
	}
	fmt.Fprintf(&g.out, "%s%s: %s\n", g.o.Comment, dir, pattern)
}

func (g *generator) line(l string) {
	text := strings.TrimSpace(l)
	if text == "" {
		g.prev = false
		return
	}
	canon := blanks.ReplaceAllString(text, " ")
	label, rest := text, ""
	if i := strings.IndexAny(text, "(%"); i >= 0 && strings.Contains(text[i:], "%") {
		if text[i] == '(' {
			i++
		}
		label, rest = text[:i], text[i:]
	}
	// A label matches its first occurrence after the previous label: it
	// must not occur in the lines between, or the checks there would fall
	// outside its region.
	if g.o.LabelRE.MatchString(l) && !strings.Contains(g.since.String(), blanks.ReplaceAllString(label, " ")) {
		g.since.Reset()
		g.since.WriteString(canon + "\n")
		g.vals = map[string]string{}
		g.emit("LABEL", escapeLiteral(label))
		if rest != "" {
			g.emit("SAME", g.pattern(rest))
		}
		g.prev = true
		return
	}
	g.since.WriteString(canon + "\n")
	kind := "NEXT"
	if !g.prev {
		kind = ""
	}
	g.emit(kind, g.pattern(text))
	g.prev = true
}

// blanks are the runs FileCheck canonicalizes to one space.
var blanks = regexp.MustCompile(`[ \t]+`)

// pattern is the FileCheck pattern for one line of output: literal text,
// with SSA names and aliases replaced by variables (outside string
// literals) and FileCheck's "[[" and "{{" escaped.
func (g *generator) pattern(text string) string {
	if g.vals == nil {
		g.vals = map[string]string{}
	}
	var b strings.Builder
	// FileCheck numbers a line's regex blocks and variable definitions as
	// groups and back-references only the first nine: a variable defined on
	// this line past the ninth group is matched again by its regex, not
	// by a back-reference (defs: variable -> its group).
	defs := map[string]int{}
	use := func(v, capture string) {
		if g, here := defs[v]; here && g > 9 {
			writeVar(&b, "{{"+capture+"}}")
			return
		}
		writeVar(&b, "[["+v+"]]")
	}
	def := func(v, capture string) {
		writeVar(&b, "[["+v+":"+capture+"]]")
		defs[v] = llvmGroups(b.String())
	}
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '"':
			j := stringEnd(text, i)
			b.WriteString(escapeLiteral(text[i:j]))
			i = j
		case c == '%':
			m := ssaNameRE.FindString(text[i:])
			if m == "" {
				b.WriteByte(c)
				i++
				continue
			}
			if v, ok := g.vals[m]; ok {
				use(v, ssaCapture)
			} else {
				def(g.ssa(m), ssaCapture)
			}
			i += len(m)
		case c == '#' && (i == 0 || !isIdentByte(text[i-1])):
			m := aliasUseRE.FindStringSubmatch(text[i:])
			v, ok := "", false
			if m != nil {
				v, ok = g.aliases[m[1]]
			}
			if !ok {
				b.WriteByte(c)
				i++
				continue
			}
			b.WriteByte('#')
			if g.aliasDefined[m[1]] {
				use(v, aliasCapture)
			} else { // the first occurrence defines it (location aliases follow their uses)
				def(v, aliasCapture)
				g.aliasDefined[m[1]] = true
			}
			i += len(m[0])
		default:
			j := i + 1
			for j < len(text) && text[j] != '"' && text[j] != '%' && text[j] != '#' {
				j++
			}
			lit := escapeLiteral(text[i:j])
			if strings.HasSuffix(b.String(), "]]") && strings.HasPrefix(lit, "]") {
				lit = `{{\]}}` + lit[1:] // "[[V]]]" would be ambiguous
			}
			b.WriteString(lit)
			i = j
		}
	}
	return b.String()
}

// writeVar appends a variable block; a literal "[" right before it is
// written as a regex, since "[[[V]]" is ambiguous.
func writeVar(b *strings.Builder, v string) {
	if s := b.String(); strings.HasSuffix(s, "[") && !strings.HasSuffix(s, "}}") {
		b.Reset()
		b.WriteString(s[:len(s)-1] + `{{\[}}`)
	}
	b.WriteString(v)
}

// ssa names the variable of an SSA name's first occurrence in the
// section.
func (g *generator) ssa(name string) string {
	v := fmt.Sprintf("VAL_%d", len(g.vals))
	g.vals[name] = v
	return v
}

// llvmGroups counts the groups FileCheck numbers in pattern text written
// so far: regex blocks and variable definitions (the capture regexes and
// escapes written here contain no groups of their own).
func llvmGroups(s string) int {
	n := strings.Count(s, "{{")
	for i := strings.Index(s, "[["); i >= 0; i = strings.Index(s, "[[") {
		s = s[i+2:]
		j := strings.IndexAny(s, ":]")
		if j > 0 && s[j] == ':' {
			n++
		}
	}
	return n
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// stringEnd returns the index just past the string literal starting at i.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// escapeLiteral makes literal output text safe in a FileCheck pattern: the
// only special sequences in literal text are "[[" and "{{".
// Lines come from checkLines, so they hold no line break; other control
// characters stand for themselves in a pattern.
func escapeLiteral(s string) string {
	if !strings.Contains(s, "[[") && !strings.Contains(s, "{{") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "[["):
			b.WriteString(`{{\[\[}}`)
			i += 2
		case strings.HasPrefix(s[i:], "{{"):
			b.WriteString(`{{\{\{}}`)
			i += 2
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}
