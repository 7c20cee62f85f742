package tt

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// Enum is implemented by the typed Triton enums. Values are the I32 case
// values of TritonAttrDefs.td, so that an integer attribute written by
// Triton's generic printer (`cache = 1 : i32`) decodes to the same case.
type Enum interface {
	~int32
	comparable
	String() string
	kind() *enumKind
}

type enumCase struct {
	value int32
	name  string
}

// enumKind is the spelling table of one enum: every spelling lives here.
type enumKind struct {
	mnemonic string // `#tt<mnemonic case>` in generic form
	what     string // for diagnostics
	cases    []enumCase
}

func (k *enumKind) name(v int32) (string, bool) {
	for _, c := range k.cases {
		if c.value == v {
			return c.name, true
		}
	}
	return "", false
}

func (k *enumKind) lookup(s string) (int32, bool) {
	for _, c := range k.cases {
		if c.name == s {
			return c.value, true
		}
	}
	return 0, false
}

func (k *enumKind) names() string {
	ns := make([]string, len(k.cases))
	for i, c := range k.cases {
		ns[i] = c.name
	}
	return strings.Join(ns, ", ")
}

func enumString(k *enumKind, v int32) string {
	if s, ok := k.name(v); ok {
		return s
	}
	return fmt.Sprintf("%s(%d)", k.mnemonic, v)
}

// CacheModifier is the `cacheModifier` of loads and stores.
type CacheModifier int32

const (
	CacheNone CacheModifier = 1 + iota
	CacheCA
	CacheCG
	CacheWB
	CacheCS
	CacheWT
	CacheCV
)

var cacheKind = enumKind{"cache", "cache modifier", []enumCase{
	{1, "none"}, {2, "ca"}, {3, "cg"}, {4, "wb"}, {5, "cs"}, {6, "wt"}, {7, "cv"}}}

func (e CacheModifier) String() string { return enumString(&cacheKind, int32(e)) }
func (CacheModifier) kind() *enumKind  { return &cacheKind }

// EvictionPolicy is the `evictionPolicy` of loads and stores.
type EvictionPolicy int32

const (
	EvictNormal EvictionPolicy = 1 + iota
	EvictFirst
	EvictLast
)

var evictKind = enumKind{"evict", "eviction policy", []enumCase{
	{1, "evict_normal"}, {2, "evict_first"}, {3, "evict_last"}}}

func (e EvictionPolicy) String() string { return enumString(&evictKind, int32(e)) }
func (EvictionPolicy) kind() *enumKind  { return &evictKind }

// PaddingOption is the `padding` of block-pointer loads.
type PaddingOption int32

const (
	PadZero PaddingOption = 1 + iota
	PadNaN
)

var paddingKind = enumKind{"padding", "padding option", []enumCase{{1, "zero"}, {2, "nan"}}}

func (e PaddingOption) String() string { return enumString(&paddingKind, int32(e)) }
func (PaddingOption) kind() *enumKind  { return &paddingKind }

// RMWOp is the operation of tt.atomic_rmw.
type RMWOp int32

const (
	RMWAnd RMWOp = 1 + iota
	RMWOr
	RMWXor
	RMWAdd
	RMWFAdd
	RMWMax
	RMWMin
	RMWUMax
	RMWUMin
	RMWXchg
)

var rmwKind = enumKind{"rmw", "atomic RMW operation", []enumCase{
	{1, "and"}, {2, "or"}, {3, "xor"}, {4, "add"}, {5, "fadd"}, {6, "max"}, {7, "min"},
	{8, "umax"}, {9, "umin"}, {10, "exch"}}}

func (e RMWOp) String() string { return enumString(&rmwKind, int32(e)) }
func (RMWOp) kind() *enumKind  { return &rmwKind }

// MemSemantic is the memory ordering of atomics.
type MemSemantic int32

const (
	SemRelaxed MemSemantic = 1 + iota
	SemAcquire
	SemRelease
	SemAcqRel
)

var semKind = enumKind{"sem", "memory semantic", []enumCase{
	{1, "relaxed"}, {2, "acquire"}, {3, "release"}, {4, "acq_rel"}}}

func (e MemSemantic) String() string { return enumString(&semKind, int32(e)) }
func (MemSemantic) kind() *enumKind  { return &semKind }

// MemSyncScope is the synchronisation scope of atomics.
type MemSyncScope int32

const (
	ScopeGPU MemSyncScope = 1 + iota
	ScopeCTA
	ScopeSystem
)

var scopeKind = enumKind{"scope", "memory sync scope", []enumCase{{1, "gpu"}, {2, "cta"}, {3, "sys"}}}

func (e MemSyncScope) String() string { return enumString(&scopeKind, int32(e)) }
func (MemSyncScope) kind() *enumKind  { return &scopeKind }

// ProgramIDDim is the axis of tt.get_program_id / tt.get_num_programs.
type ProgramIDDim int32

const (
	AxisX ProgramIDDim = iota
	AxisY
	AxisZ
)

var axisKind = enumKind{"axis", "program id dimension", []enumCase{{0, "x"}, {1, "y"}, {2, "z"}}}

func (e ProgramIDDim) String() string { return enumString(&axisKind, int32(e)) }
func (ProgramIDDim) kind() *enumKind  { return &axisKind }

// RoundingMode is the rounding of tt.fp_to_fp.
type RoundingMode int32

const (
	RoundRTZ RoundingMode = iota
	RoundRTNE
)

var roundingKind = enumKind{"rounding", "rounding mode", []enumCase{{0, "rtz"}, {1, "rtne"}}}

func (e RoundingMode) String() string { return enumString(&roundingKind, int32(e)) }
func (RoundingMode) kind() *enumKind  { return &roundingKind }

// InputPrecision is the `inputPrecision` of tt.dot (default ieee).
type InputPrecision int32

const (
	PrecisionTF32 InputPrecision = iota
	PrecisionTF32x3
	PrecisionIEEE
	PrecisionBF16x3
	PrecisionBF16x6
)

var precisionKind = enumKind{"precision", "input precision", []enumCase{
	{0, "tf32"}, {1, "tf32x3"}, {2, "ieee"}, {3, "bf16x3"}, {4, "bf16x6"}}}

func (e InputPrecision) String() string { return enumString(&precisionKind, int32(e)) }
func (InputPrecision) kind() *enumKind  { return &precisionKind }

// PropagateNan is the `propagateNan` of tt.clampf.
type PropagateNan int32

const (
	PropagateNone PropagateNan = 0
	PropagateAll  PropagateNan = 0xFFFF
)

var propagateKind = enumKind{"propagate_nan", "NaN propagation", []enumCase{{0, "none"}, {0xFFFF, "all"}}}

func (e PropagateNan) String() string { return enumString(&propagateKind, int32(e)) }
func (PropagateNan) kind() *enumKind  { return &propagateKind }

// SparsityFormat is the format parameter of #tt.sparse: NV24 (2:4
// structured sparsity, NVIDIA metadata layout) or BSR24 (block-sparse rows
// whose stored blocks are NV24; docs/sparse.md §10).
type SparsityFormat int32

const (
	NV24 SparsityFormat = iota
	BSR24
)

var sparsityKind = enumKind{"sparsity", "sparsity format", []enumCase{{0, "NV24"}, {1, "BSR24"}}}

func (e SparsityFormat) String() string { return enumString(&sparsityKind, int32(e)) }
func (SparsityFormat) kind() *enumKind  { return &sparsityKind }

// EnumAttr holds a typed enum case. Its generic-form spelling is
// `#tt<mnemonic case>` (e.g. `#tt<cache ca>`); custom op forms print the
// bare case keyword instead.
type EnumAttr[E Enum] struct{ Value E }

// EnumOf wraps v in an attribute.
func EnumOf[E Enum](v E) EnumAttr[E] { return EnumAttr[E]{v} }

// Print writes `#tt<mnemonic case>`.
func (a EnumAttr[E]) Print(p *ir.Printer) {
	p.WriteString("#tt<" + a.Value.kind().mnemonic + " " + a.Value.String() + ">")
}

// Equal compares kind and value.
func (a EnumAttr[E]) Equal(o ir.Attribute) bool {
	b, ok := o.(EnumAttr[E])
	return ok && a.Value == b.Value
}

// DecodeEnum reads an enum from an EnumAttr[E] or from an integer attribute
// holding a valid case value (Triton's own generic form).
func DecodeEnum[E Enum](a ir.Attribute) (E, bool) {
	var zero E
	switch x := a.(type) {
	case EnumAttr[E]:
		return x.Value, true
	case ir.IntegerAttr:
		if _, ok := zero.kind().name(int32(x.Value)); ok && int64(int32(x.Value)) == x.Value {
			return E(x.Value), true
		}
	}
	return zero, false
}

// EnumProp returns the enum attribute name of op, def when absent. ok is
// false when the attribute is present but not a valid case.
func EnumProp[E Enum](op *ir.Operation, name string, def E) (E, bool) {
	a := op.Attr(name)
	if a == nil {
		return def, true
	}
	return DecodeEnum[E](a)
}

// ParseEnumKeyword reads a bare case keyword such as `ca` or `acq_rel`.
func ParseEnumKeyword[E Enum](p ir.AsmParser) (E, error) {
	var zero E
	loc := p.Loc()
	s, err := p.ParseIdentifier()
	if err != nil {
		return zero, err
	}
	k := zero.kind()
	v, ok := k.lookup(s)
	if !ok {
		return zero, ir.Errorf(loc, "expected %s, one of [%s], got '%s'", k.what, k.names(), s)
	}
	return E(v), nil
}

// enumParsers maps generic-form mnemonics to typed constructors.
var enumParsers = []struct {
	mnemonic string
	parse    func(p ir.AsmParser) (ir.Attribute, error)
}{
	{"cache", parseEnumAttr[CacheModifier]},
	{"evict", parseEnumAttr[EvictionPolicy]},
	{"padding", parseEnumAttr[PaddingOption]},
	{"rmw", parseEnumAttr[RMWOp]},
	{"sem", parseEnumAttr[MemSemantic]},
	{"scope", parseEnumAttr[MemSyncScope]},
	{"axis", parseEnumAttr[ProgramIDDim]},
	{"rounding", parseEnumAttr[RoundingMode]},
	{"precision", parseEnumAttr[InputPrecision]},
	{"propagate_nan", parseEnumAttr[PropagateNan]},
	{"descriptor_reduce_kind", parseEnumAttr[DescriptorReduceKind]},
	{"scale_dot_elem_type", parseEnumAttr[ScaleDotElemType]},
}

func parseEnumAttr[E Enum](p ir.AsmParser) (ir.Attribute, error) {
	v, err := ParseEnumKeyword[E](p)
	if err != nil {
		return nil, err
	}
	return EnumAttr[E]{v}, nil
}

// parseOpaqueEnum reads `<mnemonic case>` after `#tt`.
func parseOpaqueEnum(p ir.AsmParser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	loc := p.Loc()
	m, err := p.ParseIdentifier()
	if err != nil {
		return nil, err
	}
	for _, e := range enumParsers {
		if e.mnemonic == m {
			a, err := e.parse(p)
			if err != nil {
				return nil, err
			}
			return a, p.ParsePunct(">")
		}
	}
	return nil, ir.Errorf(loc, "unknown Triton enum attribute kind '%s'", m)
}

// EnumKind is the declared attribute kind of enum E: custom forms write
// its bare case keyword (`ca`, `acq_rel`); it also accepts the integer
// case value of Triton's generic printer.
func EnumKind[E Enum]() ods.AttrKind {
	var zero E
	k := zero.kind()
	return ods.AttrKind{Desc: fmt.Sprintf("a %s (one of [%s])", k.what, k.names()),
		Is:    func(a ir.Attribute) bool { _, ok := DecodeEnum[E](a); return ok },
		Parse: parseEnumAttr[E],
		Print: func(p *ir.Printer, a ir.Attribute) {
			v, _ := DecodeEnum[E](a)
			p.WriteString(v.String())
		},
		Same: func(a, b ir.Attribute) bool {
			x, ok1 := DecodeEnum[E](a)
			y, ok2 := DecodeEnum[E](b)
			return ok1 && ok2 && x == y
		}}
}

// EnumI32Kind is EnumKind for enums that attr-dict writes as their I32 case
// value, as Triton's I32EnumAttr (`padding = 1 : i32`).
func EnumI32Kind[E Enum]() ods.AttrKind {
	k := EnumKind[E]()
	k.Stored = func(a ir.Attribute) ir.Attribute {
		if v, ok := DecodeEnum[E](a); ok {
			return ir.I32Attr(int64(v))
		}
		return a
	}
	k.Normalize = func(a ir.Attribute) ir.Attribute {
		if v, ok := DecodeEnum[E](a); ok {
			return EnumOf(v)
		}
		return a
	}
	return k
}

// DescriptorReduceKind is the reduction of tt.descriptor_reduce.
type DescriptorReduceKind int32

var descReduceKind = enumKind{"descriptor_reduce_kind", "descriptor reduce kind", []enumCase{
	{1, "add"}, {2, "min"}, {3, "max"}, {4, "inc"}, {5, "dec"}, {6, "and"}, {7, "or"}, {8, "xor"}}}

func (e DescriptorReduceKind) String() string { return enumString(&descReduceKind, int32(e)) }
func (DescriptorReduceKind) kind() *enumKind  { return &descReduceKind }

// ScaleDotElemType is the element format of a tt.dot_scaled operand.
type ScaleDotElemType int32

var scaleDotKind = enumKind{"scale_dot_elem_type", "scaled-dot element type", []enumCase{
	{0, "e4m3"}, {1, "e5m2"}, {2, "e2m3"}, {3, "e3m2"}, {4, "e2m1"}, {5, "bf16"}, {6, "fp16"}}}

func (e ScaleDotElemType) String() string { return enumString(&scaleDotKind, int32(e)) }
func (ScaleDotElemType) kind() *enumKind  { return &scaleDotKind }
