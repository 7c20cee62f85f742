package ttng_test

import (
	"github.com/sparsetriton/sp/dialect/internal/dtest"
	"os"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/roundtrip"
	"github.com/sparsetriton/sp/ir"
)

// TestRoundTrip3x checks the 3.2+/3.5 spellings (`ttg.`, `ttng.`, `#smem`,
// memdesc_index/subslice, `tokens`) print back byte for byte under the ttg
// spelling, and round-trip under every spelling.
func TestRoundTrip3x(t *testing.T) {
	src, err := os.ReadFile("testdata/ttng.mlir")
	if err != nil {
		t.Fatal(err)
	}
	roundtrip.Check(t, "ttng.mlir", string(src))
	m := roundtrip.Parse(t, "ttng.mlir", string(src))
	got := ir.Print(m, roundtrip.Spellings()["ttg"])
	if strings.TrimSpace(got) != strings.TrimSpace(string(src)) {
		t.Errorf("ttg print differs from the canonical input:\n%s", got)
	}
	canon := ir.Print(m, ir.PrintOptions{})
	dtest.Contains(t, canon,
		"%2 = triton_nvidia_gpu.warp_group_dot %0, %0, %arg1, %arg3",
		"!tt.memdesc<1xi64, #shared1, #triton_gpu.shared_memory, mutable>",
		"%6 = triton_gpu.async_commit_group %5\n",
		"%0 = triton_nvidia_gpu.warp_group_dot %arg0, %arg2, %arg3, %arg1, sparseIndex = 0 {inputPrecision = 0 : i32, isAsync = true} : !tt.memdesc<64x32xf16, #shared, #triton_gpu.shared_memory, mutable>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2, meta = 1}>> * ",
	)
}

func TestVerifierMessages(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"barrier type", `tt.func @f(%b: !ttg.memdesc<1xi32, #ttg.shared_memory, mutable>) {
  ttng.init_barrier %b, 1 : !ttg.memdesc<1xi32, #ttg.shared_memory, mutable>
  tt.return
}`, "'triton_nvidia_gpu.init_barrier' op operand $alloc must be a memdesc of i64, got !tt.memdesc<1xi32, #triton_gpu.shared_memory, mutable>"},
		{"wgmma B in registers", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: tensor<16x64xf16>) {
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x16xf16> * tensor<16x64xf16> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op operand $b must be a memdesc (B is read from shared memory), got tensor<16x64xf16>"},
		{"wgmma.sp shapes", `tt.func @f(%a: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %e: tensor<4x64xi16>, %b: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot %a, %b, %c, %e, sparseIndex = 0 : !ttg.memdesc<64x64xf16, #ttg.shared_memory>, tensor<4x64xi16> * !ttg.memdesc<64x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op sparse warp_group_dot (sparseIndex = 0): values operand A must be MxK/2 = 64x32, got 64x64"},
		{"wgmma.sp metadata type", `tt.func @f(%a: !ttg.memdesc<64x32xf16, #ttg.shared_memory>, %e: tensor<4x64xi32>, %b: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot %a, %b, %c, %e, sparseIndex = 0 : !ttg.memdesc<64x32xf16, #ttg.shared_memory>, tensor<4x64xi32> * !ttg.memdesc<64x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op operand $e must be a tensor of i16, got tensor<4x64xi32>"},
		{"wgmma.sp sparse B", `tt.func @f(%a: !ttg.memdesc<64x32xf16, #ttg.shared_memory>, %e: tensor<4x64xi16>, %b: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot %a, %b, %c, %e, sparseIndex = 1 : !ttg.memdesc<64x32xf16, #ttg.shared_memory>, tensor<4x64xi16> * !ttg.memdesc<64x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "warp_group_dot: sparseIndex must be -1 or 0 (wgmma.sp takes the 2:4 values as A), got 1"},
		{"wgmma.sp metadata without type", `tt.func @f(%a: !ttg.memdesc<64x32xf16, #ttg.shared_memory>, %e: tensor<4x64xi16>, %b: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot %a, %b, %c, %e, sparseIndex = 0 : !ttg.memdesc<64x32xf16, #ttg.shared_memory> * !ttg.memdesc<64x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "warp_group_dot: the metadata type follows A's exactly when sparseIndex = 0"},
		{"wgmma.sp metadata shape", `tt.func @f(%a: !ttg.memdesc<64x32xf16, #ttg.shared_memory>, %e: tensor<8x64xi16>, %b: !ttg.memdesc<64x64xf16, #ttg.shared_memory>, %c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot %a, %b, %c, %e, sparseIndex = 0 : !ttg.memdesc<64x32xf16, #ttg.shared_memory>, tensor<8x64xi16> * !ttg.memdesc<64x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op sparse warp_group_dot (sparseIndex = 0): metadata operand e must be M/16xK = 4x64, got 8x64"},
		{"wgmma dense shapes", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: !ttg.memdesc<32x64xf16, #ttg.shared_memory>) {
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x16xf16> * !ttg.memdesc<32x64xf16, #ttg.shared_memory> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand (B must be KxN with K = 16 from A (64x16), got 32x64)"},
		{"wgmma rank 3", `tt.func @f(%a: tensor<2x64x16xf16>, %c: tensor<2x64x64xf32>, %b: !ttg.memdesc<2x16x64xf16, #ttg.shared_memory>) {
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<2x64x16xf16> * !ttg.memdesc<2x16x64xf16, #ttg.shared_memory> -> tensor<2x64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op A, B and C must all be rank 2, got ranks 3, 3 and 3"},
		{"wgmma useC type", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: !ttg.memdesc<16x64xf16, #ttg.shared_memory>, %u: i32) {
  %0 = "ttng.warp_group_dot"(%a, %b, %c, %u) : (tensor<64x16xf16>, !ttg.memdesc<16x64xf16, #ttg.shared_memory>, tensor<64x64xf32>, i32) -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op operand $useC must be i1, got i32"},
		{"wgmma result type", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: !ttg.memdesc<16x64xf16, #ttg.shared_memory>) {
  %0 = "ttng.warp_group_dot"(%a, %b, %c) : (tensor<64x16xf16>, !ttg.memdesc<16x64xf16, #ttg.shared_memory>, tensor<64x64xf32>) -> tensor<64x64xf16>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op result $d must have the type of $c (tensor<64x64xf32>), got tensor<64x64xf16>"},
		{"wgmma.sp without metadata", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: !ttg.memdesc<16x64xf16, #ttg.shared_memory>) {
  %0 = "ttng.warp_group_dot"(%a, %b, %c) {sparseIndex = 0 : i32} : (tensor<64x16xf16>, !ttg.memdesc<16x64xf16, #ttg.shared_memory>, tensor<64x64xf32>) -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op expects operands a, b, c, metadata e and optional useC (sparseIndex = 0), got 3 operands"},
		{"wait result types", `tt.func @f(%c: tensor<64x64xf32>, %d: tensor<64x64xf16>) {
  %0:2 = "ttng.warp_group_dot_wait"(%c, %d) {pendings = 0 : i32} : (tensor<64x64xf32>, tensor<64x64xf16>) -> (tensor<64x64xf32>, tensor<64x64xf32>)
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot_wait' op result $outputs must have the types of $inputs: #1 is tensor<64x64xf32>, not tensor<64x64xf16>"},
		{"wait result count", `tt.func @f(%c: tensor<64x64xf32>) {
  "ttng.warp_group_dot_wait"(%c) {pendings = 0 : i32} : (tensor<64x64xf32>) -> ()
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot_wait' op result $outputs must have the types of $inputs: 0 values for 1"},
		{"wait pendings", `tt.func @f(%c: tensor<64x64xf32>) {
  %0 = ttng.warp_group_dot_wait %c : tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot_wait' op requires attribute 'pendings'"},
	}
	for _, c := range cases {
		if got := roundtrip.ParseError(c.name, c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
