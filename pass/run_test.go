package pass

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

// recorder logs hook calls.
type recorder struct {
	tag string
	log *[]string
}

func (r recorder) BeforePass(in *Instance, op *ir.Operation) {
	*r.log = append(*r.log, fmt.Sprintf("%s:before %s %s", r.tag, in.Pass.Name, describeOp(op)))
}
func (r recorder) AfterPass(in *Instance, op *ir.Operation) {
	*r.log = append(*r.log, fmt.Sprintf("%s:after %s", r.tag, in.Pass.Name))
}
func (r recorder) AfterPassFailed(in *Instance, op *ir.Operation, err error) {
	*r.log = append(*r.log, fmt.Sprintf("%s:failed %s", r.tag, in.Pass.Name))
}

func TestRunNestedOrderAndHooks(t *testing.T) {
	var log []string
	visit := func(*Context, *ir.Operation) error { return nil }
	p1 := &Pass{Name: "p1", Summary: "s", Doc: "d", Anchor: "test.func", Run: visit}
	p2 := &Pass{Name: "p2", Summary: "s", Doc: "d", Anchor: AnyOp, Run: visit}
	p3 := &Pass{Name: "p3", Summary: "s", Doc: "d", Anchor: "builtin.module", Run: visit}
	r := testRegistry(t, p1, p2, p3)
	m, err := ParsePipeline(r, PipelineFile, "builtin.module(test.func(p1, p2), p3, any(p2))")
	if err != nil {
		t.Fatal(err)
	}
	ctx := testContext()
	mod := testModule(ctx, 2)
	err = m.Run(mod, RunOptions{IR: ctx, Instrumentations: []Instrumentation{recorder{"A", &log}, recorder{"B", &log}}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"A:before p1 'test.func' operation: @f0", "B:before p1 'test.func' operation: @f0", "B:after p1", "A:after p1",
		"A:before p2 'test.func' operation: @f0", "B:before p2 'test.func' operation: @f0", "B:after p2", "A:after p2",
		"A:before p1 'test.func' operation: @f1", "B:before p1 'test.func' operation: @f1", "B:after p1", "A:after p1",
		"A:before p2 'test.func' operation: @f1", "B:before p2 'test.func' operation: @f1", "B:after p2", "A:after p2",
		"A:before p3 'builtin.module' operation", "B:before p3 'builtin.module' operation", "B:after p3", "A:after p3",
		"A:before p2 'test.func' operation: @f0", "B:before p2 'test.func' operation: @f0", "B:after p2", "A:after p2",
		"A:before p2 'test.func' operation: @f1", "B:before p2 'test.func' operation: @f1", "B:after p2", "A:after p2",
	}
	if strings.Join(log, "\n") != strings.Join(want, "\n") {
		t.Errorf("hook log:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if err := m.Run(mod.Regions[0].Blocks[0].Ops()[0], RunOptions{}); err == nil || !strings.Contains(err.Error(), "can't run 'builtin.module' pass manager on 'test.func' op") {
		t.Errorf("anchor mismatch: %v", err)
	}
}

func TestRunOptionsReachPass(t *testing.T) {
	var seen []int
	p := optPass()
	p.Run = func(c *Context, op *ir.Operation) error {
		seen = append(seen, OptionsOf[testOpts](c).Iters)
		return nil
	}
	r := testRegistry(t)
	_ = r
	m := NewManager("builtin.module")
	if _, err := m.AddWithOptions(p, "max-iterations=4"); err != nil {
		t.Fatal(err)
	}
	m.Add(p)
	if err := m.Run(testModule(testContext(), 1), RunOptions{}); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[4 10]" {
		t.Errorf("options seen by Run: %v", seen)
	}
}

func TestPanicRecovered(t *testing.T) {
	var log []string
	boom := &Pass{Name: "boom", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(_ *Context, op *ir.Operation) error {
		var m map[string]int
		m["x"]++ // nil map write: a runtime panic
		return nil
	}}
	m := NewManager("builtin.module")
	m.Nest("test.func").Add(boom)
	err := m.Run(testModule(testContext(), 1), RunOptions{Instrumentations: []Instrumentation{recorder{"A", &log}}})
	var ie *InternalError
	if !errors.As(err, &ie) {
		t.Fatalf("got %v, want *InternalError", err)
	}
	want := "t.mlir:10:3: error: internal error: pass 'boom' panicked while running on 'test.func' operation: @f0: assignment to entry in nil map"
	if ie.Pass != "boom" || err.Error() != want || !bytes.Contains(ie.Stack, []byte("run_test.go")) {
		t.Errorf("got %q (pass %q)\nwant %q", err.Error(), ie.Pass, want)
	}
	if log[len(log)-1] != "A:failed boom" {
		t.Errorf("failure hook not run: %v", log)
	}
}

func TestVerifyEach(t *testing.T) {
	// breaker moves the add before the constant it uses: invalid IR.
	breaker := &Pass{Name: "breaker", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(_ *Context, op *ir.Operation) error {
		ops := op.Regions[0].Blocks[0].Ops()
		ops[1].MoveBefore(ops[0])
		return nil
	}}
	m := NewManager("builtin.module")
	m.Nest("test.func").Add(breaker)
	err := m.Run(testModule(testContext(), 1), RunOptions{})
	var ie *InternalError
	if !errors.As(err, &ie) || !strings.HasPrefix(ie.Diag.Msg, "internal error: pass 'breaker' produced IR that fails to verify: 'test.add' op operand #0 does not dominate this use") {
		t.Fatalf("got %v", err)
	}
	if pos, _ := ie.Diag.Loc.Pos(); pos.Line != 12 {
		t.Errorf("verifier location lost: %v", pos)
	}
	if err := m.Run(testModule(testContext(), 1), RunOptions{DisableVerify: true}); err != nil {
		t.Errorf("with verification disabled: %v", err)
	}
}

func TestPassErrors(t *testing.T) {
	fail := &Pass{Name: "fail", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(_ *Context, op *ir.Operation) error {
		return ir.OpError(op, "cannot handle this")
	}}
	plain := &Pass{Name: "plain", Summary: "s", Doc: "d", Anchor: "builtin.module", Run: func(*Context, *ir.Operation) error {
		return errors.New("plain failure")
	}}
	var diags []*ir.Diagnostic
	remark := &Pass{Name: "remark", Summary: "s", Doc: "d", Anchor: "test.func", Run: func(c *Context, op *ir.Operation) error {
		c.Remarkf(op, "visited")
		return nil
	}}
	m := NewManager("builtin.module")
	m.Nest("test.func").Add(remark)
	m.Nest("test.func").Add(fail)
	err := m.Run(testModule(testContext(), 2), RunOptions{Diag: func(d *ir.Diagnostic) { diags = append(diags, d) }})
	if err == nil || err.Error() != "t.mlir:10:3: error: 'test.func' op cannot handle this" {
		t.Errorf("got %v", err)
	}
	if len(diags) != 2 || diags[1].Error() != "t.mlir:20:3: remark: visited" {
		t.Errorf("remarks: %v", diags)
	}
	m = NewManager("builtin.module")
	m.Add(plain)
	if err := m.Run(testModule(testContext(), 1), RunOptions{}); err == nil || err.Error() != "t.mlir:1:3: error: pass 'plain' failed: plain failure" {
		t.Errorf("got %v", err)
	}
}

// eraseFirst erases the first function; identity changes nothing.
var (
	eraseFirst = &Pass{Name: "erase-first", Title: "EraseFirst", Summary: "s", Doc: "d", Anchor: "builtin.module", Run: func(_ *Context, op *ir.Operation) error {
		op.Regions[0].Blocks[0].Ops()[0].Erase()
		return nil
	}}
	identity = &Pass{Name: "identity", Summary: "s", Doc: "d", Anchor: AnyOp, Run: noop}
)

func TestIRPrinter(t *testing.T) {
	r := testRegistry(t, eraseFirst, identity)
	m, err := ParsePipeline(r, PipelineFile, "builtin.module(test.func(identity), erase-first, identity)")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	all := func(*Pass) bool { return true }
	pr := &IRPrinter{W: &buf, Before: func(p *Pass) bool { return p.Name == "erase-first" }, After: all, OnlyOnChange: true}
	mod := testModule(testContext(), 2)
	if err := m.Run(mod, RunOptions{Instrumentations: []Instrumentation{pr}}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	headers := regexp.MustCompile(`(?m)^// -----// .*$`).FindAllString(out, -1)
	want := []string{
		"// -----// IR Dump Before EraseFirst (erase-first) ('builtin.module' operation) //----- //",
		"// -----// IR Dump After EraseFirst (erase-first) ('builtin.module' operation) //----- //",
	}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("headers:\n%s\nwant:\n%s\nfull output:\n%s", strings.Join(headers, "\n"), strings.Join(want, "\n"), out)
	}
	if !strings.HasSuffix(out, ") -> ()\n\n") || strings.Count(out, `sym_name = "f0"`) != 1 {
		t.Errorf("dump bodies:\n%s", out)
	}

	// Every pass, including unchanged ones, without OnlyOnChange; nested
	// ops are named with their symbol.
	buf.Reset()
	pr = &IRPrinter{W: &buf, After: all}
	if err := m.Run(testModule(testContext(), 2), RunOptions{Instrumentations: []Instrumentation{pr}}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(buf.String(), "IR Dump After"); got != 4 {
		t.Errorf("%d after dumps, want 4:\n%s", got, buf.String())
	}
	if !strings.Contains(buf.String(), "// -----// IR Dump After Identity (identity) ('test.func' operation: @f1) //----- //\n\"test.func\"") {
		t.Errorf("nested dump:\n%s", buf.String())
	}
}

func TestIRPrinterAfterFailure(t *testing.T) {
	fail := &Pass{Name: "fail", Title: "Fail", Summary: "s", Doc: "d", Anchor: "builtin.module", Run: func(_ *Context, op *ir.Operation) error {
		return ir.OpError(op, "no")
	}}
	m := NewManager("builtin.module")
	m.Add(identity)
	m.Add(fail)
	var buf bytes.Buffer
	pr := &IRPrinter{W: &buf, AfterFailure: true}
	if err := m.Run(testModule(testContext(), 1), RunOptions{Instrumentations: []Instrumentation{pr}}); err == nil {
		t.Fatal("no failure")
	}
	if !strings.HasPrefix(buf.String(), "// -----// IR Dump After Fail Failed (fail) ('builtin.module' operation) //----- //\n") || strings.Count(buf.String(), "IR Dump") != 1 {
		t.Errorf("got:\n%s", buf.String())
	}
	var nilPrinter *IRPrinter
	nilPrinter.BeforePass(nil, nil) // nil-safe
}

func TestTiming(t *testing.T) {
	m := NewManager("builtin.module")
	m.Nest("test.func").Add(identity)
	in := m.Add(eraseFirst)
	tm := NewTiming()
	tm.AddRow("Parser", 0)
	if err := m.Run(testModule(testContext(), 3), RunOptions{Instrumentations: []Instrumentation{tm}}); err != nil {
		t.Fatal(err)
	}
	tm.AddRow("Output", 0)
	var buf bytes.Buffer
	tm.Report(&buf)
	rows := regexp.MustCompile(`(?m)^ +\d+\.\d{4} \( *\d+\.\d%\)  (.*)$`).FindAllStringSubmatch(buf.String(), -1)
	var names []string
	for _, r := range rows {
		names = append(names, r[1])
	}
	want := "Parser|'test.func' Pipeline|  Identity|EraseFirst|Output|Total"
	if strings.Join(names, "|") != want || !strings.Contains(buf.String(), "... Execution time report ...") {
		t.Errorf("rows %q, want %q\n%s", strings.Join(names, "|"), want, buf.String())
	}
	if _, ok := tm.PassTime(in); !ok {
		t.Error("no time for erase-first")
	}
}

func TestHTMLDump(t *testing.T) {
	r := testRegistry(t, eraseFirst, identity)
	m, err := ParsePipeline(r, PipelineFile, "builtin.module(test.func(identity), erase-first)")
	if err != nil {
		t.Fatal(err)
	}
	h := &HTMLDump{Title: "t.mlir <pipeline>"}
	if err := m.Run(testModule(testContext(), 2), RunOptions{Instrumentations: []Instrumentation{h}}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := h.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if h.Sections() != 3 || strings.Count(page, `<details class="pass"`) != 3 {
		t.Fatalf("%d sections:\n%s", h.Sections(), page)
	}
	// The erase-first diff deletes @f0's lines and keeps @f1's.
	last := page[strings.LastIndex(page, `<details class="pass"`):]
	if !strings.Contains(last, `<span class="del">- `) || !strings.Contains(last, `sym_name = &#34;f1&#34;`) || strings.Contains(last, `class="add"`) {
		t.Errorf("last section:\n%s", last)
	}
	if !strings.Contains(page, "t.mlir &lt;pipeline&gt;") || strings.Count(page, "(no change)") != 2 {
		t.Errorf("page:\n%s", page)
	}
	renderInChromium(t, page, 3)
}

// renderInChromium loads the page in headless Chromium, checks the DOM has
// one pass section per pass run and that the console logged no errors. It
// skips when Chromium is missing, except in CI (CI=true), where it fails.
func renderInChromium(t *testing.T, page string, sections int) {
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if _, e := os.Stat("/usr/bin/chromium"); e == nil {
			bin = "/usr/bin/chromium"
		} else if os.Getenv("CI") == "true" {
			t.Fatal("chromium not found and CI=true: the HTML dump must be checked in CI")
		} else {
			t.Skip("chromium not installed")
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "dump.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--no-first-run", "--user-data-dir="+filepath.Join(dir, "profile"), "--enable-logging=stderr", "--v=0",
		"--dump-dom", "file://"+file)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	dom := stdout.String()
	if got := strings.Count(dom, `<details class="pass"`); got != sections {
		t.Errorf("rendered DOM has %d pass sections, want %d:\n%s", got, sections, dom)
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Uncaught") {
			t.Errorf("console message: %s", line)
		}
	}
}
