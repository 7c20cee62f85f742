package builtin_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"github.com/sparsetriton/sp/ir"
)

func TestModulePrint(t *testing.T) {
	ctx := dtest.Context()
	m := builtin.NewModule(ctx)
	if got, want := ir.Print(m, ir.PrintOptions{}), "module {\n}"; got != want {
		t.Errorf("empty module: got %q, want %q", got, want)
	}
	m.SetAttr(builtin.SymNameAttr, ir.StringAttr{Value: "kernels"})
	m.SetAttr("ttg.num-warps", ir.I32Attr(4))
	m.SetAttr("ttg.target", ir.StringAttr{Value: "cuda:80"})
	inner := builtin.NewModule(ctx)
	builtin.Body(m).Append(inner)
	want := "module @kernels attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:80\"} {\n  module {\n  }\n}"
	if got := ir.Print(m, ir.PrintOptions{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	wantGeneric := "\"builtin.module\"() <{sym_name = \"kernels\"}> ({\n  \"builtin.module\"() ({\n  }) : () -> ()\n}) {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:80\"} : () -> ()"
	if got := ir.Print(m, ir.PrintOptions{Generic: true}); got != wantGeneric {
		t.Errorf("generic: got\n%s\nwant\n%s", got, wantGeneric)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if n, ok := builtin.Name(m); !ok || n != "kernels" {
		t.Errorf("Name = %q, %v", n, ok)
	}
}

func TestCastPrintAndFold(t *testing.T) {
	ctx := dtest.Context()
	m, b, a := dtest.Func(ctx, ir.I32, ir.F32T)
	c1 := builtin.BuildCast(b, []*ir.Value{a[0]}, []ir.Type{ir.I64})
	c2 := builtin.BuildCast(b, c1.Results(), []ir.Type{ir.I32})
	builtin.BuildCast(b, []*ir.Value{a[0], a[1]}, []ir.Type{ir.I64, ir.F16T})
	builtin.BuildCast(b, nil, []ir.Type{ir.I1})
	same := builtin.BuildCast(b, []*ir.Value{a[1]}, []ir.Type{ir.F32T})
	want := `%0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
%1 = builtin.unrealized_conversion_cast %0 : i64 to i32
%2:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, f16
%3 = builtin.unrealized_conversion_cast to i1
%4 = builtin.unrealized_conversion_cast %arg1 : f32 to f32`
	if got := dtest.BodyText(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if r := c2.Def.Fold(c2, make([]ir.Attribute, 1)); len(r) != 1 || r[0].Value != a[0] {
		t.Errorf("cast(cast(x)) folded to %+v, want x", r)
	}
	if r := same.Def.Fold(same, make([]ir.Attribute, 1)); len(r) != 1 || r[0].Value != a[1] {
		t.Errorf("identity cast folded to %+v, want x", r)
	}
	if r := c1.Def.Fold(c1, make([]ir.Attribute, 1)); r != nil {
		t.Errorf("i32 -> i64 cast folded to %+v", r)
	}
}

func TestRoundTrip(t *testing.T) {
	src := `module @m attributes {"ttg.num-warps" = 4 : i32} {
  module {
  }
  "test.func"() ({
  ^bb0(%x: i32, %y: f32):
    %0 = builtin.unrealized_conversion_cast %x : i32 to i64
    %1:2 = builtin.unrealized_conversion_cast %x, %y : i32, f32 to i64, f16 {tag}
    %2 = builtin.unrealized_conversion_cast to i1
  }) : () -> ()
}`
	got := dtest.RoundTrip(t, src)
	dtest.Contains(t, got,
		`module @m attributes {"ttg.num-warps" = 4 : i32} {`,
		"  module {\n  }",
		"%1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, f16 {tag}",
	)
	// A file without a module is wrapped in one, printed `module {`.
	if got := dtest.RoundTrip(t, `"test.op"() : () -> ()`); !strings.HasPrefix(got, "module {\n") {
		t.Errorf("implicit module printed as:\n%s", got)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`module @m attributes {sym_visibility = 1 : i32} {
}`, "attribute 'sym_visibility' must be a string"},
		{`module 42 {
}`, "expected symbol name"},
		{`"test.func"() ({
^bb0(%x: i32):
  %0 = builtin.unrealized_conversion_cast %x : i32
}) : () -> ()`, "expected 'to'"},
		{`"builtin.module"() ({
^bb0(%x: i32):
}) : () -> ()`, "region should have no arguments"},
	}
	for _, c := range cases {
		err := dtest.ParseError(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\ngot error %v, want %q", c.src, err, c.want)
		}
	}
}
