package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/sparsetriton/sp/ir"
)

// stream is the token cursor shared by every phase. Tokens are lexed on
// demand into a small look-ahead queue, so memory stays flat on large
// modules.
type stream struct {
	sc   *scanner
	buf  []lexer.Token
	head int
	err  *ir.Diagnostic
	// split holds the rest of a token that a dimension list consumed in
	// part (`x16xf16` after `64`), MLIR-style.
	split    lexer.Token
	hasSplit bool
	eof      lexer.Token
}

func newStream(filename, src string) stream {
	return stream{sc: newScanner(filename, src)}
}

// fill makes sure the queue holds at least n+1 tokens (or ends at EOF).
// A lexical error becomes an EOF token and is reported by the caller.
func (s *stream) fill(n int) {
	for len(s.buf)-s.head <= n {
		k := len(s.buf)
		if k > s.head && s.buf[k-1].Type == tEOF {
			return
		}
		s.buf = append(s.buf, lexer.Token{})
		t := &s.buf[k]
		s.sc.nextInto(t)
		if t.Type == tError {
			if s.err == nil {
				s.err = posErr(t.Pos, "%s", t.Value)
			}
			t.Type, t.Value = tEOF, ""
		}
	}
}

func posErr(p lexer.Position, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(locOf(p), format, args...)
}

func locOf(p lexer.Position) ir.Location {
	return ir.FileLineCol{File: p.Filename, Line: p.Line, Col: p.Column}
}

func (s *stream) peek() lexer.Token {
	if s.hasSplit {
		return s.split
	}
	s.fill(0)
	return s.buf[s.head]
}

func (s *stream) peekN(n int) lexer.Token {
	if s.hasSplit {
		if n == 0 {
			return s.split
		}
		n--
	}
	s.fill(n)
	if s.head+n >= len(s.buf) {
		return s.buf[len(s.buf)-1]
	}
	return s.buf[s.head+n]
}

func (s *stream) next() lexer.Token {
	if s.hasSplit {
		s.hasSplit = false
		return s.split
	}
	s.fill(0)
	t := s.buf[s.head]
	if t.Type != tEOF {
		s.head++
		if s.head == len(s.buf) {
			s.head, s.buf = 0, s.buf[:0]
		}
	}
	return t
}

func (s *stream) isPunct(p string) bool {
	var t *lexer.Token
	if s.hasSplit {
		t = &s.split
	} else {
		s.fill(0)
		t = &s.buf[s.head]
	}
	return t.Type == tPunct && len(t.Value) == len(p) && t.Value[0] == p[0] && t.Value == p
}

func (s *stream) isKind(k lexer.TokenType) bool {
	if s.hasSplit {
		return s.split.Type == k
	}
	s.fill(0)
	return s.buf[s.head].Type == k
}

func (s *stream) isIdent(v string) bool {
	t := s.peek()
	return t.Type == tIdent && t.Value == v
}

// describe names a token for "expected X, got Y"-free MLIR messages.
func describe(t *lexer.Token) string {
	if t.Type == tEOF {
		return "end of file"
	}
	return "'" + t.Value + "'"
}

func unquote(s string) (string, error) {
	body := s[1 : len(s)-1]
	if !strings.Contains(body, `\`) {
		return body, nil
	}
	var sb strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", fmt.Errorf("unknown escape in string literal")
		}
		switch e := body[i]; e {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case '\\', '"':
			sb.WriteByte(e)
		default:
			if i+1 >= len(body) || !isHex(e) || !isHex(body[i+1]) {
				return "", fmt.Errorf("unknown escape in string literal")
			}
			v, _ := strconv.ParseUint(body[i:i+2], 16, 8)
			sb.WriteByte(byte(v))
			i++
		}
	}
	return sb.String(), nil
}
