package pass

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"github.com/sparsetriton/sp/ir"
)

// AnyOp is the anchor of passes that may run on any operation.
const AnyOp = "any"

// Pass is the declarative description of one pass. Library packages export
// one *Pass per pass; tools register them explicitly with NewRegistry.
type Pass struct {
	// Name is the command-line argument (`canonicalize`, `tritongpu-coalesce`).
	Name string
	// Title is the pass's display name in IR dump headers and timing reports
	// (MLIR's class name: "Canonicalizer", "CSE"). Empty: derived from Name.
	Title string
	// Summary is one line for --help and --list-passes.
	Summary string
	// Doc is the long documentation (usually the embedded doc.go text).
	Doc string
	// Anchor is the op name the pass runs on ("builtin.module", "tt.func")
	// or AnyOp.
	Anchor string
	// Options is a pointer to a struct holding the default option values
	// (see options.go for the field tags). It is a template and is never
	// written: each pass instance gets its own copy (NewOptions), available
	// to Run as Context.Options.
	Options any
	// Requires lists passes that must run before this one when both are in
	// a pipeline (checked by Validate for cycles and by CheckOrder).
	Requires []*Pass
	// Run transforms op, whose name matches Anchor. It returns an error
	// (normally an *ir.Diagnostic at the offending op) when the pass fails.
	Run func(ctx *Context, op *ir.Operation) error
}

// DisplayName returns Title, or Name in CamelCase when Title is empty
// ("symbol-dce" -> "SymbolDce").
func (p *Pass) DisplayName() string {
	if p.Title != "" {
		return p.Title
	}
	var sb strings.Builder
	for _, part := range strings.FieldsFunc(p.Name, func(r rune) bool { return r == '-' || r == '_' }) {
		r := []rune(part)
		r[0] = unicode.ToUpper(r[0])
		sb.WriteString(string(r))
	}
	return sb.String()
}

// Context is what a running pass sees.
type Context struct {
	// IR is the dialect registry in use (for builders and lookups).
	IR *ir.Context
	// Options is this instance's options (a pointer of the same type as
	// Pass.Options), or nil when the pass has none.
	Options any
	// Pass is the pass being run.
	Pass *Pass
	emit func(*ir.Diagnostic)
}

// Emit reports a diagnostic (remark, warning, note or a non-fatal error) to
// the driver's handler. A pass that fails returns an error instead.
func (c *Context) Emit(d *ir.Diagnostic) {
	if c.emit != nil {
		c.emit(d)
	}
}

// Remarkf emits a remark at op.
func (c *Context) Remarkf(op *ir.Operation, format string, args ...any) {
	c.Emit(&ir.Diagnostic{Loc: op.Loc, Severity: ir.SevRemark, Msg: fmt.Sprintf(format, args...)})
}

// Warnf emits a warning at op.
func (c *Context) Warnf(op *ir.Operation, format string, args ...any) {
	c.Emit(&ir.Diagnostic{Loc: op.Loc, Severity: ir.SevWarning, Msg: fmt.Sprintf(format, args...)})
}

// OptionsOf returns the typed options of the running pass. It panics when
// the pass declared options of a different type (a programming error that
// the pass manager reports with the pass name).
func OptionsOf[T any](c *Context) *T {
	return c.Options.(*T)
}

// ValidationError lists what is wrong with one pass declaration.
type ValidationError struct {
	Pass string
	Msg  string
}

func (e *ValidationError) Error() string { return fmt.Sprintf("pass %q: %s", e.Pass, e.Msg) }

// DuplicateError is two passes (or pipelines) registered under one name.
type DuplicateError struct{ Name string }

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("pass or pipeline %q registered twice", e.Name)
}

// CycleError is a cycle in the Requires graph, listed from its first pass
// back to it: [a b a] means a requires b requires a.
type CycleError struct{ Cycle []string }

func (e *CycleError) Error() string {
	return "pass requirement cycle: " + strings.Join(e.Cycle, " -> ")
}

// Validate checks pass declarations: names, docs, anchors, option structs,
// duplicates and Requires cycles. It returns the first problem found.
func Validate(passes []*Pass) error {
	seen := map[string]bool{}
	for _, p := range passes {
		if err := validateOne(p); err != nil {
			return err
		}
		if seen[p.Name] {
			return &DuplicateError{Name: p.Name}
		}
		seen[p.Name] = true
	}
	return checkCycles(passes)
}

func validateOne(p *Pass) error {
	bad := func(format string, args ...any) error {
		return &ValidationError{Pass: p.Name, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case !validOptionName(p.Name) || strings.HasPrefix(p.Name, "-"):
		return bad("name must be non-empty letters, digits, '-' or '_'")
	case strings.TrimSpace(p.Summary) == "":
		return bad("missing Summary")
	case strings.Contains(p.Summary, "\n"):
		return bad("Summary must be one line")
	case strings.TrimSpace(p.Doc) == "":
		return bad("missing Doc")
	case p.Anchor == "":
		return bad("missing Anchor (an op name or %q)", AnyOp)
	case p.Run == nil:
		return bad("missing Run")
	}
	if p.Options != nil {
		if _, err := optionFields(reflect.TypeOf(p.Options)); err != nil {
			return bad("%v", err)
		}
		if reflect.ValueOf(p.Options).IsNil() {
			return bad("Options is a nil pointer")
		}
	}
	for _, r := range p.Requires {
		if r == nil {
			return bad("nil entry in Requires")
		}
	}
	return nil
}

func checkCycles(passes []*Pass) error {
	const (
		white = iota
		grey
		black
	)
	color := map[*Pass]int{}
	var stack []*Pass
	var visit func(p *Pass) error
	visit = func(p *Pass) error {
		switch color[p] {
		case grey:
			var cyc []string
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i] == p {
					for _, q := range stack[i:] {
						cyc = append(cyc, q.Name)
					}
					break
				}
			}
			return &CycleError{Cycle: append(cyc, p.Name)}
		case black:
			return nil
		}
		color[p] = grey
		stack = append(stack, p)
		for _, r := range p.Requires {
			if err := visit(r); err != nil {
				return err
			}
		}
		stack = stack[:len(stack)-1]
		color[p] = black
		return nil
	}
	for _, p := range passes {
		if err := visit(p); err != nil {
			return err
		}
	}
	return nil
}

// OrderError is a pass that appears in a pipeline before (or without) a
// pass it requires.
type OrderError struct {
	Pass, Required string
}

func (e *OrderError) Error() string {
	return fmt.Sprintf("pass %q requires %q to run earlier in the pipeline", e.Pass, e.Required)
}

// CheckOrder checks that every pass's Requires appear earlier in the flat
// list ps. Programmatic pipelines (sp-run, sp-pipeline) call it; sp-opt
// does not, since its input may already be in the required state.
func CheckOrder(ps []*Pass) error {
	ran := map[*Pass]bool{}
	for _, p := range ps {
		for _, r := range p.Requires {
			if !ran[r] {
				return &OrderError{Pass: p.Name, Required: r.Name}
			}
		}
		ran[p] = true
	}
	return nil
}
