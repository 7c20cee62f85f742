// RUN: not sp-opt %s 2>&1 | FileCheck %s
// RUN: sp-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=ALLOW
// CHECK: unregistered-dialect.mlir:7:3: error: operation being parsed with an unregistered dialect
// ALLOW: "foo.bar"(%arg0) {k = 1 : i32} : (i32) -> ()
// ALLOW: "foo.baz"() ({
tt.func @f(%arg0: i32) {
  "foo.bar"(%arg0) {k = 1 : i32} : (i32) -> ()
  "foo.baz"() ({
    "foo.yield"() : () -> ()
  }) : () -> ()
  tt.return
}
