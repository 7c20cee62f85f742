package transform

import "github.com/sparsetriton/sp/ir"

// Rewriter is the only way patterns change the IR: it keeps the greedy
// driver's worklist in sync. Its Builder creates ops at the insertion point
// (set it before creating); ops created with Create are queued for
// simplification.
type Rewriter struct {
	*ir.Builder
	d *driver
}

// Create builds and inserts an op (see ir.Builder.Create) and queues it.
func (rw *Rewriter) Create(name string, operands []*ir.Value, resultTypes []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	op := rw.Builder.Create(name, operands, resultTypes, attrs...)
	rw.d.push(op)
	rw.d.changed = true
	return op
}

// Insert places a detached op at the insertion point and queues it.
func (rw *Rewriter) Insert(op *ir.Operation) *ir.Operation {
	rw.Builder.Insert(op)
	rw.d.push(op)
	rw.d.changed = true
	return op
}

// ReplaceAllUsesWith redirects the uses of from to to and queues the users.
func (rw *Rewriter) ReplaceAllUsesWith(from, to *ir.Value) {
	for _, u := range from.Uses() {
		rw.d.push(u.Op)
	}
	from.ReplaceAllUsesWith(to)
	rw.d.push(to.DefiningOp())
	rw.d.changed = true
}

// ReplaceOp replaces each result of op with vals[i] and erases op.
func (rw *Rewriter) ReplaceOp(op *ir.Operation, vals []*ir.Value) {
	for i, r := range op.Results() {
		rw.ReplaceAllUsesWith(r, vals[i])
	}
	rw.EraseOp(op)
}

// EraseOp erases op (its results must be unused) and queues the ops that
// defined its operands, which may have become dead.
func (rw *Rewriter) EraseOp(op *ir.Operation) {
	rw.d.pushOperandDefs(op)
	op.WalkOps(rw.d.pushOperandDefs)
	op.Erase()
	rw.d.stats.Erased++
	rw.d.changed = true
}

// ModifyInPlace runs fn, which changes op's operands or attributes, and
// queues op and its users.
func (rw *Rewriter) ModifyInPlace(op *ir.Operation, fn func()) {
	rw.d.pushOperandDefs(op)
	fn()
	rw.d.push(op)
	for _, r := range op.Results() {
		rw.d.pushUsers(r)
	}
	rw.d.changed = true
}

// Constant returns a constant of type t holding attr in op's scope,
// hoisted and deduplicated like folded constants (nil if it cannot be
// materialised).
func (rw *Rewriter) Constant(op *ir.Operation, attr ir.Attribute, t ir.Type) *ir.Value {
	return rw.d.constant(op, attr, t)
}

// ConstantValue returns the `value` attribute of the ConstantLike op that
// defines v, or nil.
func ConstantValue(v *ir.Value) ir.Attribute {
	if def := v.DefiningOp(); def != nil && def.HasTrait(ir.ConstantLike) {
		return def.Attr("value")
	}
	return nil
}
