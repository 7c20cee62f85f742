package parser_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// TestNameScopes: a name bound in a nested region is unbound when the
// region closes (the enclosing region may bind it again), a nested region
// may not rebind a visible name, and an isolated region starts afresh;
// alike for names kept in maps, plain numbers (kept in a slice), a
// number with a leading zero (a name distinct from the number) and a
// number too far beyond the others for the slice (kept in the map).
func TestNameScopes(t *testing.T) {
	for _, names := range [][2]string{{"x", "y"}, {"1", "2"}, {"07", "7"}, {"99999", "3"}} {
		t.Run(names[0]+"_"+names[1], func(t *testing.T) {
			r := strings.NewReplacer("%x", "%"+names[0], "%y", "%"+names[1])
			testNameScopes(t, r.Replace)
		})
	}
}

func testNameScopes(t *testing.T, rename func(string) string) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	ok := `"test.f"() ({
  %x = "test.a"() : () -> i32
  "test.r"() ({
    %y = "test.b"(%x) : (i32) -> i32
    "test.use"(%y) : (i32) -> ()
  }) : () -> ()
  %y = "test.c"(%x) : (i32) -> i32
  "test.use"(%y) : (i32) -> ()
}) : () -> ()
`
	if _, err := parser.ParseString(ctx, "ok.mlir", rename(ok)); err != nil {
		t.Fatalf("rebinding a name after its region closed: %v", err)
	}
	bad := `"test.f"() ({
  %x = "test.a"() : () -> i32
  "test.r"() ({
    %x = "test.b"() : () -> i32
  }) : () -> ()
}) : () -> ()
`
	_, err := parser.ParseString(ctx, "bad.mlir", rename(bad))
	if err == nil || !strings.Contains(err.Error(), rename("bad.mlir:4:5: error: redefinition of SSA value '%x'")) {
		t.Fatalf("rebinding a visible name: %v", err)
	}
	after := `"test.f"() ({
  "test.r"() ({
    %x = "test.b"() : () -> i32
  }) : () -> ()
  "test.use"(%x) : (i32) -> ()
}) : () -> ()
`
	_, err = parser.ParseString(ctx, "after.mlir", rename(after))
	if err == nil || !strings.Contains(err.Error(), rename("use of undeclared SSA value name '%x'")) {
		t.Fatalf("using a name after its region closed: %v", err)
	}
}

// TestSparseNumbersStaySmall: huge or sparse value and alias numbers do
// not make the slices they are kept in grow with the numbers.
func TestSparseNumbersStaySmall(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&sb, "\"tt.func\"() ({\n  %%30000 = \"arith.constant\"() {value = 0 : i32} : () -> i32 loc(#loc30000)\n"+
			"  %%1 = \"arith.addi\"(%%30000, %%30000) : (i32, i32) -> i32\n  \"tt.return\"() : () -> ()\n"+
			"}) {function_type = () -> (), sym_name = \"f%d\"} : () -> ()\n", i)
	}
	sb.WriteString("#loc30000 = loc(\"a.py\":1:1)\n")
	ctx := newCtx()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := parser.ParseString(ctx, "sparse.mlir", sb.String()); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	got := after.TotalAlloc - before.TotalAlloc
	if got > 16<<20 {
		t.Errorf("parsing %d bytes allocated %d MB", sb.Len(), got>>20)
	}
}

// TestPrintedNamesAcrossIsolation: the values of an isolated op nested in
// a region that has values of its own continue that region's numbering
// and names (as MLIR's printer does), so the print re-parses: the parser
// refuses a name that repeats one visible around the isolated op.
func TestPrintedNamesAcrossIsolation(t *testing.T) {
	ctx := all.Context()
	ctx.AllowUnregistered = true
	src := `module {
  %a = "test.a"() : () -> i32
  %b = arith.constant 9 : i32
  tt.func @f() -> i32 {
    %c = "test.b"() : () -> i32
    %d = arith.constant 9 : i32
    tt.return %d : i32
  }
  tt.func @g() -> i32 {
    %e = arith.constant 9 : i32
    tt.return %e : i32
  }
}
`
	m, err := parser.ParseString(ctx, "iso.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	once := ir.Print(m, ir.PrintOptions{})
	m2, err := parser.ParseString(ctx, "iso2.mlir", once)
	if err != nil {
		t.Fatalf("the print does not re-parse: %v\n%s", err, once)
	}
	if twice := ir.Print(m2, ir.PrintOptions{}); twice != once {
		t.Fatalf("print, parse, print is not a fixed point:\n%s\n---\n%s", once, twice)
	}
	for _, want := range []string{"%0 = \"test.a\"", "%c9_i32 = arith.constant", "%1 = \"test.b\"", "%c9_i32_0 = arith.constant"} {
		if !strings.Contains(once, want) {
			t.Errorf("want %q in\n%s", want, once)
		}
	}
}
