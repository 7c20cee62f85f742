package lit

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultSuffixes are the file extensions that hold lit tests.
var DefaultSuffixes = []string{".mlir", ".txt", ".ptx", ".test"}

// SkipDirs are directory names never searched for tests: Inputs holds
// files that tests read, testdata holds Go test fixtures (such as the
// deliberately broken lit files), Output is lit's scratch directory.
var SkipDirs = []string{"Inputs", "testdata", "Output"}

// Discover returns the test files under root (slash-separated, relative to
// root, sorted): files with one of suffixes that contain a RUN: line,
// outside SkipDirs and hidden directories.
func Discover(root string, suffixes []string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (slices.Contains(SkipDirs, d.Name()) || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !slices.Contains(suffixes, filepath.Ext(p)) {
			return nil
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if HasRunLine(content) {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// ToolFeatures are the features that mean "this program is on PATH"; each is
// available iff exec.LookPath finds a program of that name.
var ToolFeatures = []string{"ptxas", "mlir-opt-14", "FileCheck-14", "chromium"}

// EnvironmentFeatures describe the machine rather than an installable tool;
// a test that REQUIRES one of them is skipped even in CI. "cuda" (a GPU and
// driver) is never available under go test.
var EnvironmentFeatures = []string{"cuda"}

// DetectFeatures returns the available features on this machine.
func DetectFeatures() Features {
	f := Features{}
	for _, name := range ToolFeatures {
		if _, err := exec.LookPath(name); err == nil {
			f[name] = true
		}
	}
	return f
}

// Config describes a test suite run.
type Config struct {
	Root     string          // suite root; test names are relative to it
	TmpRoot  string          // parent of the per-test %T directories
	Tools    map[string]Tool // command name → binary (see BuildTools)
	Features Features
	// CI makes an unmet REQUIRES a failure unless every missing feature is
	// in EnvironmentFeatures (CI never skips for a missing tool).
	CI      bool
	Env     []string      // environment for RUN commands
	Timeout time.Duration // per test file; 0 means no limit
}

// BaseEnv returns environ with binDir prepended to PATH and
// FILECHECK_OPTS=--enable-var-scope, as Triton's lit config does: local
// FileCheck variables are cleared at each CHECK-LABEL.
func BaseEnv(environ []string, binDir string) []string {
	env := removeEnv(environ, "FILECHECK_OPTS")
	path := lookupEnv(environ, "PATH")
	if binDir != "" {
		path = binDir + string(filepath.ListSeparator) + path
	}
	env = removeEnv(env, "PATH")
	return append(env, "PATH="+path, "FILECHECK_OPTS=--enable-var-scope")
}

// Status is the outcome of one test file.
type Status int

const (
	Pass        Status = iota
	Fail               // a RUN line failed (or the file is malformed)
	XFail              // failed as XFAIL said it would
	XPass              // XFAIL test passed: a failure
	Unsupported        // REQUIRES unmet or UNSUPPORTED true: skipped
)

var statusNames = [...]string{Pass: "PASS", Fail: "FAIL", XFail: "XFAIL", XPass: "XPASS", Unsupported: "UNSUPPORTED"}

func (s Status) String() string { return statusNames[s] }

// Failed reports whether s counts as a test failure.
func (s Status) Failed() bool { return s == Fail || s == XPass }

// Result is the outcome of one test file. Log explains a failure: the
// failing RUN line after substitution, its exit code, stdout and stderr.
type Result struct {
	Status Status
	Log    string
}

// RunFile runs the test at rel (relative to c.Root).
func (c *Config) RunFile(ctx context.Context, rel string) Result {
	src, err := filepath.Abs(filepath.Join(c.Root, filepath.FromSlash(rel)))
	if err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	content, err := os.ReadFile(src)
	if err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	script, err := ParseScript(src, content)
	if err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	if len(script.Runs) == 0 {
		return Result{Status: Fail, Log: fmt.Sprintf("%s: no RUN: line", src)}
	}
	if r, skip := c.checkConditions(src, script); skip {
		return r
	}
	xfail, err := anyTrue(script.XFail, c.Features.Has)
	if err != nil {
		return Result{Status: Fail, Log: fmt.Sprintf("%s:%v", src, err)}
	}
	log, failed := c.execute(ctx, src, rel, script)
	switch {
	case xfail && failed:
		return Result{Status: XFail, Log: log}
	case xfail:
		return Result{Status: XPass, Log: "XPASS (unexpected pass): every RUN line passed but the test is marked XFAIL\n" + log}
	case failed:
		return Result{Status: Fail, Log: log}
	}
	return Result{Status: Pass, Log: log}
}

// checkConditions evaluates REQUIRES and UNSUPPORTED; skip is true when the
// test must not run, with r saying why (Unsupported, or Fail in CI).
func (c *Config) checkConditions(src string, s *Script) (r Result, skip bool) {
	for _, cond := range s.Requires {
		ok, missing, err := EvalCond(cond.Expr, c.Features.Has)
		if err != nil {
			return Result{Status: Fail, Log: fmt.Sprintf("%s:%d: REQUIRES: %v", src, cond.Line, err)}, true
		}
		if ok {
			continue
		}
		msg := fmt.Sprintf("%s:%d: REQUIRES: %s is not met (missing: %s)", src, cond.Line, cond.Expr, strings.Join(missing, ", "))
		if c.CI && slices.ContainsFunc(missing, func(f string) bool { return !slices.Contains(EnvironmentFeatures, f) }) {
			return Result{Status: Fail, Log: msg + "\nCI=true: a missing tool is a failure, not a skip; install it in the CI image"}, true
		}
		return Result{Status: Unsupported, Log: msg}, true
	}
	for _, cond := range s.Unsupported {
		ok, _, err := EvalCond(cond.Expr, c.Features.Has)
		if err != nil {
			return Result{Status: Fail, Log: fmt.Sprintf("%s:%d: UNSUPPORTED: %v", src, cond.Line, err)}, true
		}
		if ok {
			return Result{Status: Unsupported, Log: fmt.Sprintf("%s:%d: UNSUPPORTED: %s is true", src, cond.Line, cond.Expr)}, true
		}
	}
	return Result{}, false
}

func anyTrue(conds []Cond, has func(string) bool) (bool, error) {
	for _, cond := range conds {
		ok, _, err := EvalCond(cond.Expr, has)
		if err != nil {
			return false, fmt.Errorf("%d: XFAIL: %v", cond.Line, err)
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

// execute runs the RUN lines in order in a fresh temporary directory and
// stops at the first failing one.
func (c *Config) execute(ctx context.Context, src, rel string, s *Script) (log string, failed bool) {
	tmpDir := filepath.Join(c.TmpRoot, filepath.FromSlash(rel)+".dir")
	if err := os.RemoveAll(tmpDir); err != nil {
		return err.Error(), true
	}
	if err := os.MkdirAll(tmpDir, 0o777); err != nil {
		return err.Error(), true
	}
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	sh := &Shell{Dir: tmpDir, Env: c.Env, Tools: c.Tools}
	var logb strings.Builder
	for _, run := range s.Runs {
		sub := &Subst{Source: src, Tmp: filepath.Join(tmpDir, filepath.Base(src)+".tmp"), Line: run.Line, Defines: run.Defines, Feature: c.Features.Has}
		cmd, err := sub.Expand(run.Cmd)
		if err == nil {
			var out string
			out, failed = runLine(ctx, sh, cmd, run.Line)
			logb.WriteString(out)
		} else {
			fmt.Fprintf(&logb, "RUN: at line %d: %s\nerror: %v\n", run.Line, run.Cmd, err)
			failed = true
		}
		if failed {
			if ctx.Err() != nil {
				fmt.Fprintf(&logb, "error: test timed out after %v\n", c.Timeout)
			}
			return logb.String(), true
		}
	}
	return logb.String(), false
}

// maxOutput bounds the stdout and stderr kept in a failure log.
const maxOutput = 64 << 10

// runLine runs one substituted RUN command. The returned text has the
// command and, on failure, its exit code, stdout and stderr.
func runLine(ctx context.Context, sh *Shell, cmd string, line int) (string, bool) {
	head := fmt.Sprintf("RUN: at line %d: %s\n", line, cmd)
	l, err := ParseShell(cmd)
	if err != nil {
		return head + fmt.Sprintf("error: cannot parse RUN line: %v\n", err), true
	}
	var stdout, stderr lockedBuffer
	code := sh.Run(ctx, l, &stdout, &stderr)
	if code == 0 {
		return head, false
	}
	return head + fmt.Sprintf("exit code: %d\n--- stdout ---\n%s--- stderr ---\n%s--- end ---\n",
		code, clip(stdout.String()), clip(stderr.String())), true
}

func clip(s string) string {
	if len(s) > maxOutput {
		s = s[:maxOutput/2] + fmt.Sprintf("\n... (%d bytes elided) ...\n", len(s)-maxOutput) + s[len(s)-maxOutput/2:]
	}
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// lockedBuffer is a bytes.Buffer safe for the concurrent writers of a
// pipeline (several stages may share stderr).
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
