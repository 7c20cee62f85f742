module {
  tt.func public @k( {
}
