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
	// Suite, when set, is the lit.toml configuration: per-directory
	// lit.local.toml adjustments (features, substitutions, unsupported) apply.
	Suite *Suite
	// EnvFeatures replaces EnvironmentFeatures when non-nil.
	EnvFeatures []string
}

func (c *Config) envFeatures() []string {
	if c.EnvFeatures != nil {
		return c.EnvFeatures
	}
	return EnvironmentFeatures
}

// BaseEnv returns environ with binDir prepended to PATH and
// FILECHECK_OPTS=--enable-var-scope, as Triton's lit config does: local
// FileCheck variables are cleared at each CHECK-LABEL.
func BaseEnv(environ []string, binDir string) []string {
	return append(PathEnv(environ, binDir), "FILECHECK_OPTS=--enable-var-scope")
}

// PathEnv returns environ with binDir prepended to PATH and FILECHECK_OPTS
// removed (a suite's lit.toml [env] sets it).
func PathEnv(environ []string, binDir string) []string {
	env := removeEnv(environ, "FILECHECK_OPTS")
	path := lookupEnv(environ, "PATH")
	if binDir != "" {
		path = binDir + string(filepath.ListSeparator) + path
	}
	env = removeEnv(env, "PATH")
	return append(env, "PATH="+path)
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

	// The same in lit's terms (Output formats them as llvm-lit does): the
	// RUN lines executed, after substitution; the exit code, stdout and
	// stderr of the last one; whether the time limit ended the test.
	Script         []string
	ExitCode       int
	Stdout, Stderr string
	TimedOut       bool
	Elapsed        time.Duration
}

// RunFile runs the test at rel (relative to c.Root).
func (c *Config) RunFile(ctx context.Context, rel string) Result {
	start := time.Now()
	r := c.runFile(ctx, rel)
	r.Elapsed = time.Since(start)
	return r
}

func (c *Config) runFile(ctx context.Context, rel string) Result {
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
	c, err = c.forDir(filepath.Dir(src))
	if err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	if c.Suite != nil && c.Suite.Unsupported {
		return Result{Status: Unsupported, Log: fmt.Sprintf("%s: unsupported = true in a %s", src, LocalFile)}
	}
	if r, skip := c.checkConditions(src, script); skip {
		return r
	}
	xfail, err := anyTrue(script.XFail, c.Features.Has)
	if err != nil {
		return Result{Status: Fail, Log: fmt.Sprintf("%s:%v", src, err)}
	}
	r := c.execute(ctx, src, rel, script)
	switch {
	case xfail && r.Status == Fail:
		r.Status = XFail
	case xfail:
		r.Status = XPass
		r.Log = "XPASS (unexpected pass): every RUN line passed but the test is marked XFAIL\n" + r.Log
	}
	return r
}

// forDir returns c adjusted by the lit.local.toml files down to dir: its
// features and substitutions added, unsupported set.
func (c *Config) forDir(dir string) (*Config, error) {
	if c.Suite == nil {
		return c, nil
	}
	s, err := c.Suite.ForDir(dir)
	if err != nil {
		return nil, err
	}
	out := *c
	out.Suite = s
	out.Features = Features{}
	for k, v := range c.Features {
		out.Features[k] = v
	}
	for _, f := range s.Features {
		out.Features[f] = true
	}
	return &out, nil
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
		if c.CI && slices.ContainsFunc(missing, func(f string) bool { return !slices.Contains(c.envFeatures(), f) }) {
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
// stops at the first failing one; the Result is Pass or Fail.
func (c *Config) execute(ctx context.Context, src, rel string, s *Script) Result {
	tmpDir := filepath.Join(c.TmpRoot, filepath.FromSlash(rel)+".dir")
	if err := os.RemoveAll(tmpDir); err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	if err := os.MkdirAll(tmpDir, 0o777); err != nil {
		return Result{Status: Fail, Log: err.Error()}
	}
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	sh := &Shell{Dir: tmpDir, Env: c.Env, Tools: c.Tools}
	var logb strings.Builder
	r := Result{Status: Pass}
	for _, run := range s.Runs {
		sub := &Subst{Source: src, Tmp: filepath.Join(tmpDir, filepath.Base(src)+".tmp"), Line: run.Line, Defines: run.Defines, Feature: c.Features.Has}
		cmd, err := sub.Expand(c.configSubst(run.Cmd))
		r.Script = append(r.Script, fmt.Sprintf(": 'RUN: at line %d';   %s", run.Line, cmd))
		if err == nil {
			var lr lineResult
			lr = runLine(ctx, sh, cmd, run.Line)
			logb.WriteString(lr.log)
			r.ExitCode, r.Stdout, r.Stderr = lr.code, lr.stdout, lr.stderr
			if lr.code != 0 {
				r.Status = Fail
			}
		} else {
			r.Script[len(r.Script)-1] = fmt.Sprintf(": 'RUN: at line %d';   %s", run.Line, run.Cmd)
			fmt.Fprintf(&logb, "RUN: at line %d: %s\nerror: %v\n", run.Line, run.Cmd, err)
			r.Status, r.ExitCode, r.Stderr = Fail, 1, fmt.Sprintf("error: %v\n", err)
		}
		if r.Status == Fail {
			if ctx.Err() != nil {
				fmt.Fprintf(&logb, "error: test timed out after %v\n", c.Timeout)
				r.TimedOut = true
			}
			break
		}
	}
	r.Log = logb.String()
	return r
}

// configSubst applies the suite's (and lit.local.toml's) substitutions as
// plain text, longest key first, before the built-in %-substitutions.
func (c *Config) configSubst(cmd string) string {
	if c.Suite == nil || len(c.Suite.Substitutions) == 0 {
		return cmd
	}
	for _, k := range SortedKeys(c.Suite.Substitutions) {
		cmd = strings.ReplaceAll(cmd, k, c.Suite.Substitutions[k])
	}
	return cmd
}

// maxOutput bounds the stdout and stderr kept in a failure log.
const maxOutput = 64 << 10

type lineResult struct {
	log            string
	code           int
	stdout, stderr string
}

// runLine runs one substituted RUN command. The log has the command and,
// on failure, its exit code, stdout and stderr.
func runLine(ctx context.Context, sh *Shell, cmd string, line int) lineResult {
	head := fmt.Sprintf("RUN: at line %d: %s\n", line, cmd)
	l, err := ParseShell(cmd)
	if err != nil {
		msg := fmt.Sprintf("error: cannot parse RUN line: %v\n", err)
		return lineResult{log: head + msg, code: 1, stderr: msg}
	}
	var stdout, stderr lockedBuffer
	code := sh.Run(ctx, l, &stdout, &stderr)
	out, errs := clip(stdout.String()), clip(stderr.String())
	if code == 0 {
		return lineResult{log: head, stdout: out, stderr: errs}
	}
	return lineResult{log: head + fmt.Sprintf("exit code: %d\n--- stdout ---\n%s--- stderr ---\n%s--- end ---\n",
		code, out, errs), code: code, stdout: out, stderr: errs}
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
