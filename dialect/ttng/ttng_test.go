package ttng_test

import (
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
	for _, want := range []string{
		"%2 = triton_nvidia_gpu.warp_group_dot %0, %0, %arg1, %arg3",
		"!tt.memdesc<1xi64, #shared1, #triton_gpu.shared_memory, mutable>",
		"%6 = triton_gpu.async_commit_group %5\n",
	} {
		if !strings.Contains(canon, want) {
			t.Errorf("3.1 print lacks %q:\n%s", want, canon)
		}
	}
}

func TestVerifierMessages(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"barrier type", `tt.func @f(%b: !ttg.memdesc<1xi32, #ttg.shared_memory, mutable>) {
  ttng.init_barrier %b, 1 : !ttg.memdesc<1xi32, #ttg.shared_memory, mutable>
  tt.return
}`, "'triton_nvidia_gpu.init_barrier' op barrier must be a memdesc of i64, got !tt.memdesc<1xi32, #triton_gpu.shared_memory, mutable>"},
		{"wgmma B in registers", `tt.func @f(%a: tensor<64x16xf16>, %c: tensor<64x64xf32>, %b: tensor<16x64xf16>) {
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<64x16xf16> * tensor<16x64xf16> -> tensor<64x64xf32>
  tt.return
}`, "'triton_nvidia_gpu.warp_group_dot' op operand B must be in shared memory (a memdesc), got tensor<16x64xf16>"},
	}
	for _, c := range cases {
		if got := roundtrip.ParseError(c.name, c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
