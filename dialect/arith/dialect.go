package arith

import (
	"strconv"

	"github.com/sparsetriton/sp/ir"
)

// Dialect returns a fresh arith dialect: its op table and the parser of
// `#arith.fastmath<...>` and `#arith.overflow<...>` attributes.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "arith", Ops: ops(), ParseAttr: parseAttr}
}

// parseAttr reads the body of `#arith.<mnemonic>`.
func parseAttr(p ir.AsmParser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "fastmath":
		f, err := ParseFastMathBody(p)
		return FastMathAttr{f}, err
	case "overflow":
		f, err := parseOverflowBody(p)
		return OverflowAttr{f}, err
	}
	return nil, p.Errorf("unknown arith attribute '%s'", mnemonic)
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
