package swizzle

import (
	"fmt"
	"math/bits"
)

// Shared is Triton's swizzled shared-memory layout
// (#triton_gpu.shared<{vec, perPhase, maxPhase, order}>) for a rank-2 tile.
//
// Order lists the dimensions fastest first: Order[0] is the contiguous
// dimension. A stored row is one index of the other dimension Order[1]; it
// holds rowElems elements of the contiguous dimension. In stored row s the
// contiguous index j lives at
//
//	phase = (s / PerPhase) % MaxPhase
//	s*rowElems + ((j/Vec) ^ phase)*Vec + j%Vec
//
// so groups of Vec elements move as a unit and only their order inside the
// row changes.
type Shared struct {
	Vec, PerPhase, MaxPhase int
	Order                   []int
}

// Unswizzled is the identity layout (vec = perPhase = maxPhase = 1) with the
// given order: element (s, j) at s*rowElems + j.
func Unswizzled(order []int) Shared {
	return Shared{Vec: 1, PerPhase: 1, MaxPhase: 1, Order: cloneOrder(order)}
}

// Offset is the element offset of the logical element (row, col) in a tile
// whose contiguous dimension (Order[0]) has rowElems elements. row indexes
// tile dimension 0, col dimension 1, whatever the order. The layout must
// satisfy Validate(rowElems); Offset panics on MaxPhase or PerPhase < 1 rather
// than dividing by zero.
func (s Shared) Offset(row, col, rowElems int) int {
	if s.PerPhase < 1 || s.MaxPhase < 1 || s.Vec < 1 {
		panic(fmt.Sprintf("swizzle: degenerate shared layout %v", s))
	}
	stored, j := row, col
	if s.contiguousDim() == 0 {
		stored, j = col, row
	}
	phase := (stored / s.PerPhase) % s.MaxPhase
	return stored*rowElems + ((j/s.Vec)^phase)*s.Vec + j%s.Vec
}

// Validate reports whether s is a well-formed layout for stored rows of
// rowElems elements: all parameters ≥ 1, Order a permutation of {0, 1},
// rowElems a multiple of Vec, and the number of vectors per row a multiple
// of the smallest power of two ≥ MaxPhase, so that XOR with any phase keeps
// every vector inside its row (Offset is then a bijection on the tile).
func (s Shared) Validate(rowElems int) error {
	switch {
	case s.Vec < 1 || s.PerPhase < 1 || s.MaxPhase < 1:
		return fmt.Errorf("vec, perPhase and maxPhase must be ≥ 1, got %v", s)
	case !validOrder(s.Order):
		return fmt.Errorf("order must be [1, 0] or [0, 1], got %v", s.Order)
	case rowElems < 1 || rowElems%s.Vec != 0:
		return fmt.Errorf("row of %d elements is not a positive multiple of vec = %d", rowElems, s.Vec)
	case (rowElems/s.Vec)%ceilPow2(s.MaxPhase) != 0:
		return fmt.Errorf("maxPhase = %d would move vectors out of a row of %d vectors", s.MaxPhase, rowElems/s.Vec)
	}
	return nil
}

// String prints the parameters in Triton's attribute order, e.g.
// {vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}.
func (s Shared) String() string {
	return fmt.Sprintf("{vec = %d, perPhase = %d, maxPhase = %d, order = %s}",
		s.Vec, s.PerPhase, s.MaxPhase, orderString(s.Order))
}

// Equal reports whether s and t have the same parameters and order.
func (s Shared) Equal(t Shared) bool {
	return s.Vec == t.Vec && s.PerPhase == t.PerPhase && s.MaxPhase == t.MaxPhase &&
		orderString(s.Order) == orderString(t.Order)
}

func (s Shared) contiguousDim() int { return s.Order[0] }

func validOrder(order []int) bool {
	return len(order) == 2 && (order[0] == 0 && order[1] == 1 || order[0] == 1 && order[1] == 0)
}

func cloneOrder(order []int) []int { return append([]int(nil), order...) }

func orderString(order []int) string {
	if len(order) == 2 {
		return fmt.Sprintf("[%d, %d]", order[0], order[1])
	}
	return fmt.Sprint(order)
}

// ceilPow2 is the smallest power of two ≥ n (n ≥ 1).
func ceilPow2(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}
