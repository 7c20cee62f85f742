package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	check := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(check, []byte("CHECK: hello\nCHECK-NEXT: world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, env, stdin string
		args             []string
		code             int
		stderr           string
	}{
		{"pass", "", "hello\nworld\n", []string{check}, 0, ""},
		{"fail without dump", "", "hello\nthere\nworld\n", []string{check, "-dump-input=never", "--no-diff"}, 1,
			check + ":2:13: error: CHECK-NEXT: is not on the line after the previous match\n"},
		{"env options", "--dump-input=never --no-diff", "hello\nthere\nworld\n", []string{check}, 1,
			check + ":2:13: error: CHECK-NEXT: is not on the line after the previous match\n"},
		{"no check file", "", "", nil, 2, "<check-file> not specified\n"},
		{"missing check file", "", "", []string{filepath.Join(dir, "nope")}, 2,
			"Could not open check file '" + filepath.Join(dir, "nope") + "': No such file or directory\n"},
		{"bad flag", "", "", []string{"--frobnicate", check}, 1, "filecheck: Unknown command line argument '--frobnicate'.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(append([]string{"filecheck"}, tt.args...), tt.env, strings.NewReader(tt.stdin), &stderr)
			got := stderr.String()
			if tt.code == 1 && tt.stderr != "" && strings.HasPrefix(got, tt.stderr) {
				got = tt.stderr // only the first error line is pinned here
			}
			if code != tt.code || got != tt.stderr {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant:\n%s", code, tt.code, stderr.String(), tt.stderr)
			}
		})
	}
}

// TestHelpAndVersion: --help and --version print to stdout and exit 0,
// as LLVM FileCheck's do.
func TestHelpAndVersion(t *testing.T) {
	for _, c := range []struct{ arg, want string }{{"--help", "USAGE: filecheck [options] <check-file>"}, {"-help", "--check-prefix"}, {"--version", "filecheck "}} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		saved := os.Stdout
		os.Stdout = w
		var stderr strings.Builder
		code := run([]string{"filecheck", c.arg}, "", strings.NewReader(""), &stderr)
		w.Close()
		os.Stdout = saved
		out, _ := io.ReadAll(r)
		if code != 0 || !strings.Contains(string(out), c.want) || stderr.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.arg, code, out, stderr.String())
		}
	}
}
