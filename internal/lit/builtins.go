package lit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// proc is the execution context handed to a builtin.
type proc struct {
	args []string
	env  []string
	in   io.Reader
	out  io.Writer
	err  io.Writer
}

func (p *proc) fail(format string, a ...any) status {
	fmt.Fprintf(p.err, "%s: %s\n", p.args[0], fmt.Sprintf(format, a...))
	return status{code: 1}
}

type builtinFunc func(ctx context.Context, sh *Shell, p *proc) status

// builtin returns the implementation of a command the shell runs itself, or
// nil. Builtins need no external shell or coreutils, so RUN lines behave the
// same everywhere. (A switch, not a map: not and env call back into
// Shell.exec, and a package-level map would be an initialization cycle.)
func builtin(name string) builtinFunc {
	switch name {
	case "not":
		return builtinNot
	case "env":
		return builtinEnv
	case "cd":
		return builtinCd
	case "export":
		return builtinExport
	case "echo":
		return builtinEcho
	case "cat":
		return builtinCat
	case "rm":
		return builtinRm
	case "mkdir":
		return builtinMkdir
	case "true", ":":
		return builtinTrue
	case "false":
		return builtinFalse
	case "split-file":
		return builtinSplitFile
	}
	return nil
}

func builtinTrue(context.Context, *Shell, *proc) status  { return status{} }
func builtinFalse(context.Context, *Shell, *proc) status { return status{code: 1} }

// builtinNot implements LLVM's not: "not CMD" succeeds iff CMD exits
// non-zero without crashing; "not --crash CMD" succeeds iff CMD crashes.
func builtinNot(ctx context.Context, sh *Shell, p *proc) status {
	args := p.args[1:]
	crash := false
	if len(args) > 0 && args[0] == "--crash" {
		crash, args = true, args[1:]
	}
	if len(args) == 0 {
		return p.fail("missing command")
	}
	env, args := leadingAssigns(p.env, args)
	st := sh.exec(ctx, args, env, p.in, p.out, p.err)
	switch {
	case crash && st.crashed, !crash && st.code != 0 && !st.crashed:
		return status{}
	case crash:
		fmt.Fprintf(p.err, "not --crash: %s exited with code %d and did not crash\n", args[0], st.code)
	case st.crashed:
		fmt.Fprintf(p.err, "not: %s crashed (use 'not --crash' if that is expected)\n", args[0])
	}
	return status{code: 1}
}

// leadingAssigns moves NAME=value words at the start of args into env.
func leadingAssigns(env, args []string) ([]string, []string) {
	i := 0
	for i < len(args) && assignRE.MatchString(args[i]) {
		i++
	}
	return mergeEnv(env, args[:i]), args[i:]
}

// builtinEnv implements "env [-u NAME]... [NAME=value]... CMD...".
func builtinEnv(ctx context.Context, sh *Shell, p *proc) status {
	env, args := p.env, p.args[1:]
	for len(args) > 0 {
		if args[0] == "-u" && len(args) > 1 {
			env, args = removeEnv(env, args[1]), args[2:]
		} else if u, ok := strings.CutPrefix(args[0], "--unset="); ok {
			env, args = removeEnv(env, u), args[1:]
		} else {
			break
		}
	}
	env, args = leadingAssigns(env, args)
	if len(args) == 0 {
		for _, e := range env {
			fmt.Fprintln(p.out, e)
		}
		return status{}
	}
	return sh.exec(ctx, args, env, p.in, p.out, p.err)
}

func builtinCd(_ context.Context, sh *Shell, p *proc) status {
	if len(p.args) != 2 {
		return p.fail("expected one directory")
	}
	dir := sh.abs(p.args[1])
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return p.fail("%s: not a directory", p.args[1])
	}
	sh.Dir = dir
	return status{}
}

func builtinExport(_ context.Context, sh *Shell, p *proc) status {
	for _, a := range p.args[1:] {
		if !assignRE.MatchString(a) {
			return p.fail("%q is not NAME=value", a)
		}
		sh.Env = mergeEnv(sh.Env, []string{a})
	}
	return status{}
}

// builtinEcho supports -n (no newline) and -e (backslash escapes).
func builtinEcho(_ context.Context, _ *Shell, p *proc) status {
	args, newline, escapes := p.args[1:], true, false
	for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-en" || args[0] == "-ne") {
		newline = newline && !strings.Contains(args[0], "n")
		escapes = escapes || strings.Contains(args[0], "e")
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		s = echoEscapes.Replace(s)
	}
	if newline {
		s += "\n"
	}
	if _, err := io.WriteString(p.out, s); err != nil {
		return p.fail("%v", err)
	}
	return status{}
}

var echoEscapes = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`, `\r`, "\r", `\a`, "\a", `\0`, "\x00")

func builtinCat(_ context.Context, sh *Shell, p *proc) status {
	files := p.args[1:]
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		var r io.Reader = p.in
		if f != "-" {
			fh, err := os.Open(sh.abs(f))
			if err != nil {
				return p.fail("%s: %v", f, errors.Unwrap(err))
			}
			defer fh.Close()
			r = fh
		}
		if _, err := io.Copy(p.out, r); err != nil {
			return p.fail("%v", err)
		}
	}
	return status{}
}

// builtinRm supports -f, -r, -R and their combinations.
func builtinRm(_ context.Context, sh *Shell, p *proc) status {
	force, recursive, args := false, false, p.args[1:]
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		force = force || strings.Contains(args[0], "f")
		recursive = recursive || strings.ContainsAny(args[0], "rR")
		args = args[1:]
	}
	for _, a := range args {
		path := sh.abs(a)
		st, err := os.Lstat(path)
		switch {
		case err != nil && force:
			continue
		case err != nil:
			return p.fail("%v", err)
		case st.IsDir() && !recursive:
			return p.fail("%s: is a directory", a)
		}
		if err := os.RemoveAll(path); err != nil {
			return p.fail("%v", err)
		}
	}
	return status{}
}

func builtinMkdir(_ context.Context, sh *Shell, p *proc) status {
	parents, args := false, p.args[1:]
	for len(args) > 0 && args[0] == "-p" {
		parents, args = true, args[1:]
	}
	for _, a := range args {
		var err error
		if parents {
			err = os.MkdirAll(sh.abs(a), 0o777)
		} else {
			err = os.Mkdir(sh.abs(a), 0o777)
		}
		if err != nil {
			return p.fail("%v", err)
		}
	}
	return status{}
}

var splitMarkerRE = regexp.MustCompile(`^(?:.|//)--- (\S+)\s*$`)

// builtinSplitFile implements "split-file [--leading-lines] INPUT DIR" as
// LLVM's split-file: a line "--- NAME" (after an optional one-character or
// "//" comment leader) starts part NAME, written to DIR/NAME. With
// --leading-lines, each part is preceded by empty lines so that line numbers
// match the input.
func builtinSplitFile(_ context.Context, sh *Shell, p *proc) status {
	args, leading := p.args[1:], false
	if len(args) > 0 && args[0] == "--leading-lines" {
		leading, args = true, args[1:]
	}
	if len(args) != 2 {
		return p.fail("usage: split-file [--leading-lines] input dir")
	}
	parts, order, err := splitParts(sh.abs(args[0]), leading)
	if err != nil {
		return p.fail("%v", err)
	}
	if len(order) == 0 {
		return p.fail("%s: no part separator was found", args[0])
	}
	for _, name := range order {
		path := filepath.Join(sh.abs(args[1]), name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return p.fail("%v", err)
		}
		if err := os.WriteFile(path, []byte(parts[name].String()), 0o666); err != nil {
			return p.fail("%v", err)
		}
	}
	return status{}
}

func splitParts(input string, leading bool) (map[string]*strings.Builder, []string, error) {
	f, err := os.Open(input)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	parts := map[string]*strings.Builder{}
	var order []string
	var cur *strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		if m := splitMarkerRE.FindStringSubmatch(sc.Text()); m != nil {
			if _, dup := parts[m[1]]; dup {
				return nil, nil, fmt.Errorf("%s:%d: duplicate part %q", input, n, m[1])
			}
			cur = &strings.Builder{}
			parts[m[1]], order = cur, append(order, m[1])
			if leading {
				cur.WriteString(strings.Repeat("\n", n))
			}
			continue
		}
		if cur != nil {
			cur.WriteString(sc.Text() + "\n")
		}
	}
	return parts, order, sc.Err()
}
