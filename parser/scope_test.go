package parser_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// TestNameScopes: a name bound in a nested region is unbound when the
// region closes (the enclosing region may bind it again), a nested region
// may not rebind a visible name, and an isolated region starts afresh.
func TestNameScopes(t *testing.T) {
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
	if _, err := parser.ParseString(ctx, "ok.mlir", ok); err != nil {
		t.Fatalf("rebinding a name after its region closed: %v", err)
	}
	bad := `"test.f"() ({
  %x = "test.a"() : () -> i32
  "test.r"() ({
    %x = "test.b"() : () -> i32
  }) : () -> ()
}) : () -> ()
`
	_, err := parser.ParseString(ctx, "bad.mlir", bad)
	if err == nil || !strings.Contains(err.Error(), "bad.mlir:4:5: error: redefinition of SSA value '%x'") {
		t.Fatalf("rebinding a visible name: %v", err)
	}
	after := `"test.f"() ({
  "test.r"() ({
    %x = "test.b"() : () -> i32
  }) : () -> ()
  "test.use"(%x) : (i32) -> ()
}) : () -> ()
`
	_, err = parser.ParseString(ctx, "after.mlir", after)
	if err == nil || !strings.Contains(err.Error(), "use of undeclared SSA value name '%x'") {
		t.Fatalf("using a name after its region closed: %v", err)
	}
}
