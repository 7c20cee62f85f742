package filecheck

import (
	"bytes"
	"testing"
)

// run checks input against check with opts, without the diff and dump.
func run(opts Options, check, input string) (int, string) {
	opts.NoDiff = true
	if opts.Dump == DumpDefault {
		opts.Dump = DumpNever
	}
	var stderr bytes.Buffer
	code := Check(opts, "check.txt", []byte(check), "input.txt", []byte(input), &stderr)
	return code, stderr.String()
}

// TestMessages pins the whole diagnostic text of the main failure kinds;
// the texts are LLVM FileCheck 14's, byte for byte.
func TestMessages(t *testing.T) {
	tests := []struct {
		name         string
		opts         Options
		check, input string
		code         int
		want         string
	}{
		{
			name:  "not found with fuzzy match",
			check: "// CHECK: foo\n// CHECK: bzz qux\n", input: "foo\nbar\n  baz qux\n",
			code: ExitFail,
			want: "check.txt:2:11: error: CHECK: expected string not found in input\n" +
				"// CHECK: bzz qux\n          ^\n" +
				"input.txt:1:4: note: scanning from here\nfoo\n   ^\n" +
				"input.txt:3:2: note: possible intended match here\n baz qux\n ^\n",
		},
		{
			name:  "next on wrong line",
			check: "CHECK: foo\nCHECK-NEXT: baz\n", input: "foo\nbar\nbaz\n",
			code: ExitFail,
			want: "check.txt:2:13: error: CHECK-NEXT: is not on the line after the previous match\n" +
				"CHECK-NEXT: baz\n            ^\n" +
				"input.txt:3:1: note: 'next' match was here\nbaz\n^\n" +
				"input.txt:1:4: note: previous match ended here\nfoo\n   ^\n" +
				"input.txt:2:1: note: non-matching line after previous match is here\nbar\n^\n",
		},
		{
			name:  "next on same line",
			check: "CHECK: foo\nCHECK-NEXT: bar\n", input: "foo bar\n",
			code: ExitFail,
			want: "check.txt:2:13: error: CHECK-NEXT: is on the same line as previous match\n" +
				"CHECK-NEXT: bar\n            ^\n" +
				"input.txt:1:5: note: 'next' match was here\nfoo bar\n    ^\n" +
				"input.txt:1:4: note: previous match ended here\nfoo bar\n   ^\n",
		},
		{
			name:  "same on next line",
			check: "CHECK: foo\nCHECK-SAME: bar\n", input: "foo\nbar\n",
			code: ExitFail,
			want: "check.txt:2:13: error: CHECK-SAME: is not on the same line as the previous match\n" +
				"CHECK-SAME: bar\n            ^\n" +
				"input.txt:2:1: note: 'next' match was here\nbar\n^\n" +
				"input.txt:1:4: note: previous match ended here\nfoo\n   ^\n",
		},
		{
			name:  "excluded string with substitution",
			check: "CHECK: foo[[X:b.]]\nCHECK-NOT: [[X]]\n", input: "foobar bar\n",
			code: ExitFail,
			want: "check.txt:2:12: error: CHECK-NOT: excluded string found in input\n" +
				"CHECK-NOT: [[X]]\n           ^\n" +
				"input.txt:1:8: note: found here\nfoobar bar\n       ^~\n" +
				"input.txt:1:8: note: with \"X\" equal to \"ba\"\nfoobar bar\n       ^\n",
		},
		{
			name:  "implicit check not",
			opts:  Options{ImplicitCheckNot: []string{"bar"}},
			check: "CHECK: foo\n", input: "foo bar\n",
			code: ExitFail,
			want: "command line:1:22: error: CHECK-NOT: excluded string found in input\n" +
				"-implicit-check-not='bar'\n                     ^\n" +
				"input.txt:1:5: note: found here\nfoo bar\n    ^~~\n",
		},
		{
			name:  "count",
			check: "CHECK-COUNT-3: a\n", input: "a a\nb\n",
			code: ExitFail,
			want: "check.txt:1:16: error: CHECK-COUNT: expected string not found in input (3 out of 3)\n" +
				"CHECK-COUNT-3: a\n               ^\n" +
				"input.txt:1:4: note: scanning from here\na a\n   ^\n",
		},
		{
			name:  "undefined variable",
			check: "CHECK: [[Y]]\n", input: "a\n",
			code: ExitFail,
			want: "check.txt:1:10: error: undefined variable: Y\nCHECK: [[Y]]\n         ^\n",
		},
		{
			name:  "numeric overflow",
			check: "CHECK: [[#V:]]\nCHECK: [[#V-2]]\n", input: "1\n0\n",
			code: ExitFail,
			want: "check.txt:2:11: error: unable to substitute variable or numeric expression: overflow error\n" +
				"CHECK: [[#V-2]]\n          ^\n",
		},
		{
			name:  "numeric substitution note",
			check: "CHECK: [[#%x,V:]]\nCHECK: [[#V+1]]\n", input: "1f\n21\n",
			code: ExitFail,
			want: "check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: [[#V+1]]\n       ^\n" +
				"input.txt:1:3: note: scanning from here\n1f\n  ^\n" +
				"input.txt:1:3: note: with \"V+1\" equal to \"20\"\n1f\n  ^\n",
		},
		{
			name:  "empty check string",
			check: "CHECK:\n", input: "a\n",
			code: ExitError,
			want: "check.txt:1:7: error: found empty check string with prefix 'CHECK:'\nCHECK:\n      ^\n",
		},
		{
			name:  "next without previous check",
			check: "CHECK-NEXT: a\n", input: "a\n",
			code: ExitError,
			want: "check.txt:1:1: error: found 'CHECK-NEXT' without previous 'CHECK: line\nCHECK-NEXT: a\n^\n",
		},
		{
			name:  "invalid regex",
			check: "CHECK: {{[z-a]}}\n", input: "a\n",
			code: ExitError,
			want: "check.txt:1:10: error: invalid regex: invalid character range\nCHECK: {{[z-a]}}\n         ^\n",
		},
		{
			name:  "numeric parse error has a blank line",
			check: "CHECK: [[#X*2]]\n", input: "a\n",
			code: ExitError,
			want: "check.txt:1:12: error: unsupported operation '*'\nCHECK: [[#X*2]]\n           ^\n\n",
		},
		{
			name: "unused prefixes", opts: Options{CheckPrefixes: []string{"A", "B", "C"}},
			check: "A: a\n", input: "a\n",
			code: ExitError,
			want: "error: no check strings found with prefixes 'B:', 'C:'\n",
		},
		{
			name: "bad prefix", opts: Options{CheckPrefixes: []string{"A,B"}},
			check: "A: a\n", input: "a\n",
			code: ExitError,
			want: "error: supplied check prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: 'A,B'\n",
		},
		{
			name: "missing equal sign in define", opts: Options{Defines: []string{"X"}},
			check: "CHECK: a\n", input: "a\n",
			code: ExitError,
			want: "Missing equal sign in command-line definition '-DX'\n",
		},
		{
			name: "empty input", opts: Options{CommandLine: " FileCheck check.txt"},
			check: "CHECK: a\n", input: "",
			code: ExitError,
			want: "FileCheck error: 'input.txt' is empty.\nFileCheck command line:  FileCheck check.txt\n",
		},
		{
			name:  "tabs expand in the quoted line",
			opts:  Options{StrictWhitespace: true},
			check: "CHECK: a\nCHECK-NEXT: zz\n", input: "a\n\tab\tcd\n",
			code: ExitFail,
			want: "check.txt:2:13: error: CHECK-NEXT: expected string not found in input\nCHECK-NEXT: zz\n            ^\n" +
				"input.txt:1:2: note: scanning from here\na\n ^\n",
		},
		{name: "pass", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nb\n", code: ExitOK, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, got := run(tt.opts, tt.check, tt.input)
			if code != tt.code || got != tt.want {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant:\n%s", code, tt.code, got, tt.want)
			}
		})
	}
}
