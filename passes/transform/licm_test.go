package transform

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

const licmSrc = `tt.func @f(%p: !tt.ptr<f32>, %n: i32, %d: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %m = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a = tt.addptr %s, %m : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %v = tt.load %a : tensor<16x!tt.ptr<f32>>
    %q = arith.divsi %n, %d : i32
    %w = arith.addi %acc, %i : i32
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%x = %w) -> (i32) : i32 {
      %k = arith.muli %n, %d : i32
      %y = arith.addi %k, %w : i32
      %z = arith.addi %x, %j : i32
      %t = arith.addi %y, %z : i32
      scf.yield %t : i32
    }
    %b = arith.cmpi slt, %n, %d : i32
    %u = scf.if %b -> (i32) {
      %e = arith.addi %n, %d : i32
      scf.yield %e : i32
    } else {
      scf.yield %q : i32
    }
    %sum = arith.addi %inner, %u : i32
    tt.store %a, %v : tensor<16x!tt.ptr<f32>>
    scf.yield %sum : i32
  }
  tt.print ": " {hex = false, isSigned = array<i32: 1>} : %r : i32
  tt.return
}`

// TestLICM checks what moves where: invariant chains leave the loop (the
// muli of the inner loop leaves both levels, the addi using the outer
// loop's value only the inner one); loads, stores, divisions, ops using
// iteration values and ops inside scf.if stay.
func TestLICM(t *testing.T) {
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, "licm.mlir", []byte(licmSrc))
	if err != nil {
		t.Fatal(err)
	}
	if err := runPass(t, ctx, mod, LICM, ""); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("invalid IR after LICM: %v", err)
	}
	got := ir.Print(mod, ir.PrintOptions{})
	wantText := `
    %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.addptr %0, %1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %3 = arith.muli %arg1, %arg2 : i32
    %4 = arith.cmpi slt, %arg1, %arg2 : i32
    %5 = scf.for %arg3 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
      %6 = tt.load %2 : tensor<16x!tt.ptr<f32>>
      %7 = arith.divsi %arg1, %arg2 : i32
      %8 = arith.addi %arg4, %arg3 : i32
      %9 = arith.addi %3, %8 : i32
      %10 = scf.for %arg5 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg6 = %8) -> (i32)  : i32 {
        %13 = arith.addi %arg6, %arg5 : i32
        %14 = arith.addi %9, %13 : i32
        scf.yield %14 : i32
      }
      %11 = scf.if %4 -> (i32) {
        %13 = arith.addi %arg1, %arg2 : i32
        scf.yield %13 : i32
      } else {
        scf.yield %7 : i32
      }
      %12 = arith.addi %10, %11 : i32
      tt.store %2, %6 : tensor<16x!tt.ptr<f32>>
      scf.yield %12 : i32
    }`
	if !strings.Contains(got, strings.TrimPrefix(wantText, "\n")) {
		t.Errorf("got:\n%s\nwant it to contain:%s", got, wantText)
	}
	if n := HoistLoopInvariants(mod); n != 0 {
		t.Errorf("second run moved %d ops; want a fixed point", n)
	}
}

// TestLICMNoLoop: without loops nothing changes.
func TestLICMNoLoop(t *testing.T) {
	ctx := all.Context()
	src := `tt.func @g(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  tt.return %0 : i32
}`
	mod, err := parser.ParseAndVerify(ctx, "g.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	before := ir.Print(mod, ir.PrintOptions{})
	if n := HoistLoopInvariants(mod); n != 0 {
		t.Errorf("moved %d ops in a function without loops", n)
	}
	if after := ir.Print(mod, ir.PrintOptions{}); after != before {
		t.Errorf("IR changed:\n%s", after)
	}
}

// TestSinkPastLoops: with sink-past-loops, the C-offset chain computed
// before the K loop and used only after it (through an scf.if too) moves
// after the loop in order, a division with it; what the loop uses, what
// is used both before and after, and ops with side effects stay. Without
// the option nothing sinks.
func TestSinkPastLoops(t *testing.T) {
	src := `tt.func @f(%p: !tt.ptr<f32>, %n: i32, %d: i32, %b: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %base = arith.muli %n, %d : i32
  %q = arith.divsi %n, %d : i32
  %rs = tt.splat %base : i32 -> tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rows = arith.addi %rs, %r : tensor<16xi32>
  %both = arith.addi %n, %c1 : i32
  tt.print ": " {hex = false, isSigned = array<i32: 1>} : %both : i32
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %s = arith.addi %a, %base : i32
    scf.yield %s : i32
  }
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pt = tt.addptr %ps, %rows : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = scf.if %b -> (i32) {
    scf.yield %q : i32
  } else {
    scf.yield %both : i32
  }
  %f = arith.sitofp %acc : i32 to f32
  %fs = tt.splat %f : f32 -> tensor<16xf32>
  tt.store %pt, %fs : tensor<16x!tt.ptr<f32>>
  tt.print ": " {hex = false, isSigned = array<i32: 1>} : %v : i32
  tt.return
}`
	for _, opts := range []string{"", "sink-past-loops=true"} {
		ctx := all.Context()
		mod, err := parser.ParseAndVerify(ctx, "sink.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := runPass(t, ctx, mod, LICM, opts); err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(mod); err != nil {
			t.Fatalf("%q: invalid IR: %v", opts, err)
		}
		got := ir.Print(mod, ir.PrintOptions{})
		if opts == "" {
			if strings.Index(got, "arith.divsi") > strings.Index(got, "scf.for") {
				t.Errorf("without the option an op moved after the loop:\n%s", got)
			}
			continue
		}
		want := `
    %0 = arith.muli %arg1, %arg2 : i32
    %1 = arith.addi %arg1, %c1_i32 : i32
    tt.print ": " {hex = false, isSigned = array<i32: 1>} : %1 : i32
    %2 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
      %12 = arith.addi %arg5, %0 : i32
      scf.yield %12 : i32
    }
    %3 = arith.divsi %arg1, %arg2 : i32
    %4 = tt.splat %0 : i32 -> tensor<16xi32>
    %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %6 = arith.addi %4, %5 : tensor<16xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>`
		if !strings.Contains(got, strings.TrimPrefix(want, "\n")) {
			t.Errorf("got:\n%s\nwant it to contain:%s", got, want)
		}
		if n := SinkPastLoops(mod); n != 0 {
			t.Errorf("second run moved %d ops; want a fixed point", n)
		}
	}
}
