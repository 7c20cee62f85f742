tt.func @f(%arg0: i32) -> f32 {
  tt.return %arg0 : i32
}
