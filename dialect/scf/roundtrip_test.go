package scf_test

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/internal/dtest"
)

func TestRoundTrip(t *testing.T) {
	src := dtest.Wrap("%n: i32, %acc: tensor<64xf32>, %c: i1, %ub: index", `
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %acc, %k = %c0) -> (tensor<64xf32>, i32) : i32 {
    %s = arith.addf %a, %a : tensor<64xf32>
    %k2 = arith.addi %k, %iv : i32
    scf.yield %s, %k2 : tensor<64xf32>, i32
  } {tt.num_stages = 3 : i32}
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  scf.for %j = %i0 to %ub step %i1 {
    %x = arith.addi %j, %j : index
  }
  scf.for %j = %c0 to %n step %c1 : i32 {
  }
  %v = scf.if %c -> i32 {
    scf.yield %c0 : i32
  } else {
    scf.yield %c1 : i32
  }
  scf.if %c {
    %y = arith.muli %n, %n : i32
  } else {
  }
  scf.if %c {
  }
  %w:2 = scf.while (%p = %c0, %q = %acc) : (i32, tensor<64xf32>) -> (i32, tensor<64xf32>) {
    %lt = arith.cmpi slt, %p, %n : i32
    scf.condition(%lt) %p, %q : i32, tensor<64xf32>
  } do {
  ^bb0(%p2: i32, %q2: tensor<64xf32>):
    %p3 = arith.addi %p2, %c1 : i32
    scf.yield %p3, %q2 : i32, tensor<64xf32>
  } attributes {tag}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }`)
	got := dtest.RoundTrip(t, src)
	dtest.Contains(t, got,
		"iter_args(%arg5 = %arg1, %arg6 = %c0_i32) -> (tensor<64xf32>, i32)  : i32 {",
		"} {tt.num_stages = 3 : i32}",
		" = %c0 to %arg3 step %c1 {",
		"step %c1_i32  : i32 {\n    }",
		" = scf.if %arg2 -> (i32) {",
		"    scf.yield %c0_i32 : i32\n    } else {",
		") : (i32, tensor<64xf32>) -> (i32, tensor<64xf32>) {",
		"scf.condition(%",
		"} attributes {tag}",
		"scf.while : () -> () {\n      scf.condition(%arg2)\n    } do {\n      scf.yield\n    }",
	)
	// `else { }` without results prints back as an (empty) else region.
	if !strings.Contains(got, "} else {\n    }") {
		t.Errorf("empty else region not kept:\n%s", got)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`%r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %n) -> (i32) : i32 {
    scf.yield
  }`, "expects 1 yielded values, but 'scf.yield' has 0"},
		{`%r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %n) -> (i32) : i32 {
    scf.yield %x : f32
  }`, "yielded value #0 has type 'f32', expected 'i32'"},
		{`%r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %n) -> (i32, i32) : i32 {
  }`, "expected 1 iter_args types, found 2"},
		{`%r = scf.if %b -> (i32) {
    scf.yield %n : i32
  }`, "must have an else block if defining values"},
		{`"scf.for"(%c0, %n, %ix) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (i32, i32, index) -> ()`, "same type as bounds and step"},
		{`scf.yield`, "expects parent op to be one of"},
		{`%w = scf.while (%p = %n) : (i32) -> i32 {
    scf.condition(%b) %x : f32
  } do {
  ^bb0(%q: i32):
    scf.yield %q : i32
  }`, "forwarded types to match the result types"},
		{`scf.while : () -> () {
    scf.yield
  } do {
    scf.yield
  }`, "must be in the after region of 'scf.while'"},
		{`scf.for %i = %c0 to %n step %c1 iter_args(%a = %n) : i32 {
  }`, "expected '->'"},
		{`%r = scf.if %n -> (i32) {
    scf.yield %n : i32
  } else {
    scf.yield %n : i32
  }`, "i1"},
	}
	for _, c := range cases {
		err := dtest.ParseError(dtest.Wrap("%n: i32, %b: i1, %x: f32, %ix: index", `
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  `+c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\ngot error %v, want %q", c.src, err, c.want)
		}
	}
}
