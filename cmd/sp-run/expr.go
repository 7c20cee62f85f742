package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Int is an integer in a launch spec: a JSON number or a string holding an
// expression over the spec's variables (`M`, `cdiv(M, BM)`, `K/2`, `M*K`).
type Int struct {
	Expr string
}

// UnmarshalJSON accepts a number or a string.
func (n *Int) UnmarshalJSON(b []byte) error {
	var num json.Number
	if err := json.Unmarshal(b, &num); err == nil {
		n.Expr = num.String()
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("want a number or an expression string, got %s", b)
	}
	n.Expr = s
	return nil
}

// MarshalJSON writes the expression (a plain number when it is one).
func (n Int) MarshalJSON() ([]byte, error) {
	if _, err := strconv.ParseInt(n.Expr, 10, 64); err == nil {
		return []byte(n.Expr), nil
	}
	return json.Marshal(n.Expr)
}

// Eval evaluates the expression with the variables vars.
func (n Int) Eval(vars map[string]int64) (int64, error) {
	p := &exprParser{src: n.Expr, vars: vars}
	v, err := p.parse()
	if err != nil {
		return 0, fmt.Errorf("expression %q: %v", n.Expr, err)
	}
	return v, nil
}

// exprParser is a recursive-descent evaluator of integer expressions:
// + - * / % (truncating), parentheses, unary minus, variables, and the
// functions cdiv(a, b), min(a, b), max(a, b).
type exprParser struct {
	src   string
	pos   int
	vars  map[string]int64
	depth int
}

// maxExprDepth bounds the nesting of parentheses, calls and unary minus.
const maxExprDepth = 100

var errOverflow = fmt.Errorf("integer overflow (the value does not fit in 64 bits)")

func addChecked(a, b int64) (int64, error) {
	if c := a + b; (c > a) == (b > 0) {
		return c, nil
	}
	return 0, errOverflow
}

func mulChecked(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, errOverflow
	}
	return c, nil
}

func (p *exprParser) parse() (int64, error) {
	v, err := p.sum()
	if err != nil {
		return 0, err
	}
	p.skip()
	if p.pos != len(p.src) {
		return 0, fmt.Errorf("unexpected %q at offset %d", p.src[p.pos:], p.pos)
	}
	return v, nil
}

func (p *exprParser) skip() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

func (p *exprParser) peek() byte {
	p.skip()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *exprParser) sum() (int64, error) {
	v, err := p.product()
	for err == nil {
		op := p.peek()
		if op != '+' && op != '-' {
			return v, nil
		}
		p.pos++
		var w int64
		if w, err = p.product(); err != nil {
			return 0, err
		}
		if op == '-' {
			if w == math.MinInt64 {
				return 0, errOverflow
			}
			w = -w
		}
		v, err = addChecked(v, w)
	}
	return 0, err
}

func (p *exprParser) product() (int64, error) {
	v, err := p.unary()
	for err == nil {
		op := p.peek()
		if op != '*' && op != '/' && op != '%' {
			return v, nil
		}
		p.pos++
		var w int64
		if w, err = p.unary(); err != nil {
			return 0, err
		}
		switch {
		case op == '*':
			if v, err = mulChecked(v, w); err != nil {
				return 0, err
			}
		case w == 0:
			return 0, fmt.Errorf("division by zero")
		case op == '/':
			if v == math.MinInt64 && w == -1 {
				return 0, errOverflow
			}
			v /= w
		default:
			v %= w
		}
	}
	return 0, err
}

func (p *exprParser) unary() (int64, error) {
	if p.depth++; p.depth > maxExprDepth {
		return 0, fmt.Errorf("expression nested deeper than %d levels", maxExprDepth)
	}
	defer func() { p.depth-- }()
	if p.peek() == '-' {
		p.pos++
		v, err := p.unary()
		if err == nil && v == math.MinInt64 {
			return 0, errOverflow
		}
		return -v, err
	}
	return p.atom()
}

func (p *exprParser) atom() (int64, error) {
	c := p.peek()
	switch {
	case c == '(':
		p.pos++
		v, err := p.sum()
		if err == nil && p.peek() != ')' {
			err = fmt.Errorf("missing ')'")
		}
		p.pos++
		return v, err
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		v, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s does not fit in 64 bits", p.src[start:p.pos])
		}
		return v, nil
	case c == '_' || unicode.IsLetter(rune(c)):
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] == '_' || unicode.IsLetter(rune(p.src[p.pos])) || unicode.IsDigit(rune(p.src[p.pos]))) {
			p.pos++
		}
		name := p.src[start:p.pos]
		if p.peek() == '(' {
			return p.call(name)
		}
		v, ok := p.vars[name]
		if !ok {
			return 0, fmt.Errorf("unknown variable %s (have %s)", name, varNames(p.vars))
		}
		return v, nil
	case c == 0:
		return 0, fmt.Errorf("unexpected end")
	}
	return 0, fmt.Errorf("unexpected %q at offset %d", string(c), p.pos)
}

func (p *exprParser) call(name string) (int64, error) {
	p.pos++ // (
	var args []int64
	for {
		v, err := p.sum()
		if err != nil {
			return 0, err
		}
		args = append(args, v)
		if c := p.peek(); c == ',' {
			p.pos++
			continue
		} else if c != ')' {
			return 0, fmt.Errorf("missing ')' after the arguments of %s", name)
		}
		p.pos++
		break
	}
	if len(args) != 2 {
		return 0, fmt.Errorf("%s takes 2 arguments, got %d", name, len(args))
	}
	a, b := args[0], args[1]
	switch name {
	case "cdiv":
		if b <= 0 {
			return 0, fmt.Errorf("cdiv by %d", b)
		}
		if a > 0 {
			return (a-1)/b + 1, nil
		}
		return a / b, nil
	case "min":
		return min(a, b), nil
	case "max":
		return max(a, b), nil
	}
	return 0, fmt.Errorf("unknown function %s (want cdiv, min or max)", name)
}

func varNames(vars map[string]int64) string {
	var ns []string
	for n := range vars {
		ns = append(ns, n)
	}
	if len(ns) == 0 {
		return "none"
	}
	sortStrings(ns)
	return strings.Join(ns, ", ")
}
