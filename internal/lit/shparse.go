package lit

import (
	"fmt"
	"regexp"
	"strings"
)

// Word is one shell word after quote removal.
type Word struct {
	Text string
	// Raw is the word as written (quotes kept); used to tell an unquoted
	// "NAME=value" assignment or glob from a quoted one.
	Raw string
}

// Redir is one redirection. Fd is the redirected descriptor (0, 1 or 2);
// Op is "<", ">", ">>" or ">&" (make Fd a copy of descriptor DupFd); "&> F"
// is parsed as "> F" followed by "2>&1".
type Redir struct {
	Fd     int
	Op     string
	Target string
	DupFd  int
}

// Command is one simple command: leading NAME=value assignments, words and
// redirections (applied in order).
type Command struct {
	Assigns []string
	Args    []Word
	Redirs  []Redir
}

// Pipeline is a list of commands joined by "|".
type Pipeline struct {
	Cmds []*Command
}

// List is pipelines joined by "&&", "||" or ";"; Ops[i] joins Pipes[i] and
// Pipes[i+1].
type List struct {
	Pipes []*Pipeline
	Ops   []string
}

type shTokKind int

const (
	tkWord shTokKind = iota
	tkOp             // | || && ;
	tkRedir
)

type shTok struct {
	kind  shTokKind
	word  Word
	op    string
	redir Redir // for tkRedir; Target filled by the parser unless Op is ">&"
}

// Tokenize splits a command line the way lit's internal shell does: blanks
// separate words; '...' is literal; "..." is literal except that a backslash
// escapes one of \ " $ `; an unquoted backslash escapes the next character;
// | || && ; < > >> N> N>> N>&M >&M &> are operators when unquoted.
func Tokenize(s string) ([]shTok, error) {
	var toks []shTok
	var cur, raw strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			toks = append(toks, shTok{kind: tkWord, word: Word{Text: cur.String(), Raw: raw.String()}})
		}
		cur.Reset()
		raw.Reset()
		inWord = false
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			flush()
			i++
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			raw.WriteString(s[i : i+2+j])
			inWord = true
			i += j + 2
		case c == '"':
			n, err := dquote(s[i:], &cur)
			if err != nil {
				return nil, err
			}
			raw.WriteString(s[i : i+n])
			inWord = true
			i += n
		case c == '\\':
			if i+1 < len(s) {
				cur.WriteByte(s[i+1])
				raw.WriteString(s[i : i+2])
				i += 2
			} else {
				cur.WriteByte(c)
				raw.WriteByte(c)
				i++
			}
			inWord = true
		case strings.IndexByte("|&;<>", c) >= 0:
			t, n, fdWord, err := shOperator(s[i:], raw.String())
			if err != nil {
				return nil, err
			}
			if fdWord {
				cur.Reset()
				raw.Reset()
				inWord = false
			}
			flush()
			toks = append(toks, t...)
			i += n
		default:
			cur.WriteByte(c)
			raw.WriteByte(c)
			inWord = true
			i++
		}
	}
	flush()
	return toks, nil
}

// dquote reads a double-quoted string at s[0] into b and returns its length.
func dquote(s string, b *strings.Builder) (int, error) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
				i++
			}
		}
		b.WriteByte(s[i])
	}
	return 0, fmt.Errorf("unterminated double quote in %q", s)
}

var (
	dupRE   = regexp.MustCompile(`^>&([0-2])`)
	fdNumRE = regexp.MustCompile(`^[0-2]$`)
)

// shOperator scans the operator at s[0]. pending is the raw text of the word
// being built; when it is a lone unquoted descriptor number directly before
// '<' or '>', it is the redirection's descriptor and fdWord is true.
func shOperator(s, pending string) (toks []shTok, n int, fdWord bool, err error) {
	for _, op := range []string{"||", "&&", "|", ";"} {
		if strings.HasPrefix(s, op) {
			return []shTok{{kind: tkOp, op: op}}, len(op), false, nil
		}
	}
	if strings.HasPrefix(s, "&>") {
		return []shTok{{kind: tkRedir, redir: Redir{Fd: 1, Op: "&>"}}}, 2, false, nil
	}
	if s[0] == '&' {
		return nil, 0, false, fmt.Errorf("background '&' is not supported")
	}
	fd := -1
	if fdNumRE.MatchString(pending) {
		fd = int(pending[0] - '0')
		fdWord = true
	}
	if s[0] == '<' {
		if fd < 0 {
			fd = 0
		}
		return []shTok{{kind: tkRedir, redir: Redir{Fd: fd, Op: "<"}}}, 1, fdWord, nil
	}
	if fd < 0 {
		fd = 1
	}
	if m := dupRE.FindStringSubmatch(s); m != nil {
		return []shTok{{kind: tkRedir, redir: Redir{Fd: fd, Op: ">&", DupFd: int(m[1][0] - '0')}}}, 3, fdWord, nil
	}
	if strings.HasPrefix(s, ">>") {
		return []shTok{{kind: tkRedir, redir: Redir{Fd: fd, Op: ">>"}}}, 2, fdWord, nil
	}
	return []shTok{{kind: tkRedir, redir: Redir{Fd: fd, Op: ">"}}}, 1, fdWord, nil
}

var assignRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// ParseShell parses a substituted RUN command into a List.
func ParseShell(s string) (*List, error) {
	toks, err := Tokenize(s)
	if err != nil {
		return nil, err
	}
	l := &List{}
	p := &Pipeline{}
	c := &Command{}
	endCmd := func() error {
		if len(c.Args) == 0 {
			if len(c.Assigns) > 0 || len(c.Redirs) > 0 {
				return fmt.Errorf("assignment or redirection without a command in %q", s)
			}
			return fmt.Errorf("empty command in %q", s)
		}
		p.Cmds = append(p.Cmds, c)
		c = &Command{}
		return nil
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tkWord:
			if len(c.Args) == 0 && assignRE.MatchString(t.word.Raw) {
				c.Assigns = append(c.Assigns, t.word.Text)
			} else {
				c.Args = append(c.Args, t.word)
			}
		case tkRedir:
			r := t.redir
			if r.Op != ">&" {
				if i+1 >= len(toks) || toks[i+1].kind != tkWord {
					return nil, fmt.Errorf("redirection %q without a file name in %q", r.Op, s)
				}
				i++
				r.Target = toks[i].word.Text
			}
			if r.Op == "&>" {
				r.Op = ">"
				c.Redirs = append(c.Redirs, r, Redir{Fd: 2, Op: ">&", DupFd: 1})
				continue
			}
			c.Redirs = append(c.Redirs, r)
		case tkOp:
			if err := endCmd(); err != nil {
				return nil, err
			}
			if t.op == "|" {
				continue
			}
			l.Pipes = append(l.Pipes, p)
			l.Ops = append(l.Ops, t.op)
			p = &Pipeline{}
		}
	}
	if err := endCmd(); err != nil {
		return nil, err
	}
	l.Pipes = append(l.Pipes, p)
	return l, nil
}

// String renders a List back in shell syntax (for messages and tests).
func (l *List) String() string {
	var b strings.Builder
	for i, p := range l.Pipes {
		if i > 0 {
			b.WriteString(" " + l.Ops[i-1] + " ")
		}
		for j, c := range p.Cmds {
			if j > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(c.String())
		}
	}
	return b.String()
}

// String renders a Command with each word quoted when needed.
func (c *Command) String() string {
	var parts []string
	for _, a := range c.Assigns {
		parts = append(parts, quoteWord(a))
	}
	for _, a := range c.Args {
		parts = append(parts, quoteWord(a.Text))
	}
	for _, r := range c.Redirs {
		if r.Op == ">&" {
			parts = append(parts, fmt.Sprintf("%d>&%d", r.Fd, r.DupFd))
		} else {
			parts = append(parts, fmt.Sprintf("%d%s %s", r.Fd, r.Op, quoteWord(r.Target)))
		}
	}
	return strings.Join(parts, " ")
}

func quoteWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\|&;<>$`*?[]{}()") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
