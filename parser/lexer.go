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
	line, col int32
}

// position is where a token starts: a byte offset and a 1-based line and
// column (columns count characters). The file name is the parser's.
type position struct {
	Offset       int
	Line, Column int32
}

// token is the parser's token: 40 bytes, copied cheaply, with no file
// name (participle's lexer.Token, which carries one, is built only for the
// location grammar's differential test).
type token struct {
	Value string
	Pos   position
	Type  lexer.TokenType
}

func (t *token) lexerToken(file string) lexer.Token {
	return lexer.Token{Type: t.Type, Value: t.Value, Pos: t.Pos.lexer(file)}
}

func (p position) lexer(file string) lexer.Position {
	return lexer.Position{Filename: file, Offset: p.Offset, Line: int(p.Line), Column: int(p.Column)}
}

// skipSpace skips blanks, line breaks and comments.
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

// Next implements lexer.Lexer (for participle).
func (s *scanner) Next() (lexer.Token, error) {
	var t token
	s.lex(&t)
	return t.lexerToken(s.file), nil
}

// lex scans the next token into t. Identifiers, numbers and punctuation
// are ASCII by construction, so the column moves by their length; only a
// string (or an error) is walked for multi-byte characters. No token
// spans a line break.
func (s *scanner) lex(t *token) {
	s.skipSpace()
	t.Pos = position{Offset: s.off, Line: s.line, Column: s.col}
	if s.off >= len(s.src) {
		t.Type, t.Value = tEOF, ""
		return
	}
	typ, n := s.scan()
	t.Type = typ
	switch typ {
	case tError:
		t.Value = errorText(s.src[s.off:], n)
		s.advanceChars(max(n, 1))
	case tString, tAt:
		t.Value = s.src[s.off : s.off+n]
		s.advanceChars(n)
	default:
		t.Value = s.src[s.off : s.off+n]
		s.off += n
		s.col += int32(n)
	}
}

// advanceChars moves past n bytes, counting characters and line breaks.
func (s *scanner) advanceChars(n int) {
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

func errorText(rest string, n int) string {
	if n < 0 {
		return "unterminated string literal"
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return "unexpected character '" + string(r) + "'"
}

// Character classes, looked up in one table on the hot path.
const (
	cIDStart = 1 << iota // letters and '_'
	cDigit
	cIDChar     // letters, digits, '_', '$', '.'
	cSuffixChar // cIDChar and '-' (in %, #, ^, @, ! identifiers)
	cHex
)

var charClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		letter := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
		digit := b >= '0' && b <= '9'
		if letter || b == '_' {
			t[c] |= cIDStart
		}
		if digit {
			t[c] |= cDigit
		}
		if letter || digit || b == '_' || b == '$' || b == '.' {
			t[c] |= cIDChar | cSuffixChar
		}
		if b == '-' {
			t[c] |= cSuffixChar
		}
		if digit || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' {
			t[c] |= cHex
		}
	}
	return t
}()

func isIDStart(c byte) bool    { return charClass[c]&cIDStart != 0 }
func isDigit(c byte) bool      { return charClass[c]&cDigit != 0 }
func isIDChar(c byte) bool     { return charClass[c]&cIDChar != 0 }
func isSuffixChar(c byte) bool { return charClass[c]&cSuffixChar != 0 }

func (s *scanner) scan() (lexer.TokenType, int) {
	b := s.src[s.off:]
	c := b[0]
	switch {
	case isIDStart(c):
		return tIdent, spanClass(b, 1, cIDChar)
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

// spanClass returns the end of the run of class-k bytes in b from i.
func spanClass(b string, i int, k uint8) int {
	for i < len(b) && charClass[b[i]]&k != 0 {
		i++
	}
	return i
}

func prefixType(c byte) lexer.TokenType {
	switch c {
	case '%':
		return tPercent
	case '^':
		return tCaret
	case '#':
		return tHash
	case '!':
		return tExcl
	}
	return tAt
}

func scanPrefixed(b string) (lexer.TokenType, int) {
	n := spanClass(b, 1, cSuffixChar)
	if n == 1 {
		if b[0] == '#' && len(b) > 1 && b[1] == '-' {
			return scanPunct(b)
		}
		return tError, 1
	}
	return prefixType(b[0]), n
}

func scanNumber(b string) (lexer.TokenType, int) {
	if len(b) > 2 && b[0] == '0' && b[1] == 'x' && isHex(b[2]) {
		return tInt, spanClass(b, 2, cHex)
	}
	i := spanClass(b, 0, cDigit)
	if i >= len(b) || b[i] != '.' {
		return tInt, i
	}
	i = spanClass(b, i+1, cDigit)
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		j := i + 1
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		if j < len(b) && isDigit(b[j]) {
			i = spanClass(b, j, cDigit)
		}
	}
	return tFloat, i
}

func isHex(c byte) bool { return charClass[c]&cHex != 0 }

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

// puncts lists the punctuation tokens (scanPunct's switch; lexer_test.go
// checks the two agree).
var puncts = []string{"{-#", "#-}", "->", "::", "...", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "*", "?", "+", "-", "|"}

func scanPunct(b string) (lexer.TokenType, int) {
	switch b[0] {
	case '(', ')', '[', ']', '}', '<', '>', ',', '=', '*', '?', '+', '|':
		return tPunct, 1
	case '{':
		if len(b) >= 3 && b[1] == '-' && b[2] == '#' {
			return tPunct, 3
		}
		return tPunct, 1
	case ':':
		if len(b) >= 2 && b[1] == ':' {
			return tPunct, 2
		}
		return tPunct, 1
	case '-':
		if len(b) >= 2 && b[1] == '>' {
			return tPunct, 2
		}
		return tPunct, 1
	case '#':
		if len(b) >= 3 && b[1] == '-' && b[2] == '}' {
			return tPunct, 3
		}
	case '.':
		if len(b) >= 3 && b[1] == '.' && b[2] == '.' {
			return tPunct, 3
		}
	}
	return tError, 1
}

func fromLexer(p lexer.Position) position {
	return position{Offset: p.Offset, Line: int32(p.Line), Column: int32(p.Column)}
}
