// An opaque dialect type or attribute body must close its brackets in order: `<a)` once closed the body at
// the `)` and printed a type that did not parse back (FuzzParse). Nested bodies that close in order are kept.
// RUN: not sp-opt %s --allow-unregistered-dialect -split-input-file 2>%t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file %t.err
// OUT: tt.func @g(!foo.bar<a (b) [c] {d} <e>>, i32)
tt.func @g(%a: !foo.bar<a(b)[c]{d}<e>>, %b: i32)

// -----

// CHECK: unbalanced-dialect-body.mlir:[[@LINE+1]]:26: error: unbalanced ')' in a dialect body: expected '>'
tt.func @f(%a: !foo.bar<a), %b: i32)

// -----

// CHECK: unbalanced-dialect-body.mlir:[[@LINE+1]]:27: error: unbalanced ']' in a dialect body: expected ')'
tt.func @h(%a: !foo.bar<a(], %b: i32)
