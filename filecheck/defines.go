package filecheck

import (
	"io"
	"strings"
)

// defineCmdline mirrors FileCheckPatternContext::defineCmdlineVariables:
// each -D definition is written to a "Global defines" buffer so that
// errors can point into it, then parsed and recorded.
func defineCmdline(ctx *context, defs []string, w io.Writer) bool {
	if len(defs) == 0 {
		return true
	}
	var buf strings.Builder
	type piece struct{ off, n int }
	var pieces []piece
	for i, d := range defs {
		pre := "Global define #" + itoa(i+1) + ": "
		eq := strings.IndexByte(d, '=')
		switch {
		case eq < 0:
			pieces = append(pieces, piece{buf.Len(), 0})
		case d[0] == '#':
			buf.WriteString(pre + d + " (parsed as: [[")
			pieces = append(pieces, piece{buf.Len(), len(d)})
			buf.WriteString(d[:eq] + ":" + d[eq+1:] + "]])\n")
		default:
			buf.WriteString(pre)
			pieces = append(pieces, piece{buf.Len(), len(d)})
			buf.WriteString(d + "\n")
		}
	}
	src := &source{name: "Global defines", text: buf.String()}
	ok := true
	for _, pc := range pieces {
		c := &cursor{src, pc.off, pc.off + pc.n}
		var perr *parseError
		switch {
		case c.empty():
			perr = c.errRest("missing equal sign in global definition")
		case c.has("#"):
			c.pos++
			perr = defineNumeric(ctx, c)
		default:
			perr = defineString(ctx, c)
		}
		if perr != nil {
			perr.logged = true
			perr.emit(w)
			ok = false
		}
	}
	return ok
}

func defineNumeric(ctx *context, c *cursor) *parseError {
	ep := &exprParser{ctx: ctx}
	blk, perr := ep.parseBlock(c, false)
	if perr != nil {
		return perr
	}
	if blk.ast == nil || blk.def == nil {
		return c.errRest("invalid numeric definition")
	}
	v, err := blk.ast.eval()
	if err != nil {
		if u, ok := err.(*undefError); ok {
			return c.errAt(u.uses[0].at, len(u.uses[0].name), "undefined variable: "+u.uses[0].name)
		}
		return c.errRest("unable to substitute variable or numeric expression: overflow error")
	}
	blk.def.value = v
	ctx.numVars[blk.def.name] = blk.def
	return nil
}

func defineString(ctx *context, c *cursor) *parseError {
	body := c.str()
	eq := strings.IndexByte(body, '=')
	nameCur := &cursor{c.s, c.pos, c.pos + eq}
	orig := body[:eq]
	name, pseudo, perr := nameCur.parseVariable()
	if perr != nil {
		return perr
	}
	if pseudo || !nameCur.empty() {
		return c.errAt(c.pos, eq, "invalid name in string variable definition '"+orig+"'")
	}
	if _, ok := ctx.numVars[name]; ok {
		return c.errAt(c.pos, len(name), "numeric variable with name '"+name+"' already exists")
	}
	if _, ok := ctx.strVars[name]; !ok {
		ctx.strVars[name] = body[eq+1:]
	}
	ctx.definedStr[name] = true
	return nil
}
