// Chunks are processed alone and printed joined by the output marker.
// RUN: sp-opt %s -split-input-file -cse | FileCheck %s
// RUN: sp-opt %s -split-input-file --output-split-marker='// =====' | FileCheck %s --check-prefix=MARKER
// RUN: sp-opt %s | FileCheck %s --check-prefix=WHOLE
// RUN: sp-opt %S/Inputs/custom-marker.mlir '-split-input-file=// +++' | FileCheck %s --check-prefix=CUSTOM

// CHECK: module {
// CHECK-NEXT: tt.func @a
// CHECK: {{^}}}
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: tt.func @b
// CHECK-NOT: tt.func @a

// MARKER: {{^}}}
// MARKER-NEXT: // =====
// MARKER-NEXT: module {

// WHOLE: module {
// WHOLE: tt.func @a
// WHOLE-NOT: module {
// WHOLE: tt.func @b

// CUSTOM: tt.func @x
// CUSTOM-NEXT: tt.return
// CUSTOM: // -----
// CUSTOM: tt.func @y
tt.func @a(%arg0: i32) -> i32 {
  tt.return %arg0 : i32
}

// -----

tt.func @b(%arg0: i32) -> i32 {
  tt.return %arg0 : i32
}
