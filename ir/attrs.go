package ir

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Attribute is an immutable compile-time value attached to operations.
type Attribute interface {
	// Print writes the full spelling, e.g. `16 : i32` or `#triton_gpu.blocked<{...}>`.
	Print(p *Printer)
	// Equal reports structural equality.
	Equal(Attribute) bool
}

// Aliaser is implemented by attributes that the printer names with a
// top-level alias (`#blocked = ...`). AliasName returns the stem ("blocked");
// the printer appends numbers to make names unique.
type Aliaser interface {
	AliasName() string
}

// PrinterAliaser is an Aliaser whose alias depends on the print options:
// AliasNameFor returns the stem and true to alias the attribute, or false to
// print it inline (e.g. `#smem` only under the `ttg` spelling, as Triton 3.2+
// prints it, while 3.1 wrote `#triton_gpu.shared_memory` inline).
type PrinterAliaser interface {
	AliasNameFor(p *Printer) (string, bool)
}

// AttrEqual is a nil-safe a.Equal(b).
func AttrEqual(a, b Attribute) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(b)
}

// AttrString prints a without aliases.
func AttrString(a Attribute) string {
	p := newBarePrinter()
	p.PrintAttr(a)
	return p.String()
}

// IntegerAttr is an integer (or i1 bool, or index) constant: `16 : i32`.
type IntegerAttr struct {
	Type  Type
	Value int64
}

// IntAttr builds an IntegerAttr of type t.
func IntAttr(t Type, v int64) IntegerAttr { return IntegerAttr{Type: t, Value: v} }

// I32Attr builds an i32 attribute.
func I32Attr(v int64) IntegerAttr { return IntegerAttr{Type: I32, Value: v} }

// BoolAttr builds an i1 attribute, printed `true`/`false`.
func BoolAttr(b bool) IntegerAttr {
	if b {
		return IntegerAttr{Type: I1, Value: 1}
	}
	return IntegerAttr{Type: I1, Value: 0}
}

// Print writes `16 : i32`, `7 : i64`, `0 : index` or `true`. As in MLIR
// (AttrTypeElision::Never), the type is always written except for i1; only
// array elements elide i64 (see ArrayAttr.Print).
func (a IntegerAttr) Print(p *Printer) {
	if IsInteger(a.Type, 1) {
		p.WriteString(strconv.FormatBool(a.Value != 0))
		return
	}
	p.WriteString(strconv.FormatInt(a.Value, 10))
	p.WriteString(" : ")
	p.PrintType(a.Type)
}

// isI64Attr reports whether a is a signless i64 IntegerAttr.
func isI64Attr(a Attribute) bool {
	ia, ok := a.(IntegerAttr)
	it, isInt := ia.Type.(IntegerType)
	return ok && isInt && it.Width == 64 && it.Sign == Signless
}

func (a IntegerAttr) Equal(o Attribute) bool {
	b, ok := o.(IntegerAttr)
	return ok && a.Value == b.Value && TypeEqual(a.Type, b.Type)
}

// FloatAttr is a float constant: `1.000000e+00 : f32`.
type FloatAttr struct {
	Type  FloatType
	Value float64
}

func (a FloatAttr) Print(p *Printer) {
	p.WriteString(FormatFloat(a.Value, a.Type))
	if a.Type.Kind != F64 {
		p.WriteString(" : ")
		p.PrintType(a.Type)
	}
}

func (a FloatAttr) Equal(o Attribute) bool {
	b, ok := o.(FloatAttr)
	return ok && a.Type == b.Type && math.Float64bits(a.Value) == math.Float64bits(b.Value)
}

// FormatFloat prints v the way MLIR does for type t: `%.6e` when that
// round-trips in t's precision, else the shortest exact decimal, else a hex
// bit pattern (inf, nan).
func FormatFloat(v float64, t FloatType) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return FloatHex(v, t)
	}
	s := strconv.FormatFloat(v, 'e', 6, 64)
	if back, err := strconv.ParseFloat(s, 64); err == nil && RoundToType(back, t) == RoundToType(v, t) {
		return s
	}
	s = strconv.FormatFloat(v, 'g', -1, 64)
	if strings.ContainsAny(s, ".") && !strings.ContainsAny(s, "e") {
		return s
	}
	return strconv.FormatFloat(v, 'e', -1, 64)
}

// FloatHex prints the bit pattern of v in t, e.g. 0x7F800000.
func FloatHex(v float64, t FloatType) string {
	bits, width := FloatBits(v, t)
	digits := (width + 3) / 4
	return fmt.Sprintf("0x%0*X", digits, bits)
}

// DenseElementsAttr is `dense<...> : tensor<...>`. Splat holds one element;
// otherwise Elems holds every element in row-major order. Hex, when set,
// holds a raw `"0x..."` blob kept verbatim.
type DenseElementsAttr struct {
	Type  RankedTensorType
	Splat bool
	Elems []Attribute // IntegerAttr or FloatAttr with the element type
	Hex   string
}

// SplatAttr returns a splat dense attribute of type t with element e.
func SplatAttr(t RankedTensorType, e Attribute) DenseElementsAttr {
	return DenseElementsAttr{Type: t, Splat: true, Elems: []Attribute{e}}
}

func (a DenseElementsAttr) Print(p *Printer) {
	p.WriteString("dense<")
	switch {
	case a.Hex != "":
		p.WriteString(strconv.Quote(a.Hex))
	case a.Splat:
		printElemValue(p, a.Elems[0])
	default:
		printDenseList(p, a.Elems, a.Type.Shape)
	}
	p.WriteString("> : ")
	p.PrintType(a.Type)
}

func printElemValue(p *Printer, e Attribute) {
	switch v := e.(type) {
	case IntegerAttr:
		if IsInteger(v.Type, 1) {
			p.WriteString(strconv.FormatBool(v.Value != 0))
		} else {
			p.WriteString(strconv.FormatInt(v.Value, 10))
		}
	case FloatAttr:
		p.WriteString(FormatFloat(v.Value, v.Type))
	default:
		p.PrintAttr(e)
	}
}

func printDenseList(p *Printer, elems []Attribute, shape []int64) {
	if len(shape) == 0 {
		if len(elems) > 0 {
			printElemValue(p, elems[0])
		}
		return
	}
	p.WriteString("[")
	stride := 1
	for _, d := range shape[1:] {
		stride *= int(d)
	}
	for i := 0; i < int(shape[0]); i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		lo := i * stride
		if lo+stride <= len(elems) {
			printDenseList(p, elems[lo:lo+stride], shape[1:])
		}
	}
	p.WriteString("]")
}

func (a DenseElementsAttr) Equal(o Attribute) bool {
	b, ok := o.(DenseElementsAttr)
	if !ok || a.Splat != b.Splat || a.Hex != b.Hex || !a.Type.Equal(b.Type) || len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !AttrEqual(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// DenseResourceAttr is `dense_resource<handle> : type`.
type DenseResourceAttr struct {
	Handle string
	Type   Type
}

func (a DenseResourceAttr) Print(p *Printer) {
	p.WriteString("dense_resource<" + a.Handle + "> : ")
	p.PrintType(a.Type)
}
func (a DenseResourceAttr) Equal(o Attribute) bool {
	b, ok := o.(DenseResourceAttr)
	return ok && a.Handle == b.Handle && TypeEqual(a.Type, b.Type)
}

// StringAttr is a quoted string.
type StringAttr struct{ Value string }

func (a StringAttr) Print(p *Printer) { p.WriteString(QuoteString(a.Value)) }
func (a StringAttr) Equal(o Attribute) bool {
	b, ok := o.(StringAttr)
	return ok && a == b
}

// UnitAttr is the presence-only attribute (`unit`, or a bare key in a dict).
type UnitAttr struct{}

func (UnitAttr) Print(p *Printer)       { p.WriteString("unit") }
func (UnitAttr) Equal(o Attribute) bool { _, ok := o.(UnitAttr); return ok }

// TypeAttr wraps a type.
type TypeAttr struct{ Type Type }

func (a TypeAttr) Print(p *Printer) { p.PrintType(a.Type) }
func (a TypeAttr) Equal(o Attribute) bool {
	b, ok := o.(TypeAttr)
	return ok && TypeEqual(a.Type, b.Type)
}

// SymbolRefAttr is @root::@nested.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

func (a SymbolRefAttr) Print(p *Printer) {
	p.WriteString(SymbolName(a.Root))
	for _, n := range a.Nested {
		p.WriteString("::" + SymbolName(n))
	}
}
func (a SymbolRefAttr) Equal(o Attribute) bool {
	b, ok := o.(SymbolRefAttr)
	if !ok || a.Root != b.Root || len(a.Nested) != len(b.Nested) {
		return false
	}
	for i := range a.Nested {
		if a.Nested[i] != b.Nested[i] {
			return false
		}
	}
	return true
}

// ArrayAttr is [a, b, ...].
type ArrayAttr struct{ Elems []Attribute }

// Print writes `[a, b]`; i64 integer elements elide their type (`[1, 2]`),
// as MLIR prints array elements with AttrTypeElision::May.
func (a ArrayAttr) Print(p *Printer) {
	p.WriteString("[")
	for i, e := range a.Elems {
		if i > 0 {
			p.WriteString(", ")
		}
		if isI64Attr(e) {
			p.WriteString(strconv.FormatInt(e.(IntegerAttr).Value, 10))
			continue
		}
		p.PrintAttr(e)
	}
	p.WriteString("]")
}
func (a ArrayAttr) Equal(o Attribute) bool {
	b, ok := o.(ArrayAttr)
	if !ok || len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !AttrEqual(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// DenseArrayAttr is array<i32: 1, 0> (integer or float elements).
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64
	Floats []float64
}

// I32Array builds array<i32: ...>.
func I32Array(vs ...int64) DenseArrayAttr { return DenseArrayAttr{Elem: I32, Ints: vs} }

// I64Array builds array<i64: ...>.
func I64Array(vs ...int64) DenseArrayAttr { return DenseArrayAttr{Elem: I64, Ints: vs} }

func (a DenseArrayAttr) Print(p *Printer) {
	p.WriteString("array<")
	p.PrintType(a.Elem)
	n := len(a.Ints) + len(a.Floats)
	if n > 0 {
		p.WriteString(": ")
	}
	for i, v := range a.Ints {
		if i > 0 {
			p.WriteString(", ")
		}
		if IsInteger(a.Elem, 1) {
			p.WriteString(strconv.FormatBool(v != 0))
		} else {
			p.WriteString(strconv.FormatInt(v, 10))
		}
	}
	ft, _ := a.Elem.(FloatType)
	for i, v := range a.Floats {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(FormatFloat(v, ft))
	}
	p.WriteString(">")
}

func (a DenseArrayAttr) Equal(o Attribute) bool {
	b, ok := o.(DenseArrayAttr)
	if !ok || !TypeEqual(a.Elem, b.Elem) || len(a.Ints) != len(b.Ints) || len(a.Floats) != len(b.Floats) {
		return false
	}
	for i := range a.Ints {
		if a.Ints[i] != b.Ints[i] {
			return false
		}
	}
	for i := range a.Floats {
		if math.Float64bits(a.Floats[i]) != math.Float64bits(b.Floats[i]) {
			return false
		}
	}
	return true
}

// NamedAttr is one `name = value` entry.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// DictAttr is {a = 1, b}: entries kept sorted by name, names unique.
type DictAttr struct{ Entries []NamedAttr }

// NewDict builds a DictAttr, sorting entries; later duplicates win.
func NewDict(entries ...NamedAttr) DictAttr {
	var d DictAttr
	for _, e := range entries {
		d = d.With(e.Name, e.Value)
	}
	return d
}

// DictFromEntries builds a DictAttr from entries in any order, taking
// ownership of the slice. It returns the first duplicated name, if any.
func DictFromEntries(es []NamedAttr) (DictAttr, string) {
	for i := 1; i < len(es); i++ { // insertion sort: printed dicts are already sorted
		for j := i; j > 0 && es[j].Name < es[j-1].Name; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
	for i := 1; i < len(es); i++ {
		if es[i].Name == es[i-1].Name {
			return DictAttr{}, es[i].Name
		}
	}
	return DictAttr{Entries: es}, ""
}

// Get returns the value of name, or nil.
func (d DictAttr) Get(name string) Attribute {
	if len(d.Entries) <= 8 { // most dictionaries: a plain scan beats the search
		for k := range d.Entries {
			if e := &d.Entries[k]; len(e.Name) == len(name) && e.Name == name {
				return e.Value
			}
		}
		return nil
	}
	i := sort.Search(len(d.Entries), func(i int) bool { return d.Entries[i].Name >= name })
	if i < len(d.Entries) && d.Entries[i].Name == name {
		return d.Entries[i].Value
	}
	return nil
}

// With returns a copy of d with name set to v (v == nil removes it).
func (d DictAttr) With(name string, v Attribute) DictAttr {
	i := sort.Search(len(d.Entries), func(i int) bool { return d.Entries[i].Name >= name })
	out := make([]NamedAttr, 0, len(d.Entries)+1)
	out = append(out, d.Entries[:i]...)
	if v != nil {
		out = append(out, NamedAttr{name, v})
	}
	if i < len(d.Entries) && d.Entries[i].Name == name {
		i++
	}
	out = append(out, d.Entries[i:]...)
	return DictAttr{Entries: out}
}

// Len returns the number of entries.
func (d DictAttr) Len() int { return len(d.Entries) }

func (d DictAttr) Print(p *Printer) {
	p.WriteString("{")
	PrintDictEntries(p, d.Entries)
	p.WriteString("}")
}

// PrintDictEntries prints `a = 1, b` (unit values print as a bare key).
// A name in a dialect namespace that the printer's Spelling renames
// (`triton_gpu.num-warps` as `ttg.num-warps`) is printed renamed, and the
// entries are then ordered by their printed names, as a parser sorts them.
func PrintDictEntries(p *Printer, es []NamedAttr) {
	es = spelledEntries(p, es)
	for i, e := range es {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(KeyName(e.Name))
		if _, unit := e.Value.(UnitAttr); unit {
			continue
		}
		p.WriteString(" = ")
		p.PrintAttr(e.Value)
	}
}

func (d DictAttr) Equal(o Attribute) bool {
	b, ok := o.(DictAttr)
	if !ok || len(d.Entries) != len(b.Entries) {
		return false
	}
	for i := range d.Entries {
		if d.Entries[i].Name != b.Entries[i].Name || !AttrEqual(d.Entries[i].Value, b.Entries[i].Value) {
			return false
		}
	}
	return true
}

// OpaqueAttr is an attribute of an unregistered dialect, kept as its text.
type OpaqueAttr struct{ Text string }

func (a OpaqueAttr) Print(p *Printer) { p.WriteString(a.Text) }
func (a OpaqueAttr) Equal(o Attribute) bool {
	b, ok := o.(OpaqueAttr)
	return ok && a == b
}

// KeyName returns a dictionary key, quoted when it is not a bare
// identifier ([A-Za-z_][A-Za-z0-9_$.]*).
func KeyName(s string) string {
	if isIdent(s, "_", "_$.") {
		return s
	}
	return QuoteString(s)
}

// SymbolName returns @name, quoted unless it matches [A-Za-z_$.][A-Za-z0-9_$.-]*.
func SymbolName(s string) string {
	if isIdent(s, "_$.", "_$.-") {
		return "@" + s
	}
	return "@" + QuoteString(s)
}

// isIdent reports whether s is a letter or one of first, followed by
// letters, digits or characters of rest.
func isIdent(s, first, rest string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		switch {
		case letter:
		case i == 0 && strings.IndexByte(first, c) >= 0:
		case i > 0 && (c >= '0' && c <= '9' || strings.IndexByte(rest, c) >= 0):
		default:
			return false
		}
	}
	return true
}

// QuoteString quotes s with MLIR's escapes (\\, \", \n, \t, \HH).
func QuoteString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&sb, `\%02X`, c)
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// EncodingVerifier is implemented by tensor encodings that constrain the
// tensor they annotate (MLIR's verifyEncoding). The parser calls it on every
// tensor type it builds; the error is reported at the type.
type EncodingVerifier interface {
	VerifyEncoding(shape []int64, elem Type) error
}

// spelledEntries renames dialect-prefixed names through the printer's
// Spelling and sorts them when any was renamed.
func spelledEntries(p *Printer, es []NamedAttr) []NamedAttr {
	if len(p.opts.Spelling) == 0 {
		return es
	}
	var out []NamedAttr
	for i, e := range es {
		ns, rest, ok := strings.Cut(e.Name, ".")
		s, renamed := p.opts.Spelling[ns]
		if !ok || !renamed {
			if out != nil {
				out = append(out, e)
			}
			continue
		}
		if out == nil {
			out = append(make([]NamedAttr, 0, len(es)), es[:i]...)
		}
		out = append(out, NamedAttr{Name: s + "." + rest, Value: e.Value})
	}
	if out == nil {
		return es
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
