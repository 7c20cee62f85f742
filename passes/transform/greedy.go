package transform

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"sort"

	"github.com/sparsetriton/sp/ir"
)

// Pattern is one named rewrite (style.md P13). Rewrite inspects op (whose
// name is Root, or any op when Root is "") and, when it applies, changes the
// IR only through rw and returns true; otherwise it returns false and
// leaves the IR untouched.
type Pattern struct {
	Name string
	// Root is the op name the pattern matches; "" matches every op.
	Root string
	// Benefit orders patterns on one op: higher first.
	Benefit int
	Rewrite func(op *ir.Operation, rw *Rewriter) bool
}

// Materializer builds a constant op for attr with result type t at b's
// insertion point; it returns nil when it cannot (the fold is then dropped).
type Materializer func(b *ir.Builder, attr ir.Attribute, t ir.Type) *ir.Value

// GreedyConfig configures ApplyPatternsGreedily.
type GreedyConfig struct {
	// MaxIterations bounds the sweeps over the IR; 0 means 10 (MLIR's default).
	MaxIterations int
	// Disabled names patterns not to apply.
	Disabled map[string]bool
	// Materialize builds constants for folded attributes; nil uses
	// ArithConstant.
	Materialize Materializer
	// NoRegionSimplify turns off unreachable-block removal.
	NoRegionSimplify bool
}

// Stats counts what a greedy run did.
type Stats struct {
	Iterations int
	Folded     int
	Erased     int
	Rewrites   map[string]int
	BlocksGone int
	Converged  bool
}

// Changed reports whether anything was rewritten.
func (s Stats) Changed() bool {
	n := s.Folded + s.Erased + s.BlocksGone
	for _, c := range s.Rewrites {
		n += c
	}
	return n > 0
}

// ArithConstant materialises `arith.constant attr : t` when the context
// registers arith.constant and attr's type is t (integer, float or dense
// elements attributes).
func ArithConstant(b *ir.Builder, attr ir.Attribute, t ir.Type) *ir.Value {
	if b.Ctx == nil || b.Ctx.LookupOp(arith.ConstantOpName) == nil {
		return nil
	}
	var at ir.Type
	switch a := attr.(type) {
	case ir.IntegerAttr:
		at = a.Type
	case ir.FloatAttr:
		at = a.Type
	case ir.DenseElementsAttr:
		at = a.Type
	}
	if at == nil || !ir.TypeEqual(at, t) {
		return nil
	}
	return b.Create(arith.ConstantOpName, nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: attr}).Result(0)
}

// ApplyPatternsGreedily simplifies everything nested in root (root itself
// is never erased) until nothing changes or MaxIterations sweeps ran. The
// order of work is documented in doc.go.
func ApplyPatternsGreedily(ctx *ir.Context, root *ir.Operation, patterns []Pattern, cfg GreedyConfig) Stats {
	d := newDriver(ctx, root, patterns, cfg)
	max := cfg.MaxIterations
	if max <= 0 {
		max = 10
	}
	for d.stats.Iterations < max {
		d.stats.Iterations++
		d.changed = false
		if !cfg.NoRegionSimplify {
			d.simplifyRegions()
		}
		d.fillWorklist()
		d.drain()
		if !d.changed {
			d.stats.Converged = true
			break
		}
	}
	return d.stats
}

type driver struct {
	ctx      *ir.Context
	root     *ir.Operation
	byRoot   map[string][]Pattern
	generic  []Pattern
	cfg      GreedyConfig
	work     []*ir.Operation
	queued   map[*ir.Operation]bool
	changed  bool
	stats    Stats
	consts   map[*ir.Block]map[string]*ir.Value
	hoisted  map[*ir.Operation]bool
	rewriter *Rewriter
}

func newDriver(ctx *ir.Context, root *ir.Operation, patterns []Pattern, cfg GreedyConfig) *driver {
	d := &driver{ctx: ctx, root: root, byRoot: map[string][]Pattern{}, cfg: cfg,
		queued: map[*ir.Operation]bool{}, consts: map[*ir.Block]map[string]*ir.Value{},
		hoisted: map[*ir.Operation]bool{}, stats: Stats{Rewrites: map[string]int{}}}
	if d.cfg.Materialize == nil {
		d.cfg.Materialize = ArithConstant
	}
	for _, p := range patterns {
		if cfg.Disabled[p.Name] {
			continue
		}
		if p.Root == "" {
			d.generic = append(d.generic, p)
		} else {
			d.byRoot[p.Root] = append(d.byRoot[p.Root], p)
		}
	}
	byBenefit := func(ps []Pattern) {
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].Benefit > ps[j].Benefit })
	}
	for _, ps := range d.byRoot {
		byBenefit(ps)
	}
	byBenefit(d.generic)
	d.rewriter = &Rewriter{Builder: ir.NewBuilder(ctx), d: d}
	return d
}

func (d *driver) push(op *ir.Operation) {
	if op != nil && op != d.root && !d.queued[op] {
		d.queued[op] = true
		d.work = append(d.work, op)
	}
}

func (d *driver) pushUsers(v *ir.Value) {
	for _, u := range v.Uses() {
		d.push(u.Op)
	}
}

func (d *driver) pushOperandDefs(op *ir.Operation) {
	for _, v := range op.Operands() {
		if v != nil {
			d.push(v.DefiningOp())
		}
	}
}

// fillWorklist queues every nested op in pre-order (program order).
func (d *driver) fillWorklist() {
	d.root.WalkOps(d.push)
}

// drain processes the worklist. A sweep handles at most 8x the initial
// worklist plus 1000 items, so patterns that keep re-queueing each other
// end the sweep; MaxIterations then bounds the run.
func (d *driver) drain() {
	budget := 8*len(d.work) + 1000
	for i := 0; i < len(d.work); i++ {
		if i >= budget {
			for _, op := range d.work[i:] {
				delete(d.queued, op)
			}
			d.changed = true
			break
		}
		op := d.work[i]
		d.work[i] = nil
		delete(d.queued, op)
		if d.attached(op) {
			d.process(op)
		}
	}
	d.work = d.work[:0]
}

// attached reports whether op is still (transitively) inside root.
func (d *driver) attached(op *ir.Operation) bool {
	for o := op; o != d.root; o = o.ParentOp() {
		if o == nil || o.Block() == nil {
			return false
		}
	}
	return true
}

// process applies, in order: dead-op removal, folding, then the first
// matching pattern by benefit (op-specific patterns before generic ones at
// equal benefit).
func (d *driver) process(op *ir.Operation) {
	if isTriviallyDead(op) {
		d.rewriter.EraseOp(op)
		return
	}
	if d.tryFold(op) {
		return
	}
	for _, ps := range [][]Pattern{d.byRoot[op.Name], d.generic} {
		for _, p := range ps {
			if p.Rewrite(op, d.rewriter) {
				d.stats.Rewrites[p.Name]++
				d.changed = true
				return
			}
		}
	}
}

// isTriviallyDead: a Pure, non-terminator op whose results are unused and
// whose nested ops (if any) are all Pure or terminators.
func isTriviallyDead(op *ir.Operation) bool {
	if !op.HasTrait(ir.Pure) || op.HasTrait(ir.Terminator) {
		return false
	}
	for _, r := range op.Results() {
		if r.HasUses() {
			return false
		}
	}
	if len(op.Regions) == 0 {
		return true
	}
	pure := true
	op.WalkOps(func(o *ir.Operation) {
		if !o.HasTrait(ir.Pure) && !o.HasTrait(ir.Terminator) {
			pure = false
		}
	})
	return pure
}

// constantOperands returns the `value` of each ConstantLike operand
// definition (nil elsewhere): the input OpDef.Fold expects.
func constantOperands(op *ir.Operation) []ir.Attribute {
	out := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		if def := v.DefiningOp(); def != nil && def.HasTrait(ir.ConstantLike) {
			out[i] = def.Attr("value")
		}
	}
	return out
}

func (d *driver) tryFold(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Fold == nil || op.NumResults() == 0 || op.HasTrait(ir.ConstantLike) {
		return false
	}
	res := op.Def.Fold(op, constantOperands(op))
	if len(res) != op.NumResults() {
		return false
	}
	self := 0
	for i, r := range res {
		if r.Value == nil && r.Attr == nil {
			return false
		}
		if r.Value == op.Result(i) {
			self++
		}
	}
	if self > 0 && self < len(res) {
		return false // partly in place: not a valid fold result
	}
	inPlace := self == len(res)
	if inPlace { // the folder updated op itself
		d.changed = true
		d.stats.Folded++
		for _, r := range op.Results() {
			d.pushUsers(r)
		}
		return true
	}
	vals := make([]*ir.Value, len(res))
	for i, r := range res {
		if r.Value != nil {
			vals[i] = r.Value
			continue
		}
		if vals[i] = d.constant(op, r.Attr, op.Result(i).Type()); vals[i] == nil {
			return false // constants already made are unused and die later
		}
	}
	d.stats.Folded++
	d.rewriter.ReplaceOp(op, vals)
	return true
}

// constantBlock is the entry block of the region, directly inside the
// nearest isolated-from-above ancestor (or root), that contains op: folded
// constants are hoisted there, where they dominate every use in the scope.
func (d *driver) constantBlock(op *ir.Operation) *ir.Block {
	for o := op; ; o = o.ParentOp() {
		p := o.ParentOp()
		if p == nil || p == d.root || p.HasTrait(ir.IsolatedFromAbove) {
			if o.Block() == nil {
				return nil
			}
			return o.Block().Parent().Entry()
		}
	}
}

// constant returns a constant value of type t for attr in op's scope,
// reusing one the driver already hoisted or an existing constant of the
// entry block (moved to the front), else materialising a new one.
func (d *driver) constant(op *ir.Operation, attr ir.Attribute, t ir.Type) *ir.Value {
	blk := d.constantBlock(op)
	if blk == nil {
		return nil
	}
	cache := d.blockConstants(blk)
	key := ir.AttrString(attr) + " : " + ir.TypeString(t)
	if v, ok := cache[key]; ok && v.DefiningOp().Block() == blk {
		d.hoist(v.DefiningOp(), blk)
		return v
	}
	b := ir.NewBuilder(d.ctx)
	b.Loc = op.Loc
	if first := d.firstUnhoisted(blk); first != nil {
		b.SetInsertionPointBefore(first)
	} else {
		b.SetInsertionPointToEnd(blk)
	}
	v := d.cfg.Materialize(b, attr, t)
	if v == nil {
		return nil
	}
	d.hoisted[v.DefiningOp()] = true
	cache[key] = v
	d.push(v.DefiningOp())
	return v
}

func (d *driver) blockConstants(blk *ir.Block) map[string]*ir.Value {
	if m, ok := d.consts[blk]; ok {
		return m
	}
	m := map[string]*ir.Value{}
	for _, o := range blk.Ops() {
		if o.HasTrait(ir.ConstantLike) && o.NumResults() == 1 && o.Attr("value") != nil && len(o.Regions) == 0 {
			k := ir.AttrString(o.Attr("value")) + " : " + ir.TypeString(o.Result(0).Type())
			if _, dup := m[k]; !dup {
				m[k] = o.Result(0)
			}
		}
	}
	d.consts[blk] = m
	return m
}

// hoist moves an existing constant to the hoisted prefix of blk.
func (d *driver) hoist(c *ir.Operation, blk *ir.Block) {
	if d.hoisted[c] {
		return
	}
	if first := d.firstUnhoisted(blk); first != nil && first != c {
		c.MoveBefore(first)
	}
	d.hoisted[c] = true
}

func (d *driver) firstUnhoisted(blk *ir.Block) *ir.Operation {
	for _, o := range blk.Ops() {
		if !d.hoisted[o] {
			return o
		}
	}
	return nil
}

// simplifyRegions erases blocks unreachable from their region's entry.
func (d *driver) simplifyRegions() {
	d.root.Walk(func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions {
			d.eraseUnreachable(r)
		}
		return ir.Advance
	})
}

func (d *driver) eraseUnreachable(r *ir.Region) {
	if len(r.Blocks) < 2 {
		return
	}
	reach := map[*ir.Block]bool{}
	stack := []*ir.Block{r.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reach[b] {
			continue
		}
		reach[b] = true
		stack = append(stack, b.Successors()...)
	}
	if len(reach) == len(r.Blocks) {
		return
	}
	var keep []*ir.Block
	for _, b := range r.Blocks {
		if reach[b] {
			keep = append(keep, b)
			continue
		}
		for _, o := range append([]*ir.Operation(nil), b.Ops()...) {
			for _, res := range o.Results() {
				d.pushUsers(res)
			}
			o.Erase()
		}
		d.stats.BlocksGone++
		d.changed = true
	}
	r.Blocks = keep
}
