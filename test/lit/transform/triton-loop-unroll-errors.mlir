// RUN: sp-opt %s -triton-loop-unroll -verify-diagnostics -o /dev/null

// A factor outside 1..64 is refused with the loop's position.
tt.func @bad(%ub: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error@+1 {{tt.loop_unroll_factor must be an integer from 1 to 64, got 0 : i32}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
  } {tt.loop_unroll_factor = 0 : i32}
  tt.return
}
