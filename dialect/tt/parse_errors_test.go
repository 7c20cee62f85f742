package tt_test

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/roundtrip"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/parser"
)

func TestParseErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"bad sparsity format",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"NV42">>) { tt.return }`,
			`unsupported sparsity format "NV42" in #tt.sparse: only "NV24" and "BSR24" are supported`},
		{"BSR24 without block",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"BSR24">>) { tt.return }`,
			`#tt.sparse<"BSR24"> needs its block size: #tt.sparse<"BSR24", block = [BM, BK]>`},
		{"NV24 with block",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"NV24", block = [16, 16]>>) { tt.return }`,
			`#tt.sparse<"NV24"> takes no parameters`},
		{"BSR24 block not a multiple of 16",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64, 40]>>) { tt.return }`,
			`BSR24 block dimension 40 must be a positive multiple of 16 (at most 65536)`},
		{"BSR24 block zero",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"BSR24", block = [0, 64]>>) { tt.return }`,
			`BSR24 block dimension 0 must be a positive multiple of 16 (at most 65536)`},
		{"BSR24 block rank",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"BSR24", block = [64]>>) { tt.return }`,
			`expected ','`},
		{"BSR24 block keyword",
			`tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"BSR24", tile = [64, 64]>>) { tt.return }`,
			`expected 'block'`},
		{"BSR24 8-bit",
			`tt.func @f(%a: !tt.ptr<i8, #tt.sparse<"BSR24", block = [64, 64]>>) { tt.return }`,
			`#tt.sparse<"BSR24", block = [64, 64]> pointer requires an f16 or bf16 pointee, got i8`},
		{"BSR24 tensor is one block",
			`tt.func @f(%a: tensor<64x128xf16, #tt.sparse<"BSR24", block = [64, 64]>>) { tt.return }`,
			`#tt.sparse<"BSR24", block = [64, 64]> is the encoding of one 64x64 block, got a 64x128 tensor`},
		{"sparse rank 3",
			`tt.func @f(%a: tensor<2x64x64xf16, #tt.sparse<"NV24">>) { tt.return }`,
			`#tt.sparse<"NV24"> requires a rank-2 tensor, got rank 3`},
		{"sparse f32",
			`tt.func @f(%a: tensor<64x64xf32, #tt.sparse<"NV24">>) { tt.return }`,
			`#tt.sparse<"NV24"> requires f16, bf16, f8E4M3FN, f8E5M2 or i8 elements, got f32`},
		{"sparse pointer pointee",
			`tt.func @f(%a: !tt.ptr<f32, #tt.sparse<"NV24">>) { tt.return }`,
			`#tt.sparse<"NV24"> pointer requires an f16, bf16, f8E4M3FN, f8E5M2 or i8 pointee, got f32`},
		{"pointer encoding must be sparse",
			`tt.func @f(%a: !tt.ptr<f32, 1, "x">) { tt.return }`,
			`expected #tt.sparse pointer encoding, got "x"`},
		{"bad cache modifier",
			`tt.func @f(%p: !tt.ptr<f32>) { %0 = tt.load %p cacheModifier = zz : !tt.ptr<f32>
  tt.return }`,
			`expected cache modifier, one of [none, ca, cg, wb, cs, wt, cv], got 'zz'`},
		{"unknown enum kind",
			`tt.func @f(%p: !tt.ptr<f32>) { %0 = "tt.load"(%p) <{cache = #tt<bogus ca>}> : (!tt.ptr<f32>) -> f32
  tt.return }`,
			`unknown Triton enum attribute kind 'bogus'`},
		{"dot group order",
			`tt.func @f(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %a, %c, inputPrecision = tf32, sparseIndex = 0 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return }`,
			`expected ':' ('inputPrecision = P' must be the last group) after ',' in tt.dot`},
		{"dot sparse index range",
			`tt.func @f(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %a, %c, sparseIndex = 2 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return }`,
			`sparseIndex must be -1, 0 or 1, got 2`},
		{"broadcast verifier through the parser",
			`tt.func @f(%a: tensor<2x1xi32>) {
  %0 = tt.broadcast %a : tensor<2x1xi32> -> tensor<4x4xi32>
  tt.return }`,
			`'tt.broadcast' op Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1.`},
		{"generic load with enum spelled as integer",
			`tt.func @f(%p: !tt.ptr<f32>) { %0 = "tt.load"(%p) <{cache = 9 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f32>) -> f32
  tt.return }`,
			`'tt.load' op attribute 'cache' must be a cache modifier (one of [none, ca, cg, wb, cs, wt, cv]), got 9 : i32`},
	}
	for _, c := range cases {
		if got := roundtrip.ParseError(c.name, c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestSparseDotForms parses the dot spellings of sparse-fork.md §2.1 and
// §12, including the dense `, inputPrecision =` form the reference fork
// cannot re-parse.
func TestSparseDotForms(t *testing.T) {
	src := `module {
  tt.func @f(%arg0: tensor<128x64xf16>, %arg1: tensor<8x128xi16>, %arg2: tensor<128x64xf16>, %arg3: tensor<128x64xf32>) {
    %0 = tt.dot %arg0, %arg2, %arg3, %arg1, sparseIndex = 0, inputPrecision = tf32 : tensor<128x64xf16>, tensor<8x128xi16> * tensor<128x64xf16> -> tensor<128x64xf32>
    %1 = tt.dot %arg0, %arg2, %0, %arg1, sparseIndex = 0 {spSelector = 1 : i32} : tensor<128x64xf16>, tensor<8x128xi16> * tensor<128x64xf16> -> tensor<128x64xf32>
    %2 = tt.dot %arg3, %arg3, %arg3, inputPrecision = tf32x3 {maxNumImpreciseAcc = 8 : i32} : tensor<128x64xf32> * tensor<128x64xf32> -> tensor<128x64xf32>
    tt.return
  }
}`
	// The third dot is shape-invalid (128x64 * 128x64); check that the
	// verifier says so, then check the sparse forms alone.
	if got, want := roundtrip.ParseError("dots", src), "'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand (B must be KxN with K = 64 from A (128x64), got 128x64)"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	src = src[:len(src)-len(`    %2 = tt.dot %arg3, %arg3, %arg3, inputPrecision = tf32x3 {maxNumImpreciseAcc = 8 : i32} : tensor<128x64xf32> * tensor<128x64xf32> -> tensor<128x64xf32>
    tt.return
  }
}`)] + `    tt.return
  }
}`
	if got := roundtrip.Check(t, "dots", src); got != src {
		t.Errorf("custom print differs:\n%s", got)
	}
}

// TestErrorPosition checks that hook errors point at the offending token.
func TestErrorPosition(t *testing.T) {
	src := `tt.func @f(%a: !tt.ptr<f16, #tt.sparse<"NV42">>) { tt.return }`
	_, err := parser.Parse(roundtrip.Context(), "pos.mlir", []byte(src))
	want := fmt.Sprintf("pos.mlir:1:%d: error: ", strings.Index(src, `"NV42"`)+1)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want prefix %q", err, want)
	}
}

// TestDialectIsFresh checks that Dialect returns independent values.
func TestDialectIsFresh(t *testing.T) {
	d1, d2 := tt.Dialect(), tt.Dialect()
	d1.Ops[0].Summary = "changed"
	if d2.Ops[0].Summary == "changed" || d1.Ops[0] == d2.Ops[0] {
		t.Error("Dialect shares op definitions between calls")
	}
}

// TestGenericEnumDefaults checks that enum attributes spelled as Triton's
// integer case values in generic form compare equal to their defaults (no
// `cacheModifier = none` in the custom form) and print as keywords otherwise.
func TestGenericEnumDefaults(t *testing.T) {
	src := `tt.func @f(%p: !tt.ptr<f32>, %v: f32) {
  "tt.store"(%p, %v) {cache = 1 : i32, evict = 1 : i32} : (!tt.ptr<f32>, f32) -> ()
  "tt.store"(%p, %v) {cache = 2 : i32, evict = 3 : i32} : (!tt.ptr<f32>, f32) -> ()
  tt.return
}`
	got := roundtrip.Check(t, "defaults", src)
	dtest.Contains(t, got, "tt.store %arg0, %arg1 : !tt.ptr<f32>\n", "tt.store %arg0, %arg1 cacheModifier = ca evictionPolicy = evict_last : !tt.ptr<f32>\n")
}
