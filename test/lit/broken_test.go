package lit_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/internal/lit"
)

// TestRunnerDetectsFailures runs the deliberately broken lit files in
// testdata/broken (copies of the filecheck/ error tests without "not", and a
// few runner cases) and requires each to FAIL (or XPASS) with a report that
// names the failing RUN line, its exit code and the LLVM-style diagnostic.
// It proves that a passing TestLit means something.
func TestRunnerDetectsFailures(t *testing.T) {
	// Each pattern must match the failure report: file:line:col: error: …
	cases := []struct {
		file    string
		status  lit.Status
		runLine int
		want    []string // regexps over Result.Log
	}{
		{"check-not-found.txt", lit.Fail, 2, []string{
			`check-not-found\.txt:4:9: error: ERR: expected string not found in input`,
			`check-not-found\.txt:1:1: note: scanning from here`}},
		{"check-next-wrong-line.txt", lit.Fail, 2, []string{
			`check-next-wrong-line\.txt:7:14: error: ERR-NEXT: is not on the line after the previous match`,
			`check-next-wrong-line\.txt:5:1: note: 'next' match was here`}},
		{"check-not-matches.txt", lit.Fail, 2, []string{
			`check-not-matches\.txt:5:13: error: ERR-NOT: excluded string found in input`,
			`check-not-matches\.txt:3:9: note: found here`}},
		{"undefined-variable.txt", lit.Fail, 2, []string{
			`undefined-variable\.txt:4:\d+: error: `,
			`undefined variable: UNDEF|uses undefined variable\(s\): "UNDEF"`}},
		{"var-scope.txt", lit.Fail, 3, []string{
			`var-scope\.txt:9:\d+: error: `,
			`undefined variable: V|uses undefined variable\(s\): "V"`}},
		{"pipefail.txt", lit.Fail, 3, []string{
			`check-prefix=ERR 2>&1 \| cat\n`,
			`pipefail\.txt:5:9: error: ERR: expected string not found in input`}},
		{"second-run-line.txt", lit.Fail, 4, []string{
			`second-run-line\.txt:7:9: error: ERR: expected string not found in input`}},
		{"xpass.txt", lit.XPass, 0, []string{`XPASS \(unexpected pass\): every RUN line passed`}},
		{"not-of-success.txt", lit.Fail, 2, nil},
	}
	cfg := *suite
	cfg.Root, cfg.TmpRoot = "testdata/broken", t.TempDir()
	files, err := lit.Discover(cfg.Root, lit.DefaultSuffixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(cases) {
		t.Errorf("testdata/broken has %d lit files, the table has %d cases: %v", len(files), len(cases), files)
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			r := cfg.RunFile(context.Background(), c.file)
			if r.Status != c.status {
				t.Fatalf("status %v, want %v; log:\n%s", r.Status, c.status, r.Log)
			}
			checkReport(t, r.Log, c.runLine, c.want)
		})
	}
}

func checkReport(t *testing.T, log string, runLine int, want []string) {
	t.Helper()
	if runLine > 0 {
		head := regexp.MustCompile(`(?m)^RUN: at line ` + strconv.Itoa(runLine) + `: .*\nexit code: [1-9][0-9]*\n--- stdout ---\n`)
		if !head.MatchString(log) {
			t.Errorf("report does not show RUN line %d with its exit code:\n%s", runLine, log)
		}
		if n := strings.Count(log, "exit code:"); n != 1 {
			t.Errorf("report shows %d exit codes, want 1 (the first failing line):\n%s", n, log)
		}
	}
	for _, w := range want {
		if !regexp.MustCompile(w).MatchString(log) {
			t.Errorf("report does not match %q:\n%s", w, log)
		}
	}
}

// TestNotIsLoadBearing checks that each test in filecheck/ that expects a
// FileCheck failure passes only because of "not": a copy without "not"
// in front of FileCheck must FAIL, reporting FileCheck's error.
func TestNotIsLoadBearing(t *testing.T) {
	files, err := lit.Discover("filecheck", lit.DefaultSuffixes)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	cfg := *suite
	cfg.Root, cfg.TmpRoot, cfg.Suite = tmp, t.TempDir(), nil // the copies live outside the suite
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join("filecheck", f))
		if err != nil {
			t.Fatal(err)
		}
		// A copy cannot resolve paths relative to the original (%S/...).
		if !strings.Contains(string(src), "RUN: not FileCheck ") || strings.Contains(string(src), "REQUIRES:") || strings.Contains(string(src), "%S/") {
			continue
		}
		n++
		// Also drop "2>&1" so that FileCheck's error reaches the report
		// instead of the MSG FileCheck that reads the pipe.
		broken := strings.ReplaceAll(string(src), "RUN: not FileCheck ", "RUN: FileCheck ")
		broken = strings.ReplaceAll(broken, " 2>&1", "")
		if err := os.WriteFile(filepath.Join(tmp, f), []byte(broken), 0o666); err != nil {
			t.Fatal(err)
		}
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			r := cfg.RunFile(context.Background(), f)
			if r.Status != lit.Fail || !regexp.MustCompile(regexp.QuoteMeta(f)+`:\d+:\d+: error: `).MatchString(r.Log) {
				t.Errorf("without 'not': status %v, want FAIL with a FileCheck error; log:\n%s", r.Status, r.Log)
			}
		})
	}
	if n < 4 {
		t.Errorf("found %d filecheck/ tests with 'RUN: not FileCheck', want at least 4", n)
	}
}
