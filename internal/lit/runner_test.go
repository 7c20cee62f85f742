package lit

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// writeFiles creates files (relative path → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"a.mlir": "// RUN: true", "sub/b.txt": "# RUN: true", "sub/c.ptx": "// RUN: true", "d.test": "RUN: true",
		"no-run.mlir": "// CHECK: x", "wrong.go": "// RUN: true", "Inputs/i.mlir": "// RUN: true",
		"sub/Inputs/j.txt": "// RUN: true", "testdata/k.txt": "// RUN: true", ".hidden/l.txt": "// RUN: true",
	})
	got, err := Discover(root, DefaultSuffixes)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.mlir", "d.test", "sub/b.txt", "sub/c.ptx"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %v, want %v", got, want)
	}
}

func TestRunFileStatus(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pass.test":           "RUN: true\nRUN: echo %s > %t && cat %t",
		"fail.test":           "RUN: true\nRUN: echo out; echo err > %t; cat %t missing-file\nRUN: never-reached",
		"xfail.test":          "XFAIL: *\nRUN: false",
		"xfail-feature.test":  "XFAIL: ptxas\nRUN: false",
		"xpass.test":          "XFAIL: ptxas || cuda\nRUN: true",
		"xfail-other.test":    "XFAIL: cuda\nRUN: false",
		"requires-tool.test":  "REQUIRES: ptxas, chromium\nRUN: true",
		"requires-cuda.test":  "REQUIRES: cuda\nRUN: false",
		"requires-met.test":   "REQUIRES: ptxas && !cuda\nRUN: true",
		"unsupported.test":    "UNSUPPORTED: ptxas\nRUN: false",
		"unsupported-no.test": "UNSUPPORTED: cuda\nRUN: true",
		"bad-cond.test":       "REQUIRES: a &&\nRUN: true",
		"bad-subst.test":      "RUN: echo %{nope}",
		"bad-shell.test":      "RUN: echo 'open",
		"broken-tool.test":    "RUN: sp-opt %s",
		"dangling.test":       "RUN: true \\",
	})
	for _, ci := range []bool{false, true} {
		cfg := &Config{Root: root, TmpRoot: t.TempDir(), CI: ci, Features: Features{"ptxas": true},
			Tools: map[string]Tool{"sp-opt": {Err: os.ErrNotExist}}, Env: BaseEnv(os.Environ(), "")}
		requiresTool := Unsupported
		if ci {
			requiresTool = Fail
		}
		for _, c := range []struct {
			file   string
			status Status
			log    []string
		}{
			{"pass.test", Pass, []string{"RUN: at line 2: echo " + root + "/pass.test > "}},
			{"fail.test", Fail, []string{
				"RUN: at line 1: true\nRUN: at line 2: echo out; echo err > ",
				"exit code: 1\n--- stdout ---\nout\nerr\n--- stderr ---\ncat: missing-file: no such file or directory\n"}},
			{"xfail.test", XFail, nil},
			{"xfail-feature.test", XFail, nil},
			{"xpass.test", XPass, []string{"XPASS"}},
			{"xfail-other.test", Fail, nil},
			{"requires-tool.test", requiresTool, []string{"REQUIRES: chromium is not met (missing: chromium)"}},
			{"requires-cuda.test", Unsupported, []string{"missing: cuda"}},
			{"requires-met.test", Pass, nil},
			{"unsupported.test", Unsupported, []string{"UNSUPPORTED: ptxas is true"}},
			{"unsupported-no.test", Pass, nil},
			{"bad-cond.test", Fail, []string{"bad-cond.test:1: REQUIRES: condition ends early"}},
			{"bad-subst.test", Fail, []string{"unknown substitution %{nope}"}},
			{"bad-shell.test", Fail, []string{"cannot parse RUN line: unterminated single quote"}},
			{"broken-tool.test", Fail, []string{"exit code: 127", "sp-opt: tool unavailable"}},
			{"dangling.test", Fail, []string{"no continuation follows"}},
		} {
			r := cfg.RunFile(context.Background(), c.file)
			if r.Status != c.status {
				t.Errorf("CI=%v %s: status %v, want %v\n%s", ci, c.file, r.Status, c.status, r.Log)
			}
			for _, w := range c.log {
				if !strings.Contains(r.Log, w) {
					t.Errorf("CI=%v %s: log does not contain %q:\n%s", ci, c.file, w, r.Log)
				}
			}
			if strings.Contains(r.Log, "never-reached") {
				t.Errorf("%s: ran past the first failing RUN line:\n%s", c.file, r.Log)
			}
		}
	}
}

func TestRunFileTimeout(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"slow.test": "RUN: true\nRUN: sleep 30"})
	cfg := &Config{Root: root, TmpRoot: t.TempDir(), Env: os.Environ(), Timeout: 200 * time.Millisecond}
	start := time.Now()
	r := cfg.RunFile(context.Background(), "slow.test")
	if r.Status != Fail || !strings.Contains(r.Log, "RUN: at line 2: sleep 30") || !strings.Contains(r.Log, "test timed out after 200ms") {
		t.Errorf("status %v, log:\n%s", r.Status, r.Log)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("timeout took %v", d)
	}
}

func TestBaseEnv(t *testing.T) {
	env := BaseEnv([]string{"PATH=/usr/bin", "FILECHECK_OPTS=-v", "HOME=/h"}, "/bin/dir")
	want := []string{"HOME=/h", "PATH=/bin/dir:/usr/bin", "FILECHECK_OPTS=--enable-var-scope"}
	if !reflect.DeepEqual(env, want) {
		t.Errorf("BaseEnv = %q, want %q", env, want)
	}
}

func TestBuildTools(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"go.mod":                "module example.com/m\n\ngo 1.21\n",
		"cmd/hello/main.go":     "package main\n\nfunc main() { println(\"hello\") }\n",
		"cmd/filecheck/main.go": "package main\n\nfunc main() {}\n",
		"cmd/lib/lib.go":        "package lib\n",
		"cmd/bad/main.go":       "package main\n\nfunc main() { undefined() }\n",
		"cmd/empty/README":      "no Go files\n",
	})
	t.Setenv("GOWORK", "off")
	t.Setenv(FileCheckOverrideEnv, "")
	out := filepath.Join(t.TempDir(), "bin") // BuildTools creates it
	tools, err := BuildTools(context.Background(), root, out)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"hello", "filecheck", "FileCheck"} {
		tool := tools[name]
		if tool.Err != nil {
			t.Errorf("%s: %v", name, tool.Err)
		} else if st, err := os.Stat(tool.Path); err != nil || st.Mode()&0o111 == 0 {
			t.Errorf("%s: %s is not an executable: %v", name, tool.Path, err)
		}
	}
	if tools["FileCheck"].Path != filepath.Join(out, "filecheck") {
		t.Errorf("FileCheck maps to %q, want cmd/filecheck's binary", tools["FileCheck"].Path)
	}
	if e := tools["bad"].Err; e == nil || !strings.Contains(e.Error(), "undefined") {
		t.Errorf("bad: err = %v, want the compiler error", e)
	}
	for _, name := range []string{"sp-opt", "sp-run"} {
		if e := tools[name].Err; e == nil || !strings.Contains(e.Error(), "no main package at cmd/"+name) {
			t.Errorf("%s: err = %v, want 'no main package'", name, e)
		}
	}
	for _, name := range []string{"lib", "empty"} {
		if _, ok := tools[name]; ok {
			t.Errorf("%s mapped although it is not a main package", name)
		}
	}
}
