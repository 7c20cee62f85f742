package ir

// AsmParser is the parsing interface offered to dialect hooks for types,
// attributes and custom op forms (MLIR's DialectAsmParser/OpAsmParser). The
// parser package implements it. Every method that fails returns a
// *Diagnostic positioned at the offending token.
type AsmParser interface {
	// Context returns the registry in use.
	Context() *Context
	// Loc returns the location of the next token.
	Loc() Location
	// Errorf returns a diagnostic at the next token.
	Errorf(format string, args ...any) error

	// ParsePunct consumes one of ( ) [ ] { } < > , : = -> * ? + - ... or fails.
	ParsePunct(punct string) error
	// ParseOptionalPunct consumes punct if it is next.
	ParseOptionalPunct(punct string) bool
	// PeekPunct reports whether punct is next without consuming it.
	PeekPunct(punct string) bool
	// ParseKeyword consumes the bare identifier kw or fails.
	ParseKeyword(kw string) error
	// ParseOptionalKeyword consumes the bare identifier kw if it is next.
	ParseOptionalKeyword(kw string) bool
	// PeekKeyword returns the next bare identifier without consuming it.
	PeekKeyword() (string, bool)
	// ParseIdentifier consumes a bare identifier.
	ParseIdentifier() (string, error)
	// ParseInteger consumes an optionally negative integer literal.
	ParseInteger() (int64, error)
	// PeekInteger reports whether an integer literal (or -int) is next.
	PeekInteger() bool
	// ParseString consumes a string literal and returns it unescaped.
	ParseString() (string, error)
	// ParseSymbolName consumes @name and returns name.
	ParseSymbolName() (string, error)

	// ParseType parses any type (builtin, dialect or alias).
	ParseType() (Type, error)
	// ParseTypeList parses `T, U, ...` (at least one).
	ParseTypeList() ([]Type, error)
	// ParseDimensionsAndType parses `64x16xf16` or `f16` for shaped types.
	ParseDimensionsAndType() ([]int64, Type, error)
	// ParseAttribute parses any attribute; a bare integer or float literal
	// takes type t when t is not nil.
	ParseAttribute(t Type) (Attribute, error)
	// ParseOptionalAttrDict parses `{...}` if present.
	ParseOptionalAttrDict() (DictAttr, error)
}

// UnresolvedOperand is a use of an SSA name not yet bound to a value.
type UnresolvedOperand struct {
	Name string // without %
	Num  int    // result number after #, or 0
	// Loc is where the use is written (a plain struct, so that parsing an
	// operand does not allocate; it converts to a Location where needed).
	Loc FileLineCol
}

// Argument is a region argument definition: %x: T {attrs} loc(...).
type Argument struct {
	Name  UnresolvedOperand
	Type  Type
	Attrs DictAttr
	Loc   Location
}

// OpParser extends AsmParser with what custom op forms need: operands,
// regions and successors.
type OpParser interface {
	AsmParser
	// ParseOperand consumes %name or %name#N.
	ParseOperand() (UnresolvedOperand, error)
	// PeekOperand reports whether an SSA use is next.
	PeekOperand() bool
	// ParseOperandList parses zero or more comma-separated operands.
	ParseOperandList() ([]UnresolvedOperand, error)
	// ResolveOperand binds an operand to a value of type t.
	ResolveOperand(u UnresolvedOperand, t Type) (*Value, error)
	// ResolveOperands binds operands to types pairwise (counts must match).
	ResolveOperands(us []UnresolvedOperand, ts []Type) ([]*Value, error)
	// ParseArgument parses `%x` and, as asked, `: T`, `{attrs}`, `loc(...)`.
	ParseArgument(withType, withAttrs bool) (Argument, error)
	// ParseRegion parses `{...}`; args become the entry block's arguments.
	ParseRegion(args []Argument) (*Region, error)
	// ParseSuccessor parses ^bbN.
	ParseSuccessor() (*Block, error)
	// ParseOptionalLocation parses a trailing loc(...) if present.
	ParseOptionalLocation() (Location, error)
}
