tt.func @f(%arg0: i32) {
  %0 = "foo.bar"(%arg0) : (i32) -> i32
  %1 = "foo.bar"(%arg0) : (i32) -> i32
  "foo.use"(%0, %1) : (i32, i32) -> ()
  tt.return
}
