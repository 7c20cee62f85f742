package pass

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sparsetriton/sp/ir"
)

// IRPrinter prints the IR around passes in MLIR's format (ir-syntax.md
// §7.3):
//
//	// -----// IR Dump Before Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
//	module { ... }
//
// A nil *IRPrinter prints nothing.
type IRPrinter struct {
	W io.Writer
	// Before and After select passes to print before/after; nil: none.
	Before, After func(*Pass) bool
	// OnlyOnChange skips "after" dumps when the pass left the IR unchanged
	// (its printed form, generic with locations, is compared).
	OnlyOnChange bool
	// AfterFailure prints the IR after a pass that failed.
	AfterFailure bool
	// ModuleScope prints the top-level op instead of the pass's anchor op.
	ModuleScope bool
	// Print selects the printed form (generic, debug info, ...).
	Print ir.PrintOptions

	before map[*ir.Operation]string
}

func (p *IRPrinter) BeforePass(in *Instance, op *ir.Operation) {
	if p == nil {
		return
	}
	if p.Before != nil && p.Before(in.Pass) {
		p.dump("Before "+in.Pass.DisplayName(), in, op)
	}
	if p.OnlyOnChange && p.wantsAfter(in) {
		if p.before == nil {
			p.before = map[*ir.Operation]string{}
		}
		p.before[op] = fingerprint(op)
	}
}

func (p *IRPrinter) wantsAfter(in *Instance) bool { return p.After != nil && p.After(in.Pass) }

func (p *IRPrinter) AfterPass(in *Instance, op *ir.Operation) {
	if p == nil || !p.wantsAfter(in) {
		return
	}
	if p.OnlyOnChange {
		old, ok := p.before[op]
		delete(p.before, op)
		if ok && old == fingerprint(op) {
			return
		}
	}
	p.dump("After "+in.Pass.DisplayName(), in, op)
}

func (p *IRPrinter) AfterPassFailed(in *Instance, op *ir.Operation, _ error) {
	if p == nil {
		return
	}
	delete(p.before, op)
	if p.AfterFailure || p.wantsAfter(in) {
		p.dump("After "+in.Pass.DisplayName()+" Failed", in, op)
	}
}

func (p *IRPrinter) dump(what string, in *Instance, op *ir.Operation) {
	fmt.Fprintf(p.W, "%s\n%s\n\n", DumpHeader(what, in.Pass, op), p.text(op))
}

func (p *IRPrinter) text(op *ir.Operation) string {
	opts := p.Print
	if p.ModuleScope {
		for op.ParentOp() != nil {
			op = op.ParentOp()
		}
	} else if op.ParentOp() != nil {
		opts.LocalScope = true
	}
	return ir.Print(op, opts)
}

// DumpHeader returns the banner line of an IR dump, what being e.g.
// "Before CSE" or "After CSE Failed".
func DumpHeader(what string, p *Pass, op *ir.Operation) string {
	return fmt.Sprintf("// -----// IR Dump %s (%s) (%s) //----- //", what, p.Name, describeOp(op))
}

func fingerprint(op *ir.Operation) string {
	return ir.Print(op, ir.PrintOptions{Generic: true, DebugInfo: true, LocalScope: true})
}

// Timing measures wall time per pass (accumulated over every op a nested
// pipeline runs on) and prints MLIR's -mlir-timing report. Rows added with
// AddRow (the driver's "Parser" and "Output") appear at the top level in
// insertion order. A nil *Timing records nothing.
type Timing struct {
	root  timeNode
	stack []*timeNode
	start map[any]time.Time
	now   func() time.Time
}

type timeNode struct {
	key      any
	name     string
	d        time.Duration
	children []*timeNode
}

func (n *timeNode) child(key any, name string) *timeNode {
	for _, c := range n.children {
		if c.key == key {
			return c
		}
	}
	c := &timeNode{key: key, name: name}
	n.children = append(n.children, c)
	return c
}

// NewTiming returns an empty report.
func NewTiming() *Timing { return &Timing{start: map[any]time.Time{}, now: time.Now} }

func (t *Timing) cur() *timeNode {
	if len(t.stack) == 0 {
		return &t.root
	}
	return t.stack[len(t.stack)-1]
}

// AddRow adds d to the top-level row name.
func (t *Timing) AddRow(name string, d time.Duration) {
	if t != nil {
		t.root.child("row:"+name, name).d += d
	}
}

func (t *Timing) enter(key any, name string) {
	n := t.cur().child(key, name)
	t.stack = append(t.stack, n)
	t.start[n] = t.now()
}

func (t *Timing) leave() {
	n := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	n.d += t.now().Sub(t.start[n])
}

func (t *Timing) BeforePass(in *Instance, _ *ir.Operation) {
	if t != nil {
		t.enter(in, in.Pass.DisplayName())
	}
}

func (t *Timing) AfterPass(*Instance, *ir.Operation) {
	if t != nil {
		t.leave()
	}
}

func (t *Timing) AfterPassFailed(*Instance, *ir.Operation, error) {
	if t != nil {
		t.leave()
	}
}

func (t *Timing) BeforePipeline(m *Manager, _ *ir.Operation) {
	if t != nil {
		t.enter(m, fmt.Sprintf("'%s' Pipeline", m.Anchor))
	}
}

func (t *Timing) AfterPipeline(*Manager, *ir.Operation) {
	if t != nil {
		t.leave()
	}
}

// PassTime returns the accumulated time of the instance in, if recorded.
func (t *Timing) PassTime(in *Instance) (time.Duration, bool) {
	var find func(n *timeNode) (time.Duration, bool)
	find = func(n *timeNode) (time.Duration, bool) {
		for _, c := range n.children {
			if c.key == in {
				return c.d, true
			}
			if d, ok := find(c); ok {
				return d, ok
			}
		}
		return 0, false
	}
	return find(&t.root)
}

// Report writes the tree-form execution time report.
func (t *Timing) Report(w io.Writer) {
	var total time.Duration
	for _, c := range t.root.children {
		total += c.d
	}
	bar := "===" + strings.Repeat("-", 73) + "==="
	fmt.Fprintf(w, "%s\n%s\n%s\n", bar, center("... Execution time report ...", len(bar)), bar)
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	fmt.Fprintf(w, "  ----Wall Time----  ----Name----\n")
	var walk func(n *timeNode, depth int)
	walk = func(n *timeNode, depth int) {
		for _, c := range n.children {
			fmt.Fprintf(w, "  %s  %s%s\n", timeCell(c.d, total), strings.Repeat("  ", depth), c.name)
			walk(c, depth+1)
		}
	}
	walk(&t.root, 0)
	fmt.Fprintf(w, "  %s  Total\n", timeCell(total, total))
}

func timeCell(d, total time.Duration) string {
	pct := 100.0
	if total > 0 {
		pct = 100 * float64(d) / float64(total)
	}
	return fmt.Sprintf("%8.4f (%5.1f%%)", d.Seconds(), pct)
}

func center(s string, width int) string {
	pad := (width - len(s)) / 2
	if pad < 0 {
		pad = 0
	}
	return strings.Repeat(" ", pad) + s
}
