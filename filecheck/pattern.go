package filecheck

import (
	"regexp"
	"strings"
)

// checkKind is the directive kind of a pattern.
type checkKind int

const (
	kindNone checkKind = iota
	kindPlain
	kindNext
	kindSame
	kindNot
	kindDAG
	kindLabel
	kindEmpty
	kindEOF
	kindComment
	kindBadNot
	kindBadCount
)

// checkType is a directive kind plus its modifiers.
type checkType struct {
	kind    checkKind
	count   int
	literal bool
}

var kindSuffix = map[checkKind]string{
	kindNext: "-NEXT", kindSame: "-SAME", kindNot: "-NOT", kindDAG: "-DAG",
	kindLabel: "-LABEL", kindEmpty: "-EMPTY",
}

// description mirrors Check::FileCheckType::getDescription.
func (t checkType) description(prefix string) string {
	mods := ""
	if t.literal {
		mods = "{LITERAL}"
	}
	switch t.kind {
	case kindPlain:
		if t.count > 1 {
			return prefix + "-COUNT" + mods
		}
		return prefix + mods
	case kindEOF:
		return "implicit EOF"
	}
	return prefix + kindSuffix[t.kind] + mods
}

// context holds the variable tables shared by all patterns
// (FileCheckPatternContext).
type context struct {
	strVars    map[string]string
	definedStr map[string]bool
	numVars    map[string]*numVar
	lineVar    *numVar
}

func newContext() *context {
	c := &context{strVars: map[string]string{}, definedStr: map[string]bool{}, numVars: map[string]*numVar{}}
	c.lineVar = &numVar{name: "@LINE", format: numFormat{kind: 'u'}}
	c.numVars["@LINE"] = c.lineVar
	return c
}

// clearLocals forgets variables whose name does not start with '$'.
func (c *context) clearLocals() {
	for name := range c.strVars {
		if name[0] != '$' {
			delete(c.strVars, name)
		}
	}
	for name, v := range c.numVars {
		if name[0] != '$' {
			v.value = nil
			delete(c.numVars, name)
		}
	}
}

// segment is a piece of the Go regex: literal regex text, or the value of
// a substitution computed at match time.
type segment struct {
	re  string
	sub *substitution
}

// substitution is a [[VAR]] or [[#EXPR]] use resolved at match time.
type substitution struct {
	from   span // the variable name or expression text in the check source
	strVar string
	num    *block
}

// strDef records a [[NAME:re]] definition and its Go capture group.
type strDef struct {
	name  string
	group int
}

// numDef records a numeric definition and its Go capture group.
type numDef struct {
	v     *numVar
	group int
}

// backref is a same-line use of a string variable: Go group use must
// capture the same text as group def.
type backref struct {
	def, use int
	defRe    string // the definition's regex, Go syntax
}

// pattern is one parsed directive pattern.
type pattern struct {
	ctx        *context
	typ        checkType
	src        *source
	loc        int // offset of the pattern text (PatternLoc)
	line       int
	fixed      string
	isFixed    bool
	segs       []segment
	llvmRe     string // LLVM's RegExStr, used for fuzzy matching
	ignoreCase bool
	strDefs    []strDef
	numDefs    []numDef
	backrefs   []backref
	subs       []*substitution
	re         *regexp.Regexp // compiled once when there are no substitutions
	caps       []capture      // variable captures of the latest match
	implicit   int            // 1-based index of an --implicit-check-not pattern
	// varParts counts the top-level parts whose match length can vary;
	// with at most one, Go's captures already follow POSIX (posix.go).
	varParts int
}

// hasVariable mirrors Pattern::hasVariable.
func (p *pattern) hasVariable() bool { return len(p.subs) > 0 || len(p.strDefs) > 0 }

// patternBuilder accumulates the regex while parsing a pattern.
type patternBuilder struct {
	p         *pattern
	req       *Options
	prefix    string
	curParen  int // LLVM's group counter (starts at 1)
	goGroups  int
	defGroups map[string]int // same-line string definitions: LLVM group
	goDefs    map[string]int // same-line string definitions: Go group
	defRe     map[string]string
	numDefs   map[string]bool
}

func (b *patternBuilder) emit(goRe, llvmRe string) {
	b.p.segs = append(b.p.segs, segment{re: goRe})
	b.p.llvmRe += llvmRe
}

// parsePattern mirrors Pattern::parsePattern. text is the directive's
// pattern in src starting at offset loc.
func parsePattern(ctx *context, typ checkType, src *source, loc int, text string, line int, prefix string, req *Options) (*pattern, *parseError) {
	p := &pattern{ctx: ctx, typ: typ, src: src, loc: loc, line: line, ignoreCase: req.IgnoreCase}
	fullLines := req.MatchFullLines && typ.kind != kindNot
	if !(req.StrictWhitespace && req.MatchFullLines) {
		text = strings.TrimRight(text, " \t")
	}
	if text == "" && typ.kind != kindEmpty {
		return nil, &parseError{src, loc, "found empty check string with prefix '" + prefix + ":'", span{}, false, false}
	}
	if text != "" && typ.kind == kindEmpty {
		return nil, &parseError{src, loc, "found non-empty check string for empty check with prefix '" + prefix + ":'", span{}, false, false}
	}
	if typ.kind == kindEmpty {
		p.segs, p.llvmRe = []segment{{re: `(\n$)`}}, "(\n$)"
		return p, p.compile()
	}
	if typ.literal || (!fullLines && (len(text) < 2 || (!strings.Contains(text, "{{") && !strings.Contains(text, "[[")))) {
		p.fixed, p.isFixed = text, text != ""
		return p, nil
	}
	b := &patternBuilder{p: p, req: req, prefix: prefix, curParen: 1, defGroups: map[string]int{},
		goDefs: map[string]int{}, defRe: map[string]string{}, numDefs: map[string]bool{}}
	if err := b.parse(loc, text, fullLines); err != nil {
		return nil, err
	}
	return p, p.compile()
}

// compile prepares the regex when it does not depend on match-time values.
func (p *pattern) compile() *parseError {
	if len(p.subs) > 0 || p.isFixed {
		return nil
	}
	re, err := p.compileRegex(p.assemble(nil))
	if err != nil {
		return &parseError{p.src, p.loc, "invalid regex: " + err.Error(), span{}, false, false}
	}
	p.re = re
	return nil
}

func (p *pattern) compileRegex(body string) (*regexp.Regexp, error) {
	flags := "(?m)"
	if p.ignoreCase {
		flags = "(?im)"
	}
	re, err := regexp.Compile(flags + body)
	if err != nil {
		return nil, err
	}
	re.Longest()
	return re, nil
}

// assemble concatenates the segments with substitution values.
func (p *pattern) assemble(values []string) string {
	var s strings.Builder
	i := 0
	for _, seg := range p.segs {
		if seg.sub == nil {
			s.WriteString(seg.re)
			continue
		}
		s.WriteString(values[i])
		i++
	}
	return s.String()
}

// parse walks the pattern text: {{regex}}, [[substitution]] and literals.
func (b *patternBuilder) parse(loc int, text string, fullLines bool) *parseError {
	if fullLines {
		b.emit("^", "^")
		if !b.req.StrictWhitespace {
			b.emit(" *", " *")
			b.p.varParts += 2
		}
	}
	for i := 0; i < len(text); {
		var err *parseError
		switch {
		case strings.HasPrefix(text[i:], "{{"):
			i, err = b.regexBlock(loc, text, i)
		case strings.HasPrefix(text[i:], "[["):
			i, err = b.substBlock(loc, text, i)
		default:
			end := nextBlock(text, i)
			b.emit(regexp.QuoteMeta(text[i:end]), llvmEscape(text[i:end]))
			i = end
		}
		if err != nil {
			return err
		}
	}
	if fullLines {
		if !b.req.StrictWhitespace {
			b.emit(" *", " *")
		}
		b.emit("$", "$")
	}
	return nil
}

// nextBlock finds the start of the next "{{" or "[[" after i.
func nextBlock(text string, i int) int {
	end := len(text)
	for _, m := range []string{"{{", "[["} {
		if j := strings.Index(text[i+1:], m); j >= 0 && i+1+j < end {
			end = i + 1 + j
		}
	}
	return end
}

// regexBlock handles "{{re}}" at text[i:].
func (b *patternBuilder) regexBlock(loc int, text string, i int) (int, *parseError) {
	end := strings.Index(text[i+2:], "}}")
	if end < 0 {
		return 0, &parseError{b.p.src, loc + i, "found start of regex string with no end '}}'", span{}, false, false}
	}
	re := text[i+2 : i+2+end]
	b.curParen++
	b.goGroups++
	b.p.varParts++
	tr, n, err := b.addRegex(loc+i+2, re)
	if err != nil {
		return 0, err
	}
	b.emit("("+tr+")", "("+re+")")
	_ = n
	return i + 2 + end + 2, nil
}

// addRegex validates and translates an ERE fragment (AddRegExToRegEx).
func (b *patternBuilder) addRegex(at int, re string) (string, int, *parseError) {
	tr, n, err := translateERE(re)
	if err != nil {
		return "", 0, &parseError{b.p.src, at, "invalid regex: " + err.Error(), span{}, false, false}
	}
	b.curParen += n
	b.goGroups += n
	return tr, n, nil
}

// findVarEnd mirrors Pattern::FindRegexVarEnd: the offset of the "]]"
// closing a substitution block, honouring nested brackets and escapes; -1
// when there is none. bad reports an unmatched ']' (LLVM exits there).
func findVarEnd(s string) (end int, bad int) {
	depth := 0
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "]]") && depth == 0 {
			return i, -1
		}
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return -1, i
			}
			depth--
		}
		i++
	}
	return -1, -1
}

// substBlock handles "[[...]]" at text[i:].
func (b *patternBuilder) substBlock(loc int, text string, i int) (int, *parseError) {
	bodyAt := i + 2
	end, bad := findVarEnd(text[bodyAt:])
	if bad >= 0 {
		return 0, &parseError{b.p.src, loc + bodyAt + bad, `missing closing "]" for regex variable`, span{}, false, true}
	}
	if end < 0 {
		return 0, &parseError{b.p.src, loc + i, "Invalid substitution block, no ]] found", span{}, false, false}
	}
	c := &cursor{b.p.src, loc + bodyAt, loc + bodyAt + end}
	next := bodyAt + end + 2
	if c.eat("#") {
		return next, b.numericBlock(c, false)
	}
	return next, b.stringBlock(c)
}

// stringBlock handles [[NAME:re]], [[NAME]] and legacy [[@LINE+n]].
func (b *patternBuilder) stringBlock(c *cursor) *parseError {
	body := c.str()
	colon := strings.IndexByte(body, ':')
	head := body
	if colon >= 0 {
		head = body[:colon]
	}
	if sp := strings.IndexAny(head, " \t"); sp >= 0 {
		return &parseError{c.s, c.pos + sp, "unexpected whitespace", span{}, false, false}
	}
	orig := *c
	nameAt := c.pos
	name, pseudo, perr := c.parseVariable()
	if perr != nil {
		return perr
	}
	if colon < 0 {
		if pseudo {
			return b.numericBlock(&orig, true)
		}
		if !c.empty() {
			return &parseError{c.s, nameAt, "invalid name in string variable use", span{}, false, false}
		}
		return b.stringUse(name, nameAt)
	}
	if pseudo || !c.eat(":") {
		return &parseError{c.s, nameAt, "invalid name in string variable definition", span{}, false, false}
	}
	if _, ok := b.p.ctx.numVars[name]; ok && name[0] != '@' {
		return &parseError{c.s, nameAt, "numeric variable with name '" + name + "' already exists", span{}, false, false}
	}
	return b.stringDef(name, c)
}

// stringDef emits the capture group of [[NAME:re]].
func (b *patternBuilder) stringDef(name string, c *cursor) *parseError {
	re := c.str()
	b.defGroups[name] = b.curParen
	b.p.varParts++
	b.curParen++
	b.goGroups++
	group := b.goGroups
	b.p.ctx.definedStr[name] = true
	tr := ""
	if re != "" {
		var err *parseError
		if tr, _, err = b.addRegex(c.pos, re); err != nil {
			return err
		}
	}
	b.goDefs[name] = group
	b.defRe[name] = tr
	b.p.strDefs = setStrDef(b.p.strDefs, strDef{name, group})
	b.emit("("+tr+")", "("+re+")")
	return nil
}

// stringUse emits [[NAME]]: a back-reference when NAME was defined earlier
// on this line, else a substitution.
func (b *patternBuilder) stringUse(name string, at int) *parseError {
	if llvmGroup, ok := b.defGroups[name]; ok {
		if llvmGroup < 1 || llvmGroup > 9 {
			return &parseError{b.p.src, at, "Can't back-reference more than 9 variables", span{}, false, false}
		}
		tr := b.defRe[name]
		b.goGroups++
		b.p.varParts++
		use := b.goGroups
		_, n, _ := translateERE(tr)
		b.goGroups += n
		b.p.backrefs = append(b.p.backrefs, backref{b.goDefs[name], use, tr})
		b.emit("("+tr+")", `\`+itoa(llvmGroup))
		return nil
	}
	sub := &substitution{from: span{at, at + len(name)}, strVar: name}
	b.p.subs = append(b.p.subs, sub)
	b.p.segs = append(b.p.segs, segment{sub: sub})
	return nil
}

// numericBlock handles [[#...]] (and legacy [[@LINE...]] when legacy).
func (b *patternBuilder) numericBlock(c *cursor, legacy bool) *parseError {
	from := span{c.pos, c.end}
	ep := &exprParser{ctx: b.p.ctx, line: b.p.line}
	blk, perr := ep.parseBlock(c, legacy)
	if perr != nil {
		return perr
	}
	isDef := blk.def != nil
	if isDef || blk.ast == nil {
		b.p.varParts++
	}
	if isDef {
		b.p.ctx.numVars[blk.def.name] = blk.def
		b.numDefs[blk.def.name] = true
		b.curParen++
		b.goGroups++
		b.p.numDefs = setNumDef(b.p.numDefs, numDef{blk.def, b.goGroups})
		b.emit("(", "(")
	}
	if blk.ast == nil {
		tr, _, err := b.addRegex(from.start, blk.format.wildcard())
		if err != nil {
			return err
		}
		b.emit(tr, blk.format.wildcard())
	} else {
		sub := &substitution{from: from, num: blk}
		b.p.subs = append(b.p.subs, sub)
		b.p.segs = append(b.p.segs, segment{sub: sub})
	}
	if isDef {
		b.emit(")", ")")
	}
	return nil
}

// setStrDef records d, replacing an earlier definition of the same name on
// the line: like LLVM's map of definitions, the last one wins.
func setStrDef(defs []strDef, d strDef) []strDef {
	for i := range defs {
		if defs[i].name == d.name {
			defs[i] = d
			return defs
		}
	}
	return append(defs, d)
}

// setNumDef is setStrDef for numeric definitions.
func setNumDef(defs []numDef, d numDef) []numDef {
	for i := range defs {
		if defs[i].v.name == d.v.name {
			defs[i] = d
			return defs
		}
	}
	return append(defs, d)
}
