package tt_test

import (
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/roundtrip"
	"github.com/sparsetriton/sp/ir"
)

// TestRoundTripTTIR checks that canonical TTIR prints back byte for byte
// and that print∘parse is a fixed point in every spelling.
func TestRoundTripTTIR(t *testing.T) {
	src, err := os.ReadFile("testdata/ttir.mlir")
	if err != nil {
		t.Fatal(err)
	}
	got := roundtrip.Check(t, "ttir.mlir", string(src))
	if strings.TrimSpace(got) != strings.TrimSpace(string(src)) {
		t.Errorf("custom print differs from the canonical input:\n%s", got)
	}
}

// TestRoundTripMisc covers forms outside the main kernel: 3.1 reshape
// flags, tensor descriptors, memdesc allocation shapes, enum attributes in
// generic form and Triton's own integer spelling of them.
func TestRoundTripMisc(t *testing.T) {
	src := `module {
  tt.func @misc(%arg0: tensor<512xi32>, %arg1: !tt.ptr<f16>, %arg2: i32, %arg3: i64, %arg4: !tt.memdesc<64x16xf16, mutable, 2x64x16>) {
    %0 = tt.reshape %arg0 {allow_reorder = false} : tensor<512xi32> -> tensor<16x32xi32>
    %1 = tt.reshape %arg0 allow_reorder efficient_layout : tensor<512xi32> -> tensor<16x32xi32>
    %2 = tt.make_tensor_descriptor %arg1, [%arg2, %arg2], [%arg3, %arg3] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16>>
    %3 = tt.descriptor_load %2[%arg2, %arg2] cacheModifier = cg : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
    tt.descriptor_store %2[%arg2, %arg2], %3 : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
    %4 = "tt.load"(%arg1) <{cache = 2 : i32, evict = #tt<evict evict_first>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f16>) -> f16
    %5 = tt.trans %arg4 {order = array<i32: 1, 0>} : !tt.memdesc<64x16xf16, mutable, 2x64x16> -> !tt.memdesc<16x64xf16, mutable, 2x64x16>
    tt.return
  }
}`
	got := roundtrip.Check(t, "misc", src)
	want := strings.Replace(src, `"tt.load"(%arg1) <{cache = 2 : i32, evict = #tt<evict evict_first>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f16>) -> f16`,
		`tt.load %arg1 cacheModifier = ca evictionPolicy = evict_first : !tt.ptr<f16>`, 1)
	if strings.TrimSpace(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestFuncDebugInfo checks that argument attributes come before argument
// locations, and that both survive a round trip.
func TestFuncDebugInfo(t *testing.T) {
	src := `module {
  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("k.py":7:0), %arg1: i32 loc("k.py":7:9)) {
    tt.return loc("k.py":9:4)
  } loc("k.py":6:0)
} loc(unknown)`
	m := roundtrip.Parse(t, "dbg", src)
	got := ir.Print(m, ir.PrintOptions{DebugInfo: true})
	if !strings.Contains(got, `%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("k.py":7:0), %arg1: i32 loc("k.py":7:9)) {`) {
		t.Errorf("argument attributes/locations misprinted:\n%s", got)
	}
	m2 := roundtrip.Parse(t, "dbg2", got)
	if again := ir.Print(m2, ir.PrintOptions{DebugInfo: true}); again != got {
		t.Errorf("debug-info print is not a fixed point:\n%s\n---\n%s", got, again)
	}
}

// TestRoundTripBlockSparse checks the BSR24 encoding on a kernel
// argument, a block pointer and a loaded block in every spelling: printed,
// parsed and printed again it is the same text, and the parsed attribute
// holds the block.
func TestRoundTripBlockSparse(t *testing.T) {
	src := `module {
  tt.func @bsr(%arg0: !tt.ptr<f16, #tt.sparse<"BSR24", block = [128, 64]>>, %arg1: !tt.ptr<bf16, 3, #tt.sparse<"BSR24", block = [16, 32]>>, %arg2: i64, %arg3: i32) {
    %0 = tt.make_tensor_ptr %arg0, [%arg2, %arg2], [%arg2, %arg2], [%arg3, %arg3] {order = array<i32: 1, 0>} : <tensor<128x64xf16, #tt.sparse<"BSR24", block = [128, 64]>>>
    %1 = tt.advance %0, [%arg3, %arg3] : <tensor<128x64xf16, #tt.sparse<"BSR24", block = [128, 64]>>>
    %2 = tt.load %1 : !tt.ptr<tensor<128x64xf16, #tt.sparse<"BSR24", block = [128, 64]>>>
    tt.return
  }
}`
	got := roundtrip.Check(t, "bsr", src)
	if strings.TrimSpace(got) != src {
		t.Errorf("got\n%s\nwant\n%s", got, src)
	}
}
