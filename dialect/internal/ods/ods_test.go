package ods_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

var (
	color = ods.AttrKind{Desc: "a color (red or blue)",
		Is: func(a ir.Attribute) bool {
			s, ok := a.(ir.StringAttr)
			return ok && (s.Value == "red" || s.Value == "blue")
		},
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			s, err := p.ParseIdentifier()
			return ir.StringAttr{Value: s}, err
		},
		Print: func(p *ir.Printer, a ir.Attribute) { p.WriteString(a.(ir.StringAttr).Value) }}
	i1Of = ods.From("x", "i1 of the shape of $x", func(t ir.Type) (ir.Type, bool) {
		if rt, ok := t.(ir.RankedTensorType); ok {
			return rt.WithElem(ir.I1), true
		}
		return ir.I1, true
	})
)

// testOps exercise each format directive.
func testOps() []ods.Op {
	return []ods.Op{
		{Name: "test.pick", Operands: []ods.Value{ods.Arg("x", ods.AnyType), ods.Opt("mask", ods.I1Like).Like(i1Of),
			ods.Opt("other", ods.AnyType).Like(ods.SameAs("x"))},
			Results:  []ods.Value{ods.Arg("r", ods.AnyType).Like(ods.SameAs("x"))},
			Segments: ods.AttrSized,
			Attrs: []ods.Attr{ods.DefAttr("color", color, ir.StringAttr{Value: "red"}), ods.OptAttr("n", ods.I32Literal),
				ods.OptAttr("flag", ods.Unit)},
			Format: "$x (`,` $mask^)? (`,` $other^)? oilist(`color` `=` $color | `n` `=` $n) (`flag` $flag^)? attr-dict `:` type($x)"},
		{Name: "test.call", Operands: []ods.Value{ods.Var("args", ods.AnyType)}, Results: []ods.Value{ods.Var("rs", ods.AnyType)},
			Attrs:  []ods.Attr{ods.Req("callee", ods.Symbol)},
			Format: "$callee `(` $args `)` attr-dict `:` functional-type($args, results)"},
		{Name: "test.view", Operands: []ods.Value{ods.Arg("src", ods.Tensor), ods.Var("lo", ods.I32T).Like(ods.Fixed(ir.I32)),
			ods.Var("hi", ods.I32T).Like(ods.Fixed(ir.I32))},
			Results:  []ods.Value{ods.Arg("r", ods.Tensor)},
			Segments: ods.SameSize,
			Format:   "$src `[` $lo `]` `,` `[` $hi `]` attr-dict `:` type($src) `->` type($r)"},
		{Name: "test.ret", Operands: []ods.Value{ods.Var("vs", ods.AnyType)}, Traits: ir.Terminator,
			Format: "attr-dict ($vs^ `:` type($vs))?"},
	}
}

func context() *ir.Context {
	ctx := ir.NewContext(builtin.Dialect(), &ir.Dialect{Name: "test", Ops: ods.Defs(testOps()...)})
	ctx.AllowUnregistered = true
	return ctx
}

const header = `%0:3 = "test.src"() : () -> (i32, tensor<4xf32>, tensor<4xi1>)
`

// names spells the header's values as the printer does.
var names = strings.NewReplacer("%a", "%0#0", "%t", "%0#1", "%m", "%0#2", "%0 =", "%1 =", "%0:2 =", "%1:2 =")

func TestFormatsRoundTrip(t *testing.T) {
	for _, line := range []string{
		`%0 = test.pick %a : i32`,
		`%0 = test.pick %t, %m : tensor<4xf32>`,
		`%0 = test.pick %t, %m, %t color = blue n = 3 flag {k = 1 : i64} : tensor<4xf32>`,
		`%0:2 = test.call @f(%a, %t) : (i32, tensor<4xf32>) -> (i32, i32)`,
		`test.call @g() : () -> ()`,
		`%0 = test.view %t[%a, %a], [%a, %a] : tensor<4xf32> -> tensor<2xf32>`,
		`%0 = test.view %t[], [] : tensor<4xf32> -> tensor<2xf32>`,
		`test.ret %a, %t : i32, tensor<4xf32>`,
		`test.ret {k = 1 : i64}`,
	} {
		line = names.Replace(line)
		src := header + line + "\n"
		m, err := parser.ParseAndVerify(context(), "t.mlir", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		got := ir.Print(m, ir.PrintOptions{})
		if !strings.Contains(got, "  "+line+"\n") {
			t.Errorf("%s: printed\n%s", line, got)
		}
		g := ir.Print(m, ir.PrintOptions{Generic: true})
		m2, err := parser.ParseAndVerify(context(), "g.mlir", []byte(g))
		if err != nil {
			t.Errorf("%s: generic reparse: %v\n%s", line, err, g)
		} else if again := ir.Print(m2, ir.PrintOptions{}); again != got {
			t.Errorf("%s: generic round trip\n%s\nvs\n%s", line, again, got)
		}
	}
}

func TestDefaultElided(t *testing.T) {
	src := header + `%1 = "test.pick"(%0#0) <{color = "red", operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> i32` + "\n"
	m, err := parser.ParseAndVerify(context(), "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := ir.Print(m, ir.PrintOptions{}); !strings.Contains(got, names.Replace("%0 = test.pick %a : i32\n")) {
		t.Errorf("default color not elided:\n%s", got)
	}
}

func TestDerivedVerifier(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`%0 = "test.pick"(%a) : (i32) -> i32`, "'test.pick' op requires attribute 'operandSegmentSizes'"},
		{`%0 = "test.pick"(%a, %a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i32) -> i32`,
			"'test.pick' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'"},
		{`%0 = "test.pick"(%t, %t) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
			"'test.pick' op operand $mask must be i1 or a tensor of i1, got tensor<4xf32>"},
		{`%0 = "test.pick"(%t, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4xf32>, tensor<4xi1>) -> i32`,
			"'test.pick' op result $r must have the type of $x (tensor<4xf32>), got i32"},
		{`%0 = "test.pick"(%a) <{color = "green", operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> i32`,
			`'test.pick' op attribute 'color' must be a color (red or blue), got "green"`},
		{`"test.call"() : () -> ()`, "'test.call' op requires attribute 'callee'"},
		{`%0 = "test.view"(%t, %a) : (tensor<4xf32>, i32) -> tensor<4xf32>`,
			"'test.view' op expects 1 operands plus 2 variadic groups of one size, got 2 operands"},
		{`%0 = test.pick %t, %m, %t color = blue color = red : tensor<4xf32>`, "'color' given twice"},
		{`%0 = test.pick %a : tensor<4xf32>`, "expects different type than prior uses"},
	} {
		_, err := parser.ParseAndVerify(context(), "t.mlir", []byte(header+names.Replace(c.src)+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %q", c.src, err, c.want)
		}
	}
}

func TestMalformedPrint(t *testing.T) {
	ctx := context()
	op := ir.NewOp("test.view", ctx.LookupOp("test.view"), nil, []ir.Type{ir.I32}, 0, ir.UnknownLoc{})
	if got := ir.Print(op, ir.PrintOptions{}); !strings.Contains(got, "<<malformed op: 0 operands, 1 results>>") {
		t.Errorf("got %q", got)
	}
}

func TestBadDeclarations(t *testing.T) {
	for _, c := range []struct {
		op   ods.Op
		want string
	}{
		{ods.Op{Name: "x.a", Format: "`:`"}, "format has no attr-dict"},
		{ods.Op{Name: "x.b", Operands: []ods.Value{ods.Arg("a", ods.AnyType)}, Format: "attr-dict"}, "does not name operand $a"},
		{ods.Op{Name: "x.c", Operands: []ods.Value{ods.Arg("a", ods.AnyType)}, Format: "$a attr-dict"}, "no type for $a"},
		{ods.Op{Name: "x.d", Operands: []ods.Value{ods.Opt("a", ods.AnyType), ods.Opt("b", ods.AnyType)}}, "need Segments"},
		{ods.Op{Name: "x.e", Format: "$nope attr-dict"}, "neither an operand nor an attribute"},
		{ods.Op{Name: "x.f", Operands: []ods.Value{ods.Opt("a", ods.AnyType)}, Format: "(`,` $a) attr-dict"}, `expected "?"`},
		{ods.Op{Name: "x.g", Operands: []ods.Value{ods.Opt("a", ods.AnyType)}, Format: "(`,` $a)? attr-dict"}, "without an anchor"},
		{ods.Op{Name: "x.h", Format: "custom<Nope>() attr-dict"}, "custom<Nope> is not declared"},
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), c.want) {
					t.Errorf("%s: got %v, want %q", c.op.Name, r, c.want)
				}
			}()
			c.op.Def()
		}()
	}
}
