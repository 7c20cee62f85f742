package ir

// Builder creates operations at an insertion point.
type Builder struct {
	Ctx   *Context
	block *Block
	// before is the op new ops are inserted before; nil appends.
	before *Operation
	Loc    Location
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx, Loc: UnknownLoc{}} }

// SetInsertionPointBefore inserts subsequent ops before op.
func (b *Builder) SetInsertionPointBefore(op *Operation) {
	b.block, b.before = op.Block(), op
}

// SetInsertionPointAfter inserts subsequent ops after op.
func (b *Builder) SetInsertionPointAfter(op *Operation) {
	b.block, b.before = op.Block(), op.Next()
}

// SetInsertionPointToEnd appends subsequent ops to blk.
func (b *Builder) SetInsertionPointToEnd(blk *Block) { b.block, b.before = blk, nil }

// SetInsertionPointToStart inserts subsequent ops at the start of blk.
func (b *Builder) SetInsertionPointToStart(blk *Block) {
	b.block, b.before = blk, nil
	if len(blk.ops) > 0 {
		b.before = blk.ops[0]
	}
}

// Insert places a detached op at the insertion point and returns it.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block != nil {
		b.block.InsertBefore(b.before, op)
	}
	return op
}

// Create builds an op by name (looked up in the context) and inserts it.
func (b *Builder) Create(name string, operands []*Value, resultTypes []Type, attrs ...NamedAttr) *Operation {
	var def *OpDef
	if b.Ctx != nil {
		def = b.Ctx.LookupOp(name)
		name = b.Ctx.CanonicalOpName(name)
	}
	op := NewOp(name, def, operands, resultTypes, 0, b.Loc)
	for _, a := range attrs {
		op.SetAttr(a.Name, a.Value)
	}
	return b.Insert(op)
}

// CreateWithRegions is Create with n empty regions.
func (b *Builder) CreateWithRegions(name string, operands []*Value, resultTypes []Type, n int, attrs ...NamedAttr) *Operation {
	op := b.Create(name, operands, resultTypes, attrs...)
	for i := 0; i < n; i++ {
		op.Regions = append(op.Regions, &Region{parent: op})
	}
	return op
}

// Clone deep-copies op (regions included). Operands defined outside op are
// mapped through m when present, else kept; m receives old->new for every
// result and block argument cloned.
func Clone(op *Operation, m map[*Value]*Value) *Operation {
	ops := make([]*Value, op.NumOperands())
	for i, v := range op.Operands() {
		ops[i] = lookupMapped(m, v)
	}
	c := NewOp(op.Name, op.Def, ops, op.ResultTypes(), 0, op.Loc)
	c.Props, c.Attrs = op.Props, op.Attrs
	for i, r := range op.Results() {
		c.results[i].NameHint = r.NameHint
		m[r] = c.results[i]
	}
	blocks := map[*Block]*Block{}
	for _, r := range op.Regions {
		nr := &Region{parent: c}
		c.Regions = append(c.Regions, nr)
		cloneRegionInto(r, nr, m, blocks)
	}
	c.Successors = mapBlocks(op.Successors, blocks)
	return c
}

func lookupMapped(m map[*Value]*Value, v *Value) *Value {
	if w, ok := m[v]; ok {
		return w
	}
	return v
}

func cloneRegionInto(r, nr *Region, m map[*Value]*Value, blocks map[*Block]*Block) {
	for _, b := range r.Blocks {
		nb := nr.AddBlock()
		blocks[b] = nb
		for _, a := range b.Args() {
			na := nb.AddArg(a.Type())
			na.Loc, na.NameHint = a.Loc, a.NameHint
			m[a] = na
		}
	}
	for _, b := range r.Blocks {
		for _, inner := range b.ops {
			blocks[b].Append(Clone(inner, m))
		}
	}
	for _, b := range r.Blocks {
		for _, o := range blocks[b].ops {
			o.Successors = mapBlocks(o.Successors, blocks)
		}
	}
}

func mapBlocks(bs []*Block, blocks map[*Block]*Block) []*Block {
	if len(bs) == 0 {
		return nil
	}
	out := make([]*Block, len(bs))
	for i, b := range bs {
		if nb, ok := blocks[b]; ok {
			out[i] = nb
		} else {
			out[i] = b
		}
	}
	return out
}
