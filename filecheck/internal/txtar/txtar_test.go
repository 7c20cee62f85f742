package txtar

import "testing"

func TestRoundTrip(t *testing.T) {
	const text = "comment\n-- a --\nx\n-- b --\n-- c --\ny\nz\n"
	a := Parse([]byte(text))
	if string(a.Comment) != "comment\n" || len(a.Files) != 3 || string(a.Files[0].Data) != "x\n" ||
		len(a.Files[1].Data) != 0 || string(a.Files[2].Data) != "y\nz\n" {
		t.Fatalf("Parse = %+v", a)
	}
	if got := string(Format(a)); got != text {
		t.Errorf("Format = %q, want %q", got, text)
	}
}
