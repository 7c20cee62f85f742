tt.func @f(%arg0: i32) -> f32 {
  // expected-error @+1 {{something else}}
  tt.return %arg0 : i32
}

// -----

tt.func @g() {
  // expected-warning @+1 {{never emitted}}
  tt.return
}
