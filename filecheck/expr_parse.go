package filecheck

import (
	"math/big"
	"strings"
)

// Parser for numeric substitution blocks, following LLVM's
// Pattern::parseNumericSubstitutionBlock and its helpers. A cursor walks the
// block text inside its source so that errors carry exact columns.

// parseError is a located diagnostic produced while reading the check file.
// logged marks errors LLVM prints through logAllUnhandledErrors, which
// adds an empty line after the diagnostic.
type parseError struct {
	src    *source
	off    int
	msg    string
	rng    span
	logged bool
	exit1  bool // LLVM exits with status 1 on this error
}

func (e *parseError) Error() string { return e.msg }

// cursor is a substring [pos, end) of a source.
type cursor struct {
	s        *source
	pos, end int
}

func (c *cursor) str() string       { return c.s.text[c.pos:c.end] }
func (c *cursor) empty() bool       { return c.pos >= c.end }
func (c *cursor) has(p string) bool { return strings.HasPrefix(c.str(), p) }
func (c *cursor) ltrim()            { c.pos += len(c.str()) - len(strings.TrimLeft(c.str(), " \t")) }
func (c *cursor) rtrim()            { c.end -= len(c.str()) - len(strings.TrimRight(c.str(), " \t")) }
func (c *cursor) eat(p string) bool {
	if c.has(p) {
		c.pos += len(p)
		return true
	}
	return false
}

// errAt builds a logged error covering [off, off+n).
func (c *cursor) errAt(off, n int, msg string) *parseError {
	return &parseError{c.s, off, msg, span{off, off + n}, true, false}
}

// errRest builds an error covering the rest of the cursor.
func (c *cursor) errRest(msg string) *parseError { return c.errAt(c.pos, c.end-c.pos, msg) }

func isVarStart(c byte) bool { return c == '_' || isAlpha(c) }
func isAlpha(c byte) bool    { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isAlnum(c byte) bool    { return isAlpha(c) || isDigit(c) }

// parseVariable reads a variable name ("$x", "@LINE", "x") at the cursor.
func (c *cursor) parseVariable() (name string, pseudo bool, perr *parseError) {
	if c.empty() {
		return "", false, c.errRest("empty variable name")
	}
	s := c.str()
	i := 0
	pseudo = s[0] == '@'
	if s[0] == '$' || pseudo {
		i++
	}
	if i >= len(s) || !isVarStart(s[i]) {
		return "", false, c.errRest("invalid variable name")
	}
	i++
	for i < len(s) && (s[i] == '_' || isAlnum(s[i])) {
		i++
	}
	c.pos += i
	return s[:i], pseudo, nil
}

// operand kinds allowed by parseNumericOperand.
type allowed int

const (
	allowAny allowed = iota
	allowLineVar
	allowLegacyLiteral
)

// exprParser carries what numeric parsing needs from the pattern context.
type exprParser struct {
	ctx  *context
	line int // 0 for command-line definitions
}

// block is the result of parsing a [[#...]] block.
type block struct {
	ast    expr
	format numFormat
	def    *numVar
}

// parseBlock parses the text of a numeric block (after "#").
func (p *exprParser) parseBlock(c *cursor, legacy bool) (*block, *parseError) {
	explicit, perr := p.parseFormatSpec(c)
	if perr != nil {
		return nil, perr
	}
	var def *cursor
	if i := strings.IndexByte(c.str(), ':'); i >= 0 {
		def = &cursor{c.s, c.pos, c.pos + i}
		c.pos += i + 1
	}
	c.ltrim()
	constraint := c.eat("==")
	c.ltrim()
	b := &block{}
	if c.empty() {
		if constraint {
			return nil, c.errRest("empty numeric expression should not have a constraint")
		}
	} else {
		c.rtrim()
		ast, perr := p.parseExpr(c, legacy, !constraint)
		if perr != nil {
			return nil, perr
		}
		b.ast = ast
	}
	if b.format, perr = p.selectFormat(explicit, b.ast); perr != nil {
		return nil, perr
	}
	if def != nil {
		def.ltrim()
		if b.def, perr = p.parseDefinition(def, b.format); perr != nil {
			return nil, perr
		}
	}
	return b, nil
}

// selectFormat picks the explicit format, else the implicit one, else %u.
func (p *exprParser) selectFormat(explicit numFormat, ast expr) (numFormat, *parseError) {
	if explicit.kind != 0 {
		return explicit, nil
	}
	f := numFormat{}
	if ast != nil {
		var perr *parseError
		if f, perr = ast.implicitFormat(); perr != nil {
			return f, perr
		}
	}
	if f.kind == 0 {
		f = numFormat{kind: 'u', prec: explicit.prec}
	}
	return f, nil
}

// parseFormatSpec parses an optional "%[#][.prec]<fmt>," prefix.
func (p *exprParser) parseFormatSpec(c *cursor) (numFormat, *parseError) {
	comma := strings.IndexByte(c.str(), ',')
	paren := strings.IndexByte(c.str(), '(')
	if comma < 0 || (paren >= 0 && paren < comma) {
		return numFormat{}, nil
	}
	f := &cursor{c.s, c.pos, c.pos + comma}
	c.pos += comma + 1
	f.ltrim()
	f.rtrim()
	if !f.eat("%") {
		return numFormat{}, f.errRest("invalid matching format specification in expression")
	}
	altAt := f.pos
	var out numFormat
	out.alt = f.eat("#")
	if f.eat(".") {
		n, ok := f.decimal()
		if !ok {
			return out, f.errRest("invalid precision in format specifier")
		}
		out.prec = n
	}
	if !f.empty() {
		k := f.s.text[f.pos]
		if !strings.ContainsRune("udxX", rune(k)) {
			return out, f.errAt(f.pos, f.end-f.pos, "invalid format specifier in expression")
		}
		out.kind = k
		f.pos++
	}
	if out.alt && out.kind != 'x' && out.kind != 'X' {
		return out, f.errAt(altAt, f.end-altAt, "alternate form only supported for hex values")
	}
	f.ltrim()
	if !f.empty() {
		return out, f.errRest("invalid matching format specification in expression")
	}
	return out, nil
}

// decimal consumes an unsigned decimal number.
func (c *cursor) decimal() (int, bool) {
	s := c.str()
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, ok := new(big.Int).SetString(s[:i], 10)
	if !ok || !n.IsUint64() || n.Uint64() > 1<<32-1 {
		return 0, false
	}
	c.pos += i
	return int(n.Uint64()), true
}

// parseDefinition parses the variable name before ':' in a numeric block.
func (p *exprParser) parseDefinition(c *cursor, f numFormat) (*numVar, *parseError) {
	start := c.pos
	name, pseudo, perr := c.parseVariable()
	if perr != nil {
		return nil, perr
	}
	if pseudo {
		return nil, c.errAt(start, len(name), "definition of pseudo numeric variable unsupported")
	}
	if p.ctx.definedStr[name] {
		return nil, c.errAt(start, len(name), "string variable with name '"+name+"' already exists")
	}
	c.ltrim()
	if !c.empty() {
		return nil, c.errRest("unexpected characters after numeric variable name")
	}
	if v, ok := p.ctx.numVars[name]; ok {
		if v.format != f {
			return nil, c.errRest("format different from previous variable definition")
		}
		return v, nil
	}
	v := &numVar{name: name, format: f, defLine: p.line}
	return v, nil
}

// parseExpr parses "operand (op operand)*" to the end of the cursor.
func (p *exprParser) parseExpr(c *cursor, legacy, maybeConstraint bool) (expr, *parseError) {
	outer := c.pos
	ao := allowAny
	if legacy {
		ao = allowLineVar
	}
	e, perr := p.parseOperand(c, ao, maybeConstraint)
	for perr == nil && !c.empty() {
		e, perr = p.parseBinop(outer, c, e, legacy)
		if perr == nil && legacy && !c.empty() {
			return nil, c.errRest("unexpected characters at end of expression '" + c.str() + "'")
		}
	}
	return e, perr
}

// parseBinop parses "op operand" after left.
func (p *exprParser) parseBinop(outer int, c *cursor, left expr, legacy bool) (expr, *parseError) {
	c.ltrim()
	if c.empty() {
		return left, nil
	}
	opAt := c.pos
	op := c.s.text[c.pos]
	c.pos++
	var name string
	switch op {
	case '+':
		name = "add"
	case '-':
		name = "sub"
	default:
		return nil, c.errAt(opAt, 0, "unsupported operation '"+string(op)+"'")
	}
	c.ltrim()
	if c.empty() {
		return nil, c.errRest("missing operand in expression")
	}
	ao := allowAny
	if legacy {
		ao = allowLegacyLiteral
	}
	right, perr := p.parseOperand(c, ao, false)
	if perr != nil {
		return nil, perr
	}
	c.ltrim()
	return &binop{op: name, left: left, right: right, src: span{outer, c.pos}, s: c.s}, nil
}

// parseOperand parses a parenthesised expression, call, variable or literal.
func (p *exprParser) parseOperand(c *cursor, ao allowed, maybeConstraint bool) (expr, *parseError) {
	if c.has("(") {
		if ao != allowAny {
			return nil, c.errRest("parenthesized expression not permitted here")
		}
		return p.parseParen(c)
	}
	if ao == allowLineVar || ao == allowAny {
		save := c.pos
		name, pseudo, perr := c.parseVariable()
		if perr == nil {
			rest := *c
			rest.ltrim()
			if rest.has("(") {
				if ao != allowAny {
					return nil, c.errAt(save, len(name), "unexpected function call")
				}
				return p.parseCall(c, name, save)
			}
			return p.parseVarUse(c, name, pseudo, save)
		}
		if ao == allowLineVar {
			return nil, perr
		}
		c.pos = save
	}
	return p.parseLiteral(c, ao, maybeConstraint)
}

// parseLiteral parses an integer literal (radix auto-detected unless legacy).
func (p *exprParser) parseLiteral(c *cursor, ao allowed, maybeConstraint bool) (expr, *parseError) {
	start := c.pos
	if v, n, ok := consumeUnsigned(c.str(), ao == allowLegacyLiteral); ok {
		c.pos += n
		return &literal{v, span{start, c.pos}}, nil
	}
	if ao == allowAny {
		if s := c.str(); strings.HasPrefix(s, "-") {
			if v, n, ok := consumeUnsigned(s[1:], false); ok && v.Cmp(new(big.Int).Neg(minValue)) <= 0 {
				c.pos += n + 1
				return &literal{v.Neg(v), span{start, c.pos}}, nil
			}
		}
	}
	prefix := ""
	if maybeConstraint {
		prefix = "matching constraint or "
	}
	return nil, c.errRest("invalid " + prefix + "operand format")
}

// consumeUnsigned mirrors StringRef::consumeInteger for unsigned values:
// radix auto-detection (0x, 0b, 0o, leading 0) unless decimal is forced.
func consumeUnsigned(s string, decimal bool) (*big.Int, int, bool) {
	radix, skip := 10, 0
	if !decimal {
		switch {
		case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
			radix, skip = 16, 2
		case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B"):
			radix, skip = 2, 2
		case strings.HasPrefix(s, "0o"):
			radix, skip = 8, 2
		case len(s) > 1 && s[0] == '0' && isDigit(s[1]):
			radix, skip = 8, 1
		}
	}
	i := skip
	for i < len(s) && digitValue(s[i]) < radix {
		i++
	}
	if i == skip {
		return nil, 0, false
	}
	v, _ := new(big.Int).SetString(s[skip:i], radix)
	if v.Cmp(maxValue) > 0 {
		return nil, 0, false
	}
	return v, i, true
}

func digitValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// parseVarUse resolves a numeric variable use, creating an undefined
// placeholder for names not defined yet.
func (p *exprParser) parseVarUse(c *cursor, name string, pseudo bool, at int) (expr, *parseError) {
	if pseudo && name != "@LINE" {
		return nil, c.errAt(at, len(name), "invalid pseudo numeric variable '"+name+"'")
	}
	v, ok := p.ctx.numVars[name]
	if !ok {
		v = &numVar{name: name, format: numFormat{kind: 'u'}}
		p.ctx.numVars[name] = v
	}
	if v.defLine != 0 && p.line != 0 && v.defLine == p.line {
		return nil, c.errAt(at, len(name), "numeric variable '"+name+"' defined earlier in the same CHECK directive")
	}
	return &varRef{v, span{at, at + len(name)}}, nil
}

var functions = map[string]bool{"add": true, "div": true, "max": true, "min": true, "mul": true, "sub": true}

// parseCall parses "name(arg, arg)".
func (p *exprParser) parseCall(c *cursor, name string, at int) (expr, *parseError) {
	c.ltrim()
	if !functions[name] {
		return nil, c.errAt(at, len(name), "call to undefined function '"+name+"'")
	}
	c.eat("(")
	c.ltrim()
	var args []expr
	for !c.empty() && !c.has(")") {
		if c.has(",") {
			return nil, c.errRest("missing argument")
		}
		arg, perr := p.parseArg(c)
		if perr != nil {
			return nil, perr
		}
		args = append(args, arg)
		c.ltrim()
		if !c.eat(",") {
			break
		}
		c.ltrim()
		if c.has(")") {
			return nil, c.errRest("missing argument")
		}
	}
	if !c.eat(")") {
		return nil, c.errRest("missing ')' at end of call expression")
	}
	if len(args) != 2 {
		return nil, c.errAt(at, len(name), "function '"+name+"' takes 2 arguments but "+itoa(len(args))+" given")
	}
	return &binop{op: name, left: args[0], right: args[1], src: span{at, c.pos}, s: c.s}, nil
}

// parseArg parses one call argument up to ',' or ')'.
func (p *exprParser) parseArg(c *cursor) (expr, *parseError) {
	outer := c.pos
	arg, perr := p.parseOperand(c, allowAny, false)
	for perr == nil && !c.empty() {
		c.ltrim()
		if c.has(",") || c.has(")") {
			break
		}
		arg, perr = p.parseBinop(outer, c, arg, false)
	}
	return arg, perr
}

// parseParen parses "( expr )".
func (p *exprParser) parseParen(c *cursor) (expr, *parseError) {
	c.ltrim()
	c.eat("(")
	c.ltrim()
	if c.empty() {
		return nil, c.errRest("missing operand in expression")
	}
	e, perr := p.parseOperand(c, allowAny, false)
	c.ltrim()
	for perr == nil && !c.empty() && !c.has(")") {
		e, perr = p.parseBinop(c.pos, c, e, false)
		c.ltrim()
	}
	if perr != nil {
		return nil, perr
	}
	if !c.eat(")") {
		return nil, c.errRest("missing ')' at end of nested expression")
	}
	return e, nil
}
