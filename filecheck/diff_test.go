package filecheck

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/filecheck/internal/testgen"
	"github.com/sparsetriton/sp/filecheck/internal/txtar"
)

// corpusCase is one differential case: a check file, an input and
// FileCheck arguments (blank-separated, no quoting).
type corpusCase struct {
	name         string
	args         []string
	check, input []byte
	// variable holds the reason, from a NAME.llvm-variable member, why
	// LLVM 14's "possible intended match here" note for this case is not
	// deterministic; such notes are left out of the comparison.
	variable string
}

// loadCorpus reads every testdata/corpus/*.txtar (and, when the
// environment names one, every *.txtar in FILECHECK_EXTRA_CORPUS, for
// exploring with go run ./filecheck/internal/gen -random); a case NAME consists of
// the members NAME.args, NAME.check and NAME.input. An input member named
// NAME.input-nonl has its final newline removed.
func loadCorpus(t *testing.T) []corpusCase {
	paths, err := filepath.Glob("testdata/corpus/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	if extra := os.Getenv("FILECHECK_EXTRA_CORPUS"); extra != "" {
		more, _ := filepath.Glob(filepath.Join(extra, "*.txtar"))
		paths = append(paths, more...)
	}
	var out []corpusCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, casesOf(filepath.Base(p), txtar.Parse(data))...)
	}
	return out
}

func casesOf(file string, a *txtar.Archive) []corpusCase {
	byName := map[string]*corpusCase{}
	var order []string
	for _, f := range a.Files {
		dot := strings.LastIndexByte(f.Name, '.')
		name, kind := f.Name[:dot], f.Name[dot+1:]
		c := byName[name]
		if c == nil {
			c = &corpusCase{name: file + ":" + name}
			byName[name] = c
			order = append(order, name)
		}
		switch kind {
		case "args":
			c.args = strings.Fields(string(f.Data))
		case "check":
			c.check = f.Data
		case "input":
			c.input = f.Data
		case "input-nonl":
			c.input = bytes.TrimSuffix(f.Data, []byte("\n"))
		case "llvm-variable":
			c.variable = strings.TrimSpace(string(f.Data))
		}
	}
	var out []corpusCase
	for _, n := range order {
		out = append(out, *byName[n])
	}
	return out
}

// oracle finds LLVM FileCheck 14; without it the differential tests skip
// locally but fail on CI.
func oracle(t *testing.T) string {
	for _, name := range []string{"FileCheck-14", "/usr/lib/llvm-14/bin/FileCheck"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("FileCheck-14 not found on PATH; the differential test must run on CI")
	}
	t.Skip("FileCheck-14 not found on PATH")
	return ""
}

// runLLVM runs the oracle in dir on check.txt and input.txt.
func runLLVM(t *testing.T, bin, dir string, args []string) (int, string) {
	cmd := exec.Command(bin, append([]string{"check.txt", "--input-file", "input.txt", "--dump-input=never"}, args...)...)
	cmd.Dir = dir
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FILECHECK_OPTS=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stderr.String()
	}
	t.Fatalf("running %s: %v", bin, err)
	return 0, ""
}

// runGo runs the library the way cmd/filecheck would.
func runGo(c corpusCase, bin string) (int, string) {
	var stderr bytes.Buffer
	inv, err := ParseArgs(append([]string{"check.txt", "--input-file", "input.txt", "--dump-input=never"}, c.args...), "")
	if err != nil {
		return ExitFail, err.Error()
	}
	inv.Options.NoDiff = true
	inv.Options.CommandLine = " " + strings.Join(append([]string{bin, "check.txt", "--input-file", "input.txt", "--dump-input=never"}, c.args...), " ")
	code := Check(inv.Options, "check.txt", c.check, "input.txt", c.input, &stderr)
	return code, stderr.String()
}

func firstErrorLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error:") || strings.HasPrefix(l, "Missing ") {
			return l
		}
	}
	return ""
}

// withoutFuzzyNotes removes every "possible intended match here" note (the
// note line, the quoted input line and the caret line).
func withoutFuzzyNotes(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		if strings.HasSuffix(lines[i], ": note: possible intended match here") {
			i += 2
			continue
		}
		out = append(out, lines[i])
	}
	return strings.Join(out, "\n")
}

// TestDifferential runs every corpus case through LLVM FileCheck 14 and
// this package: exit codes and the first error line must agree exactly,
// and so must the whole diagnostic text. The one exception is a fuzzy
// note for a pattern with no example text (only substitution blocks):
// LLVM 14 computes its distance from an uninitialised cell, so such cases
// are marked NAME.llvm-variable and compared without fuzzy notes; this
// package prints none for them. A case that reaches that path unmarked,
// or is marked and does not, fails.
func TestDifferential(t *testing.T) {
	bin := oracle(t)
	cases := loadCorpus(t)
	if len(cases) < 300 {
		t.Fatalf("corpus has %d cases, want >= 300", len(cases))
	}
	indeterminate := false
	indeterminateFuzzyHook = func() { indeterminate = true }
	defer func() { indeterminateFuzzyHook = nil }()
	verdicts := map[int]int{}
	variable := 0
	for _, c := range cases {
		dir := t.TempDir()
		writeCase(t, dir, c)
		wantCode, wantErr := runLLVM(t, bin, dir, c.args)
		indeterminate = false
		gotCode, gotErr := runGo(c, bin)
		verdicts[wantCode]++
		switch {
		case indeterminate && c.variable == "":
			t.Errorf("%s: LLVM's fuzzy note is indeterminate here; add a %s.llvm-variable member saying why", c.name, c.name[strings.IndexByte(c.name, ':')+1:])
		case !indeterminate && c.variable != "":
			t.Errorf("%s: marked llvm-variable (%s) but its result is deterministic", c.name, c.variable)
		case indeterminate:
			variable++
			wantErr = withoutFuzzyNotes(wantErr)
		}
		if gotCode != wantCode {
			t.Errorf("%s: exit code %d, LLVM %d\nLLVM:\n%s\nGo:\n%s", c.name, gotCode, wantCode, wantErr, gotErr)
			continue
		}
		if g, w := firstErrorLine(gotErr), firstErrorLine(wantErr); g != w {
			t.Errorf("%s: first error line\n got: %q\nwant: %q", c.name, g, w)
			continue
		}
		if gotErr != wantErr {
			t.Errorf("%s: diagnostics differ\nLLVM:\n%s\nGo:\n%s", c.name, wantErr, gotErr)
		}
	}
	keys := make([]int, 0, len(verdicts))
	for k := range verdicts {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		t.Logf("LLVM exit %d: %d cases", k, verdicts[k])
	}
	t.Logf("compared without fuzzy notes (llvm-variable): %d cases", variable)
	if verdicts[0] == 0 || verdicts[1] == 0 || verdicts[2] == 0 {
		t.Errorf("corpus lacks a verdict kind: %v", verdicts)
	}
}

func writeCase(t *testing.T, dir string, c corpusCase) {
	if err := os.WriteFile(filepath.Join(dir, "check.txt"), c.check, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), c.input, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusUpToDate fails when testdata/corpus/gen_*.txtar differ from
// what the generator writes; regenerate with
// go run ./filecheck/internal/gen -corpus filecheck/testdata/corpus.
func TestCorpusUpToDate(t *testing.T) {
	dir := t.TempDir()
	if err := testgen.WriteCorpus(dir); err != nil {
		t.Fatal(err)
	}
	fresh, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	for _, f := range fresh {
		want, _ := os.ReadFile(f)
		got, err := os.ReadFile(filepath.Join("testdata/corpus", filepath.Base(f)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("testdata/corpus/%s is stale (%v)", filepath.Base(f), err)
		}
	}
}
