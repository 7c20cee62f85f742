package filecheck

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// POSIX ERE (as implemented by llvm::Regex, a Henry Spencer regcomp) to Go
// RE2 translation. The translation keeps the capture-group numbering, so a
// group number counted by FileCheck's rules is also the Go group number.
// Differences handled here (filecheck-lit.md §8):
//   - a backslash outside brackets makes the next character literal ("\t"
//     is 't', "\d" is 'd'); inside brackets it is an ordinary character;
//   - a negated bracket never matches '\n' (REG_NEWLINE);
//   - "{" not followed by a digit is a literal;
//   - errors use regerror's wording ("empty (sub)expression", ...).
// Back-references (\1..\9) cannot be expressed in RE2 and are rejected.

// ereError is a regcomp error; msg is regerror's text.
type ereError struct{ msg string }

func (e *ereError) Error() string { return e.msg }

const (
	errEmpty   = "empty (sub)expression"
	errBadRpt  = "repetition-operator operand invalid"
	errParen   = "parentheses not balanced"
	errBrack   = "brackets ([ ]) not balanced"
	errEscape  = "trailing backslash (\\)"
	errBadBr   = "invalid repetition count(s)"
	errBrace   = "braces not balanced"
	errRange   = "invalid character range"
	errCtype   = "invalid character class"
	errCollate = "invalid collating element"
	errSubreg  = "invalid backreference number"
)

// ereTranslator walks one ERE.
type ereTranslator struct {
	re     string
	i      int
	out    strings.Builder
	groups int
	open   int
}

// translateERE converts an ERE to Go syntax and counts its groups.
func translateERE(re string) (string, int, error) {
	t := &ereTranslator{re: re}
	if err := t.alternation(); err != nil {
		return "", 0, err
	}
	if t.i < len(t.re) {
		return "", 0, &ereError{errParen}
	}
	return t.out.String(), t.groups, nil
}

// nextRune consumes one UTF-8 sequence (or one invalid byte).
func (t *ereTranslator) nextRune() string {
	_, n := utf8.DecodeRuneInString(t.re[t.i:])
	t.i += n
	return t.re[t.i-n : t.i]
}

func (t *ereTranslator) more() bool { return t.i < len(t.re) }
func (t *ereTranslator) peek() byte { return t.re[t.i] }

// alternation parses branches separated by '|' up to ')' or the end.
func (t *ereTranslator) alternation() error {
	for {
		n := 0
		for t.more() && t.peek() != '|' && !(t.peek() == ')' && t.open > 0) {
			if err := t.expression(); err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return &ereError{errEmpty}
		}
		if !t.more() || t.peek() != '|' {
			return nil
		}
		t.i++
		t.out.WriteByte('|')
	}
}

// expression parses one atom and an optional repetition.
func (t *ereTranslator) expression() error {
	c := t.peek()
	t.i++
	caret := false
	switch c {
	case '(':
		if err := t.group(); err != nil {
			return err
		}
	case ')':
		return &ereError{errParen}
	case '^':
		t.out.WriteByte('^')
		caret = true
	case '$':
		t.out.WriteByte('$')
	case '.':
		t.out.WriteByte('.')
	case '[':
		if err := t.bracket(); err != nil {
			return err
		}
	case '*', '+', '?':
		return &ereError{errBadRpt}
	case '{':
		if t.more() && isDigit(t.peek()) {
			return &ereError{errBadRpt}
		}
		t.out.WriteString(`\{`)
	case '\\':
		if !t.more() {
			return &ereError{errEscape}
		}
		if d := t.peek(); d >= '1' && d <= '9' {
			return &ereError{errSubreg}
		}
		t.out.WriteString(regexp.QuoteMeta(t.nextRune()))
	default:
		t.i--
		t.out.WriteString(regexp.QuoteMeta(t.nextRune()))
	}
	return t.repetition(caret)
}

// group parses the rest of "(...)".
func (t *ereTranslator) group() error {
	t.groups++
	t.out.WriteByte('(')
	if t.more() && t.peek() != ')' {
		t.open++
		err := t.alternation()
		t.open--
		if err != nil {
			return err
		}
	}
	if !t.more() || t.peek() != ')' {
		return &ereError{errParen}
	}
	t.i++
	t.out.WriteByte(')')
	return nil
}

func isRepeatStart(re string, i int) bool {
	if i >= len(re) {
		return false
	}
	c := re[i]
	return c == '*' || c == '+' || c == '?' || (c == '{' && i+1 < len(re) && isDigit(re[i+1]))
}

// repetition parses an optional '*', '+', '?' or bound after an atom.
func (t *ereTranslator) repetition(afterCaret bool) error {
	if !isRepeatStart(t.re, t.i) {
		return nil
	}
	if afterCaret {
		return &ereError{errBadRpt}
	}
	c := t.peek()
	t.i++
	if c != '{' {
		t.out.WriteByte(c)
	} else if err := t.bound(); err != nil {
		return err
	}
	if isRepeatStart(t.re, t.i) {
		return &ereError{errBadRpt}
	}
	return nil
}

// bound parses "m}", "m,}" or "m,n}" after '{'.
func (t *ereTranslator) bound() error {
	lo, ok := t.count()
	if !ok {
		return &ereError{errBadBr}
	}
	hi, text := lo, ""
	if t.more() && t.peek() == ',' {
		t.i++
		hi, text = -1, ","
		if t.more() && isDigit(t.peek()) {
			if hi, ok = t.count(); !ok || lo > hi {
				return &ereError{errBadBr}
			}
			text += itoa(hi)
		}
	}
	if !t.more() || t.peek() != '}' {
		for t.more() && t.peek() != '}' {
			t.i++
		}
		if !t.more() {
			return &ereError{errBrace}
		}
		return &ereError{errBadBr}
	}
	t.i++
	t.out.WriteString("{" + itoa(lo) + text + "}")
	return nil
}

// count reads a decimal repetition count of at most 255 (RE_DUP_MAX).
func (t *ereTranslator) count() (int, bool) {
	n, digits := 0, 0
	for t.more() && isDigit(t.peek()) && n <= 255 {
		n = n*10 + int(t.peek()-'0')
		t.i++
		digits++
	}
	return n, digits > 0 && n <= 255
}

var posixClasses = map[string]bool{
	"alnum": true, "alpha": true, "blank": true, "cntrl": true, "digit": true, "graph": true,
	"lower": true, "print": true, "punct": true, "space": true, "upper": true, "xdigit": true,
}

// bracket parses a bracket expression after '['.
func (t *ereTranslator) bracket() error {
	t.out.WriteByte('[')
	if t.more() && t.peek() == '^' {
		t.i++
		t.out.WriteString(`^\n`)
	}
	first := true
	for {
		if !t.more() {
			return &ereError{errBrack}
		}
		if t.peek() == ']' && !first {
			t.i++
			t.out.WriteByte(']')
			return nil
		}
		first = false
		if err := t.bracketTerm(); err != nil {
			return err
		}
	}
}

// bracketTerm parses one element or range inside brackets.
func (t *ereTranslator) bracketTerm() error {
	if strings.HasPrefix(t.re[t.i:], "[:") {
		end := strings.Index(t.re[t.i+2:], ":]")
		if end < 0 {
			return &ereError{errBrack}
		}
		name := t.re[t.i+2 : t.i+2+end]
		if !posixClasses[name] {
			return &ereError{errCtype}
		}
		t.out.WriteString("[:" + name + ":]")
		t.i += end + 4
		return nil
	}
	lo, err := t.bracketChar()
	if err != nil {
		return err
	}
	if t.i+1 < len(t.re) && t.peek() == '-' && t.re[t.i+1] != ']' {
		t.i++
		hi, err := t.bracketChar()
		if err != nil {
			return err
		}
		if lo > hi {
			return &ereError{errRange}
		}
		t.out.WriteString(quoteClassChar(lo) + "-" + quoteClassChar(hi))
		return nil
	}
	t.out.WriteString(quoteClassChar(lo))
	return nil
}

// bracketChar reads a single character or collating element "[.c.]"/"[=c=]".
func (t *ereTranslator) bracketChar() (rune, error) {
	if strings.HasPrefix(t.re[t.i:], "[.") || strings.HasPrefix(t.re[t.i:], "[=") {
		delim := t.re[t.i+1]
		end := strings.Index(t.re[t.i+2:], string(delim)+"]")
		if end < 0 {
			return 0, &ereError{errBrack}
		}
		if end != 1 {
			return 0, &ereError{errCollate}
		}
		c := rune(t.re[t.i+2])
		t.i += 5
		return c, nil
	}
	r, _ := utf8.DecodeRuneInString(t.nextRune())
	return r, nil
}

func quoteClassChar(c rune) string {
	switch c {
	case '\\', ']', '[', '^', '-':
		return `\` + string(c)
	}
	if c >= 0x80 || c < 0x20 {
		return fmt.Sprintf(`\x{%x}`, c)
	}
	return string(c)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// llvmEscape mirrors llvm::Regex::escape.
func llvmEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`()^$|*+?.[]\{}`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
