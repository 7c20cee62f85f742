// RUN: sp-opt %s -symbol-dce | FileCheck %s

// CHECK-LABEL: tt.func public @kernel
// CHECK:       tt.func private @used
// CHECK-NOT:   @unused
// CHECK-NOT:   @dead_cycle
tt.func public @kernel(%x: i32) -> i32 {
  %0 = tt.call @used(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @used(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @unused(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @dead_cycle_a(%x: i32) -> i32 {
  %0 = tt.call @dead_cycle_b(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @dead_cycle_b(%x: i32) -> i32 {
  %0 = tt.call @dead_cycle_a(%x) : (i32) -> i32
  tt.return %0 : i32
}
