package filecheck

import (
	"math/big"
	"strconv"
	"strings"
)

// Numeric variables and expressions ([[#...]] blocks). Values are exact
// integers (big.Int) that must stay within [-2^63, 2^64-1] after every
// operation, LLVM's ExpressionValue range; leaving it is an overflow error.

var (
	minValue = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 63))
	maxValue = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
	maxInt64 = big.NewInt(1<<63 - 1)
)

// numFormat is a matching format: kind 0 (none), 'u', 'd', 'x' or 'X'.
type numFormat struct {
	kind byte
	prec int
	alt  bool
}

func (f numFormat) String() string { return "%" + string(f.kind) }

// wildcard returns the ERE that matches any value in this format.
func (f numFormat) wildcard() string {
	alt := ""
	if f.alt {
		alt = "0x"
	}
	digits, lead := "[0-9]", "[1-9]"
	switch f.kind {
	case 'x':
		digits, lead = "[0-9a-f]", "[1-9a-f]"
	case 'X':
		digits, lead = "[0-9A-F]", "[1-9A-F]"
	}
	sign := ""
	if f.kind == 'd' {
		sign = "-?"
	}
	if f.prec > 0 {
		return alt + sign + "(" + lead + digits + "*)?" + digits + "{" + strconv.Itoa(f.prec) + "}"
	}
	return alt + sign + digits + "+"
}

// matching formats v as text, or fails with an overflow error when v is
// not representable in the format.
func (f numFormat) matching(v *big.Int) (string, error) {
	neg := v.Sign() < 0
	if (f.kind == 'd' && v.Cmp(maxInt64) > 0) || (f.kind != 'd' && neg) {
		return "", errOverflow
	}
	abs := new(big.Int).Abs(v)
	var s string
	switch f.kind {
	case 'x':
		s = abs.Text(16)
	case 'X':
		s = strings.ToUpper(abs.Text(16))
	default:
		s = abs.Text(10)
	}
	if f.prec > len(s) {
		s = strings.Repeat("0", f.prec-len(s)) + s
	}
	if f.alt {
		s = "0x" + s
	}
	if neg {
		s = "-" + s
	}
	return s, nil
}

// parseValue converts matched text back to a value (valueFromStringRepr).
func (f numFormat) parseValue(s string) (*big.Int, string) {
	const msg = "unable to represent numeric value"
	if f.kind == 'd' {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, msg
		}
		return big.NewInt(n), ""
	}
	base := 10
	if f.kind == 'x' || f.kind == 'X' {
		base = 16
	}
	missingPrefix := false
	if f.alt {
		var ok bool
		if s, ok = strings.CutPrefix(s, "0x"); !ok {
			missingPrefix = true
		}
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil || strings.HasPrefix(s, "+") {
		return nil, msg
	}
	if missingPrefix {
		return nil, "missing alternate form prefix"
	}
	return new(big.Int).SetUint64(n), ""
}

// numVar is a numeric variable; value nil means undefined.
type numVar struct {
	name    string
	format  numFormat
	defLine int // 0: not defined in the check file
	value   *big.Int
	text    string // matched text of the value
}

// overflowError is LLVM's OverflowError.
type overflowError struct{}

func (overflowError) Error() string { return "overflow error" }

var errOverflow error = overflowError{}

// undefError lists undefined variables used by an expression, each with
// the offset of its name in the check source.
type undefError struct{ uses []varUse }

type varUse struct {
	name string
	at   int
}

func (e *undefError) Error() string { return "undefined variable: " + e.uses[0].name }

// expr is a numeric expression AST node.
type expr interface {
	eval() (*big.Int, error)
	implicitFormat() (numFormat, *parseError)
	text() span
}

type literal struct {
	v   *big.Int
	src span
}

func (l *literal) eval() (*big.Int, error)                  { return l.v, nil }
func (l *literal) implicitFormat() (numFormat, *parseError) { return numFormat{}, nil }
func (l *literal) text() span                               { return l.src }

type varRef struct {
	v   *numVar
	src span
}

func (r *varRef) eval() (*big.Int, error) {
	if r.v.value == nil {
		return nil, &undefError{[]varUse{{r.v.name, r.src.start}}}
	}
	return r.v.value, nil
}
func (r *varRef) implicitFormat() (numFormat, *parseError) { return r.v.format, nil }
func (r *varRef) text() span                               { return r.src }

type binop struct {
	op          string // "add", "sub", "mul", "div", "min", "max"
	left, right expr
	src         span
	s           *source
}

func (b *binop) text() span { return b.src }

func (b *binop) eval() (*big.Int, error) {
	l, lerr := b.left.eval()
	r, rerr := b.right.eval()
	if lerr != nil || rerr != nil {
		return nil, joinEvalErrors(lerr, rerr)
	}
	res := new(big.Int)
	switch b.op {
	case "add":
		res.Add(l, r)
	case "sub":
		res.Sub(l, r)
	case "mul":
		res.Mul(l, r)
	case "div":
		if r.Sign() == 0 {
			return nil, errOverflow
		}
		res.Quo(l, r)
	case "min":
		res.Set(l)
		if r.Cmp(l) < 0 {
			res.Set(r)
		}
	case "max":
		res.Set(l)
		if r.Cmp(l) > 0 {
			res.Set(r)
		}
	}
	if res.Cmp(minValue) < 0 || res.Cmp(maxValue) > 0 {
		return nil, errOverflow
	}
	return res, nil
}

// joinEvalErrors merges undefined-variable lists; other errors win as is.
func joinEvalErrors(a, b error) error {
	ua, oka := a.(*undefError)
	ub, okb := b.(*undefError)
	switch {
	case oka && okb:
		return &undefError{append(append([]varUse{}, ua.uses...), ub.uses...)}
	case a != nil:
		return a
	}
	return b
}

func (b *binop) implicitFormat() (numFormat, *parseError) {
	lf, err := b.left.implicitFormat()
	if err != nil {
		return lf, err
	}
	rf, err := b.right.implicitFormat()
	if err != nil {
		return rf, err
	}
	if lf.kind != 0 && rf.kind != 0 && lf != rf {
		ls, rs := b.left.text(), b.right.text()
		msg := "implicit format conflict between '" + b.s.text[ls.start:ls.end] + "' (" + lf.String() +
			") and '" + b.s.text[rs.start:rs.end] + "' (" + rf.String() + "), need an explicit format specifier"
		return lf, &parseError{b.s, b.src.start, msg, b.src, true, false}
	}
	if lf.kind != 0 {
		return lf, nil
	}
	return rf, nil
}
