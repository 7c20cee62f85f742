package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/sparsetriton/sp/ir"
)

// stream is the token cursor shared by every phase. The current token is
// lexed as soon as the one before it is consumed and kept in place, so
// that peeking is a field read; tokens beyond it (look-ahead, rare) wait in
// a small queue, so memory stays flat on large modules.
type stream struct {
	cur   token
	sc    scanner
	ahead []token // the tokens after cur, lexed by peekN
	head  int     // ahead[head:] are pending
	err   *ir.Diagnostic
	// end is the offset just past the last consumed token.
	end int
}

func newStream(filename, src string) stream {
	return newStreamAt(scanner{src: src, file: filename, line: 1, col: 1})
}

// newStreamAt starts a stream at a scanner state.
func newStreamAt(sc scanner) stream {
	s := stream{sc: sc}
	s.lexInto(&s.cur)
	return s
}

// lexInto scans one token into t. A lexical error becomes an EOF token and
// is reported by the caller.
func (s *stream) lexInto(t *token) {
	s.sc.lex(t)
	if t.Type == tError {
		if s.err == nil {
			s.err = ir.Errorf(ir.FileLineCol{File: s.sc.file, Line: int(t.Pos.Line), Col: int(t.Pos.Column)}, "%s", t.Value)
		}
		t.Type, t.Value = tEOF, ""
	}
}

// advance makes the token after cur current.
func (s *stream) advance() {
	if s.head < len(s.ahead) {
		s.cur = s.ahead[s.head]
		s.head++
		if s.head == len(s.ahead) {
			s.head, s.ahead = 0, s.ahead[:0]
		}
		return
	}
	s.lexInto(&s.cur)
}

// peek returns a copy of the current token (a pointer would see the
// next token once this one is consumed).
func (s *stream) peek() token { return s.cur }

// peekN returns the token n places after the current one (n = 0: the
// current one); past the end, the EOF token.
func (s *stream) peekN(n int) token {
	if n == 0 {
		return s.cur
	}
	for len(s.ahead)-s.head < n {
		last := &s.cur
		if len(s.ahead) > s.head {
			last = &s.ahead[len(s.ahead)-1]
		}
		if last.Type == tEOF {
			return *last
		}
		s.ahead = append(s.ahead, token{})
		s.lexInto(&s.ahead[len(s.ahead)-1])
	}
	return s.ahead[s.head+n-1]
}

// next consumes and returns the current token (EOF stays current).
func (s *stream) next() token {
	t := s.cur
	if t.Type != tEOF {
		s.end = t.Pos.Offset + len(t.Value)
		s.advance()
	}
	return t
}

// skip consumes the current token.
func (s *stream) skip() {
	if s.cur.Type != tEOF {
		s.end = s.cur.Pos.Offset + len(s.cur.Value)
		s.advance()
	}
}

// jumpTo moves the stream to offset end of the current line, past text
// the caller has delimited (single-line ASCII without comments), when no
// look-ahead is pending: the tokens in between are not lexed. It reports
// whether it moved.
func (s *stream) jumpTo(end int) bool {
	if s.head < len(s.ahead) || s.cur.Type == tEOF || end < s.cur.Pos.Offset || end > len(s.sc.src) {
		return false
	}
	s.sc.off, s.end = end, end
	s.sc.line = s.cur.Pos.Line
	s.sc.col = s.cur.Pos.Column + int32(end-s.cur.Pos.Offset)
	s.lexInto(&s.cur)
	return true
}

// pushFront makes t the current token, the old current one following it
// (the rest of a token that a dimension list consumed in part: `x16xf16`
// after `64`, MLIR-style).
func (s *stream) pushFront(t token) {
	if s.head > 0 {
		s.head--
		s.ahead[s.head] = s.cur
	} else {
		s.ahead = append(s.ahead, token{})
		copy(s.ahead[1:], s.ahead)
		s.ahead[0] = s.cur
	}
	s.cur = t
}

func (s *stream) isPunct(p string) bool {
	t := &s.cur
	return t.Type == tPunct && len(t.Value) == len(p) && t.Value[0] == p[0] && t.Value == p
}

func (s *stream) isKind(k lexer.TokenType) bool { return s.cur.Type == k }

func (s *stream) isIdent(v string) bool {
	return s.cur.Type == tIdent && s.cur.Value == v
}

// posErr is an error diagnostic at a token's position.
func (p *parser) posErr(pos position, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(p.locOf(pos), format, args...)
}

func (p *parser) locOf(pos position) ir.Location { return p.flc(pos) }

// flc is pos as an unboxed file:line:col.
func (p *parser) flc(pos position) ir.FileLineCol {
	return ir.FileLineCol{File: p.file, Line: int(pos.Line), Col: int(pos.Column)}
}

// describe names a token for "expected X, got Y"-free MLIR messages.
func describe(t *token) string {
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
