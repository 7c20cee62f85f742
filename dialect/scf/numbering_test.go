package scf_test

import (
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/dtest"
)

// TestMLIRNumbering pins MLIR's SSANameState order: a region's own values
// are numbered before the regions nested in its ops, sibling regions start
// from the same counters, and name conflicts draw from one counter.
func TestMLIRNumbering(t *testing.T) {
	got := dtest.RoundTrip(t, dtest.Wrap("%n: i32, %c: i1", `
  scf.for %i = %n to %n step %n : i32 {
    %x = arith.addi %i, %i : i32
    %k = arith.constant 1 : i32
  }
  %a = arith.addi %n, %n : i32
  %v = scf.if %c -> (i32) {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  } else {
    %z = arith.subi %a, %a : i32
    scf.yield %z : i32
  }
  %c1 = arith.constant 1 : i32
  %cst = arith.constant 1.0 : f32
  %cst2 = arith.constant 2.0 : f32`))
	want := `module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i1):
    scf.for %arg2 = %arg0 to %arg0 step %arg0  : i32 {
      %2 = arith.addi %arg2, %arg2 : i32
      %c1_i32_1 = arith.constant 1 : i32
    }
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = scf.if %arg1 -> (i32) {
      %2 = arith.muli %0, %0 : i32
      scf.yield %2 : i32
    } else {
      %2 = arith.subi %0, %0 : i32
      scf.yield %2 : i32
    }
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
  }) : () -> ()
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
