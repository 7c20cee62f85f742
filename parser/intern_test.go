package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/internal/irgen"
	"github.com/sparsetriton/sp/ir"
)

// TestInternMatchesFullParse parses modules whose tensor types,
// dictionaries, function types and location aliases repeat, with and
// without interning by spelling (and the byte-scan path of resolved
// location aliases), and requires the same IR (printed with locations,
// generic and custom) or the same error.
func TestInternMatchesFullParse(t *testing.T) {
	srcs := map[string]string{"triton": tritonModule(3000),
		// spellings a byte scan delimits differently from the parser
		"spaced": `"tt.func"() ({
^bb0(%a: i32):
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) ->  i32
  %2 = "arith.addi"(%a, %a) : ( i32 , i32 ) -> (i32)
  %3 = "arith.addi"(%a, %a) : (i32, i32) -> (i32)
  %4 = "tt.make_range"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32>
  %5 = "tt.make_range"() {end = 16 : i32,start = 0 : i32} : () -> tensor<16xi32>
  %6 = "tt.make_range"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16x i32> loc(#a)
  %7 = "tt.make_range"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32> loc(#a)
  %8 = "tt.make_range"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32> loc( #a)
  %9 = "tt.make_range"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32> loc(#a )
  "tt.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "f"} : () -> ()
#a = loc("f.py":1:2)
`}
	files, _ := filepath.Glob("../test/lit/*/*.mlir")
	for _, f := range files[:min(len(files), 40)] {
		b, _ := os.ReadFile(f)
		srcs[f] = string(b)
	}
	for name, src := range srcs {
		full, errFull := parseWith(src, true)
		interned, errInterned := parseWith(src, false)
		if errFull != nil && !strings.HasSuffix(name, ".mlir") {
			t.Errorf("%s: %v", name, errFull)
		}
		if (errFull == nil) != (errInterned == nil) || errFull != nil && errFull.Error() != errInterned.Error() {
			t.Errorf("%s: errors differ: full parse %v, interned %v", name, errFull, errInterned)
			continue
		}
		if full != interned {
			t.Errorf("%s: interned parse differs:\n--- full\n%s\n--- interned\n%s", name, full, interned)
		}
	}
}

func parseWith(src string, noIntern bool) (string, error) {
	ctx := all.Context()
	ctx.AllowUnregistered = true
	p := newParser(ctx, "m.mlir", src)
	p.noIntern = noIntern
	m, err := p.parseFile()
	if p.s.err != nil {
		return "", p.s.err
	}
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, o := range []ir.PrintOptions{{Generic: true, DebugInfo: true}, {DebugInfo: true}} {
		out.WriteString(ir.Print(m, o))
	}
	return out.String(), nil
}

// tritonModule is irgen's module of registered ops with locations.
func tritonModule(n int) string {
	var sb strings.Builder
	irgen.TritonModule(&sb, n, 7)
	return sb.String()
}
