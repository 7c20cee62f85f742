package lit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// helperEnv makes the test binary act as an external tool (see TestMain):
// LIT_HELPER=exit:N exits with N after echoing its args and stdin;
// panic panics; signal kills itself with SIGKILL; stderr writes to stderr.
const helperEnv = "LIT_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(helperMain(mode))
	}
	os.Exit(m.Run())
}

func helperMain(mode string) int {
	fmt.Printf("args=%s\n", strings.Join(os.Args[1:], ","))
	switch {
	case mode == "panic":
		panic("helper panics")
	case mode == "signal":
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	case mode == "stdin":
		b, _ := os.ReadFile("/dev/stdin")
		fmt.Printf("stdin=%s", b)
	case mode == "stderr":
		fmt.Fprintln(os.Stderr, "to-stderr")
	case strings.HasPrefix(mode, "exit:"):
		n, _ := strconv.Atoi(strings.TrimPrefix(mode, "exit:"))
		return n
	}
	return 0
}

// testShell returns a shell whose tool "helper" is this test binary.
func testShell(t *testing.T) *Shell {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Shell{
		Dir: t.TempDir(),
		Env: append(os.Environ(), "PATH="+filepath.Dir(exe)),
		Tools: map[string]Tool{"helper": {Path: exe}, "broken": {Err: fmt.Errorf("go build failed")},
			"gone": {Path: "/nonexistent/tool"}},
	}
}

func runShell(t *testing.T, sh *Shell, cmd string) (code int, stdout, stderr string) {
	t.Helper()
	l, err := ParseShell(cmd)
	if err != nil {
		t.Fatalf("ParseShell(%q): %v", cmd, err)
	}
	var out, errb lockedBuffer
	code = sh.Run(context.Background(), l, &out, &errb)
	return code, out.String(), errb.String()
}

func TestShellRun(t *testing.T) {
	for _, c := range []struct {
		cmd        string
		code       int
		out, errIn string
	}{
		{"echo a b", 0, "a b\n", ""},
		{"echo x | cat | cat", 0, "x\n", ""},
		{"false", 1, "", ""},
		{"not false", 0, "", ""},
		{"not true", 1, "", ""},
		{"not not false", 1, "", ""},
		{"false | true", 1, "", ""}, // pipefail
		{"true | false", 1, "", ""},
		{"false && echo no", 1, "", ""},
		{"false || echo yes", 0, "yes\n", ""},
		{"false ; echo always", 0, "always\n", ""},
		{"true && false || echo rescued", 0, "rescued\n", ""},
		{"LIT_HELPER=exit:0 helper a 'b c'", 0, "args=a,b c\n", ""},
		{"LIT_HELPER=exit:3 helper", 3, "args=\n", ""},
		{"LIT_HELPER=exit:3 not helper", 0, "args=\n", ""},
		{"not LIT_HELPER=exit:3 helper", 0, "args=\n", ""},
		{"env LIT_HELPER=exit:4 helper", 4, "args=\n", ""},
		{"echo piped | LIT_HELPER=stdin helper", 0, "args=\nstdin=piped\n", ""},
		{"LIT_HELPER=stderr helper", 0, "args=\n", "to-stderr\n"},
		{"LIT_HELPER=stderr helper 2>&1", 0, "args=\nto-stderr\n", ""},
		{"LIT_HELPER=stderr helper 2>&1 | cat", 0, "args=\nto-stderr\n", ""},
		{"LIT_HELPER=stderr helper 2>&1 >/dev/null", 0, "to-stderr\n", ""},
		{"LIT_HELPER=stderr helper 2>/dev/null", 0, "args=\n", ""},
		{"LIT_HELPER=panic helper", 2, "args=\n", "panic: helper panics"},
		{"LIT_HELPER=panic not helper", 1, "args=\n", "crashed (use 'not --crash'"},
		{"LIT_HELPER=panic not --crash helper", 0, "args=\n", "panic: helper panics"},
		{"LIT_HELPER=signal not helper", 1, "args=\n", "terminated by signal"},
		{"LIT_HELPER=signal not --crash helper", 0, "args=\n", ""},
		{"LIT_HELPER=exit:1 not --crash helper", 1, "args=\n", "did not crash"},
		{"broken x", 127, "", "broken: tool unavailable: go build failed"},
		{"not broken x", 0, "", ""},
		{"gone", 127, "", "no such file"},
		{"no-such-command-xyz", 127, "", "no-such-command-xyz: command not found"},
		{"cat missing-file", 1, "", "cat: missing-file: no such file or directory"},
		{"LIT_HELPER=exit:4 env -u LIT_HELPER LIT_HELPER=exit:5 helper", 5, "args=\n", ""},
	} {
		code, out, errOut := runShell(t, testShell(t), c.cmd)
		if code != c.code || out != c.out || !strings.Contains(errOut, c.errIn) {
			t.Errorf("%s\n  got code %d, stdout %q, stderr %q\n want code %d, stdout %q, stderr containing %q",
				c.cmd, code, out, errOut, c.code, c.out, c.errIn)
		}
	}
}

func TestShellFilesAndState(t *testing.T) {
	sh := testShell(t)
	steps := []struct {
		cmd  string
		code int
		out  string
	}{
		{"echo one > f && echo two >> f && cat f", 0, "one\ntwo\n"},
		{"cat < f", 0, "one\ntwo\n"},
		{"echo three > f; cat f", 0, "three\n"},
		{"mkdir d", 0, ""},
		{"mkdir d", 1, ""},
		{"mkdir -p d/e/f && echo x > d/e/f/g && cat d/e/f/g", 0, "x\n"},
		{"rm d", 1, ""},
		{"rm -rf d && not cat d/e/f/g", 0, ""},
		{"rm -f missing && rm missing", 1, ""},
		{"mkdir sub && cd sub && echo in-sub > h", 0, ""},
		{"cat h", 0, "in-sub\n"}, // cd persists
		{"cd .. && cat sub/h", 0, "in-sub\n"},
		{"export GREETING=hi && env | LIT_HELPER=stdin helper > /dev/null && GREETING=bye env > e2 && env > e1", 0, ""},
		{"echo a1 > a1.txt && echo a2 > a2.txt && cat a*.txt", 0, "a1\na2\n"},
		{"echo 'a*.txt' nomatch*.q", 0, "a*.txt nomatch*.q\n"},
		{"echo -n x; echo -e 'y\\tz'", 0, "xy\tz\n"},
	}
	for _, s := range steps {
		code, out, errOut := runShell(t, sh, s.cmd)
		if code != s.code || out != s.out {
			t.Errorf("%s\n  got code %d, stdout %q (stderr %q), want %d, %q", s.cmd, code, out, errOut, s.code, s.out)
		}
	}
	for file, want := range map[string]string{"e1": "GREETING=hi\n", "e2": "GREETING=bye\n"} {
		b, err := os.ReadFile(filepath.Join(sh.Dir, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s does not contain %q: %v", file, want, err)
		}
	}
}

func TestSplitFile(t *testing.T) {
	sh := testShell(t)
	input := "// RUN: x\n//--- a.txt\nline a\n#--- sub/b.txt\nline b1\nline b2\n"
	if err := os.WriteFile(filepath.Join(sh.Dir, "in"), []byte(input), 0o666); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runShell(t, sh, "split-file in out && split-file --leading-lines in lead"); code != 0 {
		t.Fatalf("split-file failed: %s", errOut)
	}
	for file, want := range map[string]string{
		"out/a.txt": "line a\n", "out/sub/b.txt": "line b1\nline b2\n",
		"lead/a.txt": "\n\nline a\n", "lead/sub/b.txt": "\n\n\n\nline b1\nline b2\n",
	} {
		b, err := os.ReadFile(filepath.Join(sh.Dir, file))
		if err != nil || string(b) != want {
			t.Errorf("%s = %q, %v; want %q", file, b, err, want)
		}
	}
	if code, _, errOut := runShell(t, sh, "echo no parts > np && split-file np o2"); code != 1 || !strings.Contains(errOut, "no part separator") {
		t.Errorf("split-file without parts: code %d, %q", code, errOut)
	}
}
