tt.func @x() {
  tt.return
}
// +++
tt.func @y() {
  tt.return
}
