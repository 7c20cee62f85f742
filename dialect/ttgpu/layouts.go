package ttgpu

import (
	"github.com/sparsetriton/sp/ir"
)

// Layout is implemented by the distributed (register) layouts: blocked,
// slice, nvidia_mma, dot_op and linear.
type Layout interface {
	ir.Attribute
	// Rank is the tensor rank the layout describes (-1 when unknown).
	Rank() int
}

// verifyRank is the shared ir.EncodingVerifier check of distributed layouts.
func verifyRank(l Layout, shape []int64) error {
	if r := l.Rank(); r >= 0 && r != len(shape) {
		return errorf("Layout has rank %d, but the tensor it's attached to has rank %d.", r, len(shape))
	}
	return nil
}

// CTALayout holds the CTA fields of a layout (CTAsPerCGA, CTASplitNum,
// CTAOrder). The zero value is the single-CTA default (all ones, order
// rank-1..0), which is never printed.
type CTALayout struct {
	CTAsPerCGA, CTASplitNum, CTAOrder []int
	// CGA holds Triton 3.6's `CGALayout = [[...], ...]`: one basis vector
	// (tensor coordinates) per bit of the CTA id. It replaces the three
	// fields above when set; nil when not written.
	CGA [][]int
}

// NumCTAs is the number of CTAs the layout spans.
func (c CTALayout) NumCTAs() int {
	if c.CGA != nil {
		return 1 << len(c.CGA)
	}
	n := 1
	for _, v := range c.CTAsPerCGA {
		n *= v
	}
	return n
}

func defaultCTAOrder(rank int) []int {
	o := make([]int, rank)
	for i := range o {
		o[i] = rank - 1 - i
	}
	return o
}

func ones(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = 1
	}
	return o
}

// IsDefault reports whether c is the single-CTA layout of the given rank.
func (c CTALayout) IsDefault(rank int) bool {
	if c.CGA != nil {
		return false
	}
	if c.CTAsPerCGA == nil && c.CTASplitNum == nil && c.CTAOrder == nil {
		return true
	}
	return intsEqual(c.CTAsPerCGA, ones(rank)) && intsEqual(c.CTASplitNum, ones(rank)) && intsEqual(c.CTAOrder, defaultCTAOrder(rank))
}

// Resolved returns the explicit fields for rank (defaults filled in).
func (c CTALayout) Resolved(rank int) CTALayout {
	if c.IsDefault(rank) {
		return CTALayout{CTAsPerCGA: ones(rank), CTASplitNum: ones(rank), CTAOrder: defaultCTAOrder(rank)}
	}
	return c
}

func (c CTALayout) equal(d CTALayout, rank int) bool {
	a, b := c.Resolved(rank), d.Resolved(rank)
	if a.CGA != nil || b.CGA != nil {
		return listsEqual(a.CGA, b.CGA)
	}
	return intsEqual(a.CTAsPerCGA, b.CTAsPerCGA) && intsEqual(a.CTASplitNum, b.CTASplitNum) && intsEqual(a.CTAOrder, b.CTAOrder)
}

func (c CTALayout) print(f *fields, rank int) {
	if c.IsDefault(rank) {
		return
	}
	if c.CGA != nil {
		f.lists("CGALayout", c.CGA)
		return
	}
	f.ints("CTAsPerCGA", c.CTAsPerCGA)
	f.ints("CTASplitNum", c.CTASplitNum)
	f.ints("CTAOrder", c.CTAOrder)
}

var ctaKeys = []string{"CTAsPerCGA", "CTASplitNum", "CTAOrder", "CGALayout"}

func parseCTA(b *body, rank int) (CTALayout, error) {
	if b.has("CGALayout") {
		for _, k := range ctaKeys[:3] {
			if b.has(k) {
				return CTALayout{}, ir.Errorf(b.get(k).loc, "'%s' and 'CGALayout' cannot both be given", k)
			}
		}
		l, err := b.intLists("CGALayout")
		if err != nil {
			return CTALayout{}, err
		}
		for _, v := range l {
			if rank >= 0 && len(v) != rank {
				return CTALayout{}, ir.Errorf(b.get("CGALayout").loc, "'CGALayout' bases must have %d entries, got %d", rank, len(v))
			}
		}
		if l == nil {
			l = [][]int{}
		}
		return CTALayout{CGA: l}, nil
	}
	n := 0
	for _, k := range ctaKeys[:3] {
		if b.has(k) {
			n++
		}
	}
	if n == 0 {
		return CTALayout{}, nil
	}
	if n != 3 {
		return CTALayout{}, ir.Errorf(b.start, "CTAsPerCGA, CTASplitNum and CTAOrder must be given together")
	}
	var c CTALayout
	var err error
	for i, dst := range []*[]int{&c.CTAsPerCGA, &c.CTASplitNum, &c.CTAOrder} { // ctaKeys[:3]
		if *dst, err = b.ints(ctaKeys[i]); err != nil {
			return c, err
		}
		if rank >= 0 && len(*dst) != rank {
			return c, ir.Errorf(b.get(ctaKeys[i]).loc, "'%s' must have %d entries, got %d", ctaKeys[i], rank, len(*dst))
		}
	}
	if c.IsDefault(len(c.CTAOrder)) {
		return CTALayout{}, nil
	}
	return c, nil
}

// BlockedEncoding is `#triton_gpu.blocked<{sizePerThread = [...],
// threadsPerWarp = [...], warpsPerCTA = [...], order = [...]}>` (+ CTA fields
// when not single-CTA).
type BlockedEncoding struct {
	SizePerThread, ThreadsPerWarp, WarpsPerCTA, Order []int
	CTA                                               CTALayout
}

// Rank returns the number of dimensions.
func (a BlockedEncoding) Rank() int { return len(a.Order) }

// AliasName is "blocked".
func (BlockedEncoding) AliasName() string { return "blocked" }

// Print writes `#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>`.
func (a BlockedEncoding) Print(p *ir.Printer) {
	f := &fields{}
	f.ints("sizePerThread", a.SizePerThread)
	f.ints("threadsPerWarp", a.ThreadsPerWarp)
	f.ints("warpsPerCTA", a.WarpsPerCTA)
	f.ints("order", a.Order)
	a.CTA.print(f, a.Rank())
	printLayout(p, "blocked", f)
}

// Equal compares all fields (default CTA fields compare equal to absent ones).
func (a BlockedEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(BlockedEncoding)
	return ok && intsEqual(a.SizePerThread, b.SizePerThread) && intsEqual(a.ThreadsPerWarp, b.ThreadsPerWarp) &&
		intsEqual(a.WarpsPerCTA, b.WarpsPerCTA) && intsEqual(a.Order, b.Order) && a.CTA.equal(b.CTA, a.Rank())
}

// VerifyEncoding checks the tensor rank.
func (a BlockedEncoding) VerifyEncoding(shape []int64, _ ir.Type) error { return verifyRank(a, shape) }

// ShapePerCTATile returns sizePerThread*threadsPerWarp*warpsPerCTA per dimension.
func (a BlockedEncoding) ShapePerCTATile() []int64 {
	out := make([]int64, a.Rank())
	for i := range out {
		out[i] = int64(a.SizePerThread[i] * a.ThreadsPerWarp[i] * a.WarpsPerCTA[i])
	}
	return out
}

func parseBlocked(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#blocked", append([]string{"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"}, ctaKeys...)...); err != nil {
		return nil, err
	}
	var a BlockedEncoding
	dsts := []*[]int{&a.SizePerThread, &a.ThreadsPerWarp, &a.WarpsPerCTA, &a.Order}
	for i, k := range []string{"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"} {
		if !b.has(k) {
			return nil, ir.Errorf(b.start, "#blocked requires '%s'", k)
		}
		if *dsts[i], err = b.ints(k); err != nil {
			return nil, err
		}
		if len(*dsts[i]) != len(a.SizePerThread) {
			return nil, ir.Errorf(b.get(k).loc, "'%s' has %d entries but sizePerThread has %d", k, len(*dsts[i]), len(a.SizePerThread))
		}
	}
	if !isPermutation(a.Order) {
		return nil, ir.Errorf(b.get("order").loc, "'order' must be a permutation of 0..%d", len(a.Order)-1)
	}
	a.CTA, err = parseCTA(b, a.Rank())
	return a, err
}

func isPermutation(o []int) bool {
	seen := make([]bool, len(o))
	for _, x := range o {
		if x < 0 || x >= len(o) || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// SliceEncoding is `#triton_gpu.slice<{dim = D, parent = #layout}>`: the
// parent layout with dimension D removed. It is printed inline (no alias).
type SliceEncoding struct {
	Dim    int
	Parent ir.Attribute
}

// Rank is the parent rank minus one.
func (a SliceEncoding) Rank() int {
	if l, ok := a.Parent.(Layout); ok && l.Rank() >= 0 {
		return l.Rank() - 1
	}
	return -1
}

// SliceDim implements tt.SliceEncoding.
func (a SliceEncoding) SliceDim() int { return a.Dim }

// SliceParent implements tt.SliceEncoding.
func (a SliceEncoding) SliceParent() ir.Attribute { return a.Parent }

// Print writes `#triton_gpu.slice<{dim = 0, parent = #blocked}>`.
func (a SliceEncoding) Print(p *ir.Printer) {
	f := &fields{}
	f.int("dim", a.Dim)
	f.attr("parent", a.Parent)
	printLayout(p, "slice", f)
}

// Equal compares dim and parent.
func (a SliceEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(SliceEncoding)
	return ok && a.Dim == b.Dim && ir.AttrEqual(a.Parent, b.Parent)
}

// VerifyEncoding checks the tensor rank.
func (a SliceEncoding) VerifyEncoding(shape []int64, _ ir.Type) error { return verifyRank(a, shape) }

func parseSlice(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#slice", "dim", "parent"); err != nil {
		return nil, err
	}
	var a SliceEncoding
	if a.Dim, err = b.uint("dim", -1); err != nil {
		return nil, err
	}
	parent, loc := b.attr("parent")
	if a.Dim < 0 || parent == nil {
		return nil, ir.Errorf(b.start, "#slice requires 'dim' and 'parent'")
	}
	l, ok := parent.(Layout)
	if !ok {
		return nil, ir.Errorf(loc, "slice parent must be a distributed layout, got %s", ir.AttrString(parent))
	}
	if r := l.Rank(); r >= 0 && r < 2 {
		return nil, ir.Errorf(loc, "parent layout must have at least rank >= 2")
	}
	if r := l.Rank(); r >= 0 && a.Dim >= r {
		return nil, ir.Errorf(b.get("dim").loc, "slice dim=%d must be less than the parent rank=%d", a.Dim, r)
	}
	a.Parent = parent
	return a, nil
}

// NvidiaMmaEncoding is `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0,
// warpsPerCTA = [4, 1], instrShape = [16, 8]}>` (Ampere, v2) or with
// versionMajor 3 and instrShape [16, N, 16] (Hopper).
type NvidiaMmaEncoding struct {
	VersionMajor, VersionMinor int
	WarpsPerCTA                []int
	CTA                        CTALayout
	InstrShape                 []int
}

// Rank is the number of warpsPerCTA entries.
func (a NvidiaMmaEncoding) Rank() int { return len(a.WarpsPerCTA) }

// AliasName is "mma".
func (NvidiaMmaEncoding) AliasName() string { return "mma" }

// IsAmpere reports versionMajor 2.
func (a NvidiaMmaEncoding) IsAmpere() bool { return a.VersionMajor == 2 }

// IsHopper reports versionMajor 3.
func (a NvidiaMmaEncoding) IsHopper() bool { return a.VersionMajor == 3 }

// Print writes `#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>`.
func (a NvidiaMmaEncoding) Print(p *ir.Printer) {
	f := &fields{}
	f.int("versionMajor", a.VersionMajor)
	f.int("versionMinor", a.VersionMinor)
	f.ints("warpsPerCTA", a.WarpsPerCTA)
	a.CTA.print(f, a.Rank())
	f.ints("instrShape", a.InstrShape)
	printLayout(p, "nvidia_mma", f)
}

// Equal compares all fields.
func (a NvidiaMmaEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(NvidiaMmaEncoding)
	return ok && a.VersionMajor == b.VersionMajor && a.VersionMinor == b.VersionMinor &&
		intsEqual(a.WarpsPerCTA, b.WarpsPerCTA) && intsEqual(a.InstrShape, b.InstrShape) && a.CTA.equal(b.CTA, a.Rank())
}

// VerifyEncoding checks the tensor rank.
func (a NvidiaMmaEncoding) VerifyEncoding(shape []int64, _ ir.Type) error {
	return verifyRank(a, shape)
}

// ShapePerCTATile returns the tile one CTA covers: v2 [16·wM, 8·wN], v3
// [16·wM, instrN·wN] (the last two dimensions; a batch dimension is 1·w).
func (a NvidiaMmaEncoding) ShapePerCTATile() []int64 {
	r := a.Rank()
	out := make([]int64, r)
	for i := range out {
		out[i] = int64(a.WarpsPerCTA[i])
	}
	if r >= 2 {
		out[r-2] *= 16
		n := 8
		if a.VersionMajor == 3 && len(a.InstrShape) >= 2 {
			n = a.InstrShape[1]
		}
		out[r-1] *= int64(n)
	}
	return out
}

func parseNvidiaMma(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#nvidia_mma", append([]string{"versionMajor", "versionMinor", "warpsPerCTA", "instrShape"}, ctaKeys...)...); err != nil {
		return nil, err
	}
	var a NvidiaMmaEncoding
	if a.VersionMajor, err = b.uint("versionMajor", 0); err != nil {
		return nil, err
	}
	if a.VersionMajor != 2 && a.VersionMajor != 3 {
		loc := b.start
		if f := b.get("versionMajor"); f != nil {
			loc = f.loc
		}
		return nil, ir.Errorf(loc, "unsupported nvidia_mma versionMajor %d (expected 2 or 3)", a.VersionMajor)
	}
	if a.VersionMinor, err = b.uint("versionMinor", 0); err != nil {
		return nil, err
	}
	if a.WarpsPerCTA, err = b.ints("warpsPerCTA"); err != nil {
		return nil, err
	}
	if a.InstrShape, err = b.ints("instrShape"); err != nil {
		return nil, err
	}
	if a.VersionMajor == 3 {
		if err := verifyMMAv3(a); err != nil {
			return nil, ir.Errorf(b.start, "%v", err)
		}
	}
	a.CTA, err = parseCTA(b, a.Rank())
	return a, err
}

// DotOperandEncoding is `#triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`.
// Meta is the 2:4 fork's parameter (sparse-fork.md §4.1): -1 ordinary
// operand (default, not printed), 0 compressed values, 1 metadata. KWidth 0
// is the default and not printed. Printed inline (no alias).
type DotOperandEncoding struct {
	OpIdx  int
	Parent ir.Attribute
	KWidth int
	Meta   int
}

// Meta values of DotOperandEncoding.
const (
	MetaNone   = -1
	MetaValues = 0
	MetaMeta   = 1
)

// DotOp returns a dense dot-operand encoding (Meta -1).
func DotOp(opIdx int, parent ir.Attribute, kWidth int) DotOperandEncoding {
	return DotOperandEncoding{OpIdx: opIdx, Parent: parent, KWidth: kWidth, Meta: MetaNone}
}

// Rank is the parent's rank.
func (a DotOperandEncoding) Rank() int {
	if l, ok := a.Parent.(Layout); ok {
		return l.Rank()
	}
	return -1
}

// DotOpIdx implements tt.DotOperandEncoding.
func (a DotOperandEncoding) DotOpIdx() int { return a.OpIdx }

// DotKWidth implements tt.DotOperandEncoding.
func (a DotOperandEncoding) DotKWidth() int { return a.KWidth }

// Print writes `#triton_gpu.dot_op<{opIdx = 0, parent = #mma[, kWidth = 2][, meta = 0]}>`.
func (a DotOperandEncoding) Print(p *ir.Printer) {
	f := &fields{}
	f.int("opIdx", a.OpIdx)
	f.attr("parent", a.Parent)
	if a.KWidth != 0 {
		f.int("kWidth", a.KWidth)
	}
	if a.Meta != MetaNone {
		f.int("meta", a.Meta)
	}
	printLayout(p, "dot_op", f)
}

// Equal compares all fields.
func (a DotOperandEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(DotOperandEncoding)
	return ok && a.OpIdx == b.OpIdx && a.KWidth == b.KWidth && a.Meta == b.Meta && ir.AttrEqual(a.Parent, b.Parent)
}

// VerifyEncoding checks the tensor rank.
func (a DotOperandEncoding) VerifyEncoding(shape []int64, _ ir.Type) error {
	return verifyRank(a, shape)
}

func parseDotOp(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#dot_op", "opIdx", "parent", "kWidth", "meta"); err != nil {
		return nil, err
	}
	a := DotOperandEncoding{}
	if a.OpIdx, err = b.uint("opIdx", -1); err != nil {
		return nil, err
	}
	parent, loc := b.attr("parent")
	if a.OpIdx < 0 || parent == nil {
		return nil, ir.Errorf(b.start, "#dot_op requires 'opIdx' and 'parent'")
	}
	if a.OpIdx > 1 {
		return nil, ir.Errorf(b.get("opIdx").loc, "ttg.dot_op opIdx parameter can be 0 or 1, got: %d", a.OpIdx)
	}
	if _, ok := parent.(Layout); !ok {
		return nil, ir.Errorf(loc, "dot_op parent must be a distributed layout, got %s", ir.AttrString(parent))
	}
	a.Parent = parent
	if a.KWidth, err = b.uint("kWidth", 0); err != nil {
		return nil, err
	}
	if a.Meta, err = b.int("meta", MetaNone); err != nil {
		return nil, err
	}
	if a.Meta < MetaNone || a.Meta > MetaMeta {
		return nil, ir.Errorf(b.get("meta").loc, "meta must be -1 (ordinary operand), 0 (sparse values) or 1 (sparse metadata), got %d", a.Meta)
	}
	switch par := parent.(type) {
	case BlockedEncoding:
		if a.KWidth != 0 {
			return nil, ir.Errorf(b.get("kWidth").loc, "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout")
		}
	case NvidiaMmaEncoding:
		// The metadata operand of a sparse dot (meta = 1) has no kWidth.
		if (par.IsAmpere() || par.IsHopper()) && a.KWidth == 0 && a.Meta != MetaMeta {
			return nil, ir.Errorf(b.start, "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent")
		}
	}
	return a, nil
}

// LinearEncoding is `#ttg.linear<{register = [[...]], lane = [...], warp = [...], block = []}>`
// (Triton 3.2+): basis vectors per input dimension.
type LinearEncoding struct {
	Register, Lane, Warp, Block [][]int
}

// Rank is the length of a basis vector (-1 when there are none).
func (a LinearEncoding) Rank() int {
	for _, bs := range [][][]int{a.Register, a.Lane, a.Warp, a.Block} {
		if len(bs) > 0 {
			return len(bs[0])
		}
	}
	return -1
}

// AliasName is "linear".
func (LinearEncoding) AliasName() string { return "linear" }

// Print writes `#ttg.linear<{register = [...], lane = [...], warp = [...], block = [...]}>`.
func (a LinearEncoding) Print(p *ir.Printer) {
	f := &fields{}
	f.lists("register", a.Register)
	f.lists("lane", a.Lane)
	f.lists("warp", a.Warp)
	f.lists("block", a.Block)
	printLayout(p, "linear", f)
}

// Equal compares the bases.
func (a LinearEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(LinearEncoding)
	if !ok {
		return false
	}
	x := [][][]int{a.Register, a.Lane, a.Warp, a.Block}
	y := [][][]int{b.Register, b.Lane, b.Warp, b.Block}
	for i := range x {
		if len(x[i]) != len(y[i]) {
			return false
		}
		for j := range x[i] {
			if !intsEqual(x[i][j], y[i][j]) {
				return false
			}
		}
	}
	return true
}

// VerifyEncoding checks the tensor rank.
func (a LinearEncoding) VerifyEncoding(shape []int64, _ ir.Type) error { return verifyRank(a, shape) }

func parseLinear(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	keys := []string{"register", "lane", "warp", "block"}
	if err := b.checkKeys("#linear", keys...); err != nil {
		return nil, err
	}
	var a LinearEncoding
	dsts := []*[][]int{&a.Register, &a.Lane, &a.Warp, &a.Block}
	rank := -1
	for i, k := range keys {
		if *dsts[i], err = b.intLists(k); err != nil {
			return nil, err
		}
		for _, v := range *dsts[i] {
			if rank >= 0 && len(v) != rank {
				return nil, ir.Errorf(b.get(k).loc, "all basis vectors of #linear must have the same length")
			}
			rank = len(v)
		}
	}
	return a, nil
}

// contextInt returns the integer attribute `<ns>.<name>` of the nearest
// enclosing op that carries it (a warp_specialize partition or function
// may override the module's num-warps).
func contextInt(op *ir.Operation, name string) (int, bool) {
	for o := op; o != nil; o = o.ParentOp() {
		if a, ok := ModuleAttr(o, name).(ir.IntegerAttr); ok {
			return int(a.Value), true
		}
		if name == "num-warps" && o.Block() != nil && o.Block().Parent() != nil {
			if n, ok := partitionWarps(o.Block().Parent()); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// partitionWarps is the num_warps of r when r is a partition region of a
// ttg.warp_specialize.
func partitionWarps(r *ir.Region) (int, bool) {
	parts := r.Parent()
	if parts == nil || parts.Name != partitionsName {
		return 0, false
	}
	ws := parts.ParentOp()
	if ws == nil {
		return 0, false
	}
	nw, _ := ws.Attr("partitionNumWarps").(ir.DenseArrayAttr)
	if i := r.Index(); i >= 0 && i < len(nw.Ints) {
		return int(nw.Ints[i]), true
	}
	return 0, false
}

// VerifyInContext implements ir.ContextLayoutVerifier: the layout's
// threads per warp, warps per CTA and CTAs per CGA must be those of the
// enclosing module (checked where the module states them).
func (a BlockedEncoding) VerifyInContext(op *ir.Operation, t ir.RankedTensorType) error {
	layout := ir.AttrString(a)
	if tpw, ok := contextInt(op, "threads-per-warp"); ok {
		if n := product(intsToInt64(a.ThreadsPerWarp)); n != int64(tpw) {
			return errorf("%s. Layout has %d threads per warp, but the module specifies %d threads per warp.", layout, n, tpw)
		}
	}
	if nw, ok := contextInt(op, "num-warps"); ok {
		if n := product(intsToInt64(a.WarpsPerCTA)); n != int64(nw) {
			return errorf("%s. Layout has %d warps per CTA, but the context requires %d warps per CTA.", layout, n, nw)
		}
	}
	if nc, ok := contextInt(op, "num-ctas"); ok {
		if n := a.CTA.NumCTAs(); n != nc && (a.CTA.CGA != nil || a.CTA.CTAsPerCGA != nil || nc != 1) {
			return errorf("%s. Layout has %d CTAs per CGA, but the context requires %d CTAs per CGA.", layout, n, nc)
		}
	}
	return nil
}

func intsToInt64(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}
