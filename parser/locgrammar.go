package parser

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/sparsetriton/sp/ir"
)

// The location sub-language (`loc(...)` bodies) is a small recursive
// grammar with no dialect hooks. Its participle form below is the spec: the
// EBNF golden (testdata/loc.ebnf) and the reference of TestLocDifferential.
// The parser itself uses the hand-written parseLocBody (locparse.go), which
// reads the same grammar without reflection or a syntax tree; participle's
// reflection-driven parse once per location cost a quarter of the parse
// time of a module with a location on every op. The structs are the syntax
// layer and toLocation translates them into ir.Location; the body's tokens
// are handed to participle through a replaying lexer.
//
//	loc      := ALIAS | "unknown" | "callsite" "(" loc "at" loc ")"
//	          | "fused" ("<" (ALIAS | STRING) ">")? "[" (loc ("," loc)*)? "]"
//	          | STRING (":" INT ":" INT | "(" loc ")")?
type locAST struct {
	Pos      lexer.Position
	Alias    string       `parser:"  @HashID"`
	Unknown  bool         `parser:"| @'unknown'"`
	CallSite *callSiteAST `parser:"| 'callsite' '(' @@ ')'"`
	Fused    *fusedAST    `parser:"| 'fused' @@"`
	Str      *strLocAST   `parser:"| @@"`
}

type callSiteAST struct {
	Callee *locAST `parser:"@@ 'at'"`
	Caller *locAST `parser:"@@"`
}

type fusedAST struct {
	Meta string    `parser:"('<' @(HashID | String) '>')?"`
	Locs []*locAST `parser:"'[' (@@ (',' @@)*)? ']'"`
}

type strLocAST struct {
	Str     string   `parser:"@String"`
	LineCol *lineCol `parser:"( @@"`
	Child   *locAST  `parser:"| '(' @@ ')' )?"`
}

type lineCol struct {
	Line int `parser:"':' @Int"`
	Col  int `parser:"':' @Int"`
}

// locGrammar is built once; a built participle parser is immutable.
var locGrammar = participle.MustBuild[locAST](participle.Lexer(Lexer), participle.UseLookahead(2))

// replay is a lexer.Lexer over tokens already read by the stream.
type replay struct {
	toks []lexer.Token
	eof  lexer.Position
}

func (r *replay) Next() (lexer.Token, error) {
	if len(r.toks) == 0 {
		return lexer.Token{Type: lexer.EOF, Pos: r.eof}, nil
	}
	t := r.toks[0]
	r.toks = r.toks[1:]
	return t, nil
}

// parseLocGrammar reads the tokens of a loc(...) body (up to the matching
// ')', which it leaves in the stream) and parses them with the grammar.
func (p *parser) parseLocGrammar() (*locAST, error) {
	var toks []lexer.Token
	depth := 0
	for {
		t := p.s.peek()
		if t.Type == tEOF {
			return nil, p.expected("')' to close the location")
		}
		if t.Type == tPunct {
			switch t.Value {
			case "(", "[", "<":
				depth++
			case ")", "]", ">":
				if depth == 0 && t.Value == ")" {
					return p.runLocGrammar(toks, t.Pos.lexer(p.file))
				}
				depth--
			}
		}
		nt := p.s.next()
		toks = append(toks, nt.lexerToken(p.file))
	}
}

func (p *parser) runLocGrammar(toks []lexer.Token, end lexer.Position) (*locAST, error) {
	if len(toks) == 0 {
		return nil, p.posErr(fromLexer(end), "expected location instance")
	}
	plex, err := lexer.Upgrade(&replay{toks: toks, eof: end})
	if err != nil {
		return nil, p.posErr(fromLexer(end), "%v", err)
	}
	ast, err := locGrammar.ParseFromLexer(plex)
	if err != nil {
		return nil, p.locGrammarError(err, toks[0].Pos)
	}
	return ast, nil
}

// locGrammarError turns a participle error into a positioned diagnostic.
func (p *parser) locGrammarError(err error, fallback lexer.Position) error {
	if pe, ok := err.(participle.Error); ok {
		pos := pe.Position()
		if pos.Line == 0 {
			pos = fallback
		}
		// the body ends where the replayed tokens end: at the closing ')'
		msg := strings.ReplaceAll(pe.Message(), `"<EOF>"`, `")"`)
		return p.posErr(fromLexer(pos), "invalid location: %s", msg)
	}
	return p.posErr(fromLexer(fallback), "invalid location: %v", err)
}

// toLocation is the translate phase: AST to ir.Location, resolving aliases.
func (p *parser) toLocation(a *locAST) (ir.Location, error) {
	switch {
	case a.Alias != "":
		return p.lookupLocAlias(a.Alias[1:], fromLexer(a.Pos))
	case a.Unknown:
		return ir.UnknownLoc{}, nil
	case a.CallSite != nil:
		return p.callSiteLoc(a.CallSite)
	case a.Fused != nil:
		return p.fusedLoc(a.Fused, a.Pos)
	}
	return p.strLoc(a.Str, a.Pos)
}

func (p *parser) callSiteLoc(c *callSiteAST) (ir.Location, error) {
	callee, err := p.toLocation(c.Callee)
	if err != nil {
		return nil, err
	}
	caller, err := p.toLocation(c.Caller)
	return ir.CallSiteLoc{Callee: callee, Caller: caller}, err
}

func (p *parser) fusedLoc(f *fusedAST, pos lexer.Position) (ir.Location, error) {
	l := ir.FusedLoc{}
	switch {
	case strings.HasPrefix(f.Meta, "#"):
		a, ok := p.attrAliases[f.Meta[1:]]
		if !ok {
			return nil, p.posErr(fromLexer(pos), "undefined symbol alias id '%s'", f.Meta[1:])
		}
		l.Metadata = a
	case f.Meta != "":
		s, err := unquote(f.Meta)
		if err != nil {
			return nil, p.posErr(fromLexer(pos), "%v", err)
		}
		l.Metadata = ir.StringAttr{Value: s}
	}
	for _, c := range f.Locs {
		cl, err := p.toLocation(c)
		if err != nil {
			return nil, err
		}
		l.Locs = append(l.Locs, cl)
	}
	return l, nil
}

func (p *parser) strLoc(s *strLocAST, pos lexer.Position) (ir.Location, error) {
	str, err := unquote(s.Str)
	if err != nil {
		return nil, p.posErr(fromLexer(pos), "%v", err)
	}
	switch {
	case s.LineCol != nil:
		return ir.FileLineCol{File: str, Line: s.LineCol.Line, Col: s.LineCol.Col}, nil
	case s.Child != nil:
		child, err := p.toLocation(s.Child)
		return ir.NameLoc{Name: str, Child: child}, err
	}
	return ir.NameLoc{Name: str}, nil
}
