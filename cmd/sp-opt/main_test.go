package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const addKernel = `tt.func @f(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.addi %arg0, %0 : i32
  %2 = arith.addi %arg0, %0 : i32
  %3 = arith.muli %1, %2 : i32
  tt.return %3 : i32
}
`

// spOpt runs the tool in process.
func spOpt(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPassFlagsInOrderAndStdin(t *testing.T) {
	code, out, errs := spOpt(t, addKernel, "-", "-canonicalize", "--cse")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `module {
  tt.func @f(%arg0: i32) -> i32 {
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.addi %arg0, %c3_i32 : i32
    %1 = arith.muli %0, %0 : i32
    tt.return %1 : i32
  }
}
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	// Flags after the input file, options with spaces, repeated passes.
	in := writeTemp(t, "k.mlir", addKernel)
	code, _, errs = spOpt(t, "", in, "-canonicalize=max-iterations=2 region-simplify=disabled", "-cse", "-canonicalize", "--dump-pass-pipeline")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wantPipe := "builtin.module(canonicalize{max-iterations=2 disable-patterns= region-simplify=disabled test-convergence=false}, cse, canonicalize{max-iterations=10 disable-patterns= region-simplify=normal test-convergence=false})\n"
	if errs != wantPipe {
		t.Errorf("--dump-pass-pipeline:\n%s\nwant\n%s", errs, wantPipe)
	}
}

func TestOutputFileAndGeneric(t *testing.T) {
	in := writeTemp(t, "k.mlir", addKernel)
	outFile := filepath.Join(t.TempDir(), "out.mlir")
	code, out, errs := spOpt(t, "", "-o", outFile, in, "--mlir-print-op-generic", "-mlir-print-debuginfo")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, out, errs)
	}
	got, _ := os.ReadFile(outFile)
	if !strings.Contains(string(got), `"tt.func"() <{`) || !strings.Contains(string(got), `loc("`+in+`":4:3)`) {
		t.Errorf("generic/debuginfo output:\n%s", got)
	}
	// Round trip: the generic output parses back to the same custom form.
	code, out2, _ := spOpt(t, string(got), "-")
	_, out1, _ := spOpt(t, "", in)
	if code != 0 || out1 != out2 {
		t.Errorf("round trip through generic form differs:\n%s\nvs\n%s", out1, out2)
	}
}

func TestPassPipeline(t *testing.T) {
	in := writeTemp(t, "k.mlir", addKernel)
	code, out, errs := spOpt(t, "", in, "--pass-pipeline=builtin.module(tt.func(canonicalize{max-iterations=3}), any(cse), symbol-dce)")
	if code != 0 || !strings.Contains(out, "arith.muli %0, %0") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errs)
	}
	for _, tc := range []struct {
		pipeline, want string
	}{
		{"builtin.module(cse,,canonicalize)", "<pass-pipeline>:1:20: error: expected a pass, pipeline or op anchor name, found ','\nbuiltin.module(cse,,canonicalize)\n                   ^\n"},
		{"builtin.module(nope)", "<pass-pipeline>:1:16: error: 'nope' does not refer to a registered pass or pass pipeline\n"},
		{"builtin.module(canonicalize{max-iterations=ten})", "<pass-pipeline>:1:44: error: invalid value for option 'max-iterations' of 'canonicalize': expected an integer, got \"ten\"\n"},
		{"tt.func(cse)", "error: can't run 'tt.func' pass manager on 'builtin.module' op\n"},
	} {
		code, _, errs := spOpt(t, "", in, "--pass-pipeline="+tc.pipeline)
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stderr:\n%s\nwant:\n%s", tc.pipeline, code, errs, tc.want)
		}
	}
	code, _, errs = spOpt(t, "", in, "--pass-pipeline=builtin.module(cse)", "-canonicalize")
	if code != 1 || !strings.Contains(errs, "<command line>: error: --pass-pipeline cannot be combined with individual pass flags (-canonicalize)") {
		t.Errorf("combined: %d %s", code, errs)
	}
}

func TestCommandLineErrors(t *testing.T) {
	in := writeTemp(t, "k.mlir", addKernel)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{in, "-canonicalize=max-iterations=x"}, "<command line>:1:30: error: invalid value for option 'max-iterations' of 'canonicalize': expected an integer, got \"x\"\n-canonicalize=max-iterations=x\n                             ^\n"},
		{[]string{in, "-cse=aggressive"}, "<command line>:1:6: error: 'cse' has no options"},
		{[]string{in, "-canonicalize=bogus=1"}, "<command line>:1:15: error: no such option 'bogus' for 'canonicalize'"},
		{[]string{in, "-no-such-pass"}, "<command line>: error: flag provided but not defined: -no-such-pass"},
		{[]string{in, "-mlir-print-ir-after=nope"}, "<command line>: error: 'nope' given to -mlir-print-ir-before/after is not a registered pass"},
		{[]string{in, in}, "<command line>: error: expected at most one input file, got 2"},
		{[]string{filepath.Join(t.TempDir(), "missing.mlir")}, "<command line>: error: cannot open input file"},
		{[]string{in, "-verify-diagnostics=sometimes"}, "-verify-diagnostics takes all or only-expected"},
		{[]string{in, "-canonicalize=region-simplify=odd"}, "canonicalize: region-simplify must be disabled, normal or aggressive"},
	} {
		code, _, errs := spOpt(t, "", tc.args...)
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant:\n%s", tc.args, code, errs, tc.want)
		}
	}
}

func TestParseAndVerifyErrorsHaveCarets(t *testing.T) {
	src := "tt.func @f(%arg0: i32) -> f32 {\n  tt.return %arg0 : i32\n}\n"
	code, out, errs := spOpt(t, src, "-")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, out %q", code, out)
	}
	want := "<stdin>:2:3: error: 'tt.return' op type of return operand 0 (i32) doesn't match function result type (f32) in function @f\n  tt.return %arg0 : i32\n  ^\n"
	if errs != want {
		t.Errorf("got:\n%s\nwant:\n%s", errs, want)
	}
	code, _, errs = spOpt(t, "tt.func @f( {\n", "-")
	if code != 1 || !regexp.MustCompile(`^<stdin>:1:\d+: error: .*\ntt.func @f\( \{\n *\^\n$`).MatchString(errs) {
		t.Errorf("parse error: exit %d:\n%s", code, errs)
	}
	code, _, errs = spOpt(t, `"foo.bar"() : () -> ()`+"\n", "-")
	if code != 1 || !strings.Contains(errs, "foo.bar") {
		t.Errorf("unregistered op accepted: %d %s", code, errs)
	}
	code, out, errs = spOpt(t, `"foo.bar"() : () -> ()`+"\n", "-", "--allow-unregistered-dialect")
	if code != 0 || !strings.Contains(out, `"foo.bar"() : () -> ()`) {
		t.Errorf("--allow-unregistered-dialect: %d %s %s", code, out, errs)
	}
}

const splitSrc = `tt.func @a(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.addi %arg0, %arg0 : i32
  %2 = arith.muli %0, %1 : i32
  tt.return %2 : i32
}

// -----

tt.func @b(%arg0: i32) -> i32 {
  tt.return %arg0 : i32
}
`

func TestSplitInputFile(t *testing.T) {
	code, out, errs := spOpt(t, splitSrc, "-", "-split-input-file", "-cse")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	parts := strings.Split(out, "// -----\n")
	if len(parts) != 2 || !strings.Contains(parts[0], "@a") || !strings.Contains(parts[0], "arith.muli %0, %0") || !strings.Contains(parts[1], "@b") || strings.Contains(parts[1], "@a") {
		t.Errorf("split output:\n%s", out)
	}
	code, out, _ = spOpt(t, splitSrc, "-", "-split-input-file", "--output-split-marker=// =====")
	if code != 0 || !strings.Contains(out, "}\n// =====\nmodule {") {
		t.Errorf("output marker:\n%s", out)
	}
	// Without splitting, @a and @b are one module.
	code, out, _ = spOpt(t, splitSrc, "-")
	if code != 0 || strings.Count(out, "module {") != 1 {
		t.Errorf("unsplit:\n%s", out)
	}
	// Errors in a later chunk carry the file's own line numbers; other
	// chunks are still printed and the exit status is 1.
	bad := splitSrc + "\n// -----\n\ntt.func @c(%arg0: i32) -> f32 {\n  tt.return %arg0 : i32\n}\n"
	code, out, errs = spOpt(t, bad, "-", "-split-input-file")
	if code != 1 || !strings.HasPrefix(errs, "<stdin>:17:3: error: 'tt.return' op") || strings.Count(out, "module {") != 2 {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

const diagInput = `// expected-note @below {{prior}}
tt.func @a(%arg0: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 (i32) doesn't match}}
  tt.return %arg0 : i32
}

// -----

tt.func @b(%arg0: i32) -> f32 {
  tt.return %arg0 : i32 // expected-error-re {{type of return operand {{[0-9]+}} (i32)}}
}

// -----

tt.func @c(%arg0: i32) -> i32 {
  // expected-error @above {{never}}
  %0 = arith.addi %arg0, %x : i32
  tt.return %0 : i32
}
`

func TestVerifyDiagnostics(t *testing.T) {
	in := writeTemp(t, "d.mlir", diagInput)
	code, _, errs := spOpt(t, "", in, "-split-input-file", "-verify-diagnostics")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	wantMsgs := []string{
		in + ":17:26: error: unexpected error: use of undeclared SSA value name '%x'",
		in + ":1:4: error: expected note \"prior\" was not produced",
		in + ":16:6: error: expected error \"never\" was not produced",
	}
	got := regexp.MustCompile(`(?m)^\S+:\d+:\d+: error: .*$`).FindAllString(errs, -1)
	if strings.Join(got, "\n") != strings.Join(wantMsgs, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s\nfull:\n%s", strings.Join(got, "\n"), strings.Join(wantMsgs, "\n"), errs)
	}
	// A fully matching file passes; -only-expected ignores unexpected ones.
	ok := strings.Replace(diagInput, "// expected-note @below {{prior}}\n", "\n", 1)
	ok = strings.Replace(ok, "// expected-error @above {{never}}", "// expected-error @below {{undeclared SSA value name '%x'}}", 1)
	in = writeTemp(t, "ok.mlir", ok)
	if code, _, errs := spOpt(t, "", in, "-split-input-file", "-verify-diagnostics"); code != 0 {
		t.Errorf("matching file: exit %d\n%s", code, errs)
	}
	onlyExp := strings.Replace(ok, "// expected-error @below {{undeclared SSA value name '%x'}}", "", 1)
	in = writeTemp(t, "only.mlir", onlyExp)
	if code, _, _ := spOpt(t, "", in, "-split-input-file", "-verify-diagnostics"); code != 1 {
		t.Error("unexpected error accepted")
	}
	if code, _, errs := spOpt(t, "", in, "-split-input-file", "-verify-diagnostics=only-expected"); code != 0 {
		t.Errorf("only-expected: exit %d %s", code, errs)
	}
}

func TestVerifyDiagnosticsPassRemarkOffsets(t *testing.T) {
	// @-N designator and a pass-option error inside a pass (reported at
	// the module location) matched through verify-diagnostics.
	src := "tt.func @f() {\n  tt.return\n}\n// expected-error @-3 {{region-simplify must be}}\n"
	in := writeTemp(t, "r.mlir", src)
	code, _, errs := spOpt(t, "", in, "-verify-diagnostics", "-canonicalize=region-simplify=odd")
	if code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
}

func TestIRPrintingFlags(t *testing.T) {
	in := writeTemp(t, "k.mlir", addKernel)
	header := regexp.MustCompile(`(?m)^// -----// IR Dump .*$`)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-canonicalize", "-cse", "-symbol-dce", "-mlir-print-ir-after-all"}, []string{
			"// -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //",
			"// -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //",
			"// -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //",
		}},
		{[]string{"-canonicalize", "-cse", "-symbol-dce", "-mlir-print-ir-after-change"}, []string{
			"// -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //",
			"// -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //",
		}},
		{[]string{"-canonicalize", "-cse", "-mlir-print-ir-before=cse", "-mlir-print-ir-after=canonicalize"}, []string{
			"// -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //",
			"// -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //",
		}},
		{[]string{"-cse", "-mlir-print-ir-before-all"}, []string{
			"// -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //",
		}},
		{[]string{"--pass-pipeline=builtin.module(tt.func(cse))", "-mlir-print-ir-after-all"}, []string{
			"// -----// IR Dump After CSE (cse) ('tt.func' operation: @f) //----- //",
		}},
		{[]string{"-canonicalize=region-simplify=odd", "-mlir-print-ir-after-failure"}, []string{
			"// -----// IR Dump After Canonicalizer Failed (canonicalize) ('builtin.module' operation) //----- //",
		}},
	} {
		_, out, errs := spOpt(t, "", append([]string{in}, tc.args...)...)
		got := header.FindAllString(errs, -1)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%v:\n%s\nwant:\n%s", tc.args, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if strings.Contains(out, "IR Dump") {
			t.Errorf("%v: dump on stdout", tc.args)
		}
	}
	_, _, errs := spOpt(t, "", in, "--pass-pipeline=builtin.module(tt.func(cse))", "-mlir-print-ir-after-all", "-mlir-print-ir-module-scope")
	if !strings.Contains(errs, "('tt.func' operation: @f) //----- //\nmodule {") {
		t.Errorf("module scope:\n%s", errs)
	}
}

func TestTimingAndVerifyEach(t *testing.T) {
	in := writeTemp(t, "k.mlir", addKernel)
	code, _, errs := spOpt(t, "", in, "-canonicalize", "--pass-pipeline=", "-mlir-timing", "-verify-each=false", "-mlir-disable-threading")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, row := range []string{"Parser", "Canonicalizer", "Output", "Total", "... Execution time report ..."} {
		if !regexp.MustCompile(`(?m)^.*` + regexp.QuoteMeta(row) + `$`).MatchString(errs) {
			t.Errorf("timing report lacks %q:\n%s", row, errs)
		}
	}
}

func TestListPassesHelpAndDialects(t *testing.T) {
	code, out, _ := spOpt(t, "", "--list-passes")
	if code != 0 || !strings.Contains(out, "  --canonicalize  -  Canonicalize operations") || !strings.Contains(out, "      max-iterations=<int>  -  maximum sweeps over the IR before giving up (default 10)") || !strings.Contains(out, "--symbol-dce") {
		t.Errorf("--list-passes:\n%s", out)
	}
	code, out, _ = spOpt(t, "", "--help")
	if code != 0 || !strings.Contains(out, "--cse") || !strings.Contains(out, "Passes") || !strings.Contains(out, "options: max-iterations=<int> (default 10)") {
		t.Errorf("--help:\n%s", out)
	}
	code, out, _ = spOpt(t, "", "--show-dialects")
	if code != 0 || !strings.Contains(out, "  arith\n") || !strings.Contains(out, "  tt\n") {
		t.Errorf("--show-dialects:\n%s", out)
	}
}

func TestDocsUpToDate(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/passes.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != genPassDocs(reg) {
		t.Error("docs/passes.md is stale: run `go generate ./cmd/sp-opt`")
	}
}

func TestDumpPassHTML(t *testing.T) {
	in := writeTemp(t, "k.mlir", splitSrc)
	page := filepath.Join(t.TempDir(), "passes.html")
	code, _, errs := spOpt(t, "", in, "-split-input-file", "-canonicalize", "-cse", "--dump-pass-html="+page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	// Two chunks, two passes each: four pass sections, two inputs.
	if strings.Count(s, `<details class="pass"`) != 4 || strings.Count(s, `<details class="input"`) != 2 || !strings.Contains(s, `<span class="del">-     %v1 = arith.addi %arg0, %arg0 : i32</span>`) {
		t.Errorf("page:\n%s", s)
	}
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium not found and CI=true")
		}
		t.Skip("chromium not installed")
	}
	dir := t.TempDir()
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--user-data-dir="+dir, "--enable-logging=stderr", "--v=0", "--dump-dom", "file://"+page)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	if n := strings.Count(stdout.String(), `<details class="pass"`); n != 4 {
		t.Errorf("rendered DOM has %d pass sections", n)
	}
	if strings.Contains(stderr.String(), "CONSOLE") || strings.Contains(stderr.String(), "Uncaught") {
		t.Errorf("console errors:\n%s", stderr.String())
	}
}

func TestNormalizeArgs(t *testing.T) {
	reg, _ := newRegistry()
	app := newApp(reg, &config{})
	got := normalizeArgs(app, []string{"in.mlir", "-o", "out", "-cse", "-split-input-file", "--pass-pipeline", "x", "-"})
	want := "-o out -cse -split-input-file --pass-pipeline x -- in.mlir -"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q want %q", strings.Join(got, " "), want)
	}
}
