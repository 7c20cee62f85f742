package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the canonical namespace of the Triton dialect.
const Namespace = "tt"

// Dialect returns a fresh definition of the Triton dialect: its op table,
// type parser (`!tt.ptr`, `!tt.memdesc`, `!tt.tensordesc`) and attribute
// parser (`#tt.sparse<"NV24">`, enum attributes `#tt<cache ca>`).
func Dialect() *ir.Dialect {
	var ops []*ir.OpDef
	for _, group := range [][]*ir.OpDef{funcOps(), tensorOps(), memOps(), computeOps()} {
		ops = append(ops, group...)
	}
	return &ir.Dialect{Name: Namespace, Ops: opfmt.Guard(ops), ParseType: parseType, ParseAttr: parseAttr}
}

func funcOps() []*ir.OpDef {
	return []*ir.OpDef{
		{Name: "tt.func", Summary: "a Triton function (kernel or device function)",
			Traits: ir.IsolatedFromAbove | ir.Symbol, Inherent: funcProps,
			Parse: parseFunc, Print: printFunc, Verify: verifyFunc},
		{Name: "tt.return", Summary: "return from a tt.func", Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Parse: parseReturn, Print: printReturn, Verify: verifyReturn},
		{Name: "tt.call", Summary: "call a tt.func", Inherent: []string{"callee"},
			Parse: parseCall, Print: printCall, Verify: verifyCall},
	}
}

func parseType(p ir.AsmParser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "ptr":
		return ParsePointerBody(p)
	case "memdesc":
		return ParseMemDescBody(p)
	case "tensordesc":
		return parseTensorDesc(p)
	}
	return nil, p.Errorf("unknown Triton type '!tt.%s'", mnemonic)
}

func parseAttr(p ir.AsmParser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "sparse":
		return parseSparse(p)
	case "":
		return parseOpaqueEnum(p)
	}
	return nil, p.Errorf("unknown Triton attribute '#tt.%s'", mnemonic)
}
