package ir

// Value is an SSA value: the result of an operation or an argument of a
// block. Its use list is kept exact by the Operation methods that set
// operands; code outside this package never edits uses directly.
type Value struct {
	typ   Type
	owner *Operation // defining op, for results
	block *Block     // owning block, for block arguments
	index int32      // result number or argument number
	// pslot is the value's entry in the names of the printer whose
	// generation is pgen (names.go): the printer writes these two fields,
	// so one IR is printed by one goroutine at a time.
	pslot uint32
	pgen  uint64
	uses  []Use
	use0  [1]Use // the first use's storage: most values have one use
	// NameHint is an optional preferred printing name (without %).
	NameHint string
	// Loc is the location of a block argument (nil: none written).
	Loc Location
}

// Use is one operand slot that reads a value.
type Use struct {
	Op    *Operation
	Index int
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type (passes that rewrite types in place).
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the op that defines v, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.owner }

// OwnerBlock returns the block of a block argument, or nil.
func (v *Value) OwnerBlock() *Block { return v.block }

// ParentBlock returns the block in which v is defined.
func (v *Value) ParentBlock() *Block {
	if v.block != nil {
		return v.block
	}
	if v.owner != nil {
		return v.owner.parent
	}
	return nil
}

// Index returns the result number or the argument number.
func (v *Value) Index() int { return int(v.index) }

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.block != nil }

// Uses returns the current uses (do not modify).
func (v *Value) Uses() []Use { return v.uses }

// HasUses reports whether v is read anywhere.
func (v *Value) HasUses() bool { return len(v.uses) > 0 }

// Users returns the distinct operations that use v, in use order.
func (v *Value) Users() []*Operation {
	var out []*Operation
	seen := map[*Operation]bool{}
	for _, u := range v.uses {
		if !seen[u.Op] {
			seen[u.Op] = true
			out = append(out, u.Op)
		}
	}
	return out
}

func (v *Value) addUse(op *Operation, i int) {
	if cap(v.uses) == 0 {
		v.uses = v.use0[:0:1]
	}
	v.uses = append(v.uses, Use{op, i})
}

func (v *Value) removeUse(op *Operation, i int) {
	for k, u := range v.uses {
		if u.Op == op && u.Index == i {
			v.uses = append(v.uses[:k], v.uses[k+1:]...)
			return
		}
	}
}

// ReplaceAllUsesWith redirects every use of v to w.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for len(v.uses) > 0 {
		u := v.uses[0]
		u.Op.SetOperand(u.Index, w)
	}
}

// ReplaceUsesWithIf redirects the uses for which keep returns true.
func (v *Value) ReplaceUsesWithIf(w *Value, pred func(Use) bool) {
	for _, u := range append([]Use(nil), v.uses...) {
		if pred(u) {
			u.Op.SetOperand(u.Index, w)
		}
	}
}

// NewPlaceholder returns a detached value of type t, used by parsers for
// forward references; it must be replaced before the IR is used.
func NewPlaceholder(t Type) *Value { return &Value{typ: t, index: -1} }

// Operation is a generic MLIR operation. Inherent attributes (properties,
// printed `<{...}>` in generic form) and discardable attributes are kept in
// two sorted dictionaries.
type Operation struct {
	Name       string
	Def        *OpDef // nil for unregistered ops
	operands   []*Value
	results    []*Value
	Props      DictAttr
	Attrs      DictAttr
	Regions    []*Region
	Successors []*Block
	Loc        Location
	parent     *Block
}

// NewOp creates a detached operation; regions are created empty.
func NewOp(name string, def *OpDef, operands []*Value, resultTypes []Type, numRegions int, loc Location) *Operation {
	return newOp(name, def, operands, false, resultTypes, numRegions, loc)
}

// opWithResult lays out an op of one result and the result together: one
// allocation instead of three for the most common shape of op.
type opWithResult struct {
	op  Operation
	res [1]*Value
	val Value
}

// newOp is NewOp; with adopt set the operand slice becomes the op's own
// (callers that built it for this op alone, as the parser does).
func newOp(name string, def *OpDef, operands []*Value, adopt bool, resultTypes []Type, numRegions int, loc Location) *Operation {
	var op *Operation
	switch len(resultTypes) {
	case 0:
		op = &Operation{}
	case 1:
		o := &opWithResult{}
		o.val = Value{typ: resultTypes[0], owner: &o.op}
		o.res[0] = &o.val
		op = &o.op
		op.results = o.res[:1:1]
	default:
		op = &Operation{}
		vals := make([]Value, len(resultTypes))
		op.results = make([]*Value, len(resultTypes))
		for i, t := range resultTypes {
			vals[i] = Value{typ: t, owner: op, index: int32(i)}
			op.results[i] = &vals[i]
		}
	}
	op.Name, op.Def, op.Loc = name, def, loc
	if op.Loc == nil {
		op.Loc = UnknownLoc{}
	}
	if adopt {
		op.adoptOperands(operands)
	} else {
		op.SetOperands(operands)
	}
	for i := 0; i < numRegions; i++ {
		op.Regions = append(op.Regions, &Region{parent: op})
	}
	return op
}

// Operands returns the operand list (do not modify; use SetOperand).
func (op *Operation) Operands() []*Value { return op.operands }

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) *Value { return op.operands[i] }

// SetOperand replaces operand i, keeping use lists exact.
func (op *Operation) SetOperand(i int, v *Value) {
	if old := op.operands[i]; old != nil {
		old.removeUse(op, i)
	}
	op.operands[i] = v
	if v != nil {
		v.addUse(op, i)
	}
}

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vs []*Value) {
	op.dropOperands()
	op.operands = make([]*Value, len(vs))
	for i, v := range vs {
		op.operands[i] = v
		if v != nil {
			v.addUse(op, i)
		}
	}
}

// adoptOperands makes vs (owned by no one else) the operand list.
func (op *Operation) adoptOperands(vs []*Value) {
	op.dropOperands()
	op.operands = vs[:len(vs):len(vs)]
	for i, v := range vs {
		if v != nil {
			v.addUse(op, i)
		}
	}
}

func (op *Operation) dropOperands() {
	for i, v := range op.operands {
		if v != nil {
			v.removeUse(op, i)
		}
	}
	op.operands = nil
}

// Results returns the results.
func (op *Operation) Results() []*Value { return op.results }

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.results[i] }

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type { return valueTypes(op.results) }

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type { return valueTypes(op.operands) }

func valueTypes(vs []*Value) []Type {
	ts := make([]Type, len(vs))
	for i, v := range vs {
		if v != nil {
			ts[i] = v.typ
		}
	}
	return ts
}

// AddResult appends a new result of type t.
func (op *Operation) AddResult(t Type) *Value {
	v := &Value{typ: t, owner: op, index: int32(len(op.results))}
	op.results = append(op.results, v)
	return v
}

// Block returns the block that contains op, or nil.
func (op *Operation) Block() *Block { return op.parent }

// ParentOp returns the op whose region contains op, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.parent == nil || op.parent.parent == nil {
		return nil
	}
	return op.parent.parent.parent
}

// ParentOfName returns the nearest enclosing op named name.
func (op *Operation) ParentOfName(name string) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// IsAncestor reports whether op is other or contains it.
func (op *Operation) IsAncestor(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// Attr returns the named attribute from properties or attributes, or nil.
func (op *Operation) Attr(name string) Attribute {
	if a := op.Props.Get(name); a != nil {
		return a
	}
	return op.Attrs.Get(name)
}

// SetAttr sets an attribute, as a property when the op declares it inherent.
func (op *Operation) SetAttr(name string, a Attribute) {
	if op.Def != nil && op.Def.IsInherent(name) {
		op.Props = op.Props.With(name, a)
		return
	}
	op.Attrs = op.Attrs.With(name, a)
}

// RemoveAttr deletes an attribute from both dictionaries.
func (op *Operation) RemoveAttr(name string) {
	op.Props = op.Props.With(name, nil)
	op.Attrs = op.Attrs.With(name, nil)
}

// IntAttrOr returns the integer value of attribute name, or def.
func (op *Operation) IntAttrOr(name string, def int64) int64 {
	if a, ok := op.Attr(name).(IntegerAttr); ok {
		return a.Value
	}
	return def
}

// HasTrait reports whether op's definition declares trait t.
func (op *Operation) HasTrait(t Trait) bool { return op.Def != nil && op.Def.Traits&t != 0 }

// Erase removes op from its block and drops its operand uses. Results must
// be unused.
func (op *Operation) Erase() {
	if op.parent != nil {
		op.parent.remove(op)
	}
	op.dropAll()
}

func (op *Operation) dropAll() {
	op.dropOperands()
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, inner := range b.ops {
				inner.dropAll()
			}
		}
	}
}

// Remove detaches op from its block without dropping anything.
func (op *Operation) Remove() {
	if op.parent != nil {
		op.parent.remove(op)
	}
}

// ReplaceAllUsesWith replaces each result's uses with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []*Value) {
	for i, r := range op.results {
		r.ReplaceAllUsesWith(vs[i])
	}
}

// MoveBefore moves op to just before other.
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.parent.InsertBefore(other, op)
}

// Next returns the op after op in its block, or nil.
func (op *Operation) Next() *Operation {
	if op.parent == nil {
		return nil
	}
	i := op.parent.indexOf(op)
	if i+1 < len(op.parent.ops) {
		return op.parent.ops[i+1]
	}
	return nil
}

// Region is a list of blocks owned by an operation.
type Region struct {
	Blocks []*Block
	parent *Operation
}

// Parent returns the op that owns r.
func (r *Region) Parent() *Operation { return r.parent }

// Entry returns the first block, or nil.
func (r *Region) Entry() *Block {
	if len(r.Blocks) == 0 {
		return nil
	}
	return r.Blocks[0]
}

// AddBlock appends a new empty block.
func (r *Region) AddBlock() *Block {
	b := &Block{parent: r}
	r.Blocks = append(r.Blocks, b)
	return b
}

// AppendBlock appends an existing block (taking ownership).
func (r *Region) AppendBlock(b *Block) {
	b.parent = r
	r.Blocks = append(r.Blocks, b)
}

// TakeBody moves all blocks of other into r (r must be empty).
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.Blocks {
		r.AppendBlock(b)
	}
	other.Blocks = nil
}

// Index returns the position of r among its parent's regions.
func (r *Region) Index() int {
	for i, x := range r.parent.Regions {
		if x == r {
			return i
		}
	}
	return -1
}

// Block is a list of operations with arguments.
type Block struct {
	args   []*Value
	ops    []*Operation
	parent *Region
}

// NewBlock returns a detached block.
func NewBlock() *Block { return &Block{} }

// Args returns the block arguments.
func (b *Block) Args() []*Value { return b.args }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// NumArgs returns the number of arguments.
func (b *Block) NumArgs() int { return len(b.args) }

// AddArg appends an argument of type t.
func (b *Block) AddArg(t Type) *Value {
	v := &Value{typ: t, block: b, index: int32(len(b.args))}
	b.args = append(b.args, v)
	return v
}

// InsertArg inserts an argument of type t at position i.
func (b *Block) InsertArg(i int, t Type) *Value {
	v := &Value{typ: t, block: b}
	b.args = append(b.args, nil)
	copy(b.args[i+1:], b.args[i:])
	b.args[i] = v
	b.renumberArgs()
	return v
}

// EraseArg removes argument i, which must be unused.
func (b *Block) EraseArg(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	b.renumberArgs()
}

func (b *Block) renumberArgs() {
	for i, a := range b.args {
		a.index = int32(i)
	}
}

// Ops returns the operations (do not modify the slice; iterate over a copy
// when mutating the block).
func (b *Block) Ops() []*Operation { return b.ops }

// Parent returns the region that owns b.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the op that owns b's region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// Terminator returns the last op, or nil for an empty block.
func (b *Block) Terminator() *Operation {
	if len(b.ops) == 0 {
		return nil
	}
	return b.ops[len(b.ops)-1]
}

// Append adds op at the end of b.
func (b *Block) Append(op *Operation) {
	op.parent = b
	b.ops = append(b.ops, op)
}

// InsertBefore inserts op before anchor (anchor nil: append).
func (b *Block) InsertBefore(anchor, op *Operation) {
	if anchor == nil {
		b.Append(op)
		return
	}
	b.insertAt(b.indexOf(anchor), op)
}

// InsertAfter inserts op after anchor.
func (b *Block) InsertAfter(anchor, op *Operation) {
	b.insertAt(b.indexOf(anchor)+1, op)
}

func (b *Block) insertAt(i int, op *Operation) {
	op.parent = b
	b.ops = append(b.ops, nil)
	copy(b.ops[i+1:], b.ops[i:])
	b.ops[i] = op
}

func (b *Block) indexOf(op *Operation) int {
	for i, o := range b.ops {
		if o == op {
			return i
		}
	}
	return -1
}

func (b *Block) remove(op *Operation) {
	if i := b.indexOf(op); i >= 0 {
		b.ops = append(b.ops[:i], b.ops[i+1:]...)
	}
	op.parent = nil
}

// IndexOf returns the position of op in b, or -1.
func (b *Block) IndexOf(op *Operation) int { return b.indexOf(op) }

// Index returns b's position in its region.
func (b *Block) Index() int {
	for i, x := range b.parent.Blocks {
		if x == b {
			return i
		}
	}
	return -1
}

// Successors returns the successor blocks of b's terminator.
func (b *Block) Successors() []*Block {
	if t := b.Terminator(); t != nil {
		return t.Successors
	}
	return nil
}
