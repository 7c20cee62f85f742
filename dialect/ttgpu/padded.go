package ttgpu

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// PaddedSharedEncoding is Triton 3.5+'s padded shared-memory layout
// `#ttg.padded_shared<[interval:+padding, ...] {offset = [[...]], block = [[...]]}>`
// (a linear map from offsets to tensor coordinates) or its identity short
// form `{order = [...], shape = [...]}`. After every interval elements,
// padding elements are skipped. The form read is the form printed.
type PaddedSharedEncoding struct {
	Intervals, Paddings []int
	// Linear form (Identity false).
	Offset, Block [][]int
	// Identity form.
	Identity     bool
	Order, Shape []int
}

// AliasName is "shared".
func (PaddedSharedEncoding) AliasName() string { return "shared" }

// Print writes `#ttg.padded_shared<[4:+4] {...}>` (the 3.6 namespace under
// either spelling: Triton 3.1 had no such layout).
func (a PaddedSharedEncoding) Print(p *ir.Printer) {
	p.WriteString("#" + Alias + ".padded_shared<[")
	for i := range a.Intervals {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(strconv.Itoa(a.Intervals[i]) + ":+" + strconv.Itoa(a.Paddings[i]))
	}
	p.WriteString("] {")
	if a.Identity {
		p.WriteString("order = " + intsString(a.Order) + ", shape = " + intsString(a.Shape))
	} else {
		p.WriteString("offset = " + listsString(a.Offset) + ", block = " + listsString(a.Block))
	}
	p.WriteString("}>")
}

func listsString(v [][]int) string {
	s := make([]string, len(v))
	for i, l := range v {
		s[i] = intsString(l)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// Equal compares every field.
func (a PaddedSharedEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(PaddedSharedEncoding)
	return ok && intsEqual(a.Intervals, b.Intervals) && intsEqual(a.Paddings, b.Paddings) && a.Identity == b.Identity &&
		intsEqual(a.Order, b.Order) && intsEqual(a.Shape, b.Shape) && listsEqual(a.Offset, b.Offset) && listsEqual(a.Block, b.Block)
}

func listsEqual(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !intsEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Rank is the number of tensor dimensions the layout maps to.
func (a PaddedSharedEncoding) Rank() int {
	if a.Identity {
		return len(a.Shape)
	}
	for _, l := range [][][]int{a.Offset, a.Block} {
		if len(l) > 0 {
			return len(l[0])
		}
	}
	return 0
}

// DimSizes is the size of each tensor dimension the layout covers.
func (a PaddedSharedEncoding) DimSizes() []int {
	if a.Identity {
		return a.Shape
	}
	out := make([]int, a.Rank())
	for d := range out {
		m := 0
		for _, l := range [][][]int{a.Offset, a.Block} {
			for _, v := range l {
				m |= v[d]
			}
		}
		n := 1
		for n <= m {
			n <<= 1
		}
		out[d] = n
	}
	return out
}

// VerifyMemDesc checks a memdesc shape against the layout: its rank is the
// layout's or one more (a leading buffer index), and its trailing
// dimensions are the layout's.
func (a PaddedSharedEncoding) VerifyMemDesc(shape, allocShape []int64) error {
	if allocShape != nil {
		shape = allocShape
	}
	r := a.Rank()
	if len(shape) != r && len(shape) != r+1 {
		return errorf("rank must be equal to or one less than the shape size. Got %d and %d", r, len(shape))
	}
	sizes := a.DimSizes()
	lead := len(shape) - r
	for d, s := range sizes {
		if shape[lead+d] != int64(s) {
			return errorf("Mismatch in expected shape for dimension %d. Expected: %d, got: %d", d, shape[lead+d], s)
		}
	}
	return nil
}

func isPow2(v int) bool { return v > 0 && v&(v-1) == 0 }

func parsePaddedShared(p ir.AsmParser) (ir.Attribute, error) {
	start := p.Loc()
	var a PaddedSharedEncoding
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	for {
		iv, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		if err := p.ParsePunct("+"); err != nil {
			return nil, err
		}
		pad, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		a.Intervals, a.Paddings = append(a.Intervals, int(iv)), append(a.Paddings, int(pad))
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if err := p.ParsePunct("]"); err != nil {
		return nil, err
	}
	dloc := p.Loc()
	d, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	dict, ok := d.(ir.DictAttr)
	if !ok {
		return nil, ir.Errorf(dloc, "expected a dictionary of offset and block bases, or of order and shape")
	}
	b := &body{start: dloc, used: map[string]bool{}}
	for _, e := range dict.Entries {
		b.fields = append(b.fields, field{e.Name, e.Value, dloc})
	}
	if b.get("offset") != nil || b.get("block") != nil {
		if err := a.parseLinear(b); err != nil {
			return nil, err
		}
	} else if err := a.parseIdentity(b); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	return a, a.verify(start)
}

func unexpectedKeys(b *body, allowed ...string) error {
	for _, f := range b.fields {
		ok := false
		for _, k := range allowed {
			ok = ok || f.key == k
		}
		if !ok {
			return ir.Errorf(f.loc, "Unexpected attribute \"%s\" found", f.key)
		}
	}
	return nil
}

func (a *PaddedSharedEncoding) parseLinear(b *body) error {
	if err := unexpectedKeys(b, "offset", "block"); err != nil {
		return err
	}
	rank := -1
	for _, k := range []string{"offset", "block"} {
		if b.get(k) == nil {
			return ir.Errorf(b.start, "Expected basis of '%s' not found", k)
		}
		l, err := b.intLists(k)
		if err != nil {
			return err
		}
		for _, v := range l {
			if rank >= 0 && len(v) != rank {
				return ir.Errorf(b.start, "all bases of '%s' must have the same length", k)
			}
			rank = len(v)
			for _, x := range v {
				if x != 0 && !isPow2(x) {
					return ir.Errorf(b.start, "Each %s basis must be 0 or a power of two", k)
				}
			}
		}
		if k == "offset" {
			a.Offset = l
		} else {
			a.Block = l
		}
	}
	if a.Offset == nil {
		a.Offset = [][]int{}
	}
	if a.Block == nil {
		a.Block = [][]int{}
	}
	return nil
}

func (a *PaddedSharedEncoding) parseIdentity(b *body) error {
	if err := unexpectedKeys(b, "order", "shape"); err != nil {
		return err
	}
	var err error
	if a.Order, err = b.ints("order"); err != nil {
		return err
	}
	if a.Shape, err = b.ints("shape"); err != nil {
		return err
	}
	if len(a.Order) != len(a.Shape) {
		return ir.Errorf(b.start, "Mismatch of shape and order ranks in padded layout")
	}
	if !isPermutation(a.Order) {
		return ir.Errorf(b.start, "'order' must be a permutation of 0..%d", len(a.Order)-1)
	}
	for _, s := range a.Shape {
		if !isPow2(s) {
			return ir.Errorf(b.start, "'shape' entries must be powers of two, got %d", s)
		}
	}
	a.Identity = true
	return nil
}

func (a PaddedSharedEncoding) verify(loc ir.Location) error {
	seen := map[int]bool{}
	for i, iv := range a.Intervals {
		if !isPow2(iv) {
			return ir.Errorf(loc, "interval values must all be power of two")
		}
		if !isPow2(a.Paddings[i]) {
			return ir.Errorf(loc, "padding values must all be power of two")
		}
		if seen[iv] {
			return ir.Errorf(loc, "interval values cannot have duplicates")
		}
		seen[iv] = true
	}
	return nil
}

// SharedLinearEncoding is `#ttg.shared_linear<{offset = [[...]], block = [[...]]}[, alignment = N]>`:
// a shared-memory layout given as a linear map.
type SharedLinearEncoding struct {
	Offset, Block [][]int
	Alignment     int // 0: not written
}

// AliasName is "shared".
func (SharedLinearEncoding) AliasName() string { return "shared" }

// Print writes `#ttg.shared_linear<{offset = ..., block = ...}, alignment = N>`.
func (a SharedLinearEncoding) Print(p *ir.Printer) {
	p.WriteString("#" + Alias + ".shared_linear<{offset = " + listsString(a.Offset) + ", block = " + listsString(a.Block) + "}")
	if a.Alignment != 0 {
		p.WriteString(", alignment = " + strconv.Itoa(a.Alignment))
	}
	p.WriteString(">")
}

// Equal compares the bases and alignment.
func (a SharedLinearEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(SharedLinearEncoding)
	return ok && listsEqual(a.Offset, b.Offset) && listsEqual(a.Block, b.Block) && a.Alignment == b.Alignment
}

func parseSharedLinear(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBodyOpen(p)
	if err != nil {
		return nil, err
	}
	if b.get("alignment") != nil {
		return nil, ir.Errorf(b.get("alignment").loc, "alignment must be specified outside of the linear layout braces")
	}
	if err := unexpectedKeys(b, "offset", "block"); err != nil {
		return nil, err
	}
	var a SharedLinearEncoding
	if a.Offset, err = b.intLists("offset"); err != nil {
		return nil, err
	}
	if a.Block, err = b.intLists("block"); err != nil {
		return nil, err
	}
	if a.Offset == nil {
		a.Offset = [][]int{}
	}
	if a.Block == nil {
		a.Block = [][]int{}
	}
	if p.ParseOptionalPunct(",") {
		if err := p.ParseKeyword("alignment"); err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		v, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		if v <= 0 {
			return nil, p.Errorf("alignment must be positive, got %d", v)
		}
		a.Alignment = int(v)
	}
	return a, p.ParsePunct(">")
}

// nonDistributed is the ir.ContextLayoutVerifier of shared-memory layouts:
// they describe memdescs, never tensors (Triton's verifyTensorLayout).
func nonDistributed() error {
	return errorf("Non-distributed layout is not allowed in tensor type.")
}

// VerifyInContext rejects a shared layout on a tensor.
func (PaddedSharedEncoding) VerifyInContext(*ir.Operation, ir.RankedTensorType) error {
	return nonDistributed()
}

// VerifyInContext rejects a shared layout on a tensor.
func (SharedLinearEncoding) VerifyInContext(*ir.Operation, ir.RankedTensorType) error {
	return nonDistributed()
}

// VerifyInContext rejects a shared layout on a tensor.
func (SharedEncoding) VerifyInContext(*ir.Operation, ir.RankedTensorType) error {
	return nonDistributed()
}

// VerifyInContext rejects a shared layout on a tensor.
func (SwizzledSharedEncoding) VerifyInContext(*ir.Operation, ir.RankedTensorType) error {
	return nonDistributed()
}

// VerifyInContext rejects a shared layout on a tensor.
func (NVMMASharedEncoding) VerifyInContext(*ir.Operation, ir.RankedTensorType) error {
	return nonDistributed()
}
