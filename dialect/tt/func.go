package tt

import (
	"github.com/sparsetriton/sp/ir"
)

// Function-interface property names of tt.func.
const (
	AttrSymName       = "sym_name"
	AttrFunctionType  = "function_type"
	AttrArgAttrs      = "arg_attrs"
	AttrResAttrs      = "res_attrs"
	AttrSymVisibility = "sym_visibility"
)

// funcProps are the properties printFunc writes outside attr-dict.
var funcProps = []string{AttrArgAttrs, AttrFunctionType, AttrResAttrs, AttrSymName, AttrSymVisibility}

// FuncType returns the function type of a tt.func.
func FuncType(op *ir.Operation) (ir.FunctionType, bool) {
	ta, ok := op.Attr(AttrFunctionType).(ir.TypeAttr)
	if !ok {
		return ir.FunctionType{}, false
	}
	ft, ok := ta.Type.(ir.FunctionType)
	return ft, ok
}

// ArgAttrs returns the attribute dictionary of argument i of a tt.func.
func ArgAttrs(op *ir.Operation, i int) ir.DictAttr {
	return dictAt(op.Attr(AttrArgAttrs), i)
}

// ResAttrs returns the attribute dictionary of result i of a tt.func.
func ResAttrs(op *ir.Operation, i int) ir.DictAttr {
	return dictAt(op.Attr(AttrResAttrs), i)
}

func dictAt(a ir.Attribute, i int) ir.DictAttr {
	arr, ok := a.(ir.ArrayAttr)
	if !ok || i < 0 || i >= len(arr.Elems) {
		return ir.DictAttr{}
	}
	d, _ := arr.Elems[i].(ir.DictAttr)
	return d
}

// SetArgAttrs replaces the per-argument dictionaries (dropped when all empty).
func SetArgAttrs(op *ir.Operation, ds []ir.DictAttr) { op.SetAttr(AttrArgAttrs, dictArray(ds)) }

// SetResAttrs replaces the per-result dictionaries (dropped when all empty).
func SetResAttrs(op *ir.Operation, ds []ir.DictAttr) { op.SetAttr(AttrResAttrs, dictArray(ds)) }

func dictArray(ds []ir.DictAttr) ir.Attribute {
	any := false
	elems := make([]ir.Attribute, len(ds))
	for i, d := range ds {
		elems[i] = d
		any = any || d.Len() > 0
	}
	if !any {
		return nil
	}
	return ir.ArrayAttr{Elems: elems}
}

// NewFunc builds a detached tt.func named name with an entry block whose
// arguments have the input types; visibility "" leaves it unset.
func NewFunc(ctx *ir.Context, name string, ft ir.FunctionType, visibility string) *ir.Operation {
	def := ctx.LookupOp("tt.func")
	op := ir.NewOp("tt.func", def, nil, nil, 1, nil)
	op.SetAttr(AttrSymName, ir.StringAttr{Value: name})
	op.SetAttr(AttrFunctionType, ir.TypeAttr{Type: ft})
	if visibility != "" {
		op.SetAttr(AttrSymVisibility, ir.StringAttr{Value: visibility})
	}
	b := op.Regions[0].AddBlock()
	for _, t := range ft.Inputs {
		b.AddArg(t)
	}
	return op
}

// parseFunc reads MLIR's function-interface form:
//
//	tt.func [public|private] @name(%arg0: T {attrs} loc(...), ...) [-> T | -> (T {attrs}, U)] [attributes {...}] [{ body }]
//
// A declaration without body may list bare types: `tt.func private @f(i32) -> i32`.
func parseFunc(p ir.OpParser, st *ir.OpState) error {
	if kw, ok := p.PeekKeyword(); ok && (kw == "public" || kw == "private" || kw == "nested") {
		_, _ = p.ParseIdentifier()
		st.AddAttr(AttrSymVisibility, ir.StringAttr{Value: kw})
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(AttrSymName, ir.StringAttr{Value: name})
	args, argAttrs, named, err := parseFuncArgs(p)
	if err != nil {
		return err
	}
	results, resAttrs, err := parseFuncResults(p)
	if err != nil {
		return err
	}
	ft := ir.FunctionType{Inputs: make([]ir.Type, len(args)), Results: results}
	for i, a := range args {
		ft.Inputs[i] = a.Type
	}
	st.AddAttr(AttrFunctionType, ir.TypeAttr{Type: ft})
	if a := dictArray(argAttrs); a != nil {
		st.AddAttr(AttrArgAttrs, a)
	}
	if a := dictArray(resAttrs); a != nil {
		st.AddAttr(AttrResAttrs, a)
	}
	if p.ParseOptionalKeyword("attributes") {
		if !p.PeekPunct("{") {
			return p.Errorf("expected '{' after 'attributes'")
		}
		d, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		st.MergeAttrDict(d)
	}
	if !p.PeekPunct("{") {
		st.Regions = append(st.Regions, &ir.Region{})
		return nil
	}
	if !named && len(args) > 0 {
		return p.Errorf("expected named arguments (%%arg: T) for a function with a body")
	}
	r, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	st.Regions = append(st.Regions, r)
	return nil
}

func parseFuncArgs(p ir.OpParser) (args []ir.Argument, attrs []ir.DictAttr, named bool, err error) {
	if err = p.ParsePunct("("); err != nil {
		return
	}
	if p.ParseOptionalPunct(")") {
		return nil, nil, true, nil
	}
	named = p.PeekOperand()
	for {
		var a ir.Argument
		if named {
			if a, err = p.ParseArgument(true, true); err != nil {
				return
			}
		} else {
			if a.Type, err = p.ParseType(); err != nil {
				return
			}
			if a.Attrs, err = p.ParseOptionalAttrDict(); err != nil {
				return
			}
		}
		args = append(args, a)
		attrs = append(attrs, a.Attrs)
		if !p.ParseOptionalPunct(",") {
			break
		}
		if p.PeekOperand() != named {
			err = p.Errorf("expected all arguments of a function to be named, or none")
			return
		}
	}
	err = p.ParsePunct(")")
	return
}

func parseFuncResults(p ir.OpParser) ([]ir.Type, []ir.DictAttr, error) {
	if !p.ParseOptionalPunct("->") {
		return nil, nil, nil
	}
	if !p.ParseOptionalPunct("(") {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		return []ir.Type{t}, []ir.DictAttr{{}}, nil
	}
	var ts []ir.Type
	var ds []ir.DictAttr
	if p.ParseOptionalPunct(")") {
		return nil, nil, nil
	}
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		d, err := p.ParseOptionalAttrDict()
		if err != nil {
			return nil, nil, err
		}
		ts, ds = append(ts, t), append(ds, d)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return ts, ds, p.ParsePunct(")")
}

// printFunc writes
//
//	[public|private] @name(%arg0: T {attrs} loc(...), ...) [-> T | -> (T {attrs}, U)] [attributes {...}] [{ body }]
func printFunc(p *ir.Printer, op *ir.Operation) {
	if v, ok := op.Attr(AttrSymVisibility).(ir.StringAttr); ok {
		p.WriteString(" " + v.Value)
	}
	name, _ := ir.SymbolNameOf(op)
	p.WriteString(" " + ir.SymbolName(name) + "(")
	ft, _ := FuncType(op)
	var entry *ir.Block
	if len(op.Regions) > 0 {
		entry = op.Regions[0].Entry()
	}
	for i, t := range ft.Inputs {
		if i > 0 {
			p.WriteString(", ")
		}
		if entry != nil && i < entry.NumArgs() {
			p.PrintOperand(entry.Arg(i))
			p.WriteString(": ")
		}
		p.PrintType(t)
		p.PrintOptionalAttrDict(ArgAttrs(op, i))
		if entry != nil && i < entry.NumArgs() {
			p.PrintArgLoc(entry.Arg(i))
		}
	}
	p.WriteString(")")
	printFuncResults(p, op, ft.Results)
	p.PrintOptionalAttrDictWithKeyword(ir.AllAttrs(op), funcProps...)
	if entry != nil {
		p.WriteString(" ")
		p.PrintRegion(op.Regions[0], false, true)
	}
}

func printFuncResults(p *ir.Printer, op *ir.Operation, rs []ir.Type) {
	if len(rs) == 0 {
		return
	}
	p.WriteString(" -> ")
	_, isFn := rs[0].(ir.FunctionType)
	if len(rs) == 1 && ResAttrs(op, 0).Len() == 0 && !isFn {
		p.PrintType(rs[0])
		return
	}
	p.WriteString("(")
	for i, t := range rs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
		p.PrintOptionalAttrDict(ResAttrs(op, i))
	}
	p.WriteString(")")
}

func verifyFunc(op *ir.Operation) error {
	if _, ok := op.Attr(AttrSymName).(ir.StringAttr); !ok {
		return ir.OpError(op, "requires string attribute 'sym_name'")
	}
	ft, ok := FuncType(op)
	if !ok {
		return ir.OpError(op, "requires a function type attribute 'function_type'")
	}
	if v := op.Attr(AttrSymVisibility); v != nil {
		s, ok := v.(ir.StringAttr)
		if !ok || (s.Value != "public" && s.Value != "private" && s.Value != "nested") {
			return ir.OpError(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", ir.AttrString(v))
		}
	}
	for _, name := range []string{AttrArgAttrs, AttrResAttrs} {
		if err := verifyDictArray(op, name, ft); err != nil {
			return err
		}
	}
	if len(op.Regions) != 1 {
		return ir.OpError(op, "requires one region")
	}
	entry := op.Regions[0].Entry()
	if entry == nil {
		return nil
	}
	if entry.NumArgs() != len(ft.Inputs) {
		return ir.OpError(op, "entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Args() {
		if !ir.TypeEqual(a.Type(), ft.Inputs[i]) {
			return ir.OpError(op, "type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)",
				i, ir.TypeString(a.Type()), ir.TypeString(ft.Inputs[i]))
		}
	}
	return nil
}

func verifyDictArray(op *ir.Operation, name string, ft ir.FunctionType) error {
	a := op.Attr(name)
	if a == nil {
		return nil
	}
	want := len(ft.Inputs)
	what := "argument"
	if name == AttrResAttrs {
		want, what = len(ft.Results), "result"
	}
	arr, ok := a.(ir.ArrayAttr)
	if !ok || len(arr.Elems) != want {
		return ir.OpError(op, "expects %s attribute array to have the same number of elements as the number of function %ss, got %s", what, what, ir.AttrString(a))
	}
	for _, e := range arr.Elems {
		if _, ok := e.(ir.DictAttr); !ok {
			return ir.OpError(op, "expects %s attribute dictionaries, got %s", what, ir.AttrString(e))
		}
	}
	return nil
}

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Name != "tt.func" {
		return nil
	}
	ft, ok := FuncType(fn)
	if !ok {
		return nil
	}
	if len(ft.Results) != op.NumOperands() {
		return ir.OpError(op, "has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), symName(fn), len(ft.Results))
	}
	for i, v := range op.Operands() {
		if !ir.TypeEqual(v.Type(), ft.Results[i]) {
			return ir.OpError(op, "type of return operand %d (%s) doesn't match function result type (%s) in function @%s",
				i, ir.TypeString(v.Type()), ir.TypeString(ft.Results[i]), symName(fn))
		}
	}
	return nil
}

func symName(op *ir.Operation) string {
	n, _ := ir.SymbolNameOf(op)
	return n
}

func verifyCall(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(ir.SymbolRefAttr)
	if !ok {
		return ir.OpError(op, "requires a 'callee' symbol reference attribute")
	}
	fn := ir.LookupNearest(op, ref.Root)
	if fn == nil {
		return nil // the callee may live outside the verified subtree
	}
	ft, ok := FuncType(fn)
	if !ok {
		return nil
	}
	if !ir.TypesEqual(ft.Inputs, op.OperandTypes()) || !ir.TypesEqual(ft.Results, op.ResultTypes()) {
		return ir.OpError(op, "type %s does not match callee @%s of type %s",
			ir.TypeString(ir.FunctionType{Inputs: op.OperandTypes(), Results: op.ResultTypes()}), ref.Root, ir.TypeString(ft))
	}
	return nil
}
