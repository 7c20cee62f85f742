package ir

import "fmt"

// Verify checks the structural invariants of op and everything nested in
// it, then each registered op's own Verify hook. It returns the first
// failure as a *Diagnostic, or nil.
//
// Structural invariants: operands are defined values; every block of a
// region whose op requires terminators ends in a Terminator op and no
// Terminator appears elsewhere; values dominate their uses (within a block
// by order, across blocks of one region by the CFG dominator tree, and never
// across an IsolatedFromAbove boundary); SameOperandsAndResultType holds.
func Verify(op *Operation) error {
	v := &verifier{pos: map[*Block]map[*Operation]int{}, doms: map[*Region]*DomTree{}}
	return v.verifyOp(op)
}

type verifier struct {
	pos  map[*Block]map[*Operation]int
	doms map[*Region]*DomTree
	// walk holds the blocks being verified (outermost first) and the
	// index of the op being verified in each.
	walk []walkPos
}

type walkPos struct {
	b *Block
	i int
}

// nearDef is how many ops before a use dominates looks for the operand's
// definition before it falls back to the block's position map: most
// operands are defined a few ops before their use.
const nearDef = 16

func (v *verifier) verifyOp(op *Operation) error {
	if err := v.verifyOperands(op); err != nil {
		return err
	}
	if err := verifyTraits(op); err != nil {
		return err
	}
	if err := verifyValueTypes(op); err != nil {
		return err
	}
	if err := verifyContextLayouts(op); err != nil {
		return err
	}
	if op.HasTrait(SymbolTable) {
		if err := verifyUniqueSymbols(op); err != nil {
			return err
		}
	}
	for _, r := range op.Regions {
		if err := v.verifyRegion(op, r); err != nil {
			return err
		}
	}
	if op.Def != nil && op.Def.Verify != nil {
		if err := op.Def.Verify(op); err != nil {
			return asDiag(op, err)
		}
	}
	return nil
}

func asDiag(op *Operation, err error) error {
	if _, ok := err.(*Diagnostic); ok {
		return err
	}
	return &Diagnostic{Loc: op.Loc, Severity: SevError, Msg: fmt.Sprintf("'%s' op %s", op.Name, err.Error())}
}

// OpError returns an error diagnostic at op, prefixed MLIR-style with
// `'name' op `.
func OpError(op *Operation, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: op.Loc, Severity: SevError, Msg: fmt.Sprintf("'%s' op ", op.Name) + fmt.Sprintf(format, args...)}
}

func (v *verifier) verifyRegion(op *Operation, r *Region) error {
	needTerm := op.Def != nil && !op.HasTrait(NoTerminator)
	if op.HasTrait(SingleBlock) && len(r.Blocks) > 1 {
		return OpError(op, "expects region #%d to have 0 or 1 blocks", r.Index())
	}
	for _, b := range r.Blocks {
		if err := v.verifyBlock(b, needTerm); err != nil {
			return err
		}
	}
	return nil
}

func (v *verifier) verifyBlock(b *Block, needTerm bool) error {
	ops := b.Ops()
	k := len(v.walk)
	v.walk = append(v.walk, walkPos{b: b})
	for i, o := range ops {
		if o.HasTrait(Terminator) && i != len(ops)-1 {
			v.walk = v.walk[:k]
			return OpError(o, "must be the last operation in the parent block")
		}
		v.walk[k].i = i
		if err := v.verifyOp(o); err != nil {
			v.walk = v.walk[:k]
			return err
		}
	}
	v.walk = v.walk[:k]
	if needTerm {
		t := b.Terminator()
		if t == nil {
			return OpError(b.ParentOp(), "empty block: expect at least a terminator")
		}
		if t.Def != nil && !t.HasTrait(Terminator) {
			return OpError(t, "block with no terminator, has %s", t.Name)
		}
	}
	return nil
}

func verifyTraits(op *Operation) error {
	if !op.HasTrait(SameOperandsAndResultType) {
		return nil
	}
	var want Type
	for _, vs := range [2][]*Value{op.operands, op.results} {
		for _, v := range vs {
			var t Type
			if v != nil {
				t = v.typ
			}
			if want == nil {
				want = t
			} else if !TypeEqual(want, t) {
				return OpError(op, "requires the same type for all operands and results")
			}
		}
	}
	return nil
}

func (v *verifier) verifyOperands(op *Operation) error {
	for i, val := range op.Operands() {
		if val == nil || (val.owner == nil && val.block == nil) {
			return OpError(op, "operand #%d is not defined", i)
		}
		if !v.dominates(val, op) {
			return OpError(op, "operand #%d does not dominate this use", i).
				Note(defLoc(val), "operand defined here")
		}
	}
	return nil
}

func defLoc(val *Value) Location {
	if val.owner != nil {
		return val.owner.Loc
	}
	if val.Loc != nil {
		return val.Loc
	}
	if p := val.block.ParentOp(); p != nil {
		return p.Loc
	}
	return UnknownLoc{}
}

// dominates reports whether val is visible and defined before user.
func (v *verifier) dominates(val *Value, user *Operation) bool {
	defBlock := val.ParentBlock()
	if defBlock == nil {
		return false
	}
	anc := user
	for anc != nil && (anc.Block() == nil || anc.Block().Parent() != defBlock.Parent()) {
		p := anc.ParentOp()
		if p != nil && p.HasTrait(IsolatedFromAbove) && (anc.Block() == nil || anc.Block().Parent() != defBlock.Parent()) {
			return false
		}
		anc = p
	}
	if anc == nil {
		return false
	}
	if isGraphRegion(defBlock.Parent()) {
		return true
	}
	if anc.Block() != defBlock {
		return v.blockDominates(defBlock, anc.Block())
	}
	if val.block != nil {
		return true
	}
	if val.owner == anc {
		return false
	}
	if v.definedJustBefore(val.owner, anc, defBlock) {
		return true
	}
	pos := v.positions(defBlock)
	return pos[val.owner] < pos[anc]
}

// definedJustBefore reports whether def is one of the nearDef ops before
// anc, when anc is the op being verified in b (false means "not known").
func (v *verifier) definedJustBefore(def, anc *Operation, b *Block) bool {
	for k := len(v.walk) - 1; k >= 0; k-- {
		w := v.walk[k]
		if w.b != b {
			continue
		}
		if w.i >= len(b.ops) || b.ops[w.i] != anc {
			return false
		}
		for j := w.i - 1; j >= 0 && j >= w.i-nearDef; j-- {
			if b.ops[j] == def {
				return true
			}
		}
		return false
	}
	return false
}

func isGraphRegion(r *Region) bool {
	p := r.Parent()
	return p != nil && p.HasTrait(NoTerminator)
}

func (v *verifier) positions(b *Block) map[*Operation]int {
	if m, ok := v.pos[b]; ok {
		return m
	}
	m := make(map[*Operation]int, len(b.ops))
	for i, o := range b.ops {
		m[o] = i
	}
	v.pos[b] = m
	return m
}

// blockDominates asks the region's DomTree (computed once per region).
func (v *verifier) blockDominates(a, b *Block) bool {
	r := a.Parent()
	d, ok := v.doms[r]
	if !ok {
		d = NewDomTree(r)
		v.doms[r] = d
	}
	return d.Dominates(a, b)
}

// MaxTensorElements is the most elements a tensor type may have: element
// offsets are 32-bit in the lowering and the interpreter.
const MaxTensorElements = 1<<31 - 1

// verifyValueTypes checks the types of op's results and of its regions'
// block arguments (see CheckType).
func verifyValueTypes(op *Operation) error {
	for i, r := range op.Results() {
		if err := CheckType(r.Type()); err != nil {
			return OpError(op, "result #%d: %v", i, err)
		}
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for i, a := range b.Args() {
				if err := CheckType(a.Type()); err != nil {
					return OpError(op, "region #%d argument #%d: %v", r.Index(), i, err)
				}
			}
		}
	}
	return nil
}

// CheckType rejects a ranked tensor whose element type is itself a
// tensor or a function, that has a negative dimension, or more than
// MaxTensorElements elements (also inside function types).
func CheckType(t Type) error {
	switch x := t.(type) {
	case RankedTensorType:
		switch x.Elem.(type) {
		case RankedTensorType, FunctionType:
			return fmt.Errorf("%s: a tensor's element type must be a scalar, not %s", TypeString(t), TypeString(x.Elem))
		}
		n := int64(1)
		for _, d := range x.Shape {
			if d == Dynamic {
				return nil
			}
			if d < 0 {
				return fmt.Errorf("%s: negative dimension %d", TypeString(t), d)
			}
			if d != 0 && n > MaxTensorElements/d {
				return fmt.Errorf("%s has more than 2^31-1 elements", TypeString(t))
			}
			n *= d
		}
		return CheckType(x.Elem)
	case FunctionType:
		for _, u := range append(append([]Type(nil), x.Inputs...), x.Results...) {
			if err := CheckType(u); err != nil {
				return err
			}
		}
	}
	return nil
}

// verifyUniqueSymbols rejects two ops of one symbol table with the same
// sym_name; the note points at the first.
func verifyUniqueSymbols(op *Operation) error {
	seen := map[string]*Operation{}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				name, ok := SymbolNameOf(o)
				if !ok {
					continue
				}
				if prev, dup := seen[name]; dup {
					return OpError(o, "redefinition of symbol named '%s'", name).Note(prev.Loc, "see existing symbol definition here")
				}
				seen[name] = o
			}
		}
	}
	return nil
}

// ContextLayoutVerifier is implemented by tensor encodings whose validity
// depends on where the tensor is used (Triton's verifyTensorLayout: the
// threads per warp, warps and CTAs of a layout against the enclosing
// module). The verifier calls it on the operand and result types of every
// registered op.
type ContextLayoutVerifier interface {
	VerifyInContext(op *Operation, t RankedTensorType) error
}

func verifyContextLayouts(op *Operation) error {
	if op.Def == nil {
		return nil
	}
	check := func(t Type) error {
		rt, ok := t.(RankedTensorType)
		if !ok {
			return nil
		}
		if v, ok := rt.Encoding.(ContextLayoutVerifier); ok {
			return v.VerifyInContext(op, rt)
		}
		return nil
	}
	for i, v := range op.Operands() {
		if err := check(v.Type()); err != nil {
			return &Diagnostic{Loc: op.Loc, Severity: SevError, Msg: fmt.Sprintf("Operand %d has an invalid layout: %v", i, err)}
		}
	}
	for i, r := range op.Results() {
		if err := check(r.Type()); err != nil {
			what := "Result"
			if op.NumResults() > 1 {
				what = fmt.Sprintf("Result %d", i)
			}
			return &Diagnostic{Loc: op.Loc, Severity: SevError, Msg: fmt.Sprintf("%s has an invalid layout: %v", what, err)}
		}
	}
	return nil
}
