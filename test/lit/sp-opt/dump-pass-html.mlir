// --dump-pass-html writes one collapsible section per pass run with a diff.
// RUN: sp-opt %s -canonicalize -cse --dump-pass-html=%t.html -o /dev/null
// RUN: FileCheck %s --input-file %t.html

// CHECK: <!DOCTYPE html>
// CHECK: <p>2 pass runs
// CHECK: <details class="input"><summary>Input IR</summary>
// CHECK: <details class="pass" id="pass-1"><summary>1. canonicalize{max-iterations=10 {{.*}}} on &#39;builtin.module&#39; operation <span class="time">{{[0-9.]+}} ms</span></summary>
// CHECK: <span class="del">-     %c1_i32 = arith.constant 1 : i32</span>
// CHECK: <details class="pass" id="pass-2"><summary>2. cse on &#39;builtin.module&#39; operation
// Values keep their names across passes: CSE shows the erased add and the
// changed muli, nothing else.
// CHECK: <span class="del">-     %v2 = arith.addi %arg0, %c3_i32 : i32</span><span class="del">-     %v3 = arith.muli %v1, %v2 : i32</span><span class="add">+     %v3 = arith.muli %v1, %v1 : i32</span>
// CHECK-NOT: <span class="{{add|del}}">
// CHECK-NOT: <details class="pass"
tt.func @f(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.addi %arg0, %0 : i32
  %2 = arith.addi %arg0, %0 : i32
  %3 = arith.muli %1, %2 : i32
  tt.return %3 : i32
}
