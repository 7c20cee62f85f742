package tt

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the canonical namespace of the Triton dialect.
const Namespace = "tt"

// Dialect returns a fresh definition of the Triton dialect: its op table,
// type parser (`!tt.ptr`, `!tt.memdesc`, `!tt.tensordesc`) and attribute
// parser (`#tt.sparse<"NV24">`, enum attributes `#tt<cache ca>`).
func Dialect() *ir.Dialect {
	var ops []*ir.OpDef
	for _, group := range [][]*ir.OpDef{funcOps(), tensorOps(), memOps(), computeOps(), triton36Ops()} {
		ops = append(ops, group...)
	}
	return &ir.Dialect{Name: Namespace, Ops: ops, ParseType: parseType, ParseAttr: parseAttr}
}

func funcOps() []*ir.OpDef {
	return ods.Defs(
		ods.Op{Name: "tt.func", Summary: "a Triton function (kernel or device function)",
			Traits: ir.IsolatedFromAbove | ir.Symbol,
			Attrs: []ods.Attr{ods.Req(AttrSymName, ods.Str), ods.Req(AttrFunctionType, ods.FuncTypeAttr),
				ods.OptAttr(AttrSymVisibility, ods.Str), ods.OptAttr(AttrArgAttrs, ods.DictArray), ods.OptAttr(AttrResAttrs, ods.DictArray)},
			Parse: parseFunc, Print: printFunc, Verify: verifyFunc},
		ods.Op{Name: "tt.return", Summary: "return from a tt.func", Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Operands: []ods.Value{ods.Var("srcs", ods.AnyType)},
			Format:   "attr-dict ($srcs^ `:` type($srcs))?", Verify: verifyReturn},
		ods.Op{Name: "tt.call", Summary: "call a tt.func",
			Operands: []ods.Value{ods.Var("operands", ods.AnyType)}, Results: []ods.Value{ods.Var("results", ods.AnyType)},
			Attrs:  []ods.Attr{ods.Req("callee", ods.Symbol)},
			Format: "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)", Verify: verifyCall},
	)
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
