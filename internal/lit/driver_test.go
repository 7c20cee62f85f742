package lit

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// demoSuite is a suite without Go tools: its RUN lines use builtins and a
// "greet" tool mapped to a script, and a lit.local.toml adjusts one
// directory.
func demoSuite(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"lit.toml": `name = "demo"
suffixes = [".test"]
excludes = ["Inputs", "skipme"]
features = ["always"]
tool-features = ["definitely-not-a-program-xyz"]
environment-features = ["gpu"]
[substitutions]
"%hello" = "echo hello"
[env]
DEMO_VAR = "from-config"
`,
		"a/pass.test":       "RUN: %hello | cat\nRUN: true",
		"a/fail.test":       "RUN: true\nRUN: echo to-stdout; echo to-stderr 1>&2; false",
		"a/xfail.test":      "XFAIL: always\nRUN: false",
		"b/requires.test":   "REQUIRES: definitely-not-a-program-xyz\nRUN: true",
		"b/gpu.test":        "REQUIRES: gpu\nRUN: true",
		"b/local.test":      "REQUIRES: local-feature\nRUN: %local",
		"b/lit.local.toml":  "features = [\"local-feature\"]\n[substitutions]\n\"%local\" = \"true\"\n",
		"c/lit.local.toml":  "unsupported = true\n",
		"c/off.test":        "RUN: false",
		"skipme/x.test":     "RUN: false",
		"a/Inputs/in.test":  "RUN: false",
		"a/not-a-test.mlir": "RUN: false",
		"a/no-run.test":     "nothing",
	})
	return root
}

func runMain(t *testing.T, o RunOptions) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	if o.WorkDir == "" {
		o.WorkDir = t.TempDir()
	}
	code := Main(context.Background(), o, &out, &errb)
	return out.String(), errb.String(), code
}

func TestMainOutput(t *testing.T) {
	root := demoSuite(t)
	out, stderr, code := runMain(t, RunOptions{Paths: []string{root}, Workers: 1, Verbose: true})
	if code != 1 {
		t.Fatalf("exit %d, want 1 (one test fails); stderr: %s\n%s", code, stderr, out)
	}
	want := []string{
		`-- Testing: 7 tests, 1 workers --`,
		`PASS: demo :: a/pass.test (2 of 7)`,
		`FAIL: demo :: a/fail.test (1 of 7)`,
		`******************** TEST 'demo :: a/fail.test' FAILED ********************`,
		`Exit Code: 1`,
		`Command Output (stdout):
--
to-stdout
--
Command Output (stderr):
--
to-stderr
--`,
		`: 'RUN: at line 1';   true`,
		`XFAIL: demo :: a/xfail.test (3 of 7)`,
		`UNSUPPORTED: demo :: b/gpu.test (4 of 7)`,
		`PASS: demo :: b/local.test (5 of 7)`,
		`UNSUPPORTED: demo :: b/requires.test (6 of 7)`,
		`UNSUPPORTED: demo :: c/off.test (7 of 7)`,
		`********************
Failed Tests (1):
  demo :: a/fail.test
`,
		`  Unsupported      : 3
  Passed           : 2
  Expectedly Failed: 1
  Failed           : 1
`,
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if regexp.MustCompile(`skipme|Inputs|not-a-test|no-run`).MatchString(out) {
		t.Errorf("an excluded file ran:\n%s", out)
	}
	// Without -v the failing test's output is not shown; -s hides passes.
	out, _, _ = runMain(t, RunOptions{Paths: []string{root}, Workers: 2, Succinct: true})
	if strings.Contains(out, "Exit Code") || strings.Contains(out, "PASS: ") || !strings.Contains(out, "FAIL: demo :: a/fail.test") {
		t.Errorf("-s output:\n%s", out)
	}
}

func TestMainCI(t *testing.T) {
	root := demoSuite(t)
	// CI: a missing tool feature fails, a missing environment feature skips.
	out, _, code := runMain(t, RunOptions{Paths: []string{filepath.Join(root, "b")}, CI: true})
	if code != 1 || !strings.Contains(out, "FAIL: demo :: b/requires.test") || !strings.Contains(out, "UNSUPPORTED: demo :: b/gpu.test") {
		t.Errorf("CI: exit %d\n%s", code, out)
	}
}

func TestMainFilterShardsExit(t *testing.T) {
	root := demoSuite(t)
	out, _, code := runMain(t, RunOptions{Paths: []string{root}, Filter: regexp.MustCompile(`pass|local`)})
	if code != 0 || !strings.Contains(out, "-- Testing: 2 of 7 tests") || !strings.Contains(out, "  Excluded: 5\n") {
		t.Errorf("--filter: exit %d\n%s", code, out)
	}
	_, stderr, code := runMain(t, RunOptions{Paths: []string{root}, Filter: regexp.MustCompile(`nothing-matches`)})
	if code != 2 || !strings.Contains(stderr, "filter did not match any tests") {
		t.Errorf("empty filter: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := runMain(t, RunOptions{Paths: []string{root}, Filter: regexp.MustCompile(`nothing-matches`), AllowEmpty: true}); code != 0 {
		t.Errorf("--allow-empty-runs: exit %d", code)
	}
	// The shards partition the tests: every test runs in exactly one.
	seen := map[string]int{}
	for shard := 1; shard <= 3; shard++ {
		out, stderr, _ := runMain(t, RunOptions{Paths: []string{root}, NumShards: 3, RunShard: shard})
		if !strings.Contains(stderr, "Selecting shard") {
			t.Errorf("shard %d: no note on stderr: %q", shard, stderr)
		}
		for _, m := range regexp.MustCompile(`(?m)^[A-Z]+: (demo :: \S+) \(`).FindAllStringSubmatch(out, -1) {
			seen[m[1]]++
		}
	}
	if len(seen) != 7 {
		t.Errorf("shards ran %d distinct tests, want 7: %v", len(seen), seen)
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s ran in %d shards", name, n)
		}
	}
	if _, _, code := runMain(t, RunOptions{Paths: []string{root}, NumShards: 2, RunShard: 3}); code != 2 {
		t.Errorf("--run-shard 3 of 2: exit %d, want 2", code)
	}
	if _, stderr, code := runMain(t, RunOptions{Paths: []string{t.TempDir()}}); code != 2 || !strings.Contains(stderr, "no lit.toml") {
		t.Errorf("no suite: exit %d, stderr %q", code, stderr)
	}
}

func TestMainTimeout(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"lit.toml": "", "slow.test": "RUN: sleep 20"})
	start := time.Now()
	out, _, code := runMain(t, RunOptions{Paths: []string{root}, Timeout: 300 * time.Millisecond, Verbose: true})
	if code != 1 || !strings.Contains(out, "TIMEOUT: ") || !strings.Contains(out, "Timed Out: 1") || time.Since(start) > 15*time.Second {
		t.Errorf("exit %d after %v:\n%s", code, time.Since(start), out)
	}
}

// junit mirrors the JUnit XML schema's elements that CI systems read.
type junit struct {
	XMLName xml.Name `xml:"testsuites"`
	Time    string   `xml:"time,attr"`
	Suites  []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Cases    []struct {
			Class   string    `xml:"classname,attr"`
			Name    string    `xml:"name,attr"`
			Time    string    `xml:"time,attr"`
			Failure *struct { // text is CDATA
				Text string `xml:",chardata"`
			} `xml:"failure"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestXunit(t *testing.T) {
	root := demoSuite(t)
	// A failure whose output holds a CDATA terminator, a control character
	// and markup must still give well-formed XML.
	writeFiles(t, root, map[string]string{"a/nasty.test": "RUN: echo ']]> <x> &amp; \x1b[31m' ; false"})
	file := filepath.Join(t.TempDir(), "results.xml")
	_, _, code := runMain(t, RunOptions{Paths: []string{root}, Xunit: file, Filter: regexp.MustCompile(`a/|b/`)})
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var j junit
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	if err := dec.Decode(&j); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, data)
	}
	if len(j.Suites) != 1 || j.Suites[0].Name != "demo" || j.Suites[0].Tests != 8 || j.Suites[0].Failures != 2 || j.Suites[0].Skipped != 3 {
		t.Fatalf("suite summary %+v\n%s", j.Suites, data)
	}
	var failed, skipped []string
	for _, c := range j.Suites[0].Cases {
		if c.Failure != nil {
			failed = append(failed, c.Class+"/"+c.Name)
			if c.Name == "nasty.test" && !strings.Contains(c.Failure.Text, "]]> <x> &amp;") {
				t.Errorf("failure text lost the output: %q", c.Failure.Text)
			}
		}
		if c.Skipped != nil {
			skipped = append(skipped, c.Name+": "+c.Skipped.Message)
		}
	}
	if strings.Join(failed, " ") != "demo.a/fail.test demo.a/nasty.test" {
		t.Errorf("failures %v", failed)
	}
	if !strings.Contains(strings.Join(skipped, "\n"), "off.test: Test not selected") {
		t.Errorf("skipped %v", skipped)
	}
}

func TestSuiteConfigErrors(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"lit.toml": "name = \"x\"\nsufixes = [\".test\"]\n"})
	if _, err := LoadSuite(root); err == nil || !strings.Contains(err.Error(), "unknown key(s): sufixes") {
		t.Errorf("typo in a key: %v", err)
	}
	writeFiles(t, root, map[string]string{"lit.toml": "name = \n"})
	if _, err := LoadSuite(root); err == nil || !regexp.MustCompile(`lit\.toml:1:\d+: `).MatchString(err.Error()) {
		t.Errorf("syntax error: %v", err)
	}
	writeFiles(t, root, map[string]string{"lit.toml": "suffixes = [\"test\"]\n"})
	if _, err := LoadSuite(root); err == nil {
		t.Errorf("suffix without a dot accepted")
	}
}

func TestLitCfgPy(t *testing.T) {
	s, err := LoadSuite(demoSuite(t))
	if err != nil {
		t.Fatal(err)
	}
	py := s.LitCfgPy("/b/bin", "/b/out")
	for _, w := range []string{
		`config.name = "demo"`, `config.suffixes = [".test"]`, `config.test_source_root = "` + s.Root + `"`,
		`config.environment["DEMO_VAR"] = "from-config"`, `config.available_features.add("always")`,
		`config.substitutions.append((re.escape("%hello"), "echo hello"))`, `ShTest(execute_external=False)`,
	} {
		if !strings.Contains(py, w) {
			t.Errorf("lit.site.cfg.py lacks %q:\n%s", w, py)
		}
	}
}
