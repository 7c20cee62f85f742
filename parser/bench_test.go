package parser_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/internal/irgen"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// BenchmarkParse200k parses (and verifies and prints) the synthetic
// 200,000-op generic module that bench/parser.sh also feeds to mlir-opt-14.
func BenchmarkParse200k(b *testing.B) {
	var buf bytes.Buffer
	irgen.GenericModule(&buf, 200000, 1)
	src := buf.Bytes()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := parser.Parse(ctx, "m.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		_ = ir.Print(m, ir.PrintOptions{Generic: true})
	}
}

// BenchmarkParseOnly200k parses the same module without verifying or
// printing it.
func BenchmarkParseOnly200k(b *testing.B) {
	var buf bytes.Buffer
	irgen.GenericModule(&buf, 200000, 1)
	src := buf.Bytes()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parser.Parse(ctx, "m.mlir", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTriton200k parses, verifies and prints (custom form, with
// locations) the 200,000-op module of registered ops that bench/parser.sh
// feeds to sp-opt and mlir-opt-14.
func BenchmarkTriton200k(b *testing.B) {
	var buf bytes.Buffer
	irgen.TritonModule(&buf, 200000, 1)
	src := buf.Bytes()
	ctx := all.Context()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := parser.ParseAndVerify(ctx, "m.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Fprint(io.Discard, m, ir.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
