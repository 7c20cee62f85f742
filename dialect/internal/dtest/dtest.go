// Package dtest holds test helpers shared by the dialect packages: a
// context with builtin, arith, math and scf, a function-like container for
// building ops with arguments, and round-trip checks through the parser.
package dtest

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/math"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// Context returns a context with builtin, arith, math and scf registered;
// unregistered ops (the test.func container) are allowed.
func Context() *ir.Context {
	c := ir.NewContext(builtin.Dialect(), arith.Dialect(), math.Dialect(), scf.Dialect())
	c.AllowUnregistered = true
	return c
}

// Func builds `module { "test.func"() ({ ^bb0(args): }) }` and returns the
// module, a builder at the end of the function block and the arguments.
// test.func is unregistered, so it prints generically and needs no
// terminator.
func Func(ctx *ir.Context, argTypes ...ir.Type) (*ir.Operation, *ir.Builder, []*ir.Value) {
	m := builtin.NewModule(ctx)
	fn := ir.NewOp("test.func", nil, nil, nil, 1, ir.UnknownLoc{})
	blk := fn.Regions[0].AddBlock()
	for _, t := range argTypes {
		blk.AddArg(t)
	}
	builtin.Body(m).Append(fn)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(blk)
	return m, b, blk.Args()
}

// Body returns the printed ops of the test.func built by Func: one string
// per line, without the module and function wrapper lines and without
// the common indentation.
func Body(m *ir.Operation) []string {
	lines := strings.Split(ir.Print(m, ir.PrintOptions{}), "\n")
	lines = lines[2 : len(lines)-2]
	if len(lines) > 0 && strings.HasPrefix(lines[0], "  ^bb0") {
		lines = lines[1:]
	}
	var out []string
	for _, l := range lines {
		out = append(out, strings.TrimPrefix(l, "    "))
	}
	return out
}

// BodyText is Body joined with newlines.
func BodyText(m *ir.Operation) string { return strings.Join(Body(m), "\n") }

// Parse parses and verifies src, failing the test on error.
func Parse(t *testing.T, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseAndVerify(ctx, "test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\ninput:\n%s", err, src)
	}
	return m
}

// RoundTrip parses src, prints it in custom and generic form, and checks
// that each form is a fixed point of parse∘print and that the generic
// text parses back to the same custom text. It returns the custom text.
func RoundTrip(t *testing.T, src string) string {
	t.Helper()
	ctx := Context()
	custom := fixedPoint(t, ctx, src, ir.PrintOptions{})
	generic := fixedPoint(t, ctx, src, ir.PrintOptions{Generic: true})
	if back := ir.Print(Parse(t, ctx, generic), ir.PrintOptions{}); back != custom {
		t.Errorf("generic -> custom differs:\n--- custom\n%s\n--- via generic\n%s", custom, back)
	}
	return custom
}

func fixedPoint(t *testing.T, ctx *ir.Context, src string, opts ir.PrintOptions) string {
	t.Helper()
	first := ir.Print(Parse(t, ctx, src), opts)
	second := ir.Print(Parse(t, ctx, first), opts)
	if first != second {
		t.Errorf("print(parse(print(parse(src)))) differs (generic=%v):\n--- first\n%s\n--- second\n%s", opts.Generic, first, second)
	}
	return first
}

// ParseError parses src and returns the parse or verify error (nil when
// src is valid).
func ParseError(src string) error {
	_, err := parser.ParseAndVerify(Context(), "test.mlir", []byte(src))
	return err
}

// Wrap puts body (ops, one a line) in a test.func whose entry block has
// the given arguments ("%a: i32, %b: f32").
func Wrap(args, body string) string {
	return "\"test.func\"() ({\n^bb0(" + args + "):\n" + body + "\n}) : () -> ()\n"
}

// Contains reports each of wants that got lacks.
func Contains(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}
}

// WantError reports err unless it is an error whose message contains
// want; label names the case.
func WantError(t *testing.T, label string, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: got error %v, want %q", label, err, want)
	}
}
