package ttgpu

import (
	"github.com/sparsetriton/sp/ir"
)

// SharedEncoding is the Triton 3.0–3.2 shared-memory layout
// `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>`
// (CTA fields before hasLeadingOffset when not single-CTA).
type SharedEncoding struct {
	Vec, PerPhase, MaxPhase int
	Order                   []int
	CTA                     CTALayout
	HasLeadingOffset        bool
}

// AliasName is "shared".
func (SharedEncoding) AliasName() string { return "shared" }

// Print writes `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>`.
// Under the 3.2+ spelling a layout without leading offset is written as
// Triton 3.3+ names it, `#ttg.swizzled_shared<{vec, perPhase, maxPhase, order}>`.
//
// An NVMMA tile (hasLeadingOffset = true with a wgmma swizzle) prints in the
// 3.3+ spelling as the `#ttg.nvmma_shared` that Triton 3.6 reads.
func (a SharedEncoding) Print(p *ir.Printer) {
	if !a.HasLeadingOffset && p.Namespace(Namespace) == Alias {
		SwizzledSharedEncoding{Vec: a.Vec, PerPhase: a.PerPhase, MaxPhase: a.MaxPhase, Order: a.Order, CTA: a.CTA}.Print(p)
		return
	}
	if nv, ok := a.asNVMMA(); ok && p.Namespace(Namespace) == Alias {
		nv.Print(p)
		return
	}
	f := swizzleFields(a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CTA)
	f.bool("hasLeadingOffset", a.HasLeadingOffset)
	printLayout(p, "shared", f)
}

// Equal compares all fields.
func (a SharedEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(SharedEncoding)
	return ok && a.Vec == b.Vec && a.PerPhase == b.PerPhase && a.MaxPhase == b.MaxPhase &&
		intsEqual(a.Order, b.Order) && a.CTA.equal(b.CTA, len(a.Order)) && a.HasLeadingOffset == b.HasLeadingOffset
}

func swizzleFields(vec, perPhase, maxPhase int, order []int, cta CTALayout) *fields {
	f := &fields{}
	f.int("vec", vec)
	f.int("perPhase", perPhase)
	f.int("maxPhase", maxPhase)
	f.ints("order", order)
	cta.print(f, len(order))
	return f
}

var swizzleKeys = []string{"vec", "perPhase", "maxPhase", "order"}

func parseSwizzle(b *body) (vec, perPhase, maxPhase int, order []int, cta CTALayout, err error) {
	for i, dst := range []*int{&vec, &perPhase, &maxPhase} {
		if *dst, err = b.uint(swizzleKeys[i], 0); err != nil {
			return
		}
	}
	if order, err = b.ints("order"); err != nil {
		return
	}
	if !isPermutation(order) {
		err = ir.Errorf(b.start, "'order' must be a permutation of 0..%d", len(order)-1)
		return
	}
	cta, err = parseCTA(b, len(order))
	return
}

func parseShared(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#shared", append(append(append([]string{}, swizzleKeys...), ctaKeys...), "hasLeadingOffset")...); err != nil {
		return nil, err
	}
	var a SharedEncoding
	if a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CTA, err = parseSwizzle(b); err != nil {
		return nil, err
	}
	a.HasLeadingOffset, err = b.bool("hasLeadingOffset", false)
	return a, err
}

// SwizzledSharedEncoding is the 3.3+ `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>`.
type SwizzledSharedEncoding struct {
	Vec, PerPhase, MaxPhase int
	Order                   []int
	CTA                     CTALayout
}

// AliasName is "shared".
func (SwizzledSharedEncoding) AliasName() string { return "shared" }

// Print writes `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>`.
// Printed in the 3.1 spelling (Spelling maps ttg to triton_gpu), it is the
// 3.1 `#triton_gpu.shared<{..., hasLeadingOffset = false}>`.
func (a SwizzledSharedEncoding) Print(p *ir.Printer) {
	if p.Options().Spelling[Alias] == Namespace {
		SharedEncoding{Vec: a.Vec, PerPhase: a.PerPhase, MaxPhase: a.MaxPhase, Order: a.Order, CTA: a.CTA}.Print(p)
		return
	}
	printLayout(p, "swizzled_shared", swizzleFields(a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CTA))
}

// Equal compares all fields.
func (a SwizzledSharedEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(SwizzledSharedEncoding)
	return ok && a.Vec == b.Vec && a.PerPhase == b.PerPhase && a.MaxPhase == b.MaxPhase &&
		intsEqual(a.Order, b.Order) && a.CTA.equal(b.CTA, len(a.Order))
}

func parseSwizzledShared(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#swizzled_shared", append(append([]string{}, swizzleKeys...), ctaKeys...)...); err != nil {
		return nil, err
	}
	var a SwizzledSharedEncoding
	a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CTA, err = parseSwizzle(b)
	return a, err
}

// NVMMASharedEncoding is the 3.3+ `#ttg.nvmma_shared<{swizzlingByteWidth = 128,
// transposed = false, elementBitWidth = 16[, fp4Padded = true]}>` (+ CTA fields).
type NVMMASharedEncoding struct {
	SwizzlingByteWidth int
	Transposed         bool
	ElementBitWidth    int
	FP4Padded          bool
	CTA                CTALayout
}

// AliasName is "shared".
func (NVMMASharedEncoding) AliasName() string { return "shared" }

// Print writes `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>`.
// Printed in the 3.1 spelling, it is the 3.1 `#triton_gpu.shared<{...,
// hasLeadingOffset = true}>` of the same tile.
func (a NVMMASharedEncoding) Print(p *ir.Printer) {
	if sh, ok := a.asShared(); ok && p.Options().Spelling[Alias] == Namespace {
		sh.Print(p)
		return
	}
	f := &fields{}
	f.int("swizzlingByteWidth", a.SwizzlingByteWidth)
	f.bool("transposed", a.Transposed)
	f.int("elementBitWidth", a.ElementBitWidth)
	if a.FP4Padded {
		f.bool("fp4Padded", true)
	}
	a.CTA.print(f, len(a.CTA.CTAOrder))
	printLayout(p, "nvmma_shared", f)
}

// Equal compares all fields.
func (a NVMMASharedEncoding) Equal(o ir.Attribute) bool {
	b, ok := o.(NVMMASharedEncoding)
	return ok && a.SwizzlingByteWidth == b.SwizzlingByteWidth && a.Transposed == b.Transposed &&
		a.ElementBitWidth == b.ElementBitWidth && a.FP4Padded == b.FP4Padded && a.CTA.equal(b.CTA, len(a.CTA.CTAOrder))
}

func parseNVMMAShared(p ir.AsmParser) (ir.Attribute, error) {
	b, err := parseBody(p)
	if err != nil {
		return nil, err
	}
	if err := b.checkKeys("#nvmma_shared", append([]string{"swizzlingByteWidth", "transposed", "elementBitWidth", "fp4Padded"}, ctaKeys...)...); err != nil {
		return nil, err
	}
	var a NVMMASharedEncoding
	if a.SwizzlingByteWidth, err = b.uint("swizzlingByteWidth", 0); err != nil {
		return nil, err
	}
	switch a.SwizzlingByteWidth {
	case 0, 32, 64, 128:
	default:
		return nil, ir.Errorf(b.get("swizzlingByteWidth").loc, "swizzlingByteWidth must be 0, 32, 64 or 128, got %d", a.SwizzlingByteWidth)
	}
	if a.Transposed, err = b.bool("transposed", false); err != nil {
		return nil, err
	}
	if a.ElementBitWidth, err = b.uint("elementBitWidth", 0); err != nil {
		return nil, err
	}
	if a.FP4Padded, err = b.bool("fp4Padded", false); err != nil {
		return nil, err
	}
	a.CTA, err = parseCTA(b, -1)
	return a, err
}

// SharedMemorySpace is `#triton_gpu.shared_memory` (alias `#smem`), the
// memory space of shared-memory descriptors.
type SharedMemorySpace struct{}

// AliasNameFor aliases the space as `#smem` under the 3.2+ `ttg` spelling
// only; Triton 3.1 printed `#triton_gpu.shared_memory` inline.
func (SharedMemorySpace) AliasNameFor(p *ir.Printer) (string, bool) {
	return "smem", p.Namespace(Namespace) != Namespace
}

// IsMemorySpace implements tt.MemorySpace.
func (SharedMemorySpace) IsMemorySpace() {}

// Print writes `#triton_gpu.shared_memory`.
func (SharedMemorySpace) Print(p *ir.Printer) {
	p.WriteString("#" + p.Namespace(Namespace) + ".shared_memory")
}

// Equal reports whether o is also the shared memory space.
func (SharedMemorySpace) Equal(o ir.Attribute) bool { _, ok := o.(SharedMemorySpace); return ok }

// IsSharedEncoding reports whether a is one of the shared-memory layouts.
func IsSharedEncoding(a ir.Attribute) bool {
	switch a.(type) {
	case SharedEncoding, SwizzledSharedEncoding, NVMMASharedEncoding:
		return true
	}
	return false
}

// asNVMMA is the 3.3+ spelling of a 3.1 NVMMA tile: a 2-D hasLeadingOffset
// layout whose vec moves 16 bytes of 8-, 16- or 32-bit elements with a
// 32/64/128-byte (or no) swizzle.
func (a SharedEncoding) asNVMMA() (NVMMASharedEncoding, bool) {
	nv, ok := AsNVMMAShared(a)
	if !ok || a.Vec <= 0 || 128%a.Vec != 0 {
		return NVMMASharedEncoding{}, false
	}
	bits := 128 / a.Vec
	if bits != 8 && bits != 16 && bits != 32 {
		return NVMMASharedEncoding{}, false
	}
	if nv.SwizzleBytes == 0 && (a.PerPhase != 1 || a.MaxPhase != 1) {
		return NVMMASharedEncoding{}, false
	}
	return NVMMASharedEncoding{SwizzlingByteWidth: nv.SwizzleBytes, Transposed: nv.Contig == 0, ElementBitWidth: bits, CTA: a.CTA}, true
}

// asShared is the 3.1 spelling of an NVMMA tile (the inverse of asNVMMA).
func (a NVMMASharedEncoding) asShared() (SharedEncoding, bool) {
	if a.FP4Padded || a.ElementBitWidth <= 0 || 128%a.ElementBitWidth != 0 {
		return SharedEncoding{}, false
	}
	sh := SharedEncoding{Vec: 128 / a.ElementBitWidth, PerPhase: 1, MaxPhase: 1, Order: []int{1, 0}, CTA: a.CTA, HasLeadingOffset: true}
	switch a.SwizzlingByteWidth {
	case 0:
	case 32, 64, 128:
		sh.PerPhase, sh.MaxPhase = 128/a.SwizzlingByteWidth, a.SwizzlingByteWidth/16
	default:
		return SharedEncoding{}, false
	}
	if a.Transposed {
		sh.Order = []int{0, 1}
	}
	if back, ok := sh.asNVMMA(); !ok || !back.Equal(a) {
		return SharedEncoding{}, false
	}
	return sh, true
}
