package ir

// WalkResult steers a walk.
type WalkResult uint8

const (
	// Advance continues the walk.
	Advance WalkResult = iota
	// Skip does not descend into the current op's regions (pre-order only).
	Skip
	// Interrupt stops the walk.
	Interrupt
)

// Walk visits op and every nested op in pre-order. It is safe for fn to
// erase the op it is given (the block is iterated over a snapshot).
func (op *Operation) Walk(fn func(*Operation) WalkResult) WalkResult {
	switch fn(op) {
	case Interrupt:
		return Interrupt
	case Skip:
		return Advance
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, inner := range append([]*Operation(nil), b.ops...) {
				if inner.Walk(fn) == Interrupt {
					return Interrupt
				}
			}
		}
	}
	return Advance
}

// WalkPost visits nested ops before op (post-order).
func (op *Operation) WalkPost(fn func(*Operation)) {
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, inner := range append([]*Operation(nil), b.ops...) {
				inner.WalkPost(fn)
			}
		}
	}
	fn(op)
}

// WalkOps visits every op nested in op (not op itself), pre-order.
func (op *Operation) WalkOps(fn func(*Operation)) {
	op.Walk(func(o *Operation) WalkResult {
		if o != op {
			fn(o)
		}
		return Advance
	})
}

// Collect returns the nested ops named name, in pre-order.
func (op *Operation) Collect(name string) []*Operation {
	var out []*Operation
	op.WalkOps(func(o *Operation) {
		if o.Name == name {
			out = append(out, o)
		}
	})
	return out
}
