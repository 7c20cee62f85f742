package filecheck

import "testing"

func TestTranslateERE(t *testing.T) {
	tests := []struct {
		ere, goRE string
		groups    int
	}{
		{`a|b`, `a|b`, 0},
		{`(a)(b(c))`, `(a)(b(c))`, 3},
		{`[^a]`, `[^\na]`, 0},
		{`[]a]`, `[\]a]`, 0},
		{`[\]`, `[\\]`, 0},
		{`[[:alpha:]_-]`, `[[:alpha:]_\-]`, 0},
		{`\t\d\.`, `td\.`, 0},
		{`x{2,3}`, `x{2,3}`, 0},
		{`x{a}`, `x\{a\}`, 0},
		{`[[.-.]a]`, `[\-a]`, 0},
		{`.*$`, `.*$`, 0},
	}
	for _, tt := range tests {
		got, n, err := translateERE(tt.ere)
		if err != nil || got != tt.goRE || n != tt.groups {
			t.Errorf("translateERE(%q) = %q, %d, %v; want %q, %d", tt.ere, got, n, err, tt.goRE, tt.groups)
		}
	}
}

func TestTranslateEREErrors(t *testing.T) {
	tests := map[string]string{
		``: errEmpty, `a|`: errEmpty, `(|a)`: errEmpty, `*a`: errBadRpt, `a**`: errBadRpt,
		`^*`: errBadRpt, `(a`: errParen, `a)`: errParen, `[a`: errBrack, `a\`: errEscape,
		`a{2,1}`: errBadBr, `a{1`: errBrace, `a{256}`: errBadBr, `[z-a]`: errRange,
		`[[:foo:]]`: errCtype, `[[.ab.]]`: errCollate, `\1`: errSubreg, `{1}`: errBadRpt,
	}
	for ere, want := range tests {
		if _, _, err := translateERE(ere); err == nil || err.Error() != want {
			t.Errorf("translateERE(%q) error %v, want %q", ere, err, want)
		}
	}
}
