package lit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Tool is a program the shell runs by name instead of searching PATH. A
// tool with a non-nil Err (e.g. its package failed to build) makes every
// command naming it fail with exit code 127 and Err on stderr.
type Tool struct {
	Path string
	Err  error
}

// Shell is lit's internal shell for one test: it executes parsed RUN lines
// without /bin/sh. Dir and Env persist across lines (cd, export).
type Shell struct {
	Dir   string
	Env   []string
	Tools map[string]Tool
}

// status is the outcome of one command or pipeline.
type status struct {
	code    int
	crashed bool // killed by a signal, or a Go runtime panic / fatal error
}

// exitCommandNotFound is the shell convention for an unknown command.
const exitCommandNotFound = 127

// Run executes a parsed list with the given stdout and stderr (stdin is
// empty) and returns the exit code of the list.
func (sh *Shell) Run(ctx context.Context, l *List, stdout, stderr io.Writer) int {
	st := sh.runPipeline(ctx, l.Pipes[0], stdout, stderr)
	for i, op := range l.Ops {
		switch {
		case op == "&&" && st.code != 0, op == "||" && st.code == 0:
			continue
		}
		st = sh.runPipeline(ctx, l.Pipes[i+1], stdout, stderr)
	}
	return st.code
}

// runPipeline runs the stages concurrently, connected by OS pipes. With
// pipefail semantics the result is the last non-zero stage status.
func (sh *Shell) runPipeline(ctx context.Context, p *Pipeline, stdout, stderr io.Writer) status {
	n := len(p.Cmds)
	readers := make([]*os.File, n) // readers[i] feeds stage i (nil: empty stdin)
	writers := make([]*os.File, n) // writers[i] takes stage i's stdout (nil: stdout)
	for i := 0; i < n-1; i++ {
		r, w, err := os.Pipe()
		if err != nil {
			fmt.Fprintf(stderr, "lit: pipe: %v\n", err)
			closeAll(readers, writers)
			return status{code: 1}
		}
		readers[i+1], writers[i] = r, w
	}
	sts := make([]status, n)
	var wg sync.WaitGroup
	for i, c := range p.Cmds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var in io.Reader = emptyReader{}
			var out io.Writer = stdout
			if readers[i] != nil {
				in = readers[i]
			}
			if writers[i] != nil {
				out = writers[i]
			}
			sts[i] = sh.runCommand(ctx, c, in, out, stderr)
			if writers[i] != nil {
				writers[i].Close()
			}
			if readers[i] != nil {
				readers[i].Close()
			}
		}()
	}
	wg.Wait()
	final := status{}
	for _, s := range sts {
		if s.code != 0 {
			final = s
		}
	}
	return final
}

func closeAll(fs ...[]*os.File) {
	for _, l := range fs {
		for _, f := range l {
			if f != nil {
				f.Close()
			}
		}
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, io.EOF }

// runCommand applies redirections and assignments, then runs the command.
func (sh *Shell) runCommand(ctx context.Context, c *Command, in io.Reader, out, errw io.Writer) status {
	fds := [3]any{in, out, errw}
	var opened []*os.File
	defer func() {
		for _, f := range opened {
			f.Close()
		}
	}()
	for _, r := range c.Redirs {
		f, err := sh.redirect(r, &fds)
		if err != nil {
			fmt.Fprintf(errw, "lit: %v\n", err)
			return status{code: 1}
		}
		if f != nil {
			opened = append(opened, f)
		}
	}
	args, err := sh.expandArgs(c.Args)
	if err != nil {
		fmt.Fprintf(errw, "lit: %v\n", err)
		return status{code: 1}
	}
	env := mergeEnv(sh.Env, c.Assigns)
	return sh.exec(ctx, args, env, fds[0].(io.Reader), fds[1].(io.Writer), fds[2].(io.Writer))
}

// redirect applies r to the descriptor table and returns the file it
// opened, if any.
func (sh *Shell) redirect(r Redir, fds *[3]any) (*os.File, error) {
	if r.Fd < 0 || r.Fd > 2 {
		return nil, fmt.Errorf("redirection of descriptor %d is not supported", r.Fd)
	}
	if r.Op == ">&" {
		if r.DupFd == 0 || r.Fd == 0 {
			return nil, fmt.Errorf("%d>&%d is not supported", r.Fd, r.DupFd)
		}
		fds[r.Fd] = fds[r.DupFd]
		return nil, nil
	}
	path := sh.abs(r.Target)
	var f *os.File
	var err error
	switch r.Op {
	case "<":
		f, err = os.Open(path)
	case ">":
		f, err = os.Create(path)
	case ">>":
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	}
	if err != nil {
		return nil, err
	}
	if (r.Op == "<") != (r.Fd == 0) {
		f.Close()
		return nil, fmt.Errorf("%d%s: wrong direction for descriptor %d", r.Fd, r.Op, r.Fd)
	}
	fds[r.Fd] = f
	return f, nil
}

func (sh *Shell) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(sh.Dir, p)
}

// expandArgs expands unquoted glob patterns that match files; a pattern that
// matches nothing stays as written (as in POSIX sh).
func (sh *Shell) expandArgs(words []Word) ([]string, error) {
	var out []string
	for i, w := range words {
		if i == 0 || !strings.ContainsAny(w.Raw, "*?[") || strings.ContainsAny(w.Raw, `'"\`) {
			out = append(out, w.Text)
			continue
		}
		matches, err := filepath.Glob(sh.abs(w.Text))
		if err != nil || len(matches) == 0 {
			out = append(out, w.Text)
			continue
		}
		if !filepath.IsAbs(w.Text) {
			for j, m := range matches {
				if r, err := filepath.Rel(sh.Dir, m); err == nil {
					matches[j] = r
				}
			}
		}
		out = append(out, matches...)
	}
	return out, nil
}

// mergeEnv returns base with the NAME=value assignments applied.
func mergeEnv(base []string, assigns []string) []string {
	if len(assigns) == 0 {
		return base
	}
	env := append([]string(nil), base...)
	for _, a := range assigns {
		name := a[:strings.IndexByte(a, '=')+1]
		env = removeEnv(env, name[:len(name)-1])
		env = append(env, a)
	}
	return env
}

func removeEnv(env []string, name string) []string {
	out := env[:0:0]
	for _, e := range env {
		if !strings.HasPrefix(e, name+"=") {
			out = append(out, e)
		}
	}
	return out
}

func lookupEnv(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v
		}
	}
	return ""
}

// exec runs one expanded command: a builtin, a mapped tool, or a program
// found on the command's PATH.
func (sh *Shell) exec(ctx context.Context, args, env []string, in io.Reader, out, errw io.Writer) status {
	if b := builtin(args[0]); b != nil {
		return b(ctx, sh, &proc{args: args, env: env, in: in, out: out, err: errw})
	}
	path, err := sh.resolve(args[0], env)
	if err != nil {
		fmt.Fprintf(errw, "lit: %v\n", err)
		return status{code: exitCommandNotFound}
	}
	cmd := exec.CommandContext(ctx, path, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Dir, cmd.Env, cmd.Stdin, cmd.Stdout = sh.Dir, env, in, out
	if _, ok := in.(emptyReader); ok {
		cmd.Stdin = nil
	}
	pd := &panicDetector{w: errw}
	cmd.Stderr = pd
	// 2>&1: one shared descriptor keeps the output in order. (The writers
	// here are all pointers, so the comparison cannot panic.)
	if out == errw {
		cmd.Stdout = pd
	}
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return status{}
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			fmt.Fprintf(errw, "lit: %s: terminated by signal %v\n", args[0], ws.Signal())
			return status{code: 128 + int(ws.Signal()), crashed: true}
		}
		return status{code: ee.ExitCode(), crashed: pd.sawPanic && ee.ExitCode() == 2}
	default:
		fmt.Fprintf(errw, "lit: %s: %v\n", args[0], err)
		return status{code: exitCommandNotFound}
	}
}

// resolve maps a command name to an executable path: mapped tools first,
// then names containing a slash, then the PATH of the command's environment.
func (sh *Shell) resolve(name string, env []string) (string, error) {
	if t, ok := sh.Tools[name]; ok {
		if t.Err != nil {
			return "", fmt.Errorf("%s: tool unavailable: %v", name, t.Err)
		}
		return t.Path, nil
	}
	if strings.ContainsRune(name, '/') {
		return sh.abs(name), nil
	}
	for _, dir := range filepath.SplitList(lookupEnv(env, "PATH")) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: command not found", name)
}

// panicDetector forwards writes and notes a Go runtime crash report, a line
// starting with "panic: " or "fatal error: ", so that "not" can tell a
// crash (exit code 2 from the Go runtime) from an ordinary failure.
type panicDetector struct {
	w        io.Writer
	line     []byte // start of the current line, at most 16 bytes
	sawPanic bool
}

func (d *panicDetector) Write(p []byte) (int, error) {
	for _, c := range p {
		if c == '\n' {
			d.line = d.line[:0]
			continue
		}
		if len(d.line) < 16 {
			d.line = append(d.line, c)
			if bytes.Equal(d.line, []byte("panic: ")) || bytes.Equal(d.line, []byte("fatal error: ")) {
				d.sawPanic = true
			}
		}
	}
	return d.w.Write(p)
}
