package pass

import (
	"fmt"
	"html"
	"io"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"
	"github.com/sparsetriton/sp/ir"
)

// HTMLDump records the whole IR (top-level op) after every pass run and
// writes a self-contained HTML page: the input IR, then one collapsible
// <details class="pass"> section per pass run showing a line diff against
// the previous snapshot and the pass's wall time. No scripts, no external
// resources. A nil *HTMLDump records nothing.
type HTMLDump struct {
	// Title heads the page (usually the input file name).
	Title string
	// Print selects the printed form of the snapshots.
	Print ir.PrintOptions
	// Links are shown under the page's heading (the kernel's roofline
	// chart, say).
	Links []Link
	// Annotate, when set, is called with the whole IR after each pass run;
	// the links it returns (pictures of the layouts the pass introduced,
	// say) are shown in that pass's section.
	Annotate func(op *ir.Operation) []Link

	last     string
	begun    bool
	namer    *stableNamer
	sections []htmlSection
	started  map[*Instance]time.Time
}

// Link is a reference shown with a pass section; Href is relative to the
// page.
type Link struct{ Text, Href string }

// htmlSection is an input snapshot (input != "") or one pass run.
type htmlSection struct {
	links    []Link
	input    string
	pass, op string
	failed   bool
	dur      time.Duration
	before   string
	after    string
}

// Begin records the input IR of one run (one split-input chunk) under
// title; without it, the first BeforePass records the input.
func (h *HTMLDump) Begin(title string, op *ir.Operation) {
	if h == nil {
		return
	}
	h.begun = true
	h.last = h.snapshot(op)
	h.sections = append(h.sections, htmlSection{input: title, after: h.last})
}

// snapshot prints the whole IR with names that stay stable across the
// dump's snapshots (stableNamer), so a diff shows only what changed.
func (h *HTMLDump) snapshot(op *ir.Operation) string {
	for op.ParentOp() != nil {
		op = op.ParentOp()
	}
	if h.namer == nil {
		h.namer = newStableNamer()
	}
	return h.namer.print(op, h.Print)
}

func (h *HTMLDump) BeforePass(in *Instance, op *ir.Operation) {
	if h == nil {
		return
	}
	if !h.begun {
		h.Begin("Input IR", op)
	}
	if h.started == nil {
		h.started = map[*Instance]time.Time{}
	}
	h.started[in] = time.Now()
}

func (h *HTMLDump) AfterPass(in *Instance, op *ir.Operation) { h.record(in, op, false) }

func (h *HTMLDump) AfterPassFailed(in *Instance, op *ir.Operation, _ error) { h.record(in, op, true) }

func (h *HTMLDump) record(in *Instance, op *ir.Operation, failed bool) {
	if h == nil {
		return
	}
	d := time.Since(h.started[in])
	now := h.snapshot(op)
	var links []Link
	if h.Annotate != nil && !failed {
		top := op
		for top.ParentOp() != nil {
			top = top.ParentOp()
		}
		links = h.Annotate(top)
	}
	h.sections = append(h.sections, htmlSection{
		pass: in.String(), op: describeOp(op), failed: failed, dur: d, before: h.last, after: now, links: links,
	})
	h.last = now
}

// Sections returns the number of pass runs recorded.
func (h *HTMLDump) Sections() int {
	n := 0
	for _, s := range h.sections {
		if s.input == "" {
			n++
		}
	}
	return n
}

const htmlStyle = `body{font-family:sans-serif;margin:1em}
pre{font-family:monospace;font-size:12px;background:#fafafa;padding:.5em;overflow-x:auto}
details{border:1px solid #ccc;border-radius:4px;margin:.4em 0;padding:.2em .6em}
summary{cursor:pointer;font-weight:bold}
.add{background:#e6ffe6;display:block}.del{background:#ffe6e6;display:block;text-decoration:line-through}
.links{font-size:12px;margin:.3em 0}.links a{margin-right:.3em}
.time{color:#666;font-weight:normal}.failed{color:#b00}.same{color:#999;font-weight:normal}`

// WriteTo writes the page.
func (h *HTMLDump) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
	fmt.Fprintf(&sb, "<title>%s</title><style>%s</style></head><body>\n", html.EscapeString(h.Title), htmlStyle)
	fmt.Fprintf(&sb, "<h1>%s</h1>\n", html.EscapeString(h.Title))
	var total time.Duration
	for _, s := range h.sections {
		total += s.dur
	}
	fmt.Fprintf(&sb, "<p>%d pass runs, %.3f ms in passes.</p>\n", h.Sections(), ms(total))
	writeLinks(&sb, h.Links)
	n := 0
	for _, s := range h.sections {
		if s.input != "" {
			fmt.Fprintf(&sb, "<details class=\"input\"><summary>%s</summary><pre>%s</pre></details>\n", html.EscapeString(s.input), html.EscapeString(s.after))
			continue
		}
		n++
		h.writeSection(&sb, n, s)
	}
	sb.WriteString("</body></html>\n")
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (h *HTMLDump) writeSection(sb *strings.Builder, n int, s htmlSection) {
	status := ""
	switch {
	case s.failed:
		status = ` <span class="failed">failed</span>`
	case s.before == s.after:
		status = ` <span class="same">(no change)</span>`
	}
	fmt.Fprintf(sb, "<details class=\"pass\" id=\"pass-%d\"><summary>%d. %s on %s <span class=\"time\">%.3f ms</span>%s</summary><pre>",
		n, n, html.EscapeString(s.pass), html.EscapeString(s.op), ms(s.dur), status)
	sb.WriteString(diffHTML(s.before, s.after))
	sb.WriteString("</pre>")
	writeLinks(sb, s.links)
	sb.WriteString("</details>\n")
}

func writeLinks(sb *strings.Builder, links []Link) {
	if len(links) == 0 {
		return
	}
	sb.WriteString("<p class=\"links\">")
	for i, l := range links {
		if i > 0 {
			sb.WriteString(" · ")
		}
		fmt.Fprintf(sb, "<a href=\"%s\">%s</a>", html.EscapeString(l.Href), html.EscapeString(l.Text))
	}
	sb.WriteString("</p>")
}

// diffHTML renders a line diff of a -> b: removed lines in class "del",
// added lines in class "add", unchanged lines plain.
func diffHTML(a, b string) string {
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	var sb strings.Builder
	for _, d := range diffs {
		for _, line := range strings.SplitAfter(d.Text, "\n") {
			if line == "" {
				continue
			}
			esc := html.EscapeString(strings.TrimSuffix(line, "\n"))
			switch d.Type {
			case diffmatchpatch.DiffInsert:
				fmt.Fprintf(&sb, "<span class=\"add\">+ %s</span>", esc)
			case diffmatchpatch.DiffDelete:
				fmt.Fprintf(&sb, "<span class=\"del\">- %s</span>", esc)
			default:
				fmt.Fprintf(&sb, "  %s\n", esc)
			}
		}
	}
	return sb.String()
}
