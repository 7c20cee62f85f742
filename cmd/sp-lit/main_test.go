package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestNormalizeArgs(t *testing.T) {
	app := newApp(&options{})
	got := normalizeArgs(app, []string{"test/lit", "-v", "-j2", "--filter", "enc", "--timeout=3", "-a"})
	want := []string{"-v", "-j", "2", "--filter", "enc", "--timeout=3", "-a", "--", "test/lit"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("normalizeArgs = %q, want %q", got, want)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--filter", "(", "."}, {"--no-such-flag", "."}, {}, {"--timeout=-1", "."}, {"--print-lit-cfg-py", "."},
	} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), "sp-lit: error: ") {
			t.Errorf("sp-lit %q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestSuiteInLitFormat runs sp's whole lit suite as `sp-lit -v -j2 test/lit`
// and checks llvm-lit's output: the header, one result line per test
// numbered 1..n, the summary, exit 0.
func TestSuiteInLitFormat(t *testing.T) {
	var out, errb bytes.Buffer
	xml := filepath.Join(t.TempDir(), "r.xml")
	code := run([]string{"-v", "-j2", "--xunit-xml-output", xml, "../../test/lit"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s\n%s", code, errb.String(), out.String())
	}
	text := out.String()
	head := regexp.MustCompile(`^-- Testing: (\d+) tests, 2 workers --\n`).FindStringSubmatch(text)
	if head == nil {
		t.Fatalf("no llvm-lit header:\n%s", text)
	}
	n, _ := strconv.Atoi(head[1])
	lines := regexp.MustCompile(`(?m)^(PASS|UNSUPPORTED|XFAIL): sp :: (\S+) \((\d+) of (\d+)\)$`).FindAllStringSubmatch(text, -1)
	if len(lines) != n || n < 50 {
		t.Fatalf("%d result lines for %d tests:\n%s", len(lines), n, text)
	}
	seen := map[int]bool{}
	for _, l := range lines {
		i, _ := strconv.Atoi(l[3])
		seen[i] = true
		if l[4] != head[1] {
			t.Errorf("line %q: total is not %d", l[0], n)
		}
	}
	for i := 1; i <= n; i++ {
		if !seen[i] {
			t.Errorf("no result line numbered %d of %d", i, n)
		}
	}
	if !regexp.MustCompile(`\nTesting Time: \d+\.\d\ds\n(  [A-Za-z ]+: +\d+\n)+$`).MatchString(text) || !strings.Contains(text, "Passed") {
		t.Errorf("no llvm-lit summary:\n%s", text)
	}
	if data, err := os.ReadFile(xml); err != nil || !bytes.Contains(data, []byte(`<testsuite name="sp" tests="`+head[1]+`" failures="0"`)) {
		t.Errorf("xunit output: %v\n%.400s", err, data)
	}
}

// llvmLit finds LLVM's lit: $SP_LLVM_LIT, `lit` or `llvm-lit` on PATH, or
// lit.py from Debian's llvm-<n>-tools.
func llvmLit() []string {
	if p := os.Getenv("SP_LLVM_LIT"); p != "" {
		return []string{"python3", p}
	}
	for _, name := range []string{"lit", "llvm-lit"} {
		if p, err := exec.LookPath(name); err == nil {
			return []string{p}
		}
	}
	matches, _ := filepath.Glob("/usr/lib/llvm-*/build/utils/lit/lit.py")
	if len(matches) > 0 {
		return []string{"python3", matches[len(matches)-1]}
	}
	return nil
}

// TestSameFilesUnderLLVMLit writes the configuration sp-lit prints and
// runs sp's lit suite under LLVM's lit (llvm-14-tools ships it): every
// test must pass there too. With CI=true a missing lit is a failure.
func TestSameFilesUnderLLVMLit(t *testing.T) {
	litCmd := llvmLit()
	if litCmd == nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("LLVM's lit not found (install llvm-14-tools); CI=true: a missing tool is a failure")
		}
		t.Skip("LLVM's lit not found (install llvm-14-tools)")
	}
	work := t.TempDir()
	var cfg, errb bytes.Buffer
	if code := run([]string{"--print-lit-cfg-py", "--work-dir", work, "../../test/lit"}, &cfg, &errb); code != 0 {
		t.Fatalf("--print-lit-cfg-py: exit %d: %s", code, errb.String())
	}
	if err := os.WriteFile(filepath.Join(work, "lit.site.cfg.py"), cfg.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(litCmd[0], append(litCmd[1:], "-v", work)...)
	cmd.Env = append(os.Environ(), "LIT_OPTS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	if !regexp.MustCompile(`(?m)^  Passed\s*: [1-9]\d+$`).Match(out) || regexp.MustCompile(`(?m)^  (Failed|Unexpectedly Passed|Timed Out|Unresolved)`).Match(out) {
		t.Errorf("LLVM's lit:\n%s", out)
	}
}
