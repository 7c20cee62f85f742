// Package roundtrip is the test helper of the Triton dialect packages: it
// parses a source, verifies it, and checks that print∘parse is a fixed
// point in the custom, generic and 3.2+ (`ttg`/`ttng`) spellings.
package roundtrip

import (
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// Context returns the context of sp's tools (every dialect).
func Context() *ir.Context { return all.Context() }

// Spellings returns the print options a round trip is checked under.
func Spellings() map[string]ir.PrintOptions {
	return map[string]ir.PrintOptions{
		"custom":  {},
		"generic": {Generic: true},
		"ttg":     {Spelling: map[string]string{"triton_gpu": "ttg", "triton_nvidia_gpu": "ttng"}},
		"ttg-generic": {Generic: true,
			Spelling: map[string]string{"triton_gpu": "ttg", "triton_nvidia_gpu": "ttng"}},
	}
}

// Parse parses and verifies src, failing the test on error.
func Parse(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseAndVerify(Context(), name, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// Check parses src, prints it under every spelling, re-parses and
// re-prints, and requires the two prints to be equal. It returns the
// first custom print.
func Check(t *testing.T, name, src string) string {
	t.Helper()
	m := Parse(t, name, src)
	var custom string
	for sp, opts := range Spellings() {
		first := ir.Print(m, opts)
		m2, err := parser.ParseAndVerify(Context(), name+"."+sp, []byte(first))
		if err != nil {
			t.Fatalf("%s (%s): reparse: %v\n%s", name, sp, err, first)
		}
		if second := ir.Print(m2, opts); second != first {
			t.Errorf("%s (%s): not a fixed point\nfirst:\n%s\nsecond:\n%s", name, sp, first, second)
		}
		if sp == "custom" {
			custom = first
		}
	}
	return custom
}

// ParseError parses src and returns the error message (empty when it parses
// and verifies).
func ParseError(name, src string) string {
	_, err := parser.ParseAndVerify(Context(), name, []byte(src))
	if err == nil {
		return ""
	}
	if d, ok := err.(*ir.Diagnostic); ok {
		return d.Msg
	}
	return err.Error()
}
