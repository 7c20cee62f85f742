package parser

import (
	"io"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the MLIR textual syntax.
const (
	tEOF   lexer.TokenType = lexer.EOF
	tIdent lexer.TokenType = -(iota + 2)
	tPercent
	tCaret
	tAt
	tExcl
	tHash
	tInt
	tFloat
	tString
	tPunct
	tError
)

var symbols = map[string]lexer.TokenType{
	"EOF": tEOF, "Ident": tIdent, "PercentID": tPercent, "CaretID": tCaret, "AtID": tAt,
	"ExclID": tExcl, "HashID": tHash, "Int": tInt, "Float": tFloat, "String": tString,
	"Punct": tPunct, "Error": tError,
}

// Lexer is the participle lexer definition for MLIR text. It is written by
// hand rather than with lexer.MustSimple because regular-expression lexing
// is several times slower on large modules (docs/design.md, "Parser").
var Lexer lexer.Definition = mlirLexerDef{}

type mlirLexerDef struct{}

func (mlirLexerDef) Symbols() map[string]lexer.TokenType { return symbols }

func (d mlirLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

func (d mlirLexerDef) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

func (mlirLexerDef) LexString(filename string, s string) (lexer.Lexer, error) {
	return newScanner(filename, s), nil
}

func newScanner(filename, src string) *scanner {
	return &scanner{src: src, file: filename, line: 1, col: 1}
}

// scanner produces tokens; comments (`//` to end of line) and whitespace are
// skipped. Malformed input yields a tError token whose Value is a message.
// Token values are substrings of src, so lexing allocates nothing per token.
type scanner struct {
	src       string
	file      string
	off       int
	line, col int
}

func (s *scanner) pos() lexer.Position {
	return lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.col}
}

// advance moves past n bytes of one token. Tokens never contain a newline
// except when n covers whitespace (not the case here) or an error, so the
// common ASCII case is a plain addition.
func (s *scanner) advance(n int) {
	if end := s.off + n; end <= len(s.src) && isASCIILine(s.src[s.off:end]) {
		s.off, s.col = end, s.col+n
		return
	}
	for i := 0; i < n && s.off < len(s.src); i++ {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else if s.src[s.off]&0xC0 != 0x80 {
			s.col++
		}
		s.off++
	}
}

func isASCIILine(b string) bool {
	for i := 0; i < len(b); i++ {
		if b[i] >= 0x80 || b[i] == '\n' {
			return false
		}
	}
	return true
}

func (s *scanner) skipSpace() {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
			s.col++
		case c == '\n':
			s.off++
			s.line++
			s.col = 1
		case c == '/' && s.off+1 < len(s.src) && s.src[s.off+1] == '/':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		default:
			return
		}
	}
}

// Next implements lexer.Lexer.
func (s *scanner) Next() (lexer.Token, error) {
	var t lexer.Token
	s.nextInto(&t)
	return t, nil
}

// nextInto scans the next token into t (the parser's queue slot), so that
// the token is written once rather than copied through return values.
func (s *scanner) nextInto(t *lexer.Token) {
	s.skipSpace()
	t.Pos = lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.col}
	if s.off >= len(s.src) {
		t.Type, t.Value = tEOF, ""
		return
	}
	typ, n := s.scan()
	t.Type = typ
	if typ == tError {
		t.Value = errorText(s.src[s.off:], n)
	} else {
		t.Value = s.src[s.off : s.off+n]
	}
	s.advance(max(n, 1))
}

func errorText(rest string, n int) string {
	if n < 0 {
		return "unterminated string literal"
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return "unexpected character '" + string(r) + "'"
}

func isIDStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool   { return c >= '0' && c <= '9' }
func isIDChar(c byte) bool  { return isIDStart(c) || isDigit(c) || c == '$' || c == '.' }

// suffixIDChar: characters of %, #, ^, @, ! identifiers.
func isSuffixChar(c byte) bool { return isIDChar(c) || c == '-' }

func (s *scanner) scan() (lexer.TokenType, int) {
	b := s.src[s.off:]
	c := b[0]
	switch {
	case isIDStart(c):
		return tIdent, spanWhile(b, 1, isIDChar)
	case isDigit(c):
		return scanNumber(b)
	case c == '"':
		return scanString(b)
	case c == '%', c == '^', c == '#', c == '!':
		return scanPrefixed(b)
	case c == '@':
		if len(b) > 1 && b[1] == '"' {
			t, n := scanString(b[1:])
			if t == tError {
				return t, n
			}
			return tAt, n + 1
		}
		return scanPrefixed(b)
	}
	return scanPunct(b)
}

func spanWhile(b string, i int, f func(byte) bool) int {
	for i < len(b) && f(b[i]) {
		i++
	}
	return i
}

var prefixTypes = map[byte]lexer.TokenType{'%': tPercent, '^': tCaret, '#': tHash, '!': tExcl, '@': tAt}

func scanPrefixed(b string) (lexer.TokenType, int) {
	n := spanWhile(b, 1, isSuffixChar)
	if n == 1 {
		if b[0] == '#' && len(b) > 1 && b[1] == '-' {
			return scanPunct(b)
		}
		return tError, 1
	}
	return prefixTypes[b[0]], n
}

func scanNumber(b string) (lexer.TokenType, int) {
	if len(b) > 2 && b[0] == '0' && b[1] == 'x' && isHex(b[2]) {
		return tInt, spanWhile(b, 2, isHex)
	}
	i := spanWhile(b, 0, isDigit)
	if i >= len(b) || b[i] != '.' {
		return tInt, i
	}
	i = spanWhile(b, i+1, isDigit)
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		j := i + 1
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		if j < len(b) && isDigit(b[j]) {
			i = spanWhile(b, j, isDigit)
		}
	}
	return tFloat, i
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func scanString(b string) (lexer.TokenType, int) {
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return tString, i + 1
		case '\n':
			return tError, -1
		}
	}
	return tError, -1
}

var puncts = []string{"{-#", "#-}", "->", "::", "...", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "*", "?", "+", "-", "|"}

func scanPunct(b string) (lexer.TokenType, int) {
	switch b[0] {
	case '(', ')', '[', ']', '}', '<', '>', ',', '=', '*', '?', '+', '|':
		return tPunct, 1
	case '{':
		if len(b) >= 3 && b[:3] == "{-#" {
			return tPunct, 3
		}
		return tPunct, 1
	}
	for _, p := range puncts {
		if len(b) >= len(p) && b[:len(p)] == p {
			return tPunct, len(p)
		}
	}
	return tError, 1
}
