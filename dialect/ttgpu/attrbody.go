package ttgpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// field is one `key = value` entry of a dictionary-bodied layout attribute,
// with the position of its key for diagnostics.
type field struct {
	key string
	val ir.Attribute
	loc ir.Location
}

// body is a parsed `<{key = value, ...}>`; keys may come in any order.
type body struct {
	fields []field
	start  ir.Location
	used   map[string]bool
}

// parseBody reads `<{ key = value (, key = value)* }>`. Duplicate keys are
// errors.
func parseBody(p ir.AsmParser) (*body, error) {
	b, err := parseBodyOpen(p)
	if err != nil {
		return nil, err
	}
	return b, p.ParsePunct(">")
}

// parseBodyOpen reads `<{ key = value (, key = value)* }` and leaves what
// follows the dictionary (`>`, or more parameters) to the caller.
func parseBodyOpen(p ir.AsmParser) (*body, error) {
	b := &body{start: p.Loc(), used: map[string]bool{}}
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("{"); err != nil {
		return nil, err
	}
	if !p.ParseOptionalPunct("}") {
		for {
			loc := p.Loc()
			key, err := p.ParseIdentifier()
			if err != nil {
				return nil, err
			}
			if b.get(key) != nil {
				return nil, ir.Errorf(loc, "duplicate key '%s'", key)
			}
			if err := p.ParsePunct("="); err != nil {
				return nil, err
			}
			v, err := p.ParseAttribute(nil)
			if err != nil {
				return nil, err
			}
			b.fields = append(b.fields, field{key, v, loc})
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct("}"); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (b *body) get(key string) *field {
	for i := range b.fields {
		if b.fields[i].key == key {
			return &b.fields[i]
		}
	}
	return nil
}

// checkKeys rejects keys not in allowed (blocked, shared: unknown keys are errors).
func (b *body) checkKeys(what string, allowed ...string) error {
outer:
	for _, f := range b.fields {
		for _, a := range allowed {
			if f.key == a {
				continue outer
			}
		}
		return ir.Errorf(f.loc, "unexpected key '%s' in %s (expected one of %s)", f.key, what, strings.Join(allowed, ", "))
	}
	return nil
}

func (b *body) has(key string) bool { return b.get(key) != nil }

// int reads an integer field; absent gives def.
func (b *body) int(key string, def int) (int, error) {
	f := b.get(key)
	if f == nil {
		return def, nil
	}
	a, ok := f.val.(ir.IntegerAttr)
	if !ok || ir.IsInteger(a.Type, 1) {
		return 0, ir.Errorf(f.loc, "expected an integer for '%s', got %s", key, ir.AttrString(f.val))
	}
	return int(a.Value), nil
}

// uint reads a non-negative integer field.
func (b *body) uint(key string, def int) (int, error) {
	v, err := b.int(key, def)
	if f := b.get(key); err == nil && f != nil && v < 0 {
		return 0, ir.Errorf(f.loc, "expected a non-negative integer for '%s', got %d", key, v)
	}
	return v, err
}

func (b *body) bool(key string, def bool) (bool, error) {
	f := b.get(key)
	if f == nil {
		return def, nil
	}
	a, ok := f.val.(ir.IntegerAttr)
	if !ok || !ir.IsInteger(a.Type, 1) {
		return false, ir.Errorf(f.loc, "expected a boolean for '%s', got %s", key, ir.AttrString(f.val))
	}
	return a.Value != 0, nil
}

func (b *body) ints(key string) ([]int, error) {
	f := b.get(key)
	if f == nil {
		return nil, nil
	}
	vs, ok := intList(f.val)
	if !ok {
		return nil, ir.Errorf(f.loc, "expected an integer array for '%s', got %s", key, ir.AttrString(f.val))
	}
	return vs, nil
}

func intList(a ir.Attribute) ([]int, bool) {
	switch x := a.(type) {
	case ir.ArrayAttr:
		out := make([]int, len(x.Elems))
		for i, e := range x.Elems {
			ia, ok := e.(ir.IntegerAttr)
			if !ok || ir.IsInteger(ia.Type, 1) {
				return nil, false
			}
			out[i] = int(ia.Value)
		}
		return out, true
	case ir.DenseArrayAttr:
		out := make([]int, len(x.Ints))
		for i, v := range x.Ints {
			out[i] = int(v)
		}
		return out, len(x.Floats) == 0
	}
	return nil, false
}

func (b *body) intLists(key string) ([][]int, error) {
	f := b.get(key)
	if f == nil {
		return nil, nil
	}
	arr, ok := f.val.(ir.ArrayAttr)
	if !ok {
		return nil, ir.Errorf(f.loc, "expected an array of integer arrays for '%s'", key)
	}
	out := make([][]int, len(arr.Elems))
	for i, e := range arr.Elems {
		if out[i], ok = intList(e); !ok {
			return nil, ir.Errorf(f.loc, "expected an array of integer arrays for '%s'", key)
		}
	}
	return out, nil
}

func (b *body) attr(key string) (ir.Attribute, ir.Location) {
	if f := b.get(key); f != nil {
		return f.val, f.loc
	}
	return nil, b.start
}

// printer helpers: every layout prints `#<ns>.<mnemonic><{k = v, ...}>`
// with its keys in a fixed order.

type entry struct {
	key  string
	text string
	attr ir.Attribute // printed through the printer (aliases) when set
}

type fields struct{ es []entry }

func (f *fields) int(k string, v int)    { f.raw(k, strconv.Itoa(v)) }
func (f *fields) bool(k string, v bool)  { f.raw(k, strconv.FormatBool(v)) }
func (f *fields) ints(k string, v []int) { f.raw(k, intsString(v)) }
func (f *fields) raw(k string, v string) { f.es = append(f.es, entry{key: k, text: v}) }
func (f *fields) attr(k string, a ir.Attribute) {
	f.es = append(f.es, entry{key: k, attr: a})
}
func (f *fields) lists(k string, v [][]int) {
	s := make([]string, len(v))
	for i, l := range v {
		s[i] = intsString(l)
	}
	f.raw(k, "["+strings.Join(s, ", ")+"]")
}

func intsString(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func printLayout(p *ir.Printer, mnemonic string, f *fields) {
	p.WriteString("#" + p.Namespace(Namespace) + "." + mnemonic + "<{")
	for i, e := range f.es {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(e.key + " = ")
		if e.attr != nil {
			p.PrintAttr(e.attr)
		} else {
			p.WriteString(e.text)
		}
	}
	p.WriteString("}>")
}

func intsEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
