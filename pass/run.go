package pass

import (
	"fmt"
	"runtime/debug"

	"github.com/sparsetriton/sp/ir"
)

// Instrumentation observes pass execution (IR printing, timing, HTML
// dumps). Hooks run in registration order before a pass and in reverse
// order after it; they must not modify the IR.
type Instrumentation interface {
	BeforePass(in *Instance, op *ir.Operation)
	AfterPass(in *Instance, op *ir.Operation)
	AfterPassFailed(in *Instance, op *ir.Operation, err error)
}

// PipelineInstrumentation is optionally implemented by instrumentations
// that want to see nested managers start and finish on each op.
type PipelineInstrumentation interface {
	BeforePipeline(m *Manager, op *ir.Operation)
	AfterPipeline(m *Manager, op *ir.Operation)
}

// RunOptions configures Manager.Run.
type RunOptions struct {
	// IR is the dialect registry handed to passes.
	IR *ir.Context
	// DisableVerify turns off ir.Verify after each pass (--verify-each=false).
	DisableVerify bool
	// Instrumentations observe each pass.
	Instrumentations []Instrumentation
	// Diag receives diagnostics that passes emit without failing (remarks,
	// warnings); nil drops them.
	Diag func(*ir.Diagnostic)
}

// InternalError is a failure that is a bug in sp rather than in the input:
// a pass panicked, or left IR that does not verify. Diag locates it.
type InternalError struct {
	Pass  string
	Diag  *ir.Diagnostic
	Stack []byte // goroutine stack of a panic, nil otherwise
}

func (e *InternalError) Error() string { return e.Diag.Error() }

// Run runs m on op, whose name must match m's anchor.
func (m *Manager) Run(op *ir.Operation, opts RunOptions) error {
	if !anchorMatches(m.Anchor, op) {
		return ir.Errorf(op.Loc, "can't run '%s' pass manager on '%s' op", m.Anchor, op.Name)
	}
	return m.run(op, &opts)
}

func anchorMatches(anchor string, op *ir.Operation) bool {
	if anchor == AnyOp {
		return true
	}
	return op.Name == anchor
}

func (m *Manager) run(op *ir.Operation, o *RunOptions) error {
	for _, e := range m.elems {
		var err error
		if e.inst != nil {
			err = runPass(e.inst, op, o)
		} else {
			err = e.nested.runNested(op, o)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// runNested runs m on every op directly nested in parent's regions that
// matches m's anchor (for AnyOp: every isolated-from-above op).
func (m *Manager) runNested(parent *ir.Operation, o *RunOptions) error {
	for _, r := range parent.Regions {
		for _, b := range r.Blocks {
			for _, child := range append([]*ir.Operation(nil), b.Ops()...) {
				if !m.schedulesOn(child) {
					continue
				}
				if err := m.runOn(child, o); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (m *Manager) schedulesOn(op *ir.Operation) bool {
	if m.Anchor == AnyOp {
		return op.HasTrait(ir.IsolatedFromAbove)
	}
	return op.Name == m.Anchor
}

func (m *Manager) runOn(op *ir.Operation, o *RunOptions) error {
	for _, in := range o.Instrumentations {
		if pi, ok := in.(PipelineInstrumentation); ok {
			pi.BeforePipeline(m, op)
		}
	}
	err := m.run(op, o)
	for i := len(o.Instrumentations) - 1; i >= 0; i-- {
		if pi, ok := o.Instrumentations[i].(PipelineInstrumentation); ok {
			pi.AfterPipeline(m, op)
		}
	}
	return err
}

func runPass(in *Instance, op *ir.Operation, o *RunOptions) error {
	for _, h := range o.Instrumentations {
		h.BeforePass(in, op)
	}
	err := protectedRun(in, op, o)
	if err == nil && !o.DisableVerify {
		err = verifyAfter(in, op)
	}
	if err != nil {
		for i := len(o.Instrumentations) - 1; i >= 0; i-- {
			o.Instrumentations[i].AfterPassFailed(in, op, err)
		}
		return err
	}
	for i := len(o.Instrumentations) - 1; i >= 0; i-- {
		o.Instrumentations[i].AfterPass(in, op)
	}
	return nil
}

// protectedRun calls the pass, turning a panic into an InternalError that
// names the pass and the op it ran on.
func protectedRun(in *Instance, op *ir.Operation, o *RunOptions) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &InternalError{
				Pass:  in.Pass.Name,
				Diag:  ir.Errorf(op.Loc, "internal error: pass '%s' panicked while running on %s: %v", in.Pass.Name, describeOp(op), r),
				Stack: debug.Stack(),
			}
		}
	}()
	ctx := &Context{IR: o.IR, Options: in.Options, Pass: in.Pass, emit: o.Diag}
	if err := in.Pass.Run(ctx, op); err != nil {
		if _, ok := err.(*ir.Diagnostic); ok {
			return err
		}
		if _, ok := err.(*InternalError); ok {
			return err
		}
		return ir.Errorf(op.Loc, "pass '%s' failed: %v", in.Pass.Name, err)
	}
	return nil
}

// verifyAfter reports IR that fails to verify after a pass as an internal
// error naming the pass; the verifier's location and notes are kept.
func verifyAfter(in *Instance, op *ir.Operation) error {
	err := ir.Verify(op)
	if err == nil {
		return nil
	}
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		d = ir.Errorf(op.Loc, "%v", err)
	}
	nd := *d
	nd.Msg = fmt.Sprintf("internal error: pass '%s' produced IR that fails to verify: %s", in.Pass.Name, d.Msg)
	return &InternalError{Pass: in.Pass.Name, Diag: &nd}
}

// describeOp is `'tt.func' operation: @name` without the quotes' context,
// as in MLIR's IR dump headers.
func describeOp(op *ir.Operation) string {
	s := fmt.Sprintf("'%s' operation", op.Name)
	if n, ok := ir.SymbolNameOf(op); ok {
		s += ": @" + n
	}
	return s
}
