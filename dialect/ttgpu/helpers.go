package ttgpu

import (
	"github.com/sparsetriton/sp/ir"
)

// SizePerThread returns the per-thread tile of a blocked layout (or of the
// blocked parent of a slice, with the sliced dimension removed).
func SizePerThread(l ir.Attribute) ([]int, bool) {
	return blockedField(l, func(b BlockedEncoding) []int { return b.SizePerThread }, false)
}

// ThreadsPerWarp returns the threads-per-warp arrangement of a blocked
// layout (or of a slice of one).
func ThreadsPerWarp(l ir.Attribute) ([]int, bool) {
	return blockedField(l, func(b BlockedEncoding) []int { return b.ThreadsPerWarp }, false)
}

// WarpsPerCTA returns the warp arrangement of a blocked or nvidia_mma layout
// (through slice and dot_op parents).
func WarpsPerCTA(l ir.Attribute) ([]int, bool) {
	switch x := l.(type) {
	case NvidiaMmaEncoding:
		return x.WarpsPerCTA, true
	case DotOperandEncoding:
		return WarpsPerCTA(x.Parent)
	}
	return blockedField(l, func(b BlockedEncoding) []int { return b.WarpsPerCTA }, false)
}

// Order returns the dimension order (fastest first) of a blocked layout, a
// slice of one, a swizzled shared layout or a (rank-2) NVMMA shared layout.
func Order(l ir.Attribute) ([]int, bool) {
	switch x := l.(type) {
	case SharedEncoding:
		return x.Order, true
	case SwizzledSharedEncoding:
		return x.Order, true
	case NVMMASharedEncoding:
		if x.Transposed {
			return []int{0, 1}, true
		}
		return []int{1, 0}, true
	}
	return blockedField(l, func(b BlockedEncoding) []int { return b.Order }, true)
}

// blockedField reads a per-dimension field of a blocked layout; for a slice
// it drops the sliced dimension (and, for order, renumbers the rest).
func blockedField(l ir.Attribute, get func(BlockedEncoding) []int, isOrder bool) ([]int, bool) {
	switch x := l.(type) {
	case BlockedEncoding:
		return get(x), true
	case SliceEncoding:
		parent, ok := blockedField(x.Parent, get, isOrder)
		if !ok || x.Dim >= len(parent) {
			return nil, false
		}
		if isOrder {
			return sliceOrder(parent, x.Dim), true
		}
		return append(append([]int(nil), parent[:x.Dim]...), parent[x.Dim+1:]...), true
	}
	return nil, false
}

// sliceOrder removes dim from a dimension order and renumbers the rest.
func sliceOrder(order []int, dim int) []int {
	out := make([]int, 0, len(order)-1)
	for _, d := range order {
		switch {
		case d < dim:
			out = append(out, d)
		case d > dim:
			out = append(out, d-1)
		}
	}
	return out
}

// ShapePerCTATile returns the tensor tile one CTA covers with one
// repetition of layout l: blocked and nvidia_mma directly, slice by
// dropping the sliced dimension of its parent's tile, dot_op by its
// parent's tile.
func ShapePerCTATile(l ir.Attribute) ([]int64, bool) {
	switch x := l.(type) {
	case BlockedEncoding:
		return x.ShapePerCTATile(), true
	case NvidiaMmaEncoding:
		return x.ShapePerCTATile(), true
	case DotOperandEncoding:
		return ShapePerCTATile(x.Parent)
	case SliceEncoding:
		p, ok := ShapePerCTATile(x.Parent)
		if !ok || x.Dim >= len(p) {
			return nil, false
		}
		return append(append([]int64(nil), p[:x.Dim]...), p[x.Dim+1:]...), true
	}
	return nil, false
}

// DotOpForElem builds a dot-operand encoding the way the 2:4 fork's
// `(opIdx, parent, eltTy, meta)` builder does (sparse-fork.md §4.1): with
// an Ampere (v2) nvidia_mma parent, kWidth = 32 / element bit width and
// meta is kept; with any other parent, kWidth 0 and meta -1.
func DotOpForElem(opIdx int, parent ir.Attribute, elemBits int, meta int) DotOperandEncoding {
	if m, ok := parent.(NvidiaMmaEncoding); ok && m.IsAmpere() && elemBits > 0 {
		return DotOperandEncoding{OpIdx: opIdx, Parent: parent, KWidth: 32 / elemBits, Meta: meta}
	}
	return DotOp(opIdx, parent, 0)
}
