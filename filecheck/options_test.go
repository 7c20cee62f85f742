package filecheck

import (
	"reflect"
	"testing"
)

func TestParseArgs(t *testing.T) {
	inv, err := ParseArgs([]string{
		"-check-prefix", "A", "--check-prefixes=B,C", "-comment-prefixes=X",
		"-implicit-check-not", "bad", "--implicit-check-not=worse", "--input-file", "in.txt",
		"check.txt", "-strict-whitespace", "--match-full-lines=true", "-ignore-case=0",
		"-DV=1", "-D#%x,N=0x10", "--allow-empty", "-dump-input=never", "--dump-input", "always",
		"-dump-input-context=2", "--dump-input-context", "1", "-allow-unused-prefixes",
	}, "--enable-var-scope -dump-input=fail")
	if err != nil {
		t.Fatal(err)
	}
	want := Options{
		CheckPrefixes: []string{"A", "B", "C"}, CommentPrefixes: []string{"X"},
		AllowUnusedPrefixes: true, ImplicitCheckNot: []string{"bad", "worse"},
		StrictWhitespace: true, MatchFullLines: true, Defines: []string{"V=1", "#%x,N=0x10"},
		AllowEmpty: true, EnableVarScope: true, Dump: DumpAlways, DumpContext: 2, DumpContextSet: true,
	}
	if !reflect.DeepEqual(inv.Options, want) || inv.CheckFile != "check.txt" || inv.InputFile != "in.txt" {
		t.Errorf("got %+v %q %q\nwant %+v", inv.Options, inv.CheckFile, inv.InputFile, want)
	}
}

func TestParseArgsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-D", "X=1", "c"}, "for the -D option: requires a value!"},
		{[]string{"--bogus", "c"}, "Unknown command line argument '--bogus'."},
		{[]string{"c", "d"}, "Too many positional arguments specified!"},
		{[]string{"c", "--input-file"}, "for the --input-file option: requires a value!"},
		{[]string{"c", "--dump-input=sometimes"}, "for the --dump-input option: Cannot find option named 'sometimes'!"},
		{[]string{"c", "--ignore-case=maybe"}, "for the --ignore-case option: 'maybe' is invalid value for boolean argument! Try 0 or 1"},
	}
	for _, tt := range tests {
		_, err := ParseArgs(tt.args, "")
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseArgs(%q) error %v, want %q", tt.args, err, tt.want)
		}
	}
}
